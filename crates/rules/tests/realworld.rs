//! Agreement with Polaris's own check fixtures, for the Polaris checks a
//! Casebook rule covers (`eval/polaris-coverage.tsv`). The fixtures live
//! outside the project, in `../shared/realworld` (or `$CASEBOOK_REALWORLD`),
//! and are never copied in; where that folder is absent the test says so and
//! checks nothing. Where it exists, every disagreement must be one recorded,
//! with its reason, in `eval/polaris-disagreements.tsv`, and every recorded
//! one must still happen. `UPDATE_SNAPSHOTS=1` rewrites the check and file
//! columns, keeping the reasons already written.

use casebook_rules::{review, Options};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn tsv(path: &Path) -> Vec<BTreeMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines().filter(|l| !l.starts_with('#') && !l.is_empty());
    let head: Vec<&str> = lines.next().expect("a header row").split('\t').collect();
    lines.map(|l| head.iter().map(ToString::to_string).zip(l.split('\t').map(str::to_string)).collect()).collect()
}

fn realworld() -> Option<PathBuf> {
    let dir = std::env::var_os("CASEBOOK_REALWORLD").map_or_else(|| root().join("../shared/realworld"), PathBuf::from);
    if dir.join("polaris-expected.tsv").exists() {
        Some(dir)
    } else {
        eprintln!("skipped: no real-world folder at {} (set CASEBOOK_REALWORLD)", dir.display());
        None
    }
}

/// Every error and warning finding on the install manifests has a verdict in
/// `eval/realworld-verdicts.tsv`, none is judged false, and no verdict is left
/// without its finding.
#[test]
fn realworld_findings_are_judged_and_none_is_false() {
    let Some(dir) = realworld() else { return };
    let verdicts: BTreeMap<(String, String, String), String> = tsv(&root().join("eval/realworld-verdicts.tsv"))
        .into_iter()
        .map(|r| ((r["file"].clone(), r["rule"].clone(), r["resource"].clone()), r["verdict"].clone()))
        .collect();
    let mut seen = std::collections::BTreeSet::new();
    let mut unjudged = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).filter(|n| Path::new(n).extension().is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"))).collect();
    files.sort();
    for file in files {
        let yaml = std::fs::read_to_string(dir.join(&file)).unwrap();
        let report = review(&yaml, None, &Options::default());
        for f in report.findings.iter().filter(|f| f.severity >= casebook_rules::Severity::Warning) {
            let r = &f.resource;
            let res = match &r.namespace {
                Some(ns) => format!("{}/{ns}/{}", r.kind, r.name),
                None => format!("{}/{}", r.kind, r.name),
            };
            let key = (file.clone(), f.rule.to_string(), res);
            match verdicts.get(&key).map(String::as_str) {
                None => unjudged.push(key.clone()),
                Some("false") => panic!("a finding judged false is back: {key:?}: {}", f.message),
                Some(_) => {}
            }
            seen.insert(key);
        }
    }
    assert!(unjudged.is_empty(), "error/warning findings with no verdict in eval/realworld-verdicts.tsv: {unjudged:?}");
    let stale: Vec<_> = verdicts.keys().filter(|k| !seen.contains(*k)).collect();
    assert!(stale.is_empty(), "verdicts that match no finding: {stale:?}");
}

#[test]
fn polaris_agreement_on_covered_checks_is_as_recorded() {
    let Some(dir) = realworld() else { return };
    let coverage: BTreeMap<String, Vec<String>> = tsv(&root().join("eval/polaris-coverage.tsv"))
        .into_iter()
        .map(|r| (r["check"].clone(), r.get("rules").map(|s| s.split(',').filter(|x| !x.is_empty()).map(str::to_string).collect()).unwrap_or_default()))
        .collect();
    let recorded_path = root().join("eval/polaris-disagreements.tsv");
    let recorded: BTreeMap<(String, String), String> = if recorded_path.exists() {
        tsv(&recorded_path).into_iter().map(|r| ((r["check"].clone(), r["file"].clone()), r.get("reason").cloned().unwrap_or_default())).collect()
    } else {
        BTreeMap::new()
    };
    let mut found = BTreeMap::new();
    let (mut agree, mut total) = (0, 0);
    for row in tsv(&dir.join("polaris-expected.tsv")) {
        let Some(rules) = coverage.get(&row["check"]).filter(|r| !r.is_empty()) else { continue };
        let yaml = std::fs::read_to_string(dir.join(&row["file"])).unwrap();
        let report = review(&yaml, None, &Options { only: rules.clone(), ..Options::default() });
        let got = if report.findings.is_empty() { "pass" } else { "fail" };
        total += 1;
        if got == row["expected"] {
            agree += 1;
        } else {
            let key = (row["check"].clone(), row["file"].clone());
            let reason = recorded.get(&key).cloned().unwrap_or_default();
            found.insert(key, (row["expected"].clone(), reason));
        }
    }
    eprintln!("agreement on covered Polaris checks: {agree}/{total}");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        let mut out = String::from("# Polaris check fixtures where Casebook's covering rules disagree, checked by crates/rules/tests/realworld.rs.\n# expected: Polaris's outcome. reason: why Casebook differs.\ncheck\tfile\texpected\treason\n");
        for ((c, f), (e, r)) in &found {
            let _ = writeln!(out, "{c}\t{f}\t{e}\t{r}");
        }
        std::fs::write(&recorded_path, out).unwrap();
        return;
    }
    let new: Vec<_> = found.keys().filter(|k| !recorded.contains_key(*k)).collect();
    let gone: Vec<_> = recorded.keys().filter(|k| !found.contains_key(*k)).collect();
    assert!(new.is_empty(), "new disagreements with Polaris: {new:?}");
    assert!(gone.is_empty(), "recorded disagreements that no longer happen (rerun with UPDATE_SNAPSHOTS=1): {gone:?}");
    assert!(found.values().all(|(_, r)| !r.is_empty()), "a disagreement has no reason in {}", recorded_path.display());
}
