//! Rule fixtures, discovered from `tests/rules/<rule-id>/`:
//! `pass*.yaml` must produce no finding of that rule, `fail*.yaml` at least
//! one; `<name>.before.yaml` makes it a before/after review. Each fail fixture
//! has a `<name>.expected` snapshot of the rendered findings (line:col, message
//! and code frame). Regenerate snapshots with `UPDATE_SNAPSHOTS=1 cargo test`.

use casebook_rules::{review, rule, rules, to_text, Options, Report, SCHEMA_CHECKS};
use std::path::{Path, PathBuf};

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rules")
}

fn run(rule_id: &str, file: &Path) -> Report {
    let after = std::fs::read_to_string(file).unwrap();
    let before_path = file.with_extension("before.yaml");
    let before = std::fs::read_to_string(&before_path).ok();
    review(&after, before.as_deref(), &Options { only: vec![rule_id.to_string()], ..Options::default() })
}

#[test]
fn every_rule_has_passing_and_failing_fixtures() {
    for id in rules().iter().map(|r| r.id).chain(SCHEMA_CHECKS.iter().map(|(id, ..)| *id)) {
        let dir = fixtures_dir().join(id);
        let names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap_or_else(|_| panic!("no fixtures for rule {id}"))
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(names.iter().any(|n| n.starts_with("pass")), "{id}: no pass fixture");
        assert!(names.iter().any(|n| n.starts_with("fail")), "{id}: no fail fixture");
    }
}

#[test]
fn fixtures_behave_as_their_names_say() {
    let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some();
    let mut checked = 0;
    for dir in std::fs::read_dir(fixtures_dir()).unwrap() {
        let dir = dir.unwrap().path();
        let id = dir.file_name().unwrap().to_string_lossy().into_owned();
        assert!(rule(&id).is_some() || SCHEMA_CHECKS.iter().any(|(c, ..)| *c == id), "fixture folder {id} names no rule");
        for f in std::fs::read_dir(&dir).unwrap() {
            let f = f.unwrap().path();
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            if !f.extension().is_some_and(|e| e.eq_ignore_ascii_case("yaml")) || name.ends_with(".before.yaml") {
                continue;
            }
            let report = run(&id, &f);
            assert!(report.errors.is_empty(), "{id}/{name}: input errors {:?}", report.errors);
            if name.starts_with("pass") {
                assert!(report.findings.is_empty(), "{id}/{name} should pass but found: {:#?}", report.findings);
            } else if name.starts_with("fail") {
                assert!(!report.findings.is_empty(), "{id}/{name} should fail but found nothing");
                let rendered = to_text(&report, &format!("{id}/{name}"));
                let snap = f.with_extension("expected");
                if update {
                    std::fs::write(&snap, &rendered).unwrap();
                } else {
                    let want = std::fs::read_to_string(&snap).unwrap_or_else(|_| panic!("missing snapshot {}", snap.display()));
                    assert_eq!(rendered, want, "{id}/{name}: findings differ from the snapshot");
                }
            } else {
                panic!("{id}/{name}: fixture names must start with pass or fail");
            }
            checked += 1;
        }
    }
    assert!(checked >= 64, "only {checked} fixtures ran");
}

#[test]
fn every_rule_is_documented_and_grounded() {
    let mut ids = std::collections::HashSet::new();
    for r in rules() {
        assert!(ids.insert(r.id), "duplicate rule id {}", r.id);
        for section in ["What it does", "Why it matters", "Example", "Use instead"] {
            let text = r.section(section).unwrap_or_else(|| panic!("{}: docs lack the section {section:?}", r.id));
            assert!(!text.is_empty(), "{}: section {section:?} is empty", r.id);
        }
        assert!(!r.cases.is_empty(), "{} is grounded in no case", r.id);
    }
    assert!(rules().len() >= 25, "the issue asks for at least 25 rules");
}

fn has_hangul(s: &str) -> bool {
    s.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c))
}

/// Every fail fixture, reviewed in Korean, gives the same findings with
/// Korean messages and fixes that keep every number and identifier.
#[test]
fn findings_read_in_korean_and_keep_every_value() {
    let mut checked = 0;
    for dir in std::fs::read_dir(fixtures_dir()).unwrap() {
        let dir = dir.unwrap().path();
        let id = dir.file_name().unwrap().to_string_lossy().into_owned();
        for f in std::fs::read_dir(&dir).unwrap() {
            let f = f.unwrap().path();
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            if !name.starts_with("fail") || !f.extension().is_some_and(|e| e.eq_ignore_ascii_case("yaml")) || name.ends_with(".before.yaml") {
                continue;
            }
            let after = std::fs::read_to_string(&f).unwrap();
            let before = std::fs::read_to_string(f.with_extension("before.yaml")).ok();
            let opts = |lang| Options { only: vec![id.clone()], lang, ..Options::default() };
            let en = review(&after, before.as_deref(), &opts(casebook_model::Lang::En));
            let ko = review(&after, before.as_deref(), &opts(casebook_model::Lang::Ko));
            assert_eq!(en.findings.len(), ko.findings.len(), "{id}/{name}");
            for (e, k) in en.findings.iter().zip(&ko.findings) {
                assert_eq!((e.rule, e.line, e.column, e.severity), (k.rule, k.line, k.column, k.severity), "{id}/{name}");
                for (what, en_text, ko_text) in [("message", e.message.as_str(), k.message.as_str()), ("fix", &*e.fix, &*k.fix)] {
                    assert!(has_hangul(ko_text), "{id}/{name}: the Korean {what} is not Korean: {ko_text}");
                    let missing = casebook_model::missing_tokens(en_text, ko_text);
                    assert!(missing.is_empty(), "{id}/{name}: the Korean {what} drops {missing:?}\n en: {en_text}\n ko: {ko_text}");
                }
                for (a, b) in e.also.iter().zip(&k.also) {
                    assert!(has_hangul(&b.message) && casebook_model::missing_tokens(&a.message, &b.message).is_empty(), "{id}/{name}: {}", b.message);
                }
                checked += 1;
            }
            for n in &ko.notices {
                assert!(has_hangul(&n.message), "{id}/{name}: notice in English: {}", n.message);
            }
        }
    }
    assert!(checked > 40, "only {checked} findings compared");
}

/// Every rule's title, fix and docs exist in Korean, with the same sections
/// and every number and identifier of the English.
#[test]
fn rule_docs_read_in_korean() {
    for r in rules() {
        for (what, en, ko) in [("title", r.title, r.title_ko), ("fix", r.fix, r.fix_ko)] {
            assert!(has_hangul(ko), "{}: no Korean {what}", r.id);
            let missing = casebook_model::missing_tokens(en, ko);
            assert!(missing.is_empty(), "{}: the Korean {what} drops {missing:?}", r.id);
        }
        for (section, _) in casebook_model::DOC_SECTIONS {
            let en = r.section(section).unwrap_or_else(|| panic!("{}: no {section}", r.id));
            let ko = r.section_in(casebook_model::Lang::Ko, section).unwrap_or_else(|| panic!("{}: no Korean {section}", r.id));
            assert!(section == "Example" || section == "Use instead" || has_hangul(ko), "{}: Korean {section} is not Korean", r.id);
            let missing = casebook_model::missing_tokens(en, ko);
            assert!(missing.is_empty(), "{}: the Korean {section} drops {missing:?}", r.id);
        }
    }
    for ((id, title, _, fix), (title_ko, fix_ko)) in SCHEMA_CHECKS.iter().zip(casebook_rules::SCHEMA_CHECKS_KO) {
        assert!(has_hangul(title_ko) && has_hangul(fix_ko), "{id}");
        assert!(casebook_model::missing_tokens(title, title_ko).is_empty() && casebook_model::missing_tokens(fix, fix_ko).is_empty(), "{id}");
    }
}
