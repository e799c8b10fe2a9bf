/// One token of text: its normalised term and where it stood (byte offsets).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// Lower-cased, lightly stemmed term (Hangul: a syllable bigram).
    pub term: String,
    /// Byte offset of the first character in the source text.
    pub start: usize,
    /// Byte offset one past the last character.
    pub end: usize,
}

/// Common English words that carry no meaning for search. A `match`, which
/// compiles to a switch on length and then a few compares: this runs once
/// per word of the library when the index is built.
fn is_stop_word(w: &str) -> bool {
    matches!(
        w,
        "a" | "an" | "and" | "are" | "as" | "at" | "be" | "but" | "by" | "for" | "from" | "had" | "has" | "have" | "in" | "into" | "is" | "it"
            | "its" | "of" | "on" | "or" | "that" | "the" | "their" | "this" | "to" | "was" | "were" | "which" | "with"
    )
}

fn is_hangul(c: char) -> bool {
    matches!(c, '\u{AC00}'..='\u{D7A3}' | '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}')
}

/// Splits text into normalised tokens.
///
/// Words are runs of letters and digits, case-folded and lightly stemmed
/// (`restarts` → `restart`, `probes` → `probe`); common English stop words are
/// dropped. Hangul runs become overlapping syllable bigrams, so Korean text
/// matches without a dictionary.
///
/// ```
/// let terms: Vec<_> = casebook_search::tokenize("Pods restarted; 장애보고").into_iter().map(|t| t.term).collect();
/// assert_eq!(terms, ["pod", "restart", "장애", "애보", "보고"]);
/// ```
pub fn tokenize(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    for_each_token(text, |term, start, end| out.push(Token { term: term.to_string(), start, end }));
    out
}

/// [`tokenize`] without allocating per token: calls `f(term, start, end)`
/// for each token, the term borrowed from a buffer reused across tokens.
/// Building the index goes through here, once per word of the library.
pub(crate) fn for_each_token(text: &str, mut f: impl FnMut(&str, usize, usize)) {
    let mut word = String::new();
    let mut stemmed = String::new();
    let mut run: Vec<(usize, char)> = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if is_hangul(c) {
            run.clear();
            while let Some(&(i, c)) = chars.peek() {
                if !is_hangul(c) {
                    break;
                }
                run.push((i, c));
                chars.next();
            }
            let end_of = |k: usize| run[k].0 + run[k].1.len_utf8();
            if run.len() == 1 {
                word.clear();
                word.push(run[0].1);
                f(&word, start, end_of(0));
            }
            for k in 0..run.len().saturating_sub(1) {
                word.clear();
                word.push(run[k].1);
                word.push(run[k + 1].1);
                f(&word, run[k].0, end_of(k + 1));
            }
        } else if c.is_alphanumeric() {
            let mut end = start;
            word.clear();
            while let Some(&(i, c)) = chars.peek() {
                if !c.is_alphanumeric() || is_hangul(c) {
                    break;
                }
                if c.is_ascii() {
                    word.push(c.to_ascii_lowercase());
                } else {
                    word.extend(c.to_lowercase());
                }
                end = i + c.len_utf8();
                chars.next();
            }
            // `len` bounds the char count, so most words skip counting; no
            // stop word is longer than 5 bytes.
            if (word.len() > 40 && word.chars().count() > 40) || (word.len() == 1 && word.is_ascii()) || (word.len() <= 5 && is_stop_word(&word)) {
                continue;
            }
            stem_into(&word, &mut stemmed);
            f(&stemmed, start, end);
        } else {
            chars.next();
        }
    }
}

/// Normalises one query word the way [`tokenize`] normalises text.
pub fn normalize_term(word: &str) -> String {
    let mut out = String::new();
    stem_into(&word.to_lowercase(), &mut out);
    out
}

/// A light English stemmer: folds plural and common verb endings. Writes
/// the stem of `w` into `out`.
fn stem_into(w: &str, out: &mut String) {
    out.clear();
    let n = w.len();
    if n <= 3 || !w.is_ascii() {
        out.push_str(w);
        return;
    }
    if let Some(base) = w.strip_suffix("ies").filter(|_| n > 4) {
        out.push_str(base);
        out.push('y');
        return;
    }
    for suffix in ["sses", "shes", "ches", "xes", "zes"] {
        if let Some(base) = w.strip_suffix(suffix) {
            out.push_str(base);
            out.push_str(&suffix[..suffix.len() - 2]);
            return;
        }
    }
    if let Some(base) = w.strip_suffix("ing").filter(|b| b.len() >= 4) {
        return undouble(base, out);
    }
    if let Some(base) = w.strip_suffix("ed").filter(|b| b.len() >= 4) {
        return undouble(base, out);
    }
    if w.ends_with('s') && !w.ends_with("ss") && !w.ends_with("us") && !w.ends_with("is") {
        out.push_str(&w[..w.len() - 1]);
        return;
    }
    out.push_str(w);
}

fn undouble(base: &str, out: &mut String) {
    let b = base.as_bytes();
    if b.len() >= 2 && b[b.len() - 1] == b[b.len() - 2] && !matches!(b[b.len() - 1], b'l' | b's' | b'z') {
        out.push_str(&base[..base.len() - 1]);
    } else {
        out.push_str(base);
    }
}

/// Whether `a` and `b` differ by at most one insertion, deletion or substitution.
pub fn within_one_edit(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        return one_edit(a.as_bytes(), b.as_bytes());
    }
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    one_edit(&a, &b)
}

fn one_edit<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    let (short, long) = if a.len() <= b.len() { (&a, &b) } else { (&b, &a) };
    if long.len() - short.len() > 1 {
        return false;
    }
    let prefix = short.iter().zip(long.iter()).take_while(|(x, y)| x == y).count();
    if short.len() == long.len() {
        short[prefix..].iter().skip(1).eq(long[prefix..].iter().skip(1))
    } else {
        short[prefix..].iter().eq(long[prefix + 1..].iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(s: &str) -> Vec<String> {
        tokenize(s).into_iter().map(|t| t.term).collect()
    }

    #[test]
    fn folds_case_and_variants() {
        assert_eq!(terms("Restart restarts RESTARTED restarting"), ["restart"; 4]);
        assert_eq!(terms("probe Probes"), ["probe", "probe"]);
        assert_eq!(terms("policies policy"), ["policy", "policy"]);
        assert_eq!(terms("status class"), ["status", "class"]);
    }

    #[test]
    fn keeps_offsets_on_the_source_text() {
        let text = "The ELB's HTTPS listener";
        let toks = tokenize(text);
        assert_eq!(&text[toks[0].start..toks[0].end], "ELB");
        assert_eq!(toks.last().map(|t| &text[t.start..t.end]), Some("listener"));
    }

    #[test]
    fn hangul_becomes_bigrams_and_mixed_text_splits() {
        assert_eq!(terms("카카오 데이터센터"), ["카카", "카오", "데이", "이터", "터센", "센터"]);
        assert_eq!(terms("k8s클러스터"), ["k8s", "클러", "러스", "스터"]);
        assert_eq!(terms("불"), ["불"]);
    }

    #[test]
    fn one_edit() {
        assert!(within_one_edit("kubernets", "kubernetes"));
        assert!(within_one_edit("kubernetes", "kubernetez"));
        assert!(within_one_edit("dns", "dns"));
        assert!(!within_one_edit("kubrnets", "kubernetes"));
        assert!(!within_one_edit("abc", "xyz"));
    }
}
