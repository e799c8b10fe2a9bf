//! Locales: the languages Casebook is written in, the Korean text a case file
//! carries beside its English, and the check that a translation keeps every
//! number and identifier of the English it translates.

use crate::{Case, Problem, Vocabulary};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Whether this build keeps English text. The site is built as one wasm per
/// locale: its Korean build (feature `only-ko`) leaves the English text of the
/// interface and the rules out, and its English build (`only-en`) the Korean.
/// With neither feature, or both, every language is kept (the CLI, the tests).
pub const KEEP_EN: bool = !cfg!(feature = "only-ko") || cfg!(feature = "only-en");
/// Whether this build keeps Korean text (see [`KEEP_EN`]).
pub const KEEP_KO: bool = !cfg!(feature = "only-en") || cfg!(feature = "only-ko");
/// The one language a one-locale build serves, if it is one.
pub const BUILD_LANG: Option<Lang> = match (KEEP_EN, KEEP_KO) {
    (true, false) => Some(Lang::En),
    (false, true) => Some(Lang::Ko),
    _ => None,
};

/// A language Casebook is published in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Lang {
    /// English, the language cases are written in first.
    #[default]
    En,
    /// Korean, translated from the English.
    Ko,
}

impl Lang {
    /// Every locale, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ko];

    /// The BCP 47 code, also the URL prefix (`/ko/...`) and `--lang` value.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ko => "ko",
        }
    }

    /// Parses a code (`en`, `ko`, `ko-KR`, case-insensitive).
    pub fn parse(s: &str) -> Option<Lang> {
        let primary = s.split(['-', '_']).next().unwrap_or_default();
        Self::ALL.into_iter().find(|l| l.code().eq_ignore_ascii_case(primary))
    }

    /// The site's URL prefix for the language: `""` for English, `"/ko"` for
    /// Korean (`/ko/cases/<id>`).
    pub fn path_prefix(self) -> &'static str {
        match self {
            Lang::En => "",
            Lang::Ko => "/ko",
        }
    }

    /// The language's own name, for a language switch.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ko => "한국어",
        }
    }

    /// Picks between an English and a Korean string. In a one-locale build
    /// the choice is made at compile time, and the other string is left out.
    // Always inlined, so that in a one-locale build the unused string is
    // referenced nowhere and is left out of the binary.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn pick<'a>(self, en: &'a str, ko: &'a str) -> &'a str {
        match self.built() {
            Lang::En => en,
            Lang::Ko => ko,
        }
    }

    /// This language, or in a one-locale build that build's language: match on
    /// it (`match lang.built()`) so that the other language's arm is left out.
    // Always inlined, so that in a one-locale build the unused string is
    // referenced nowhere and is left out of the binary.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    #[must_use]
    pub const fn built(self) -> Lang {
        match BUILD_LANG {
            Some(l) => l,
            None => self,
        }
    }
}

/// The names of a case's fields, as the app and the CLI show them.
const FIELD_LABELS: &[(&str, &str)] = &[
    ("id", "id"),
    ("aliases", "별칭"),
    ("organisation", "조직"),
    ("start", "시작"),
    ("end", "종료"),
    ("reported", "보고일"),
    ("duration", "지속 시간"),
    ("time to detect", "탐지까지 걸린 시간"),
    ("region", "리전"),
    ("platform", "플랫폼"),
    ("cause", "원인"),
    ("components", "구성 요소"),
    ("symptoms", "증상"),
    ("summary", "요약"),
    ("impact", "영향"),
    ("trigger", "트리거"),
    ("detection", "탐지"),
    ("contributing factors", "기여 요인"),
    ("lessons", "교훈"),
    ("timeline", "타임라인"),
    ("follow-ups", "후속 조치"),
    ("due", "기한"),
    ("sources", "출처"),
    ("checked", "출처 확인일"),
    ("read in full", "전체를 읽음"),
    ("opening only", "앞부분만 읽음"),
];

/// A case field's display name in `lang` (`"contributing factors"` → `"기여 요인"`).
/// Unknown names come back unchanged.
pub fn field_label(lang: Lang, en: &str) -> &str {
    match lang.built() {
        Lang::En => en,
        Lang::Ko => FIELD_LABELS.iter().find(|(e, _)| *e == en).map_or(en, |(_, k)| k),
    }
}

/// A case's text fields in another language, kept in the case file beside the
/// English (`[ko]`). Lists follow the English ones item for item.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CaseText {
    /// Title.
    pub title: String,
    /// Summary.
    pub summary: String,
    /// Impact.
    pub impact: String,
    /// Trigger.
    pub trigger: String,
    /// Detection, when the English has one.
    pub detection: Option<String>,
    /// Contributing factors, one per English item.
    pub contributing_factors: Vec<String>,
    /// Lessons, one per English item.
    pub lessons: Vec<String>,
    /// One per timeline entry: its action.
    pub timeline: Vec<String>,
    /// One per follow-up: its action.
    pub follow_ups: Vec<String>,
}

impl Case {
    /// The case as published in `lang`: its text fields in that language and
    /// no other language's text. English drops the translation; a language the
    /// file lacks keeps the English.
    #[must_use]
    pub fn localized(&self, lang: Lang) -> Case {
        let mut c = self.clone();
        let text = c.ko.take();
        if lang == Lang::En {
            return c;
        }
        let Some(t) = text else { return c };
        c.title = t.title;
        c.summary = t.summary;
        c.impact = t.impact;
        c.trigger = t.trigger;
        c.detection = t.detection.or(c.detection);
        c.contributing_factors = t.contributing_factors;
        c.lessons = t.lessons;
        for (entry, action) in c.timeline.iter_mut().zip(t.timeline) {
            entry.action = action;
        }
        for (f, action) in c.follow_ups.iter_mut().zip(t.follow_ups) {
            f.action = action;
        }
        c
    }
}

impl Vocabulary {
    /// The vocabulary with labels and definitions in `lang` (English where a
    /// term has no translation), and no other language's text.
    #[must_use]
    pub fn localized(mut self, lang: Lang) -> Vocabulary {
        for kind in crate::VocabKind::ALL {
            for t in self.terms_mut(kind) {
                let (label, definition) = (t.label_ko.take(), t.definition_ko.take());
                if lang == Lang::Ko {
                    if let Some(l) = label {
                        t.label = l;
                    }
                    if let Some(d) = definition {
                        t.definition = d;
                    }
                }
            }
        }
        self
    }
}

/// Checks a case's Korean text against its English: present, the same shape,
/// actually Korean, and keeping every number and identifier.
pub(crate) fn check_translation(case: &Case, out: &mut Vec<Problem>) {
    let Some(ko) = &case.ko else {
        out.push(Problem::new("ko", "is missing: every case carries its Korean text in a [ko] table beside the English"));
        return;
    };
    let pairs: [(&str, &str, &str); 4] =
        [("title", &case.title, &ko.title), ("summary", &case.summary, &ko.summary), ("impact", &case.impact, &ko.impact), ("trigger", &case.trigger, &ko.trigger)];
    for (field, en, k) in pairs {
        check_text(&format!("ko.{field}"), en, k, out);
    }
    match (&case.detection, &ko.detection) {
        (Some(en), Some(k)) => check_text("ko.detection", en, k, out),
        (Some(_), None) => out.push(Problem::new("ko.detection", "is missing; the English has a detection")),
        (None, Some(_)) => out.push(Problem::new("ko.detection", "is set but the English has no detection")),
        (None, None) => {}
    }
    let lists: [(&str, Vec<&str>, &[String]); 4] = [
        ("contributing_factors", case.contributing_factors.iter().map(String::as_str).collect(), &ko.contributing_factors),
        ("lessons", case.lessons.iter().map(String::as_str).collect(), &ko.lessons),
        ("timeline", case.timeline.iter().map(|t| t.action.as_str()).collect(), &ko.timeline),
        ("follow_ups", case.follow_ups.iter().map(|f| f.action.as_str()).collect(), &ko.follow_ups),
    ];
    for (field, en, k) in lists {
        if en.len() != k.len() {
            out.push(Problem::new(format!("ko.{field}"), format!("has {} items but the English has {}; translate item for item", k.len(), en.len())));
            continue;
        }
        for (i, (en, k)) in en.iter().zip(k).enumerate() {
            check_text(&format!("ko.{field}[{i}]"), en, k, out);
        }
    }
}

fn check_text(field: &str, en: &str, ko: &str, out: &mut Vec<Problem>) {
    if ko.trim().is_empty() {
        out.push(Problem::new(field, "is empty; the English is not"));
        return;
    }
    if !ko.chars().any(is_hangul) {
        out.push(Problem::new(field, "has no Korean text; it must be translated"));
    }
    let missing = missing_tokens(en, ko);
    if !missing.is_empty() {
        out.push(Problem::new(
            field,
            format!("drops {} that the English has: {}", if missing.len() == 1 { "a number or identifier" } else { "numbers or identifiers" }, missing.join(", ")),
        ));
    }
}

fn is_hangul(c: char) -> bool {
    matches!(c, '\u{AC00}'..='\u{D7A3}')
}

/// The numbers and identifiers of `en` that `ko` does not contain.
///
/// Kept are: digit runs with their separators (`13%`, `00:47`, `2011-04-21`,
/// `1.25.3`, `500/503`; commas between digits are ignored), words that join
/// letters to digits (`EC2`, `p99`, `us-east-1`), `code spans`, and words with
/// `_`, an inner capital (`maxSurge`), a dot between names (`Node.js`) or a
/// leading `--`. A number glued to a unit (`100ms`, `10x`, `1st`) keeps only
/// its number, which the translation may write with its own unit.
pub fn missing_tokens(en: &str, ko: &str) -> Vec<String> {
    let hay = strip_digit_commas(ko);
    must_keep(en).into_iter().filter(|t| !hay.contains(&strip_digit_commas(t)) && !camel_plural_kept(t, &hay)).collect()
}

fn camel_plural_kept(token: &str, hay: &str) -> bool {
    token.len() > 3 && token.ends_with('s') && has_inner_capital(token) && hay.contains(&token[..token.len() - 1])
}

fn strip_digit_commas(s: &str) -> String {
    let b: Vec<char> = s.chars().collect();
    b.iter()
        .enumerate()
        .filter(|&(i, &c)| !(c == ',' && i > 0 && b[i - 1].is_ascii_digit() && b.get(i + 1).is_some_and(char::is_ascii_digit)))
        .map(|(_, &c)| c)
        .collect()
}

fn has_inner_capital(w: &str) -> bool {
    let c: Vec<char> = w.chars().collect();
    c.windows(2).any(|p| p[0].is_ascii_lowercase() && p[1].is_ascii_uppercase())
}

/// The tokens of `en` a translation must keep (see [`missing_tokens`]).
fn must_keep(en: &str) -> BTreeSet<String> {
    let mut keep = BTreeSet::new();
    let mut rest = en;
    while let Some(a) = rest.find('`') {
        let Some(b) = rest[a + 1..].find('`') else { break };
        let span = &rest[a + 1..a + 1 + b];
        if !span.trim().is_empty() {
            keep.insert(span.to_string());
        }
        rest = &rest[a + 2 + b..];
    }
    for raw in en.split(|c: char| c.is_whitespace() || c == '`') {
        let w = raw.trim_matches(|c: char| "()[]{}\"'“”‘’,;:.!?*".contains(c));
        let w = w.strip_suffix("'s").or_else(|| w.strip_suffix("’s")).unwrap_or(w);
        if w.is_empty() {
            continue;
        }
        numbers(w, &mut keep);
        if is_identifier(w) {
            keep.insert(w.to_string());
        }
    }
    keep
}

/// Digit runs with inner separators, with a `%` that follows.
fn numbers(w: &str, keep: &mut BTreeSet<String>) {
    let c: Vec<char> = w.chars().collect();
    let mut i = 0;
    while i < c.len() {
        if !c[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < c.len() && (c[i].is_ascii_digit() || ("-.,:/".contains(c[i]) && c.get(i + 1).is_some_and(char::is_ascii_digit) && c[i - 1].is_ascii_digit())) {
            i += 1;
        }
        if c.get(i) == Some(&'%') {
            i += 1;
        }
        keep.insert(c[start..i].iter().collect());
    }
}

fn is_identifier(w: &str) -> bool {
    let c: Vec<char> = w.chars().collect();
    let letter_then_digit = c.windows(2).any(|p| p[0].is_ascii_alphabetic() && p[1].is_ascii_digit());
    let region_like = w.contains('-') && c.last().is_some_and(char::is_ascii_digit) && c.iter().any(char::is_ascii_alphabetic) && !c[0].is_ascii_digit();
    let dotted = w.split('.').count() > 1 && w.split('.').all(|p| p.chars().count() > 1 && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
    w.contains('_') || w.starts_with("--") || has_inner_capital(w) || letter_then_digit || region_like || dotted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_identifiers_must_survive() {
        let en = "About 13% of volumes in us-east-1 stalled at 00:47 on 2011-04-21; EC2 and `kube-proxy` were hit, 1,000 PodDisruptionBudgets.";
        let good = "us-east-1의 볼륨 중 약 13%가 2011-04-21 00:47에 멈췄다. EC2와 `kube-proxy`가 영향을 받았고 PodDisruptionBudget 1000개.";
        assert_eq!(missing_tokens(en, good), Vec::<String>::new());
        let bad = "볼륨 일부가 멈췄다. EC2와 kube-proxy가 영향을 받았다.";
        let missing = missing_tokens(en, bad);
        for t in ["13%", "us-east-1", "00:47", "2011-04-21", "1,000"] {
            assert!(missing.contains(&t.to_string()), "{t} should be missing: {missing:?}");
        }
    }

    #[test]
    fn units_ordinals_and_plain_words_are_not_identifiers() {
        let keep = must_keep("The 1st retry after 100ms, read/write traffic, e.g. 10x load, took 30-minute windows.");
        assert_eq!(keep.into_iter().collect::<Vec<_>>(), ["1", "10", "100", "30"]);
    }

    #[test]
    fn dotted_names_flags_and_camel_case_are_identifiers() {
        let keep = must_keep("Node.js ran with --force and maxSurge; U.S. users, i.e. most.");
        assert_eq!(keep.into_iter().collect::<Vec<_>>(), ["--force", "Node.js", "maxSurge"]);
    }

    #[test]
    fn a_case_without_korean_or_with_a_short_list_is_a_problem() {
        let mut case = Case { title: "DNS broke at 10:03".into(), contributing_factors: vec!["a".into(), "b".into()], ..Case::default() };
        let mut out = Vec::new();
        check_translation(&case, &mut out);
        assert_eq!(out[0].field, "ko");
        case.ko = Some(CaseText { title: "DNS broke".into(), contributing_factors: vec!["가".into()], ..CaseText::default() });
        out.clear();
        check_translation(&case, &mut out);
        let fields: Vec<_> = out.iter().map(|p| p.field.as_str()).collect();
        assert!(fields.contains(&"ko.title"), "{out:?}");
        assert!(out.iter().any(|p| p.field == "ko.title" && p.reason.contains("10:03")));
        assert!(fields.contains(&"ko.contributing_factors"));
    }

    #[test]
    fn localizing_swaps_text_and_ships_no_other_language() {
        let case = Case {
            title: "English".into(),
            timeline: vec![crate::TimelineEntry { at: "10:00".into(), action: "did".into() }],
            ko: Some(CaseText { title: "한국어".into(), timeline: vec!["했다".into()], ..CaseText::default() }),
            ..Case::default()
        };
        let en = case.localized(Lang::En);
        assert_eq!((en.title.as_str(), en.ko.is_none()), ("English", true));
        let ko = case.localized(Lang::Ko);
        assert_eq!((ko.title.as_str(), ko.timeline[0].action.as_str(), ko.timeline[0].at.as_str()), ("한국어", "했다", "10:00"));
        assert!(ko.ko.is_none());
        assert_eq!(Lang::parse("ko-KR"), Some(Lang::Ko));
        assert_eq!(Lang::parse("fr"), None);
    }
}
