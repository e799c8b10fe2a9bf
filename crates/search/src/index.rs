use crate::facets::{self, FacetCount, FacetKind};
use crate::keep_sorted;
use crate::tokenize::{for_each_token, normalize_term, tokenize, within_one_edit};
use casebook_model::Case;
use serde::{Deserialize, Serialize};

/// The fields of a case, in ranking order. The index records which fields a
/// term occurs in, and ranking weighs them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// The title.
    Title = 0,
    /// Id, aliases and organisation.
    Names = 1,
    /// Cause, components, symptoms and platform labels.
    Terms = 2,
    /// The summary.
    Summary = 3,
    /// Everything else: impact, trigger, lessons, timeline, follow-ups.
    Rest = 4,
}

impl Field {
    const WEIGHTS: [f32; 5] = [6.0, 4.0, 2.5, 1.5, 1.0];
}

const K1: f32 = 1.2;
const B: f32 = 0.6;
const PREFIX_WEIGHT: f32 = 0.7;
const TYPO_WEIGHT: f32 = 0.5;
const MAX_EXPANSIONS: usize = 48;
const ALIAS_BOOST: f32 = 1.0e6;
/// How many hits a result page shows (the home page, and the benchmarks,
/// which time the query the page makes).
pub const PAGE_SIZE: usize = 60;

/// How many values of each facet the home page lists.
pub const FACET_VALUES: usize = 30;

/// Hits that get their matched terms filled in (for snippets); the rest are ranked only.
const TERMS_FOR_TOP: usize = 100;

/// The compact search index, built at bundle time and stored in the bundle.
///
/// Layout: a sorted dictionary of terms; for each term, a postings list in one
/// shared byte blob (`doc delta` varint, then one byte holding the field mask
/// and a term frequency up to 7, or that byte and the frequency).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Index {
    terms: Vec<String>,
    offsets: Vec<u32>,
    postings: Vec<u8>,
    doc_len: Vec<u16>,
    facets: facets::FacetTable,
}

/// A search request: free text plus facet filters.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Query {
    /// What the user typed.
    pub text: String,
    /// Facet filters: values of one kind are OR-ed, kinds are AND-ed.
    pub filters: Vec<(FacetKind, String)>,
    /// Return at most this many hits, best first; `None` returns every hit.
    /// The total and the facet counts always cover every match.
    pub limit: Option<usize>,
    /// List at most this many values of each facet (plus the filtered ones);
    /// `None` lists every value.
    pub facet_values: Option<usize>,
}

impl Query {
    /// A text-only query.
    pub fn text(text: &str) -> Self {
        Self { text: text.to_string(), ..Self::default() }
    }

    /// The same query, returning at most `n` hits.
    #[must_use]
    pub fn with_limit(mut self, n: usize) -> Self {
        self.limit = Some(n);
        self
    }

    /// The query the home page makes: one page of hits, and the facet
    /// values it lists.
    #[must_use]
    pub fn page(mut self) -> Self {
        self.limit = Some(PAGE_SIZE);
        self.facet_values = Some(FACET_VALUES);
        self
    }
}

/// A match while ranking: document, query words matched, score.
#[derive(Clone, Copy)]
struct Entry {
    doc: u32,
    matched: u16,
    score: f32,
    /// Bit `j` set: the document holds expansion term `j` of the query (the first 64).
    terms: u64,
}

/// Per-query working memory, kept between queries so that a query over a
/// large library doesn't allocate and zero fresh pages each time.
#[derive(Default)]
struct Scratch {
    total: Vec<f32>,
    matched: Vec<u16>,
    best: Vec<f32>,
    seen_now: Vec<u32>,
    bits: Vec<u64>,
    posts: Vec<(u32, u8, u8)>,
    /// The documents a query touched, then its matches, then its docs:
    /// kept so that a query over most of a large library doesn't map and
    /// fault in fresh pages for them each time.
    touched: Vec<u32>,
    entries: Vec<Entry>,
    docs: Vec<u32>,
    /// Whether `total`, `matched`, `best` and `bits` are all zero: a query
    /// zeroes only the documents it touched, instead of all of them.
    clean: bool,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

/// One result.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    /// Position of the case in the slice given to the searcher.
    pub doc: usize,
    /// Relevance score (higher is better).
    pub score: f32,
    /// How many of the query's words matched.
    pub matched_terms: usize,
    /// The dictionary terms that matched, for snippets and highlighting
    /// (filled for the best hits only).
    pub terms: Vec<String>,
}

/// Results plus facet counts over them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SearchResults {
    /// Hits, best first: every hit, or the first [`Query::limit`].
    pub results: Vec<Hit>,
    /// How many cases match in all.
    pub total: usize,
    /// Facet value counts over every match.
    pub facets: Vec<FacetCount>,
}

fn push_varint(out: &mut Vec<u8>, mut v: u32) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

fn read_varint(bytes: &[u8], pos: &mut usize) -> Option<u32> {
    let mut v = 0u32;
    for shift in (0..35).step_by(7) {
        let b = *bytes.get(*pos)?;
        *pos += 1;
        v |= u32::from(b & 0x7f).checked_shl(shift)?;
        if b & 0x80 == 0 {
            return Some(v);
        }
    }
    None
}

/// A term's display label, by kind and id.
/// A term's label in the index's language, by vocabulary kind and id.
pub type Labeller<'a> = &'a dyn Fn(casebook_model::VocabKind, &str) -> String;

/// The text of each field of a case, as indexed; with `labels`, the Terms
/// field also holds each term's label.
fn for_each_field_text(case: &Case, labels: Option<Labeller<'_>>, mut f: impl FnMut(Field, &str)) {
    use casebook_model::VocabKind as K;
    f(Field::Title, &case.title);
    f(Field::Names, &case.id);
    for alias in &case.aliases {
        f(Field::Names, alias);
    }
    f(Field::Names, &case.organisation);
    let kinded = std::iter::once((K::Cause, case.cause.as_str()))
        .chain(case.components.iter().map(|t| (K::Component, t.as_str())))
        .chain(case.symptoms.iter().map(|t| (K::Symptom, t.as_str())))
        .chain(case.platform.iter().map(|t| (K::Platform, t.as_str())));
    for (kind, id) in kinded {
        f(Field::Terms, id);
        if let Some(label) = labels {
            f(Field::Terms, &label(kind, id));
        }
    }
    f(Field::Summary, &case.summary);
    for text in case.body_texts() {
        f(Field::Rest, text);
    }
}

/// FNV-1a over the term's bytes: the index build hashes every word of the
/// library, and the standard hasher's flood resistance buys nothing here
/// (the keys are the library's own words).
#[derive(Default)]
struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 { 0xcbf2_9ce4_8422_2325 } else { self.0 };
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

/// One document in a term's list while building: (doc, field mask, term frequency).
type Posting = (u32, u8, u32);

/// An index built a few cases at a time ([`IndexBuilder::add`] in case
/// order, then [`IndexBuilder::finish`]), so that a page can build it between
/// frames instead of in one long task. Gives the same index as [`Index::build`].
#[derive(Default)]
pub struct IndexBuilder {
    // The app builds this in the browser, so it avoids ordered maps:
    // documents arrive in order, so each term's list is already sorted by doc.
    map: std::collections::HashMap<String, Vec<Posting>, std::hash::BuildHasherDefault<Fnv>>,
    doc_len: Vec<u16>,
}

impl IndexBuilder {
    /// How many cases have been added.
    pub fn len(&self) -> usize {
        self.doc_len.len()
    }

    /// Whether no case has been added.
    pub fn is_empty(&self) -> bool {
        self.doc_len.is_empty()
    }

    /// Adds the next case (document number [`IndexBuilder::len`]); with
    /// `labels`, the Terms field also holds each term's label.
    pub fn add(&mut self, case: &Case, labels: Option<Labeller<'_>>) {
        let doc = self.doc_len.len() as u32;
        let map = &mut self.map;
        let mut len = 0usize;
        for_each_field_text(case, labels, |field, text| {
            for_each_token(text, |term, _, _| {
                len += 1;
                let list = match map.get_mut(term) {
                    Some(list) => list,
                    None => map.entry(term.to_string()).or_default(),
                };
                match list.last_mut() {
                    Some(last) if last.0 == doc => {
                        last.1 |= 1 << field as u8;
                        last.2 += 1;
                    }
                    _ => list.push((doc, 1 << field as u8, 1)),
                }
            });
        });
        self.doc_len.push(u16::try_from(len).unwrap_or(u16::MAX));
    }

    /// The index over `cases`, which must be the cases added, in order.
    pub fn finish(self, cases: &[Case]) -> Index {
        let IndexBuilder { map, doc_len } = self;
        debug_assert_eq!(doc_len.len(), cases.len(), "finish takes the cases that were added");
        let mut terms: Vec<(String, Vec<Posting>)> = map.into_iter().collect();
        terms.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let mut index = Index { doc_len, facets: facets::FacetTable::build(cases), ..Index::default() };
        index.terms.reserve(terms.len());
        for (term, docs) in terms {
            index.terms.push(term);
            index.offsets.push(index.postings.len() as u32);
            let mut prev = 0u32;
            for (doc, mask, tf) in docs {
                push_varint(&mut index.postings, doc - prev);
                prev = doc;
                // Field mask in the low 5 bits; a term frequency of 1 to 7 in the
                // high 3; 0 there means the frequency follows in its own byte.
                let tf = u8::try_from(tf).unwrap_or(u8::MAX);
                if tf <= 7 {
                    index.postings.push(mask | tf << 5);
                } else {
                    index.postings.push(mask);
                    index.postings.push(tf);
                }
            }
        }
        index
    }
}

impl Index {
    /// Builds the index over `cases`; document numbers are slice positions.
    pub fn build(cases: &[Case]) -> Self {
        Self::build_with(cases, None)
    }

    /// Builds the index with each term's label in the Terms field, for a
    /// locale whose words are not the English of the term ids.
    pub fn build_labelled(cases: &[Case], label: impl Fn(casebook_model::VocabKind, &str) -> String) -> Self {
        Self::build_with(cases, Some(&label))
    }

    fn build_with(cases: &[Case], labels: Option<Labeller<'_>>) -> Self {
        let mut builder = IndexBuilder::default();
        for case in cases {
            builder.add(case, labels);
        }
        builder.finish(cases)
    }

    /// Number of documents indexed.
    pub fn doc_count(&self) -> usize {
        self.doc_len.len()
    }

    /// Number of distinct terms.
    pub fn term_count(&self) -> usize {
        self.terms.len()
    }

    /// Checks internal consistency, for indexes read from an untrusted bundle.
    pub fn check(&self) -> Result<(), String> {
        if self.offsets.len() != self.terms.len() {
            return Err("index: offsets and terms differ in length".into());
        }
        self.facets.check(self.doc_len.len())?;
        if self.terms.windows(2).any(|w| w[0] >= w[1]) {
            return Err("index: dictionary is not sorted".into());
        }
        for i in 0..self.terms.len() {
            let mut n = 0;
            for (doc, _, _) in self.postings_of(i) {
                if doc as usize >= self.doc_len.len() {
                    return Err(format!("index: term {:?} points past the last document", self.terms[i]));
                }
                n += 1;
            }
            if n == 0 {
                return Err(format!("index: term {:?} has no postings", self.terms[i]));
            }
        }
        Ok(())
    }

    fn postings_of(&self, term: usize) -> impl Iterator<Item = (u32, u8, u8)> + '_ {
        let start = self.offsets.get(term).map_or(usize::MAX, |&o| o as usize);
        let end = self.offsets.get(term + 1).map_or(self.postings.len(), |&o| o as usize).min(self.postings.len());
        let mut pos = start;
        let mut doc = 0u32;
        std::iter::from_fn(move || {
            if pos >= end {
                return None;
            }
            doc = doc.checked_add(read_varint(&self.postings, &mut pos)?)?;
            let byte = *self.postings.get(pos)?;
            pos += 1;
            let mut tf = byte >> 5;
            if tf == 0 {
                tf = *self.postings.get(pos)?;
                pos += 1;
            }
            Some((doc, byte & 31, tf))
        })
    }

    fn find(&self, term: &str) -> Option<usize> {
        self.terms.binary_search_by(|t| t.as_str().cmp(term)).ok()
    }

    fn prefix_range(&self, prefix: &str) -> std::ops::Range<usize> {
        let lo = self.terms.partition_point(|t| t.as_str() < prefix);
        let hi = lo + self.terms[lo..].partition_point(|t| t.starts_with(prefix));
        lo..hi
    }

    /// The dictionary terms a query word expands to, with their weights.
    fn expand(&self, word: &str, is_last: bool) -> Vec<(usize, f32)> {
        let stemmed = normalize_term(word);
        let mut out: Vec<(usize, f32)> = Vec::new();
        let mut add = |i: usize, w: f32| match out.iter_mut().find(|(j, _)| *j == i) {
            Some(e) => e.1 = e.1.max(w),
            None => out.push((i, w)),
        };
        let exact = self.find(&stemmed);
        if let Some(i) = exact {
            add(i, 1.0);
        }
        let lower = word.to_lowercase();
        let chars = lower.chars().count();
        if is_last && chars >= 2 {
            for prefix in [&lower, &stemmed] {
                for i in self.prefix_range(prefix).take(MAX_EXPANSIONS) {
                    add(i, PREFIX_WEIGHT);
                }
            }
        }
        // Typo tolerance only for words the library doesn't contain as typed.
        if exact.is_none() && chars >= 5 && !lower.chars().any(|c| c.is_ascii_digit()) {
            let mut found = 0;
            // One edit leaves one of the first two characters in place (or
            // shifted by one), so two byte comparisons rule out most terms
            // before the edit check.
            let close = |w: &str, t: &str| {
                let (wb, tb) = (w.as_bytes(), t.as_bytes());
                t.len() + 1 >= w.len()
                    && t.len() <= w.len() + 1
                    && (tb[0] == wb[0] || tb[1] == wb[1] || tb[0] == wb[1] || tb[1] == wb[0] || !t.is_ascii() || !w.is_ascii())
                    && within_one_edit(w, t)
            };
            let stem_differs = stemmed != lower;
            for (i, t) in self.terms.iter().enumerate() {
                if close(&lower, t) || (stem_differs && close(&stemmed, t)) {
                    add(i, TYPO_WEIGHT);
                    found += 1;
                    if found == MAX_EXPANSIONS {
                        break;
                    }
                }
            }
        }
        out
    }

    /// Runs a query over `cases` (the same slice, in the same order, the index was built from).
    pub fn search(&self, cases: &[Case], query: &Query) -> SearchResults {
        SCRATCH.with_borrow_mut(|scratch| self.search_in(cases, query, scratch))
    }

    fn search_in(&self, cases: &[Case], query: &Query, scratch: &mut Scratch) -> SearchResults {
        let mask = self.facets.allowed(&query.filters);
        let n_docs = cases.len().min(self.doc_count());
        let allowed = |doc: usize| doc < n_docs && mask.as_ref().is_none_or(|m| m.get(doc).copied().unwrap_or(false));
        let words: Vec<String> = split_words(&query.text);
        let trimmed = query.text.trim();
        let word_terms = if words.is_empty() {
            scratch.entries.clear();
            scratch.entries.extend((0..n_docs).filter(|&d| allowed(d)).map(|d| Entry { doc: d as u32, matched: 0, score: 0.0, terms: 0 }));
            Vec::new()
        } else {
            self.score(&words, query.text.ends_with(char::is_whitespace), allowed, scratch)
        };
        let mut entries = std::mem::take(&mut scratch.entries);
        // An exact id or alias (`IL-0346`) goes first; ids never contain spaces.
        let mut first = None;
        if !trimmed.is_empty() && !trimmed.contains(char::is_whitespace) {
            if let Some(doc) = self.name_candidates(trimmed).find(|&d| d < n_docs && cases[d].is_named(trimmed) && allowed(d)) {
                let matched = u16::try_from(words.len()).unwrap_or(u16::MAX);
                first = Some(match entries.iter().position(|e| e.doc as usize == doc) {
                    Some(p) => Entry { score: entries[p].score + ALIAS_BOOST, ..entries.swap_remove(p) },
                    None => Entry { doc: doc as u32, matched, score: ALIAS_BOOST, terms: 0 },
                });
            }
        }
        let mut docs = std::mem::take(&mut scratch.docs);
        docs.clear();
        docs.extend(first.iter().chain(&entries).map(|e| e.doc));
        let facets = self.facets.count(&docs, query.facet_values.unwrap_or(usize::MAX), &query.filters);
        let total = docs.len();
        scratch.docs = docs;
        let want = query.limit.unwrap_or(usize::MAX).saturating_sub(usize::from(first.is_some()));
        if words.is_empty() {
            let case = |e: &Entry| &cases[e.doc as usize];
            keep_sorted(&mut entries, want, |a, b| case(b).sort_date().cmp(case(a).sort_date()).then_with(|| case(a).id.cmp(&case(b).id)));
        } else {
            keep_sorted(&mut entries, want, |a, b| b.matched.cmp(&a.matched).then(b.score.total_cmp(&a.score)).then(a.doc.cmp(&b.doc)));
        }
        let results: Vec<Hit> = first
            .into_iter()
            .chain(entries.iter().copied())
            .enumerate()
            .map(|(i, e)| {
                // Matched dictionary terms, for snippets, only where they will be shown.
                let mut terms: Vec<String> = Vec::new();
                if i < TERMS_FOR_TOP {
                    for (j, &ti) in word_terms.iter().enumerate().take(64) {
                        if e.terms & (1 << j) != 0 && !terms.contains(&self.terms[ti]) {
                            terms.push(self.terms[ti].clone());
                        }
                    }
                }
                Hit { doc: e.doc as usize, score: e.score, matched_terms: usize::from(e.matched), terms }
            })
            .collect();
        scratch.entries = entries;
        SearchResults { results, total, facets }
    }

    /// Documents that may be named `key` (id or alias): those whose names
    /// field holds every token of `key`. Falls back to every document when
    /// `key` has no indexed token.
    fn name_candidates(&self, key: &str) -> Box<dyn Iterator<Item = usize> + '_> {
        let names = 1u8 << Field::Names as u8;
        let mut candidates: Option<Vec<u32>> = None;
        for tok in tokenize(key) {
            let Some(ti) = self.find(&tok.term) else {
                return Box::new(std::iter::empty());
            };
            let docs = self.postings_of(ti).filter(|&(_, mask, _)| mask & names != 0).map(|(d, _, _)| d);
            candidates = Some(match candidates {
                None => docs.collect(),
                Some(prev) => docs.filter(|d| prev.binary_search(d).is_ok()).collect(),
            });
        }
        match candidates {
            Some(c) => Box::new(c.into_iter().map(|d| d as usize)),
            None => Box::new(0..self.doc_count()),
        }
    }

    /// Scores every allowed document matching any query word into
    /// `scratch.entries`; returns the dictionary terms the words expanded to.
    fn score(&self, words: &[String], trailing_space: bool, allowed: impl Fn(usize) -> bool, scratch: &mut Scratch) -> Vec<usize> {
        let n_docs = self.doc_count();
        let n = n_docs as f32;
        // Summed as integers: exact, and a vectorised loop at 50,000 documents.
        let avgdl = (self.doc_len.iter().map(|&l| u64::from(l)).sum::<u64>() as f32 / n.max(1.0)).max(1.0);
        let Scratch { total, matched, best, seen_now, bits, posts, touched, entries, clean, .. } = scratch;
        // Dense accumulators: total score, matched-word count, and best score of the current word.
        if !*clean || total.len() != n_docs {
            for v in [&mut *total, &mut *best] {
                v.clear();
                v.resize(n_docs, 0.0);
            }
            matched.clear();
            matched.resize(n_docs, 0);
            bits.clear();
            bits.resize(n_docs, 0);
        }
        // Until the touched documents are zeroed again below (a panic in
        // between leaves it false, and the next query zeroes everything).
        *clean = false;
        touched.clear();
        entries.clear();
        let mut word_terms: Vec<usize> = Vec::new();
        // Sum of field weights for every field mask.
        let mask_weight: Vec<f32> = (0..32u8).map(|m| (0..5).filter(|f| m & (1 << f) != 0).map(|f| Field::WEIGHTS[f]).sum()).collect();
        for (wi, word) in words.iter().enumerate() {
            let is_last = wi + 1 == words.len() && !trailing_space;
            seen_now.clear();
            let expansions = self.expand(word, is_last);
            let base = word_terms.len();
            word_terms.extend(expansions.iter().map(|(t, _)| *t));
            for (j, (ti, weight)) in expansions.into_iter().enumerate() {
                let bit = 1u64.checked_shl((base + j) as u32).unwrap_or(0);
                posts.clear();
                posts.extend(self.postings_of(ti));
                let df = posts.len() as f32;
                let idf = ((n - df + 0.5) / (df + 0.5) + 1.0).ln();
                // BM25 with the constants taken out of the loop: one
                // division per posting.
                let (scale, norm, per_len) = (weight * idf * (K1 + 1.0), K1 * (1.0 - B), K1 * B / avgdl);
                for &(doc, mask, tf) in posts.iter() {
                    let d = doc as usize;
                    if d >= n_docs || !allowed(d) {
                        continue;
                    }
                    let fields = mask.count_ones() as f32;
                    let wtf = mask_weight[(mask & 31) as usize] + (f32::from(tf) - fields).max(0.0);
                    let dl = f32::from(self.doc_len[d]);
                    let s = scale * wtf / (wtf + norm + per_len * dl);
                    if best[d] == 0.0 {
                        seen_now.push(doc);
                    }
                    best[d] = best[d].max(s);
                    bits[d] |= bit;
                }
            }
            for &doc in seen_now.iter() {
                let d = doc as usize;
                if matched[d] == 0 {
                    touched.push(doc);
                }
                matched[d] = matched[d].saturating_add(1);
                total[d] += best[d];
                best[d] = 0.0;
            }
        }
        entries.extend(touched.iter().map(|&doc| {
            let d = doc as usize;
            let e = Entry { doc, matched: matched[d], score: total[d], terms: bits[d] };
            (total[d], matched[d], bits[d]) = (0.0, 0, 0);
            e
        }));
        // `best` is zeroed after each word; every document with a bit set was touched.
        *clean = true;
        word_terms
    }
}

/// Splits a query into words the same way documents are tokenised, keeping
/// Hangul bigrams.
fn split_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for t in tokenize(text) {
        if !words.contains(&t.term) {
            words.push(t.term);
        }
    }
    // Keep the unstemmed last word so prefix matching sees what was typed.
    if let (Some(last_tok), Some(last)) = (text.split(|c: char| !c.is_alphanumeric()).rfind(|w| !w.is_empty()), words.last_mut()) {
        if normalize_term(last_tok) == *last {
            *last = last_tok.to_lowercase();
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_gives_the_same_results_after_other_queries_and_other_indexes() {
        let case = |id: &str, title: &str, summary: &str| Case { id: id.into(), title: title.into(), summary: summary.into(), ..Case::default() };
        let cases = vec![
            case("a", "etcd quorum lost", "dns failed after the etcd quorum was lost"),
            case("b", "dns outage", "a dns change took resolvers down"),
            case("c", "certificate expired", "an expired certificate broke dns over tls"),
        ];
        let small = vec![case("x", "dns", "dns dns")];
        let (index, other) = (Index::build(&cases), Index::build(&small));
        let q = |t: &str| Query::text(t).page();
        // A thread of its own has fresh working memory.
        let fresh = std::thread::scope(|s| s.spawn(|| index.search(&cases, &q("dns quorum"))).join().unwrap());
        for (i, other_query) in ["etcd", "certificate dns", "zzz", "dns"].into_iter().enumerate() {
            let _ = index.search(&cases, &q(other_query));
            if i % 2 == 1 {
                let _ = other.search(&small, &q(other_query));
                let _ = index.search(&cases, &q(other_query));
            }
            let again = index.search(&cases, &q("dns quorum"));
            assert_eq!(again.results.iter().map(|h| (h.doc, h.matched_terms, h.score)).collect::<Vec<_>>(), fresh.results.iter().map(|h| (h.doc, h.matched_terms, h.score)).collect::<Vec<_>>(), "after {other_query}");
        }
    }

    #[test]
    fn postings_round_trip_masks_and_frequencies_past_the_packed_range() {
        let case = |id: &str, title: &str, summary: &str| Case { id: id.into(), title: title.into(), summary: summary.into(), ..Case::default() };
        let cases = vec![case("a", "etcd", "quorum"), case("b", "x", &"etcd ".repeat(12)), case("c", "etcd etcd", &"etcd ".repeat(300))];
        let index = Index::build(&cases);
        index.check().unwrap();
        let t = index.find("etcd").unwrap();
        let posts: Vec<(u32, u8, u8)> = index.postings_of(t).collect();
        let (title, summary) = (1 << Field::Title as u8, 1 << Field::Summary as u8);
        assert_eq!(posts, [(0, title, 1), (1, summary, 12), (2, title | summary, 255)]);
    }
}
