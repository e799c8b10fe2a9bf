use super::*;
use std::sync::OnceLock;

/// The real library, built from the case files.
fn lib() -> &'static Bundle {
    static B: OnceLock<Bundle> = OnceLock::new();
    B.get_or_init(|| {
        let vocab = casebook_model::Vocabulary::builtin().unwrap();
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cases");
        let cases = casebook_model::load_cases_dir(&dir, &vocab).unwrap();
        Bundle::build(cases, vocab, "2026-12-01").with_rules(casebook_rules::rules().iter().map(|r| r.doc()).collect())
    })
}

#[test]
fn search_ranks_filters_and_refuses_bad_filters() {
    let b = lib();
    let all = search(b, "dns", &Filters::default(), Some(5)).unwrap();
    assert_eq!(all.results.len(), 5);
    assert!(all.total >= 5);
    assert!(all.results.windows(2).all(|w| w[0].score >= w[1].score));
    let k8s = Filters { platform: vec!["kubernetes".into()], ..Filters::default() };
    let some = search(b, "dns", &k8s, Some(100)).unwrap();
    assert!(some.total < all.total && some.total > 0);
    for h in &some.results {
        assert!(b.cases[b.find(&h.id).unwrap()].platform.contains(&"kubernetes".to_string()), "{}", h.id);
    }
    let typo = Filters { component: vec!["dnss".into()], ..Filters::default() };
    assert!(matches!(search(b, "dns", &typo, None), Err(Error::BadRequest(m)) if m.contains("dnss") && m.contains("vocab")));
    assert!(matches!(search(b, "dns", &Filters::default(), Some(0)), Err(Error::BadRequest(_))));
    assert!(matches!(search(b, "dns", &Filters::default(), Some(101)), Err(Error::BadRequest(_))));
    assert!(matches!(search(b, &"x".repeat(2000), &Filters::default(), None), Err(Error::BadRequest(_))));
    let mut f = Filters::default();
    assert!(f.push("colour", "red").is_err());
    f.push("year", "2025").unwrap();
    assert!(search(b, "", &f, None).unwrap().results.iter().all(|h| h.date.starts_with("2025")));
}

#[test]
fn list_pages_through_every_match_once_newest_first() {
    let b = lib();
    let p = ListParams { filters: Filters { platform: vec!["kubernetes".into()], ..Filters::default() }, limit: Some(40), ..ListParams::default() };
    let mut seen = Vec::new();
    let mut page = list(b, &p).unwrap();
    let total = page.total;
    loop {
        seen.extend(page.cases.iter().map(|c| c.id.clone()));
        let Some(next) = page.next_cursor.clone() else { break };
        page = list(b, &ListParams { cursor: Some(next), ..p.clone() }).unwrap();
    }
    assert_eq!(seen.len(), total);
    let mut dedup = seen.clone();
    dedup.sort();
    dedup.dedup();
    assert_eq!(dedup.len(), total, "no case twice");
    let dates: Vec<&str> = seen.iter().map(|id| b.cases[b.find(id).unwrap()].sort_date()).collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "newest first");

    let range = list(b, &ListParams { from: Some("2025".into()), to: Some("2025-06".into()), limit: Some(100), ..ListParams::default() }).unwrap();
    assert!(range.total > 0);
    for c in &range.cases {
        let d = b.cases[b.find(&c.id).unwrap()].sort_date();
        assert!(("2025".."2025-07").contains(&d), "{} {d}", c.id);
    }
    for bad_cursor in ["o99999", "12", "x", ""] {
        assert!(matches!(list(b, &ListParams { cursor: Some(bad_cursor.into()), ..ListParams::default() }), Err(Error::BadRequest(_))), "{bad_cursor}");
    }
    assert!(list(b, &ListParams { from: Some("2025-13-01".into()), ..ListParams::default() }).is_err());
    assert!(list(b, &ListParams { to: Some("yesterday".into()), ..ListParams::default() }).is_err());
}

#[test]
fn cases_resolve_by_id_and_alias_and_unknown_ones_suggest() {
    let b = lib();
    let c = b.cases.iter().find(|c| !c.aliases.is_empty()).unwrap();
    assert_eq!(case(b, &c.aliases[0]).unwrap().id, c.id);
    assert_eq!(case(b, &c.id.to_uppercase()).unwrap().id, c.id);
    let Err(Error::NotFound(m)) = case(b, "2017-07-21-universe") else { panic!() };
    assert!(m.contains("did you mean: 2017-07-21-universe-kubernetes-job-node-exhaustion"), "{m}");
    assert!(matches!(case(b, &"a".repeat(500)), Err(Error::BadRequest(_))));
    let s = similar(b, &c.id, Some(3)).unwrap();
    assert!(s.related.len() <= 3 && !s.related.is_empty());
    assert!(s.related.iter().all(|r| !r.reasons.is_empty() && r.id != c.id));
}

#[test]
fn topics_match_the_cases_that_carry_the_term() {
    let b = lib();
    let t = topic(b, "component", "dns").unwrap();
    let n = b.cases.iter().filter(|c| c.components.iter().any(|x| x == "dns")).count();
    assert_eq!(t.count, n);
    assert_eq!(t.years.iter().map(|y| y.cases.len()).sum::<usize>(), n);
    assert!(t.years.windows(2).all(|w| w[0].year > w[1].year));
    assert!(!t.definition.is_empty());
    let probes = topic(b, "component", "health-checks").unwrap();
    assert!(!probes.rules.is_empty(), "probe rules are grounded in health-check cases");
    assert!(probes.rules.iter().all(|r| r.cases.iter().any(|c| probes.years.iter().flat_map(|y| &y.cases).any(|x| &x.id == c))));
    assert!(matches!(topic(b, "colour", "dns"), Err(Error::BadRequest(_))));
    assert!(matches!(topic(b, "component", "nope"), Err(Error::NotFound(_))));
}

#[test]
fn vocab_and_rules_are_whole() {
    let b = lib();
    let v = vocab(b);
    assert_eq!(v.kinds.len(), VocabKind::ALL.len());
    assert!(v.kinds.iter().all(|k| !k.terms.is_empty()));
    let r = rules();
    assert_eq!(r.rules.len(), casebook_rules::rules().len());
    let one = rule(&r.rules[0].id).unwrap();
    assert!(one.docs.contains("## Why it matters") && !one.fix.is_empty());
    assert!(matches!(rule("no-such-rule"), Err(Error::NotFound(_))));
}

#[test]
fn check_is_the_cli_json_and_refuses_bad_parameters() {
    let yaml = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: 1\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers: [{name: web, image: nginx}]\n---\napiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec: {selector: {app: web}, ports: [{port: 80}]}\n";
    let got = check(&CheckParams { yaml: yaml.into(), ..CheckParams::default() }).unwrap();
    let report = casebook_rules::review(yaml, None, &Options::default());
    assert_eq!(serde_json::to_value(&got).unwrap(), casebook_rules::to_json(&report));
    assert!(got.findings.iter().any(|f| f.rule == "single-replica-behind-service" && f.line == 5 && !f.fix.is_empty() && !f.cases.is_empty()));
    let warn = check(&CheckParams { yaml: yaml.into(), min_severity: Some("warning".into()), ..CheckParams::default() }).unwrap();
    assert!(warn.findings.iter().all(|f| f.severity >= Severity::Warning));
    assert!(check(&CheckParams { yaml: yaml.into(), min_severity: Some("loud".into()), ..CheckParams::default() }).is_err());
    assert!(check(&CheckParams { yaml: yaml.into(), kube_version: Some("1.2".into()), ..CheckParams::default() }).is_err());
    assert!(matches!(check(&CheckParams { yaml: "a".repeat(casebook_rules::MAX_INPUT_BYTES + 1), ..CheckParams::default() }), Err(Error::TooLarge(_))));
    let broken = check(&CheckParams { yaml: "kind: [".into(), ..CheckParams::default() }).unwrap();
    assert!(!broken.errors.is_empty());
}

#[test]
fn answers_have_object_schemas() {
    for s in [schemars::schema_for!(SearchAnswer), schemars::schema_for!(ListAnswer), schemars::schema_for!(CheckAnswer), schemars::schema_for!(Case), schemars::schema_for!(TopicAnswer)] {
        assert_eq!(s.as_value()["type"], "object", "{}", serde_json::to_string(&s).unwrap());
    }
}

#[test]
fn the_kubectl_plan_only_reads_and_never_reads_secrets() {
    let plan = kubectl_plan(Some("prod"), Some("shop")).unwrap();
    for c in &plan.commands {
        let verb = c.iter().find(|a| !a.starts_with('-') && *a != "prod").unwrap();
        assert_eq!(verb, "get", "{c:?}");
        assert!(c.windows(2).any(|w| w == ["-o", "yaml"]), "{c:?}");
        assert!(c.windows(2).any(|w| w == ["--context", "prod"]), "{c:?}");
        assert!(!c.iter().any(|a| a.split(',').any(|k| k == "secrets" || k == "secret")), "{c:?}");
    }
    assert!(plan.commands[0].windows(2).any(|w| w == ["-n", "shop"]));
    assert!(kubectl_plan(None, None).unwrap().commands[0].contains(&"-A".to_string()));
    for bad_name in ["--kubeconfig=/tmp/x", "a b", "", "x;rm"] {
        assert!(kubectl_plan(None, Some(bad_name)).is_err(), "{bad_name}");
        assert!(kubectl_plan(Some(bad_name), None).is_err(), "{bad_name}");
    }
}

#[test]
fn filters_take_one_value_or_many() {
    let f: Filters = serde_json::from_str(r#"{"component": "dns", "year": 2025, "platform": ["kubernetes", "aws"]}"#).unwrap();
    assert_eq!(f.component, ["dns"]);
    assert_eq!(f.year, ["2025"]);
    assert_eq!(f.platform, ["kubernetes", "aws"]);
    assert!(serde_json::from_str::<Filters>(r#"{"component": {"x": 1}}"#).is_err());
}
