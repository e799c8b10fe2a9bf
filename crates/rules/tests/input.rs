//! Every kind of input the review accepts, and every kind of bad input it
//! refuses with a clear message that names a line.

use casebook_rules::{review, Options, Report};
use std::fmt::Write;

fn check(yaml: &str) -> Report {
    review(yaml, None, &Options::default())
}

#[test]
fn kubectl_list_output_with_noise_is_expanded_and_positions_stay_exact() {
    let yaml = r#"apiVersion: v1
kind: List
metadata:
  resourceVersion: ""
items:
- apiVersion: apps/v1
  kind: Deployment
  metadata:
    name: web
    namespace: prod
    managedFields:
    - manager: kubectl
      operation: Update
      fieldsV1: {f:spec: {f:replicas: {}}}
    resourceVersion: "123"
  spec:
    replicas: 1
    selector: {matchLabels: {app: web}}
    template:
      metadata: {labels: {app: web}}
      spec:
        containers:
        - name: web
          image: nginx:latest
  status:
    availableReplicas: 1
"#;
    let r = check(yaml);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.objects, 1);
    let f = r.findings.iter().find(|f| f.rule == "image-mutable-or-always-pulled").unwrap();
    assert_eq!((f.line, f.column), (24, 18));
    assert_eq!(f.resource.namespace.as_deref(), Some("prod"));
}

#[test]
fn helm_output_and_multi_documents_with_one_broken_document() {
    let yaml = "---\n# Source: chart/templates/cm.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\n# Source: chart/templates/broken.yaml\nkind: Pod\nmetadata: {name: [oops\n---\n# Source: chart/templates/pod.yaml\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: nginx}]}\n";
    let r = check(yaml);
    assert_eq!(r.objects, 2, "the good documents are still checked");
    assert_eq!(r.errors.len(), 1);
    assert!(r.errors[0].line >= 9 && r.errors[0].message.contains("malformed"), "{:?}", r.errors);
    assert!(r.findings.iter().any(|f| f.line == 15), "findings in the document after the broken one");
}

#[test]
fn yaml_that_is_not_kubernetes_is_an_error_with_a_line() {
    let r = check("name: my-app\nversion: 1.2\n");
    assert_eq!(r.errors.len(), 1);
    assert!(r.errors[0].message.contains("not a Kubernetes object"), "{:?}", r.errors);
    let r = check("- just\n- a list\n");
    assert!(r.errors[0].message.contains("not a Kubernetes object"));
}

#[test]
fn unknown_kinds_are_notices_not_errors() {
    let r = check("apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n");
    assert!(r.errors.is_empty());
    assert_eq!(r.notices.len(), 1);
    assert!(r.notices[0].message.contains("Widget"));
}

#[test]
fn oversized_binary_deep_and_bomb_inputs_are_refused_clearly() {
    let huge = "a: b\n".repeat(20 * 1024 * 1024 / 5);
    let r = check(&huge);
    assert!(r.errors[0].message.contains("MB"), "{:?}", r.errors[0]);
    let r = check("apiVersion: v1\n\u{0}\u{1}\u{2}garbage");
    assert!(r.errors[0].message.contains("binary"));
    assert_eq!(r.errors[0].line, 2);
    let r = check(&format!("a: {}", "[".repeat(1000)));
    assert!(r.errors[0].message.contains("deep"), "{:?}", r.errors);
    let mut bomb = String::from("a: &a [x,x,x,x,x,x,x,x,x]\n");
    for (n, p) in ["b", "c", "d", "e", "f", "g", "h", "i"].iter().zip(["a", "b", "c", "d", "e", "f", "g", "h"]) {
        let _ = writeln!(bomb, "{n}: &{n} [*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p}]");
    }
    let r = check(&bomb);
    assert!(r.errors[0].message.contains("alias bomb"), "{:?}", r.errors);
    let r = check("");
    assert!(r.errors[0].message.contains("empty"));
}

#[test]
fn suppression_on_the_pod_template_is_counted_not_dropped() {
    let yaml = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: w}\nspec:\n  selector: {matchLabels: {app: w}}\n  template:\n    metadata:\n      labels: {app: w}\n      annotations:\n        casebook.dev/ignore: memory-limit-missing, resource-requests-missing\n    spec:\n      containers: [{name: c, image: 'nginx:1.25'}]\n";
    let r = check(yaml);
    assert!(r.findings.iter().all(|f| f.rule != "memory-limit-missing" && f.rule != "resource-requests-missing"));
    assert_eq!(r.suppressed_findings.len(), 2);
    assert!(r.suppressed_findings.iter().all(|f| f.suppressed.as_deref() == Some("no reason given")));
}

#[test]
fn severity_policy_overrides_and_filters() {
    let yaml = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: 'nginx:1.25'}]}\n";
    let base = check(yaml);
    assert!(base.findings.iter().any(|f| f.rule == "memory-limit-missing"));
    let opts = Options { min_severity: casebook_rules::Severity::Error, ..Options::default() };
    assert!(review(yaml, None, &opts).findings.is_empty());
    let opts = Options {
        min_severity: casebook_rules::Severity::Error,
        overrides: vec![("memory-limit-missing".into(), casebook_rules::Severity::Error)],
        ..Options::default()
    };
    let r = review(yaml, None, &opts);
    assert_eq!(r.findings.len(), 1);
    assert_eq!(r.findings[0].severity, casebook_rules::Severity::Error);
}

#[test]
fn secret_values_are_redacted_in_frames() {
    let yaml = "apiVersion: v1\nkind: Secret\nmetadata: {name: s}\nstringData:\n  password: hunter2hunter2\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    image: 'nginx:1.25'\n    env:\n    - {name: DB_PASSWORD, value: hunter2hunter2}\n";
    let r = check(yaml);
    for f in &r.findings {
        assert!(!f.frame.contains("hunter2") && !f.message.contains("hunter2"), "{f:?}");
    }
    assert!(r.findings.iter().any(|f| f.rule == "secret-literal-env" && f.frame.contains("[redacted]")));
}

#[test]
fn a_service_whose_pods_may_come_from_an_unmodeled_owner_is_reported_not_checked() {
    let app = r#"apiVersion: v1
kind: Service
metadata: {name: redis, namespace: cache}
spec:
  selector: {app: redis, role: master}
  ports: [{port: 6379}]
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: redis-sentinel, namespace: cache}
spec:
  replicas: 3
  selector: {matchLabels: {app: redis}}
  template:
    metadata: {labels: {app: redis}}
    spec:
      containers: [{name: sentinel, image: "redis:7.2"}]
"#;
    let only = Options { only: vec!["service-selector-extra-label".into()], ..Options::default() };
    let alone = review(app, None, &only);
    assert_eq!(alone.findings.len(), 1, "{:#?}", alone.findings);
    assert!(alone.notices.iter().all(|n| !n.message.contains("not checked:")));

    let with_operator = format!("{app}---\napiVersion: databases.spotahome.com/v1\nkind: RedisFailover\nmetadata: {{name: redis, namespace: cache}}\nspec:\n  redis: {{replicas: 3}}\n");
    let report = review(&with_operator, None, &only);
    assert!(report.findings.is_empty(), "{:#?}", report.findings);
    let notice = report.notices.iter().find(|n| n.message.starts_with("[service-selector-extra-label] not checked:")).expect("a not-checked notice");
    assert!(notice.message.contains("RedisFailover"), "{}", notice.message);
    assert_eq!(notice.line, 3, "at the Service");

    let elsewhere = with_operator.replace("namespace: cache}\nspec:\n  redis", "namespace: other}\nspec:\n  redis");
    assert_eq!(review(&elsewhere, None, &only).findings.len(), 1, "an owner in another namespace does not hide the finding");
}

/// Every refusal of bad input, read in Korean: the same problems at the same
/// lines, each in Korean and keeping every value of its English.
#[test]
fn input_problems_read_in_korean_and_keep_every_value() {
    use casebook_model::Lang;
    let hangul = |s: &str| s.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c));
    let unknown_kind = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n";
    let inputs: Vec<(&str, String, Option<&str>, Option<&str>)> = vec![
        ("malformed", "a: 1\nb: [1, 2\nc: 3\n".into(), None, None),
        ("bad indentation", "a:\n  b: 1\n c: 2\n".into(), None, None),
        ("tab", "a:\n\tb: 1\n".into(), None, None),
        ("not an object", "- 1\n- 2\n".into(), None, None),
        ("no kind", "apiVersion: v1\nmetadata: {name: x}\n".into(), None, None),
        ("empty", "   \n".into(), None, None),
        ("binary", "a: 1\nb: \u{1}\n".into(), None, None),
        ("too large", "x".repeat(casebook_rules::MAX_INPUT_BYTES + 1), None, None),
        ("unknown kind", unknown_kind.into(), None, None),
        ("broken before", unknown_kind.into(), Some("a: [\n"), None),
        ("config typo", unknown_kind.into(), None, Some("[rules]\npdb-mising = \"off\"\n")),
        ("config value", unknown_kind.into(), None, Some("min-severity = \"loud\"\n")),
    ];
    for (what, after, before, config) in inputs {
        let en = casebook_rules::review_configured(&after, before, config, None, Lang::En);
        let ko = casebook_rules::review_configured(&after, before, config, None, Lang::Ko);
        let problems = |r: &Report| r.errors.iter().chain(&r.notices).map(|e| (e.line, e.column, e.message.clone())).collect::<Vec<_>>();
        let (en, ko) = (problems(&en), problems(&ko));
        assert!(!en.is_empty(), "{what}: no problem reported");
        assert_eq!(en.len(), ko.len(), "{what}");
        for ((el, ec, e), (kl, kc, k)) in en.iter().zip(&ko) {
            assert_eq!((el, ec), (kl, kc), "{what}");
            assert!(hangul(k), "{what}: the Korean problem is in English: {k}");
            let missing = casebook_model::missing_tokens(e, k);
            assert!(missing.is_empty(), "{what}: the Korean drops {missing:?}\n en: {e}\n ko: {k}");
        }
    }
}
