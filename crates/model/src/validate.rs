use crate::{parse_timestamp, Case, VocabKind, Vocabulary};
use std::collections::HashMap;

/// One problem with one field of a case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The field, e.g. `components` or `sources[1].url`.
    pub field: String,
    /// Why it is wrong, in a sentence a case author can act on.
    pub reason: String,
}

impl Problem {
    pub(crate) fn new(field: impl Into<String>, reason: impl Into<String>) -> Self {
        Self { field: field.into(), reason: reason.into() }
    }
}

/// Shortest and longest summary, in characters, before it is suspicious.
pub(crate) const SUMMARY_CHARS: std::ops::RangeInclusive<usize> = 80..=1200;
/// Longest title, in characters.
pub(crate) const TITLE_MAX_CHARS: usize = 120;

/// Validates one case against the vocabulary. Returns every problem found.
pub fn validate_case(case: &Case, vocab: &Vocabulary) -> Vec<Problem> {
    let mut out = Vec::new();
    let required = [
        ("id", &case.id),
        ("title", &case.title),
        ("summary", &case.summary),
        ("organisation", &case.organisation),
        ("impact", &case.impact),
        ("trigger", &case.trigger),
        ("cause", &case.cause),
        ("checked", &case.checked),
    ];
    for (field, value) in required {
        if value.trim().is_empty() {
            out.push(Problem::new(field, "is required and missing or empty"));
        }
    }
    if !case.id.is_empty() && !is_slug(&case.id) {
        out.push(Problem::new("id", "must be a lowercase slug of a-z, 0-9 and single hyphens"));
    }
    if case.title.chars().count() > TITLE_MAX_CHARS || case.title.contains('\n') {
        out.push(Problem::new("title", format!("must be one line of at most {TITLE_MAX_CHARS} characters")));
    }
    let summary_len = case.summary.trim().chars().count();
    if summary_len > 0 && !SUMMARY_CHARS.contains(&summary_len) {
        out.push(Problem::new(
            "summary",
            format!("is {summary_len} characters; a summary should be {}..={} characters", SUMMARY_CHARS.start(), SUMMARY_CHARS.end()),
        ));
    }
    if case.start.trim().is_empty() && case.reported.is_none() {
        out.push(Problem::new("start", "is required; when no source dates the incident, leave it out and set `reported` to the source's publication date"));
    }
    check_dates(case, &mut out);
    crate::locale::check_translation(case, &mut out);
    let term_lists: [(&str, VocabKind, &[String]); 3] = [
        ("components", VocabKind::Component, &case.components),
        ("symptoms", VocabKind::Symptom, &case.symptoms),
        ("platform", VocabKind::Platform, &case.platform),
    ];
    for (field, kind, values) in term_lists {
        // The platform may be unknown: sources often don't say where a system ran.
        if values.is_empty() && kind != VocabKind::Platform {
            out.push(Problem::new(field, "needs at least one term"));
        }
        for v in values {
            check_term(vocab, kind, field, v, &mut out);
        }
    }
    if !case.cause.is_empty() {
        check_term(vocab, VocabKind::Cause, "cause", &case.cause, &mut out);
    }
    if case.sources.is_empty() {
        out.push(Problem::new("sources", "a case needs at least one source"));
    }
    for (i, s) in case.sources.iter().enumerate() {
        if let Err(why) = check_url(&s.url) {
            out.push(Problem::new(format!("sources[{i}].url"), why));
        }
        if let Some(a) = &s.archive_url {
            if let Err(why) = check_url(a) {
                out.push(Problem::new(format!("sources[{i}].archive_url"), why));
            }
        }
        if let Some(c) = &s.copy_url {
            if let Err(why) = check_url(c) {
                out.push(Problem::new(format!("sources[{i}].copy_url"), why));
            } else if c == &s.url {
                out.push(Problem::new(format!("sources[{i}].copy_url"), "is the cited url itself; leave it out"));
            }
        }
        match s.read.as_deref() {
            None => {
                if REQUIRE_READ {
                    out.push(Problem::new(format!("sources[{i}].read"), "is required: \"full\" or \"opening\", how much of the source was read"));
                }
            }
            Some(r) if !crate::case::READ_EXTENTS.contains(&r) => {
                out.push(Problem::new(format!("sources[{i}].read"), format!("{r:?} must be \"full\" or \"opening\"")));
            }
            Some(_) => {}
        }
        check_term(vocab, VocabKind::SourceKind, &format!("sources[{i}].kind"), &s.kind, &mut out);
    }
    for (i, t) in case.timeline.iter().enumerate() {
        if t.at.trim().is_empty() || t.action.trim().is_empty() {
            out.push(Problem::new(format!("timeline[{i}]"), "needs both `at` and `action`"));
        }
    }
    for (i, f) in case.follow_ups.iter().enumerate() {
        if f.action.trim().is_empty() {
            out.push(Problem::new(format!("follow_ups[{i}].action"), "is empty"));
        }
        if let Some(st) = &f.status {
            if st != "done" && st != "planned" {
                out.push(Problem::new(format!("follow_ups[{i}].status"), format!("{st:?} is not `done` or `planned`")));
            }
        }
    }
    out
}

fn check_dates(case: &Case, out: &mut Vec<Problem>) {
    let year_only = case.start.len() == 4 && case.start.bytes().all(|b| b.is_ascii_digit());
    if year_only && case.end.is_some() {
        out.push(Problem::new("end", "a case dated only by its year cannot have an end"));
    }
    let start = if case.start.is_empty() || year_only {
        None
    } else {
        parse_timestamp(&case.start).map_err(|e| out.push(Problem::new("start", e))).ok()
    };
    if let Some(end) = &case.end {
        match parse_timestamp(end) {
            Err(e) => out.push(Problem::new("end", e)),
            Ok(end_ts) => {
                if let Some(start_ts) = start {
                    // Compare at the coarser precision when one side is a date only.
                    let (s, e) = if start_ts.has_time && end_ts.has_time {
                        (start_ts.minutes, end_ts.minutes)
                    } else {
                        (start_ts.minutes / 1440, end_ts.minutes / 1440)
                    };
                    if e < s {
                        out.push(Problem::new("end", format!("{end} is before start {}", case.start)));
                    }
                }
            }
        }
    }
    if let Some(r) = &case.reported {
        if let Err(e) = parse_timestamp(r) {
            out.push(Problem::new("reported", e));
        }
    }
    if !case.checked.is_empty() {
        if let Err(e) = parse_timestamp(&case.checked) {
            out.push(Problem::new("checked", e));
        }
    }
}

fn check_term(vocab: &Vocabulary, kind: VocabKind, field: &str, value: &str, out: &mut Vec<Problem>) {
    if vocab.term(kind, value).is_none() {
        out.push(Problem::new(field, format!("{value:?} is not a {} term in vocabulary.toml", kind.slug())));
    }
}

fn is_slug(s: &str) -> bool {
    !s.starts_with('-')
        && !s.ends_with('-')
        && !s.contains("--")
        && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// Whether every source must record `read`.
const REQUIRE_READ: bool = true;

fn check_url(url: &str) -> Result<(), String> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .ok_or_else(|| format!("{url:?} must start with https:// or http://"))?;
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host_ok = host.contains('.')
        && !host.starts_with('.')
        && !host.ends_with('.')
        && host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-' || b == b':');
    if !host_ok {
        return Err(format!("{url:?} has no valid host name"));
    }
    if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(format!("{url:?} contains whitespace"));
    }
    Ok(())
}

/// Validates the library as a whole: duplicate ids and aliases across cases.
///
/// Returns `(index of the case, problem)` pairs.
pub fn validate_library(cases: &[Case]) -> Vec<(usize, Problem)> {
    let mut seen: HashMap<String, (usize, &'static str)> = HashMap::new();
    let mut out = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let names = std::iter::once((&c.id, "id")).chain(c.aliases.iter().map(|a| (a, "aliases")));
        for (name, field) in names {
            if name.is_empty() {
                continue;
            }
            let key = name.to_ascii_lowercase();
            if let Some((j, _)) = seen.get(&key) {
                if *j != i || field == "aliases" {
                    let other = &cases[*j].id;
                    out.push((i, Problem::new(field, format!("{name:?} is already used by case {other:?}"))));
                }
            } else {
                seen.insert(key, (i, field));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {

    #[test]
    fn every_source_records_how_much_was_read() {
        let vocab = vocab();
        let mut c = good();
        c.sources[0].read = None;
        assert!(validate_case(&c, &vocab).iter().any(|p| p.field == "sources[0].read" && p.reason.contains("is required")));
        c.sources[0].read = Some("most".into());
        assert!(validate_case(&c, &vocab).iter().any(|p| p.field == "sources[0].read" && p.reason.contains("must be")));
        c.sources[0].read = Some("opening".into());
        c.sources[0].copy_url = Some("not a url".into());
        assert!(validate_case(&c, &vocab).iter().any(|p| p.field == "sources[0].copy_url"));
        c.sources[0].copy_url = Some("https://github.com/o/r/blob/main/pm.md".into());
        assert!(validate_case(&c, &vocab).iter().all(|p| !p.field.starts_with("sources[0]")), "{:?}", validate_case(&c, &vocab));
    }

    use super::*;
    use crate::{Source, Term};

    fn vocab() -> Vocabulary {
        let t = |id: &str| Term { id: id.into(), label: id.into(), ..Default::default() };
        Vocabulary {
            cause: vec![t("deployment-defect")],
            component: vec![t("dns")],
            symptom: vec![t("http-5xx")],
            platform: vec![t("aws")],
            source_kind: vec![t("status-page")],
        }
    }

    fn good() -> Case {
        Case {
            id: "2025-01-01-acme-dns".into(),
            title: "Acme: DNS went away".into(),
            summary: "A long enough summary that says what happened to the DNS of Acme and why it mattered to users.".into(),
            organisation: "Acme".into(),
            start: "2025-01-01T10:00Z".into(),
            end: Some("2025-01-01T11:30Z".into()),
            platform: vec!["aws".into()],
            impact: "Everything".into(),
            trigger: "A deploy".into(),
            cause: "deployment-defect".into(),
            components: vec!["dns".into()],
            symptoms: vec!["http-5xx".into()],
            sources: vec![Source { url: "https://status.acme.com/x".into(), kind: "status-page".into(), read: Some("full".into()), ..Source::default() }],
            checked: "2026-11-29".into(),
            ko: Some(crate::CaseText {
                title: "Acme: DNS가 사라졌다".into(),
                summary: "Acme의 DNS에 무슨 일이 있었고 사용자에게 왜 중요했는지 말하는 충분히 긴 요약.".into(),
                impact: "전부".into(),
                trigger: "배포 하나".into(),
                ..crate::CaseText::default()
            }),
            ..Case::default()
        }
    }

    fn fields(c: &Case) -> Vec<String> {
        validate_case(c, &vocab()).into_iter().map(|p| p.field).collect()
    }

    #[test]
    fn good_case_passes_and_derives_duration() {
        assert!(fields(&good()).is_empty());
        assert_eq!(good().duration(), Some(90));
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        let mut c = good();
        c.title.clear();
        c.components = vec!["teleporter".into()];
        c.end = Some("2024-12-31".into());
        c.sources[0].url = "ftp:/nope".into();
        c.summary = "short".into();
        let f = fields(&c);
        for want in ["title", "components", "end", "sources[0].url", "summary"] {
            assert!(f.iter().any(|x| x == want), "{want} missing from {f:?}");
        }
    }

    #[test]
    fn sourceless_case_is_rejected() {
        let mut c = good();
        c.sources.clear();
        assert_eq!(fields(&c), vec!["sources"]);
    }

    #[test]
    fn duplicate_ids_and_aliases_are_found() {
        let mut a = good();
        a.aliases = vec!["IL-1".into()];
        let mut b = good();
        b.id = "2025-01-02-other".into();
        b.aliases = vec!["il-1".into()];
        let c = good();
        let probs = validate_library(&[a, b, c]);
        assert_eq!(probs.len(), 2, "{probs:?}");
        assert_eq!(probs[0].0, 1);
        assert_eq!(probs[1].0, 2);
    }
}
