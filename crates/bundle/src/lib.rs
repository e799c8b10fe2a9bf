//! The Casebook bundle: one compact, versioned binary file that carries the
//! whole library to the browser and the CLI.
//!
//! Layout: the 8-byte magic `CASEBOOK`, a little-endian `u16` format version,
//! a `u32` payload length, a `u32` FNV-1a checksum of the payload, then the
//! payload: the [`postcard`]-encoded bundle without its search index. The
//! index is derived from the cases, so shipping it would only add bytes to
//! every first visit (about 310 per case, compressed); [`Bundle::decode`]
//! builds it instead, in about 15 ms for 200 cases. Decoding never panics: a
//! truncated, corrupt or foreign file yields a [`BundleError`] that says what
//! is wrong.
//!
//! ```
//! use casebook_bundle::Bundle;
//! let bundle = Bundle::build(Vec::new(), Default::default(), "2026-11-29");
//! let bytes = bundle.encode();
//! assert_eq!(Bundle::decode(&bytes).unwrap().built, "2026-11-29");
//! assert!(Bundle::decode(&bytes[..10]).is_err());
//! ```

use casebook_model::{Case, Lang, RuleDoc, Vocabulary};
use casebook_search::Index;
use casebook_similar::{Point, Related};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The bundle's magic bytes.
pub const MAGIC: &[u8; 8] = b"CASEBOOK";
/// The format version this build reads and writes.
pub const FORMAT_VERSION: u16 = 7;
const HEADER: usize = 8 + 2 + 4 + 4;
/// How many related cases are kept per case.
pub const RELATED_PER_CASE: usize = 8;

/// The whole library, as loaded.
#[derive(Debug, Clone, PartialEq)]
pub struct Bundle {
    /// Build date, `YYYY-MM-DD`.
    pub built: String,
    /// The language of every text in the bundle: each locale has its own
    /// bundle, holding only that language's text.
    pub lang: Lang,
    /// The closed vocabularies.
    pub vocabulary: Vocabulary,
    /// Cases, sorted by id.
    pub cases: Vec<Case>,
    /// The search index over `cases`: built on load, never shipped.
    pub index: Index,
    /// For each case, its related cases with reasons.
    pub related: Vec<Vec<Related>>,
    /// For each case, its position in the library graph.
    pub layout: Vec<Point>,
    /// The manifest rules' documentation.
    pub rules: Vec<RuleDoc>,
}

/// What the file carries: everything but the index.
#[derive(Serialize)]
struct WireRef<'a> {
    built: &'a str,
    lang: Lang,
    vocabulary: &'a Vocabulary,
    cases: &'a [Case],
    related: &'a [Vec<Related>],
    layout: &'a [Point],
    rules: &'a [RuleDoc],
}

/// [`WireRef`], owned, for decoding; the fields must stay in the same order.
#[derive(Deserialize)]
struct Wire {
    built: String,
    lang: Lang,
    vocabulary: Vocabulary,
    cases: Vec<Case>,
    related: Vec<Vec<Related>>,
    layout: Vec<Point>,
    rules: Vec<RuleDoc>,
}

/// Why bytes could not be read as a bundle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BundleError {
    /// Fewer bytes than a header.
    TooShort {
        /// Bytes received.
        len: usize,
    },
    /// The file does not start with `CASEBOOK` (e.g. an HTML error page).
    BadMagic,
    /// A bundle from another format version.
    WrongVersion {
        /// Version in the file.
        found: u16,
        /// Version this build reads.
        expected: u16,
    },
    /// The payload is shorter or longer than the header says (truncated download).
    LengthMismatch {
        /// Length in the header.
        declared: usize,
        /// Bytes present.
        actual: usize,
    },
    /// The payload checksum does not match (corrupted bytes).
    Checksum,
    /// The payload could not be decoded.
    Payload(String),
    /// The payload decoded but its parts disagree.
    Inconsistent(String),
}

impl fmt::Display for BundleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooShort { len } => write!(f, "the bundle is only {len} bytes long; it is truncated or empty"),
            Self::BadMagic => write!(f, "this is not a Casebook bundle (wrong magic bytes)"),
            Self::WrongVersion { found, expected } => {
                write!(f, "the bundle has format version {found}, but this app reads version {expected}")
            }
            Self::LengthMismatch { declared, actual } => {
                write!(f, "the bundle declares {declared} payload bytes but has {actual}; the download was cut short")
            }
            Self::Checksum => write!(f, "the bundle's checksum does not match; the file is corrupt"),
            Self::Payload(e) => write!(f, "the bundle payload cannot be decoded: {e}"),
            Self::Inconsistent(e) => write!(f, "the bundle is inconsistent: {e}"),
        }
    }
}

impl BundleError {
    /// The reason in `lang`. Details that come from the decoder (`Payload`,
    /// `Inconsistent`) stay in its English words.
    pub fn describe_in(&self, lang: Lang) -> String {
        match lang.built() {
            Lang::En => self.to_string(),
            Lang::Ko => match self {
                Self::TooShort { len } => format!("번들이 {len}바이트뿐이다. 잘렸거나 비어 있다"),
                Self::BadMagic => "Casebook 번들이 아니다(매직 바이트가 다르다)".to_string(),
                Self::WrongVersion { found, expected } => format!("번들의 형식 버전은 {found}인데, 이 앱은 버전 {expected}을 읽는다"),
                Self::LengthMismatch { declared, actual } => {
                    format!("번들은 페이로드가 {declared}바이트라고 밝히지만 실제로는 {actual}바이트다. 다운로드가 중간에 끊겼다")
                }
                Self::Checksum => "번들의 체크섬이 맞지 않는다. 파일이 손상되었다".to_string(),
                Self::Payload(e) => format!("번들 페이로드를 해독할 수 없다: {e}"),
                Self::Inconsistent(e) => format!("번들의 내용이 서로 맞지 않는다: {e}"),
            },
        }
    }
}

impl std::error::Error for BundleError {}

/// The search index of a locale. Term ids are English words, so an English
/// query meets a case's terms through them; in another language the index
/// also holds each term's translated label, the only way a Korean query
/// ("헬스 체크") reaches a term ("health-checks").
fn index_for(cases: &[Case], vocabulary: &Vocabulary, lang: Lang) -> Index {
    match lang {
        Lang::En => Index::build(cases),
        Lang::Ko => Index::build_labelled(cases, |kind, id| vocabulary.label(kind, id).to_string()),
    }
}

/// FNV-1a, 32 bits: stable across compilers and platforms.
fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

impl Bundle {
    /// Builds the English bundle from validated cases: index, relations and layout.
    pub fn build(cases: Vec<Case>, vocabulary: Vocabulary, built: &str) -> Self {
        Self::build_in(cases, vocabulary, built, Lang::En)
    }

    /// Builds the bundle of one locale. Relations and the graph come from the
    /// English text, so that every locale relates the same cases for the same
    /// reasons; the cases, vocabulary and index hold `lang`'s text only.
    pub fn build_in(mut cases: Vec<Case>, vocabulary: Vocabulary, built: &str, lang: Lang) -> Self {
        cases.sort_by(|a, b| a.id.cmp(&b.id));
        let english: Vec<Case> = cases.iter().map(|c| c.localized(Lang::En)).collect();
        let related = casebook_similar::related_all(&english, RELATED_PER_CASE);
        let edges: Vec<(usize, usize, f32)> =
            related.iter().enumerate().flat_map(|(i, rs)| rs.iter().filter(move |r| (r.doc as usize) > i).map(move |r| (i, r.doc as usize, r.score))).collect();
        let layout = casebook_similar::layout(cases.len(), &edges, 300);
        let cases = if lang == Lang::En { english } else { cases.iter().map(|c| c.localized(lang)).collect() };
        let vocabulary = vocabulary.localized(lang);
        let index = index_for(&cases, &vocabulary, lang);
        Self { built: built.to_string(), lang, vocabulary, cases, index, related, layout, rules: Vec::new() }
    }

    /// The same bundle, carrying these rules' documentation.
    #[must_use]
    pub fn with_rules(mut self, rules: Vec<RuleDoc>) -> Self {
        self.rules = rules;
        self
    }

    /// A rule's documentation, by id.
    pub fn rule(&self, id: &str) -> Option<&RuleDoc> {
        self.rules.iter().find(|r| r.id == id)
    }

    /// Rules grounded in any of these cases.
    pub fn rules_for_cases(&self, case_ids: &[&str]) -> Vec<&RuleDoc> {
        self.rules.iter().filter(|r| r.cases.iter().any(|c| case_ids.contains(&c.as_str()))).collect()
    }

    /// Serialises to the versioned binary format.
    pub fn encode(&self) -> Vec<u8> {
        // Serialising plain data into a Vec cannot fail.
        let wire =
            WireRef { built: &self.built, lang: self.lang, vocabulary: &self.vocabulary, cases: &self.cases, related: &self.related, layout: &self.layout, rules: &self.rules };
        let payload = postcard::to_allocvec(&wire).expect("bundle serialises");
        let mut out = Vec::with_capacity(HEADER + payload.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
        out.extend_from_slice(&fnv1a(&payload).to_le_bytes());
        out.extend_from_slice(&payload);
        out
    }

    /// Reads and checks a bundle. Never panics on hostile bytes.
    pub fn decode(bytes: &[u8]) -> Result<Self, BundleError> {
        if bytes.len() >= 8 && &bytes[..8] != MAGIC {
            return Err(BundleError::BadMagic);
        }
        if bytes.len() < HEADER {
            return Err(BundleError::TooShort { len: bytes.len() });
        }
        let u32_at = |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != FORMAT_VERSION {
            return Err(BundleError::WrongVersion { found: version, expected: FORMAT_VERSION });
        }
        let declared = u32_at(10) as usize;
        let payload = &bytes[HEADER..];
        if payload.len() != declared {
            return Err(BundleError::LengthMismatch { declared, actual: payload.len() });
        }
        if fnv1a(payload) != u32_at(14) {
            return Err(BundleError::Checksum);
        }
        let wire: Wire = postcard::from_bytes(payload).map_err(|e| BundleError::Payload(e.to_string()))?;
        let Wire { built, lang, vocabulary, cases, related, layout, rules } = wire;
        let n = cases.len();
        if related.len() != n || layout.len() != n {
            return Err(BundleError::Inconsistent(format!("{n} cases but {} relation lists and {} positions", related.len(), layout.len())));
        }
        if related.iter().flatten().any(|r| r.doc as usize >= n) {
            return Err(BundleError::Inconsistent("a relation points past the last case".into()));
        }
        // Built here, from data already checked: an index cannot disagree with its cases.
        let index = index_for(&cases, &vocabulary, lang);
        Ok(Self { built, lang, vocabulary, cases, index, related, layout, rules })
    }

    /// The cases that carry a vocabulary term, newest first (a topic page).
    pub fn topic_cases(&self, kind: casebook_model::VocabKind, term: &str) -> Vec<usize> {
        let mut docs: Vec<usize> = (0..self.cases.len()).filter(|&i| case_terms(&self.cases[i], kind).iter().any(|t| t == term)).collect();
        docs.sort_by(|&a, &b| self.cases[b].sort_date().cmp(self.cases[a].sort_date()).then_with(|| self.cases[a].id.cmp(&self.cases[b].id)));
        docs
    }

    /// Finds a case by id or alias (case-insensitive).
    pub fn find(&self, key: &str) -> Option<usize> {
        let key = key.trim();
        self.cases.iter().position(|c| c.is_named(key))
    }
}

/// The terms of one vocabulary kind that a case carries.
pub fn case_terms(c: &Case, kind: casebook_model::VocabKind) -> Vec<String> {
    use casebook_model::VocabKind as K;
    match kind {
        K::Cause => vec![c.cause.clone()],
        K::Component => c.components.clone(),
        K::Symptom => c.symptoms.clone(),
        K::Platform => c.platform.clone(),
        K::SourceKind => c.sources.iter().map(|s| s.kind.clone()).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Bundle {
        let c = |id: &str, alias: &str| Case {
            id: id.into(),
            aliases: vec![alias.into()],
            title: format!("{id} title"),
            cause: "config-change".into(),
            components: vec!["dns".into()],
            ..Case::default()
        };
        Bundle::build(vec![c("b-case", "IL-2"), c("a-case", "IL-1")], Vocabulary::default(), "2026-11-29")
    }

    #[test]
    fn round_trips_and_sorts_by_id() {
        let b = sample();
        let back = Bundle::decode(&b.encode()).unwrap();
        assert_eq!(back, b);
        assert_eq!(back.cases[0].id, "a-case");
        assert_eq!(back.find("il-2"), Some(1));
        assert_eq!(back.related[0][0].doc, 1);
    }

    #[test]
    fn the_index_is_not_shipped_but_rebuilt_on_load() {
        let b = sample();
        let bytes = b.encode();
        let emptied = Bundle { index: Index::default(), ..b.clone() };
        assert_eq!(emptied.encode(), bytes, "the index still changes the bytes shipped");
        let back = Bundle::decode(&bytes).unwrap();
        assert_eq!(back.index, Index::build(&back.cases));
        assert_eq!(back.index.search(&back.cases, &casebook_search::Query { text: "IL-2".into(), ..Default::default() }).results[0].doc, 1);
    }

    #[test]
    fn a_locale_bundle_holds_only_its_text_and_finds_terms_by_their_translated_labels() {
        use casebook_model::{CaseText, Term};
        let case = |id: &str, symptom: &str, ko_title: &str| Case {
            id: id.into(),
            title: format!("{id} in English"),
            symptoms: vec![symptom.into()],
            ko: Some(CaseText { title: ko_title.into(), ..CaseText::default() }),
            ..Case::default()
        };
        let term = |id: &str, ko: &str| Term { id: id.into(), label: id.into(), label_ko: Some(ko.into()), ..Term::default() };
        let vocab = Vocabulary { symptom: vec![term("restart-loop", "재시작 루프"), term("oom", "메모리 부족")], ..Vocabulary::default() };
        // Neither Korean title says "재시작 루프"; only the term's Korean label does.
        let cases = vec![case("a", "restart-loop", "파드가 계속 다시 올라왔다"), case("b", "oom", "프로세스가 종료되었다")];
        let ko = Bundle::build_in(cases.clone(), vocab.clone(), "2026-12-01", Lang::Ko);
        assert_eq!((ko.lang, ko.cases[0].title.as_str()), (Lang::Ko, "파드가 계속 다시 올라왔다"));
        assert!(ko.cases.iter().all(|c| c.ko.is_none()) && ko.vocabulary.symptom[0].label == "재시작 루프");
        let q = casebook_search::Query { text: "재시작 루프".into(), ..Default::default() };
        let hits = ko.index.search(&ko.cases, &q);
        assert_eq!(hits.results.iter().map(|h| h.doc).collect::<Vec<_>>(), [0], "the label leads to the case");
        let back = Bundle::decode(&ko.encode()).unwrap();
        assert_eq!(back, ko, "decoding rebuilds the same labelled index");
        let en = Bundle::build(cases, vocab, "2026-12-01");
        assert!(en.cases.iter().all(|c| c.ko.is_none() && !c.title.chars().any(|ch| ch >= '\u{AC00}')), "English ships no Korean");
        assert!(en.vocabulary.symptom.iter().all(|t| t.label_ko.is_none()));
        assert_eq!(en.related, ko.related, "both locales relate the same cases");
    }

    #[test]
    fn relations_that_disagree_with_the_cases_are_named() {
        let mut b = sample();
        b.related[0][0].doc = 7;
        assert_eq!(Bundle::decode(&b.encode()), Err(BundleError::Inconsistent("a relation points past the last case".into())));
        let mut b = sample();
        b.layout.pop();
        assert!(matches!(Bundle::decode(&b.encode()), Err(BundleError::Inconsistent(e)) if e.contains("1 positions")));
    }

    #[test]
    fn every_kind_of_damage_is_named() {
        let bytes = sample().encode();
        assert_eq!(Bundle::decode(b"<!DOCTYPE html><html>"), Err(BundleError::BadMagic));
        assert_eq!(Bundle::decode(b"CASE"), Err(BundleError::TooShort { len: 4 }));
        let mut v2 = bytes.clone();
        v2[8] = 1;
        assert_eq!(Bundle::decode(&v2), Err(BundleError::WrongVersion { found: 1, expected: FORMAT_VERSION }));
        assert!(matches!(Bundle::decode(&bytes[..bytes.len() - 3]), Err(BundleError::LengthMismatch { .. })));
        let mut flipped = bytes.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 0xff;
        assert_eq!(Bundle::decode(&flipped), Err(BundleError::Checksum));
        // Each reason also reads in Korean, keeping its numbers.
        let short = Bundle::decode(&bytes[..bytes.len() - 3]).unwrap_err();
        for e in [BundleError::BadMagic, BundleError::TooShort { len: 4 }, Bundle::decode(&v2).unwrap_err(), short, BundleError::Checksum] {
            let (en, ko) = (e.describe_in(Lang::En), e.describe_in(Lang::Ko));
            assert!(ko.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c)), "{ko}");
            assert!(casebook_model::missing_tokens(&en, &ko).is_empty(), "{en} / {ko}");
        }
    }

    #[test]
    fn garbage_payload_with_valid_header_is_an_error_not_a_panic() {
        for seed in 0u32..200 {
            let payload: Vec<u8> = (0..(seed as usize % 97)).map(|i| (seed.wrapping_mul(31).wrapping_add(i as u32 * 7)) as u8).collect();
            let mut bytes = MAGIC.to_vec();
            bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
            bytes.extend_from_slice(&(payload.len() as u32).to_le_bytes());
            bytes.extend_from_slice(&fnv1a(&payload).to_le_bytes());
            bytes.extend_from_slice(&payload);
            // Must return, never panic; most of these are errors.
            let _ = Bundle::decode(&bytes);
        }
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        bytes.extend_from_slice(&3u32.to_le_bytes());
        bytes.extend_from_slice(&fnv1a(&[0xff, 0xff, 0xff]).to_le_bytes());
        bytes.extend_from_slice(&[0xff, 0xff, 0xff]);
        assert!(matches!(Bundle::decode(&bytes), Err(BundleError::Payload(_))));
    }
}
