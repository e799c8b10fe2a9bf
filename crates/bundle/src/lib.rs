//! The Casebook bundle: the versioned binary files that carry the whole
//! library to the browser and the CLI.
//!
//! A bundle is two frames, each the 8-byte magic, a little-endian `u16`
//! format version, a `u32` payload length, a `u32` FNV-1a checksum of the
//! payload, then the [`postcard`]-encoded payload:
//! - the **head** (`CASEBOOK`): the vocabulary and, for every case, what the
//!   search page reads (title, names, dates, terms), plus the checksum of the
//!   body that belongs to it;
//! - the **body** (`CASEBODY`): the rest of every case, the relations, the
//!   graph and the rules' documentation.
//!
//! The site ships them as two files, so search works once the head arrives
//! and the body follows after the first render ([`Bundle::decode_head`],
//! [`Bundle::with_bodies`]); elsewhere they travel as one ([`Bundle::decode`]).
//! The search index is derived from the cases, so it is built on first use
//! ([`Bundle::index`]) rather than shipped. Decoding never panics: a truncated, corrupt, foreign or
//! mismatched file yields a [`BundleError`] that says what is wrong.
//!
//! ```
//! use casebook_bundle::Bundle;
//! let bundle = Bundle::build(Vec::new(), Default::default(), "2026-11-29");
//! let bytes = bundle.encode();
//! assert_eq!(Bundle::decode(&bytes).unwrap().built, "2026-11-29");
//! assert!(Bundle::decode(&bytes[..10]).is_err());
//! ```

use casebook_model::{Case, Lang, RuleDoc, Vocabulary};
use casebook_search::{Index, IndexBuilder, Labeller};
use casebook_similar::{Point, Related};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The bundle's magic bytes.
pub const MAGIC: &[u8; 8] = b"CASEBOOK";
/// The body file's magic bytes.
pub const BODY_MAGIC: &[u8; 8] = b"CASEBODY";
/// The format version this build reads and writes.
pub const FORMAT_VERSION: u16 = 8;
const HEADER: usize = 8 + 2 + 4 + 4;
/// How many related cases are kept per case.
pub const RELATED_PER_CASE: usize = 8;

/// The whole library, as loaded.
#[derive(Debug, Clone)]
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
    /// The search index over `cases`: never shipped, built on first use
    /// (a case page opened cold never waits for it). See [`Bundle::index`].
    index: std::sync::OnceLock<Index>,
    /// For each case, its related cases with reasons.
    pub related: Vec<Vec<Related>>,
    /// For each case, its position in the library graph.
    pub layout: Vec<Point>,
    /// The manifest rules' documentation.
    pub rules: Vec<RuleDoc>,
    /// Set while only the head is loaded: the checksum of the body that
    /// completes it. See [`Bundle::decode_head`].
    pending: Option<u32>,
}

/// The head file: what the search page needs, and nothing more. Each case
/// is cut to [`CaseHead`]; the rest follows in the body file.
#[derive(Serialize, Deserialize)]
struct HeadWire {
    built: String,
    lang: Lang,
    vocabulary: Vocabulary,
    cases: Vec<CaseHead>,
    /// The checksum of the body file's payload that belongs to this head, so
    /// a body from another build (a stale cache) is refused.
    body_checksum: u32,
}

/// The body file: the rest of each case, the relations, the graph and the rules.
#[derive(Serialize, Deserialize)]
struct BodyWire {
    cases: Vec<CaseBody>,
    related: Vec<Vec<Related>>,
    layout: Vec<Point>,
    rules: Vec<RuleDoc>,
}

/// The fields of a case that search and the result list read: the title,
/// the names, the dates and the vocabulary terms.
#[derive(Serialize, Deserialize)]
struct CaseHead {
    id: String,
    aliases: Vec<String>,
    title: String,
    organisation: String,
    start: String,
    reported: Option<String>,
    platform: Vec<String>,
    cause: String,
    components: Vec<String>,
    symptoms: Vec<String>,
}

/// The other fields of a case.
#[derive(Serialize, Deserialize)]
struct CaseBody {
    summary: String,
    end: Option<String>,
    region: Option<String>,
    impact: String,
    duration_minutes: Option<u32>,
    time_to_detect_minutes: Option<u32>,
    trigger: String,
    contributing_factors: Vec<String>,
    detection: Option<String>,
    lessons: Vec<String>,
    timeline: Vec<casebook_model::TimelineEntry>,
    follow_ups: Vec<casebook_model::FollowUp>,
    sources: Vec<casebook_model::Source>,
    checked: String,
}

/// Cuts a case in two. The destructuring names every field, so a field added
/// to [`Case`] fails to compile here until it is given to one half.
fn split_case(case: &Case) -> (CaseHead, CaseBody) {
    let Case {
        id,
        aliases,
        title,
        summary,
        organisation,
        start,
        reported,
        end,
        region,
        platform,
        impact,
        duration_minutes,
        time_to_detect_minutes,
        trigger,
        cause,
        components,
        symptoms,
        contributing_factors,
        detection,
        lessons,
        timeline,
        follow_ups,
        sources,
        checked,
        // A published case holds one language: the other is dropped by `localized`.
        ko: _,
    } = case.clone();
    (
        CaseHead { id, aliases, title, organisation, start, reported, platform, cause, components, symptoms },
        CaseBody { summary, end, region, impact, duration_minutes, time_to_detect_minutes, trigger, contributing_factors, detection, lessons, timeline, follow_ups, sources, checked },
    )
}

fn head_case(h: CaseHead) -> Case {
    let CaseHead { id, aliases, title, organisation, start, reported, platform, cause, components, symptoms } = h;
    Case { id, aliases, title, organisation, start, reported, platform, cause, components, symptoms, ..Case::default() }
}

fn fill_case(c: &mut Case, b: CaseBody) {
    let CaseBody { summary, end, region, impact, duration_minutes, time_to_detect_minutes, trigger, contributing_factors, detection, lessons, timeline, follow_ups, sources, checked } = b;
    (c.summary, c.end, c.region, c.impact, c.duration_minutes, c.time_to_detect_minutes, c.trigger) =
        (summary, end, region, impact, duration_minutes, time_to_detect_minutes, trigger);
    (c.contributing_factors, c.detection, c.lessons, c.timeline, c.follow_ups, c.sources, c.checked) =
        (contributing_factors, detection, lessons, timeline, follow_ups, sources, checked);
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

/// Adds up to `n` more of `b`'s cases to `builder`. Term ids are English
/// words, so an English query meets a case's terms through them; in another
/// language the index also holds each term's translated label, the only way
/// a Korean query ("헬스 체크") reaches a term ("health-checks").
fn add_cases(builder: &mut IndexBuilder, b: &Bundle, n: usize) {
    let label = |kind: casebook_model::VocabKind, id: &str| b.vocabulary.label(kind, id).to_string();
    let labels: Option<Labeller<'_>> = match b.lang {
        Lang::En => None,
        Lang::Ko => Some(&label),
    };
    let start = builder.len();
    for case in b.cases.iter().skip(start).take(n) {
        builder.add(case, labels);
    }
}

/// Builds a bundle's search index a few cases at a time, so that a page
/// can build it between frames; see [`Bundle::index_steps`].
pub struct IndexSteps {
    builder: IndexBuilder,
}

impl IndexSteps {
    /// Indexes up to `n` more of `bundle`'s cases. Returns true once every
    /// case is in and [`Bundle::index`] is ready (at once if it already was).
    pub fn step(&mut self, bundle: &Bundle, n: usize) -> bool {
        if bundle.index.get().is_some() {
            return true;
        }
        add_cases(&mut self.builder, bundle, n);
        if self.builder.len() < bundle.cases.len() {
            return false;
        }
        let index = std::mem::take(&mut self.builder).finish(&bundle.cases);
        // Only this bundle's own cases went in, so whichever index is set is the same.
        let _ = bundle.index.set(index);
        true
    }
}

/// One file: magic, version, payload length, checksum, payload.
fn frame(magic: [u8; 8], payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + payload.len());
    out.extend_from_slice(&magic);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&u32::try_from(payload.len()).unwrap_or(u32::MAX).to_le_bytes());
    out.extend_from_slice(&fnv1a(payload).to_le_bytes());
    out.extend_from_slice(payload);
    out
}

/// Checks the frame at the start of `bytes` and returns its payload and the
/// bytes after it; with `exact`, nothing may follow.
fn unframe(bytes: &[u8], magic: [u8; 8], exact: bool) -> Result<(&[u8], &[u8]), BundleError> {
    if bytes.len() >= 8 && bytes[..8] != magic {
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
    let actual = bytes.len() - HEADER;
    if actual < declared || (exact && actual != declared) {
        return Err(BundleError::LengthMismatch { declared, actual });
    }
    let (payload, rest) = bytes[HEADER..].split_at(declared);
    if fnv1a(payload) != u32_at(14) {
        return Err(BundleError::Checksum);
    }
    Ok((payload, rest))
}

/// FNV-1a, 32 bits: stable across compilers and platforms.
fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

/// Two bundles are equal when what they hold is: the index is derived from
/// the cases, whether or not it has been built yet.
impl PartialEq for Bundle {
    fn eq(&self, other: &Self) -> bool {
        let Self { built, lang, vocabulary, cases, index: _, related, layout, rules, pending } = self;
        (built, lang, vocabulary, cases, related, layout, rules, pending)
            == (&other.built, &other.lang, &other.vocabulary, &other.cases, &other.related, &other.layout, &other.rules, &other.pending)
    }
}

impl Bundle {
    /// The search index over the cases, built from them on first use: it
    /// is derived from data already checked, so it cannot disagree with them.
    pub fn index(&self) -> &Index {
        self.index.get_or_init(|| {
            let mut builder = IndexBuilder::default();
            add_cases(&mut builder, self, usize::MAX);
            builder.finish(&self.cases)
        })
    }

    /// Whether [`Bundle::index`] has been built already.
    pub fn is_indexed(&self) -> bool {
        self.index.get().is_some()
    }

    /// The search index, built in steps: call [`IndexSteps::step`] with
    /// this bundle until it returns true. The same index as [`Bundle::index`].
    pub fn index_steps(&self) -> IndexSteps {
        IndexSteps { builder: IndexBuilder::default() }
    }

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
        Self { built: built.to_string(), lang, vocabulary, cases, index: std::sync::OnceLock::new(), related, layout, rules: Vec::new(), pending: None }
    }

    /// An English bundle whose cases are related to none and all drawn at
    /// the graph's origin: for measuring the head and search at synthetic
    /// sizes, where relating 10,000 cases pairwise and laying them out takes
    /// minutes. Never published: `casebook build` always relates its cases.
    pub fn build_unrelated(mut cases: Vec<Case>, vocabulary: Vocabulary, built: &str) -> Self {
        cases.sort_by(|a, b| a.id.cmp(&b.id));
        let cases: Vec<Case> = cases.iter().map(|c| c.localized(Lang::En)).collect();
        let (related, layout) = (vec![Vec::new(); cases.len()], vec![Point::default(); cases.len()]);
        let vocabulary = vocabulary.localized(Lang::En);
        Self { built: built.to_string(), lang: Lang::En, vocabulary, cases, index: std::sync::OnceLock::new(), related, layout, rules: Vec::new(), pending: None }
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

    /// Serialises to the versioned binary format: the head file followed by
    /// the body file, as [`Bundle::encode_parts`] writes them.
    pub fn encode(&self) -> Vec<u8> {
        let (mut head, body) = self.encode_parts();
        head.extend_from_slice(&body);
        head
    }

    /// The two files the site ships: the head, which the search page needs
    /// before it can answer, and the body, fetched after the first render.
    pub fn encode_parts(&self) -> (Vec<u8>, Vec<u8>) {
        let (heads, bodies): (Vec<CaseHead>, Vec<CaseBody>) = self.cases.iter().map(split_case).unzip();
        // Serialising plain data into a Vec cannot fail.
        let body = BodyWire { cases: bodies, related: self.related.clone(), layout: self.layout.clone(), rules: self.rules.clone() };
        let body = postcard::to_allocvec(&body).expect("bundle body serialises");
        let head = HeadWire { built: self.built.clone(), lang: self.lang, vocabulary: self.vocabulary.clone(), cases: heads, body_checksum: fnv1a(&body) };
        let head = postcard::to_allocvec(&head).expect("bundle head serialises");
        (frame(*MAGIC, &head), frame(*BODY_MAGIC, &body))
    }

    /// Reads and checks a whole bundle (head then body). Never panics on hostile bytes.
    pub fn decode(bytes: &[u8]) -> Result<Self, BundleError> {
        let (head, rest) = unframe(bytes, *MAGIC, false)?;
        let head = Self::head_from(head)?;
        if rest.is_empty() {
            return Err(BundleError::Inconsistent("the case bodies are missing".into()));
        }
        head.with_bodies(rest)
    }

    /// Reads the head file alone: every case's title, names, dates and
    /// terms, with an index over them, so search and facets work before the
    /// body arrives. [`Bundle::is_complete`] is false until
    /// [`Bundle::with_bodies`] adds the rest.
    pub fn decode_head(bytes: &[u8]) -> Result<Self, BundleError> {
        let (head, _) = unframe(bytes, *MAGIC, true)?;
        Self::head_from(head)
    }

    fn head_from(payload: &[u8]) -> Result<Self, BundleError> {
        let wire: HeadWire = postcard::from_bytes(payload).map_err(|e| BundleError::Payload(e.to_string()))?;
        let HeadWire { built, lang, vocabulary, cases, body_checksum } = wire;
        let cases: Vec<Case> = cases.into_iter().map(head_case).collect();
        Ok(Self { built, lang, vocabulary, cases, index: std::sync::OnceLock::new(), related: Vec::new(), layout: Vec::new(), rules: Vec::new(), pending: Some(body_checksum) })
    }

    /// Whether the bundle holds every case's body, its relations, the graph
    /// and the rules (false for a head read by [`Bundle::decode_head`]).
    pub fn is_complete(&self) -> bool {
        self.pending.is_none()
    }

    /// This head completed by its body file. A body from another build of
    /// the library, or one that disagrees with the head, is refused.
    pub fn with_bodies(&self, bytes: &[u8]) -> Result<Self, BundleError> {
        let Some(expected) = self.pending else {
            return Err(BundleError::Inconsistent("the case bodies are already loaded".into()));
        };
        let (payload, _) = unframe(bytes, *BODY_MAGIC, true)?;
        if fnv1a(payload) != expected {
            return Err(BundleError::Inconsistent("the case bodies come from another build of the library".into()));
        }
        let wire: BodyWire = postcard::from_bytes(payload).map_err(|e| BundleError::Payload(e.to_string()))?;
        let BodyWire { cases: bodies, related, layout, rules } = wire;
        let n = self.cases.len();
        if bodies.len() != n || related.len() != n || layout.len() != n {
            return Err(BundleError::Inconsistent(format!(
                "{n} cases but {} case bodies, {} relation lists and {} positions",
                bodies.len(),
                related.len(),
                layout.len()
            )));
        }
        if related.iter().flatten().any(|r| r.doc as usize >= n) {
            return Err(BundleError::Inconsistent("a relation points past the last case".into()));
        }
        let mut cases = self.cases.clone();
        for (c, b) in cases.iter_mut().zip(bodies) {
            fill_case(c, b);
        }
        Ok(Self {
            built: self.built.clone(),
            lang: self.lang,
            vocabulary: self.vocabulary.clone(),
            cases,
            index: std::sync::OnceLock::new(),
            related,
            layout,
            rules,
            pending: None,
        })
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
        let built = b.clone();
        assert!(built.index().term_count() > 0);
        assert_eq!(built.encode(), bytes, "the index changes the bytes shipped");
        let back = Bundle::decode(&bytes).unwrap();
        assert_eq!(*back.index(), Index::build(&back.cases));
        assert_eq!(back.index().search(&back.cases, &casebook_search::Query { text: "IL-2".into(), ..Default::default() }).results[0].doc, 1);
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
        let hits = ko.index().search(&ko.cases, &q);
        assert_eq!(hits.results.iter().map(|h| h.doc).collect::<Vec<_>>(), [0], "the label leads to the case");
        let back = Bundle::decode(&ko.encode()).unwrap();
        assert_eq!(back, ko, "decoding rebuilds the same labelled index");
        let en = Bundle::build(cases, vocab, "2026-12-01");
        assert!(en.cases.iter().all(|c| c.ko.is_none() && !c.title.chars().any(|ch| ch >= '\u{AC00}')), "English ships no Korean");
        assert!(en.vocabulary.symptom.iter().all(|t| t.label_ko.is_none()));
        assert_eq!(en.related, ko.related, "both locales relate the same cases");
    }

    fn full_case(id: &str) -> Case {
        use casebook_model::{FollowUp, Source, TimelineEntry};
        Case {
            id: id.into(),
            aliases: vec![format!("IL-{id}")],
            title: format!("{id} resolver outage"),
            summary: format!("{id} lost its quorum"),
            organisation: "Example".into(),
            start: "2024-01-02T03:04Z".into(),
            reported: Some("2024-01-09".into()),
            end: Some("2024-01-02T05:00Z".into()),
            region: Some("eu-west-1".into()),
            platform: vec!["kubernetes".into()],
            impact: "writes failed".into(),
            duration_minutes: Some(116),
            time_to_detect_minutes: Some(4),
            trigger: "a rollout".into(),
            cause: "config-change".into(),
            components: vec!["dns".into()],
            symptoms: vec!["timeouts".into()],
            contributing_factors: vec!["no canary".into()],
            detection: Some("alerts".into()),
            lessons: vec!["stage rollouts".into()],
            timeline: vec![TimelineEntry { at: "03:10".into(), action: "rolled back".into() }],
            follow_ups: vec![FollowUp { action: "add a canary".into(), due: Some("2024-03".into()), status: Some("planned".into()) }],
            sources: vec![Source { url: "https://example.com/pm".into(), kind: "postmortem".into(), read: Some("full".into()), ..Source::default() }],
            checked: "2026-12-01".into(),
            ko: None,
        }
    }

    #[test]
    fn the_head_alone_searches_titles_names_and_terms_and_its_body_completes_it() {
        let b = Bundle::build(vec![full_case("a"), full_case("b")], Vocabulary::default(), "2026-12-01").with_rules(vec![RuleDoc { id: "r".into(), ..RuleDoc::default() }]);
        let (head, body) = b.encode_parts();
        assert_eq!([head.clone(), body.clone()].concat(), b.encode(), "one file is the two parts in order");
        let h = Bundle::decode_head(&head).unwrap();
        assert!(!h.is_complete() && b.is_complete());
        assert_eq!((h.cases[1].title.as_str(), h.cases[1].organisation.as_str(), h.cases[1].components.as_slice()), ("b resolver outage", "Example", &["dns".to_string()][..]));
        assert!(h.cases.iter().all(|c| c.summary.is_empty() && c.sources.is_empty()) && h.related.is_empty() && h.rules.is_empty(), "the head carries no body");
        let search = |lib: &Bundle, text: &str| lib.index().search(&lib.cases, &casebook_search::Query::text(text)).total;
        assert_eq!((search(&h, "resolver"), search(&h, "example"), search(&h, "dns"), search(&h, "quorum")), (2, 2, 2, 0), "titles, names and terms, not yet the summary");
        let full = h.with_bodies(&body).unwrap();
        assert_eq!(full, b, "head and body give back every field");
        assert_eq!(search(&full, "quorum"), 2, "the body's words are searchable once it arrives");
        assert_eq!(Bundle::decode(&b.encode()).unwrap(), b);
        // The measuring bundle has the same head cases, and no relations.
        let unrelated = Bundle::build_unrelated(vec![full_case("b"), full_case("a")], Vocabulary::default(), "2026-12-01");
        let u = Bundle::decode_head(&unrelated.encode_parts().0).unwrap();
        assert_eq!((&u.cases, u.lang), (&h.cases, h.lang));
        assert!(unrelated.related.iter().all(Vec::is_empty) && unrelated.layout.len() == 2);
    }

    #[test]
    fn the_index_built_in_steps_is_the_index_built_at_once() {
        use casebook_model::{CaseText, Term};
        let cases: Vec<Case> = (0..7)
            .map(|i| Case { ko: Some(CaseText { title: format!("파드 재시작 {i}"), ..CaseText::default() }), ..full_case(&format!("c{i}")) })
            .collect();
        let vocab = Vocabulary { symptom: vec![Term { id: "timeouts".into(), label: "timeouts".into(), label_ko: Some("시간 초과".into()), ..Term::default() }], ..Vocabulary::default() };
        for lang in [Lang::En, Lang::Ko] {
            let whole = Bundle::build_in(cases.clone(), vocab.clone(), "2026-12-01", lang);
            let stepped = Bundle::decode(&whole.encode()).unwrap();
            let mut steps = stepped.index_steps();
            let mut calls = 1;
            while !steps.step(&stepped, 3) {
                calls += 1;
            }
            assert_eq!(calls, 3, "7 cases, 3 at a time");
            assert_eq!(stepped.index(), whole.index(), "{lang:?}");
            assert!(stepped.is_indexed() && stepped.index_steps().step(&stepped, 1), "a built index needs no more steps");
        }
    }

    #[test]
    fn a_body_from_another_build_or_in_the_wrong_place_is_refused() {
        let one = Bundle::build(vec![full_case("a")], Vocabulary::default(), "2026-12-01");
        let mut changed = one.clone();
        changed.cases[0].summary.push('!');
        let (head, body) = one.encode_parts();
        let h = Bundle::decode_head(&head).unwrap();
        assert_eq!(h.with_bodies(&changed.encode_parts().1), Err(BundleError::Inconsistent("the case bodies come from another build of the library".into())));
        assert_eq!(Bundle::decode_head(&body), Err(BundleError::BadMagic), "a body is not a head");
        assert_eq!(h.with_bodies(&head), Err(BundleError::BadMagic), "a head is not a body");
        assert!(matches!(Bundle::decode_head(&one.encode()), Err(BundleError::LengthMismatch { .. })), "a whole bundle is not a head");
        assert_eq!(Bundle::decode(&head), Err(BundleError::Inconsistent("the case bodies are missing".into())));
        assert!(matches!(h.with_bodies(&body[..body.len() - 1]), Err(BundleError::LengthMismatch { .. })));
        let full = h.with_bodies(&body).unwrap();
        assert!(full.with_bodies(&body).is_err(), "a complete bundle takes no second body");
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
