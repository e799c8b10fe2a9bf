use crate::tokenize::tokenize;
use casebook_model::Case;

/// A short excerpt of a case with the matched words marked.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Snippet {
    /// The excerpt, plain text.
    pub text: String,
    /// Byte ranges in `text` to highlight.
    pub highlights: Vec<(usize, usize)>,
}

impl Snippet {
    /// Splits the text into `(segment, highlighted)` pieces for rendering as text.
    pub fn pieces(&self) -> Vec<(&str, bool)> {
        let mut out = Vec::new();
        let mut at = 0;
        for &(s, e) in &self.highlights {
            if s < at || e > self.text.len() || !self.text.is_char_boundary(s) || !self.text.is_char_boundary(e) {
                continue;
            }
            if s > at {
                out.push((&self.text[at..s], false));
            }
            out.push((&self.text[s..e], true));
            at = e;
        }
        if at < self.text.len() {
            out.push((&self.text[at..], false));
        }
        out
    }
}

const WINDOW: usize = 180;

/// Builds a snippet around the first place in the summary (then the other
/// fields) where one of `terms` (dictionary terms from a hit) occurs.
pub fn snippet(case: &Case, terms: &[String]) -> Snippet {
    let texts = std::iter::once(case.summary.as_str()).chain(case.body_texts());
    for text in texts {
        let toks = tokenize(text);
        let Some(first) = toks.iter().find(|t| terms.contains(&t.term)) else { continue };
        let mut start = first.start.saturating_sub(WINDOW / 3);
        while !text.is_char_boundary(start) {
            start -= 1;
        }
        if start > 0 {
            if let Some(sp) = text[start..first.start].find(' ') {
                start += sp + 1;
            }
        }
        let mut end = (start + WINDOW).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        if end < text.len() {
            if let Some(sp) = text[first.end.min(end)..end].rfind(' ') {
                end = first.end.min(end) + sp;
            }
        }
        let (lead, tail) = (if start > 0 { "…" } else { "" }, if end < text.len() { "…" } else { "" });
        let body = text[start..end].trim_end();
        let highlights = toks
            .iter()
            .filter(|t| t.start >= start && t.end <= start + body.len() && terms.contains(&t.term))
            .map(|t| (t.start - start + lead.len(), t.end - start + lead.len()))
            .collect();
        return Snippet { text: format!("{lead}{body}{tail}"), highlights };
    }
    let text: String = case.summary.chars().take(WINDOW).collect();
    let more = if text.len() < case.summary.len() { "…" } else { "" };
    Snippet { text: format!("{text}{more}"), highlights: Vec::new() }
}
