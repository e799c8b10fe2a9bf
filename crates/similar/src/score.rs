use casebook_model::{Case, VocabKind, Vocabulary};
use casebook_search::tokenize;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Why two cases are related.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Reason {
    /// Both have this cause category.
    SameCause(String),
    /// Components both cases involve.
    SharedComponents(Vec<String>),
    /// Symptoms both cases show.
    SharedSymptoms(Vec<String>),
    /// Their triggers read alike (TF-IDF cosine of the trigger text).
    SimilarTrigger,
    /// Their full texts read alike (TF-IDF cosine).
    SimilarText,
}

impl Reason {
    /// A human sentence fragment, using vocabulary labels.
    pub fn describe(&self, vocab: &Vocabulary) -> String {
        self.describe_in(vocab, casebook_model::Lang::En)
    }

    /// The fragment in `lang`, with the labels of `vocab` (a localized vocabulary).
    pub fn describe_in(&self, vocab: &Vocabulary, lang: casebook_model::Lang) -> String {
        let labels = |kind, ids: &[String]| ids.iter().map(|i| vocab.label(kind, i).to_lowercase()).collect::<Vec<_>>().join(", ");
        let ko = lang.built() == casebook_model::Lang::Ko;
        match self {
            Self::SameCause(c) => format!("{}: {}", if ko { "같은 원인" } else { "same cause" }, vocab.label(VocabKind::Cause, c).to_lowercase()),
            Self::SharedComponents(c) => format!("{}: {}", if ko { "공유 구성 요소" } else { "shared" }, labels(VocabKind::Component, c)),
            Self::SharedSymptoms(s) => format!("{}: {}", if ko { "같은 증상" } else { "same symptoms" }, labels(VocabKind::Symptom, s)),
            Self::SimilarTrigger => (if ko { "비슷한 트리거" } else { "similar trigger" }).to_string(),
            Self::SimilarText => (if ko { "비슷한 내용" } else { "similar text" }).to_string(),
        }
    }

    /// A short stable key for colouring graph edges (`cause`, `component`, ...).
    pub fn key(&self) -> &'static str {
        match self {
            Self::SameCause(_) => "cause",
            Self::SharedComponents(_) => "component",
            Self::SharedSymptoms(_) => "symptom",
            Self::SimilarTrigger => "trigger",
            Self::SimilarText => "text",
        }
    }
}

/// One related case.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Related {
    /// Position of the related case in the library.
    pub doc: u32,
    /// Combined score in `0..~2`; higher is closer.
    pub score: f32,
    /// The reasons, strongest first.
    pub reasons: Vec<Reason>,
}

const W_CAUSE: f32 = 0.35;
const W_COMPONENT: f32 = 0.25;
const MAX_COMPONENT: f32 = 0.6;
const W_SYMPTOM: f32 = 0.06;
const MAX_SYMPTOM: f32 = 0.18;
const W_TRIGGER: f32 = 0.25;
const W_TEXT: f32 = 0.5;
const TRIGGER_MIN: f32 = 0.2;
const TEXT_MIN: f32 = 0.12;
/// Below this combined score a pair is not shown as related.
pub(crate) const RELATED_MIN: f32 = 0.3;

/// Sparse TF-IDF vectors for a set of texts.
#[derive(Debug, Clone)]
pub struct TextModel {
    vectors: Vec<Vec<(u32, f32)>>,
}

impl TextModel {
    /// Builds unit-length TF-IDF vectors, one per text.
    pub fn new<'a>(texts: impl Iterator<Item = String> + 'a) -> Self {
        let mut vocab: HashMap<String, u32> = HashMap::new();
        let docs: Vec<HashMap<u32, f32>> = texts
            .map(|t| {
                let mut tf: HashMap<u32, f32> = HashMap::new();
                for tok in tokenize(&t) {
                    let next = vocab.len() as u32;
                    *tf.entry(*vocab.entry(tok.term).or_insert(next)).or_default() += 1.0;
                }
                tf
            })
            .collect();
        let mut df: HashMap<u32, f32> = HashMap::new();
        for d in &docs {
            for t in d.keys() {
                *df.entry(*t).or_default() += 1.0;
            }
        }
        let n = docs.len() as f32;
        let vectors = docs
            .into_iter()
            .map(|d| {
                let mut v: Vec<(u32, f32)> =
                    d.into_iter().map(|(t, tf)| (t, (1.0 + tf.ln()) * ((1.0 + n) / (1.0 + df[&t])).ln())).collect();
                let norm = v.iter().map(|(_, w)| w * w).sum::<f32>().sqrt();
                if norm > 0.0 {
                    for (_, w) in &mut v {
                        *w /= norm;
                    }
                }
                v.sort_by_key(|(t, _)| *t);
                v
            })
            .collect();
        Self { vectors }
    }

    /// Cosine similarity of texts `a` and `b`.
    #[allow(clippy::many_single_char_names)]
    pub fn cosine(&self, a: usize, b: usize) -> f32 {
        let (x, y) = (&self.vectors[a], &self.vectors[b]);
        let (mut i, mut j, mut s) = (0, 0, 0.0);
        while i < x.len() && j < y.len() {
            match x[i].0.cmp(&y[j].0) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    s += x[i].1 * y[j].1;
                    i += 1;
                    j += 1;
                }
            }
        }
        s
    }
}

fn shared(a: &[String], b: &[String]) -> Vec<String> {
    a.iter().filter(|x| b.contains(x)).cloned().collect()
}

fn full_text(c: &Case) -> String {
    let mut s = format!("{} {}", c.title, c.summary);
    for t in c.body_texts() {
        s.push(' ');
        s.push_str(t);
    }
    s
}

/// Scores one pair and explains it.
fn pair(a: &Case, b: &Case, trigger_cos: f32, text_cos: f32) -> (f32, Vec<Reason>) {
    let mut parts: Vec<(f32, Reason)> = Vec::new();
    if !a.cause.is_empty() && a.cause == b.cause {
        parts.push((W_CAUSE, Reason::SameCause(a.cause.clone())));
    }
    let comps = shared(&a.components, &b.components);
    if !comps.is_empty() {
        parts.push(((W_COMPONENT * comps.len() as f32).min(MAX_COMPONENT), Reason::SharedComponents(comps)));
    }
    let symptoms = shared(&a.symptoms, &b.symptoms);
    if !symptoms.is_empty() {
        parts.push(((W_SYMPTOM * symptoms.len() as f32).min(MAX_SYMPTOM), Reason::SharedSymptoms(symptoms)));
    }
    if trigger_cos >= TRIGGER_MIN {
        parts.push((W_TRIGGER * trigger_cos, Reason::SimilarTrigger));
    }
    if text_cos >= TEXT_MIN {
        parts.push((W_TEXT * text_cos, Reason::SimilarText));
    }
    parts.sort_by(|x, y| y.0.total_cmp(&x.0));
    let score = parts.iter().map(|p| p.0).sum();
    (score, parts.into_iter().map(|p| p.1).collect())
}

/// For every case, its `top` most related cases (score at least [`RELATED_MIN`]).
pub fn related_all(cases: &[Case], top: usize) -> Vec<Vec<Related>> {
    let text = TextModel::new(cases.iter().map(full_text));
    let trig = TextModel::new(cases.iter().map(|c| c.trigger.clone()));
    let mut out: Vec<Vec<Related>> = vec![Vec::new(); cases.len()];
    for i in 0..cases.len() {
        for j in (i + 1)..cases.len() {
            let (score, reasons) = pair(&cases[i], &cases[j], trig.cosine(i, j), text.cosine(i, j));
            if score >= RELATED_MIN {
                out[i].push(Related { doc: j as u32, score, reasons: reasons.clone() });
                out[j].push(Related { doc: i as u32, score, reasons });
            }
        }
    }
    for list in &mut out {
        list.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.doc.cmp(&b.doc)));
        list.truncate(top);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(id: &str, cause: &str, comps: &[&str], text: &str) -> Case {
        Case {
            id: id.into(),
            cause: cause.into(),
            components: comps.iter().map(|s| (*s).to_string()).collect(),
            summary: text.into(),
            ..Case::default()
        }
    }

    #[test]
    fn shared_cause_and_component_beat_shared_text_only() {
        let cases = vec![
            case("a", "config-change", &["dns"], "alpha bravo charlie delta"),
            case("b", "config-change", &["dns"], "echo foxtrot golf hotel"),
            case("c", "software-bug", &["storage"], "india juliet kilo lima mike november"),
            case("d", "hardware-failure", &["compute"], "india juliet kilo lima mike november"),
        ];
        let rel = related_all(&cases, 5);
        let ab = rel[0].iter().find(|r| r.doc == 1).expect("a~b related");
        let cd = rel[2].iter().find(|r| r.doc == 3).expect("c~d related");
        assert!(ab.score > cd.score, "{} vs {}", ab.score, cd.score);
        assert_eq!(ab.reasons[0], Reason::SameCause("config-change".into()), "strongest reason first");
        assert!(ab.reasons.contains(&Reason::SharedComponents(vec!["dns".into()])));
        assert_eq!(cd.reasons, vec![Reason::SimilarText]);
    }

    #[test]
    fn unrelated_cases_are_not_listed_and_self_never_is() {
        let cases = vec![
            case("a", "config-change", &["dns"], "alpha bravo"),
            case("b", "software-bug", &["storage"], "charlie delta"),
        ];
        let rel = related_all(&cases, 5);
        assert!(rel[0].is_empty() && rel[1].is_empty());
    }

    #[test]
    fn reasons_read_with_labels() {
        let mut v = Vocabulary::default();
        v.component.push(casebook_model::Term { id: "in-memory-cache".into(), label: "In-memory cache".into(), ..Default::default() });
        v.component.push(casebook_model::Term { id: "application-database".into(), label: "Application database".into(), ..Default::default() });
        let r = Reason::SharedComponents(vec!["in-memory-cache".into(), "application-database".into()]);
        assert_eq!(r.describe(&v), "shared: in-memory cache, application database");
    }

    #[test]
    fn cosine_of_identical_texts_is_one() {
        let m = TextModel::new(["dns race condition".to_string(), "dns race condition".to_string(), "other".to_string()].into_iter());
        assert!((m.cosine(0, 1) - 1.0).abs() < 1e-4);
        assert!(m.cosine(0, 2).abs() < 1e-6);
    }
}
