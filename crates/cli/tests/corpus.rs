//! Invariants over the whole case library, and the rules' grounding in it.

use casebook_model::{load_cases_dir, Vocabulary};
use std::collections::HashSet;
use std::path::Path;

fn corpus() -> Vec<casebook_model::Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cases");
    load_cases_dir(&dir, &Vocabulary::builtin().unwrap()).unwrap_or_else(|e| panic!("the corpus must validate:\n{e}"))
}

#[test]
fn every_case_validates_has_a_source_and_unique_names() {
    let cases = corpus();
    assert!(cases.len() >= 150, "{} cases; the library promises at least 150", cases.len());
    let mut names = HashSet::new();
    for c in &cases {
        assert!(!c.sources.is_empty(), "{} has no source", c.id);
        assert!(!c.checked.is_empty(), "{} does not say when it was checked", c.id);
        for n in std::iter::once(&c.id).chain(&c.aliases) {
            assert!(names.insert(n.to_lowercase()), "{n} is used twice");
        }
    }
}

#[test]
fn seed_cases_keep_their_aliases() {
    let cases = corpus();
    for alias in ["IL-0136", "IL-0346", "IL-0192", "IL-0473", "IL-0513", "IL-0191"] {
        assert!(cases.iter().any(|c| c.aliases.iter().any(|a| a == alias)), "no case carries {alias}");
    }
    assert!(cases.iter().any(|c| c.id == "2025-10-19-aws-dynamodb-dns-us-east-1"));
}

#[test]
fn at_least_80_cases_are_cloud_or_kubernetes() {
    let cloud = ["aws", "gcp", "azure", "other-cloud", "kubernetes", "eks", "gke", "aks", "openshift", "paas"];
    let n = corpus().iter().filter(|c| c.platform.iter().any(|p| cloud.contains(&p.as_str()))).count();
    assert!(n >= 80, "only {n} cloud-native cases");
}

#[test]
fn every_rule_is_grounded_in_cases_that_exist() {
    let ids: HashSet<String> = corpus().into_iter().map(|c| c.id).collect();
    for r in casebook_rules::rules() {
        for c in r.cases {
            assert!(ids.contains(*c), "rule {} is grounded in {c}, which is not in cases/", r.id);
        }
    }
}
