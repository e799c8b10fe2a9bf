//! The `casebook` binary end to end: commands, output shapes and exit codes.

use assert_cmd::Command;
use serde_json::Value;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn casebook() -> Command {
    let mut c = Command::cargo_bin("casebook").unwrap();
    c.current_dir(root());
    c
}

fn json(args: &[&str]) -> Value {
    let out = casebook().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn show_resolves_an_alias_to_its_case() {
    let v = json(&["show", "IL-0136", "--json"]);
    assert_eq!(v["id"], "2026-09-29-azure-openai-sweden-central");
    assert!(v["sources"][0]["url"].as_str().unwrap().starts_with("https://"));
    casebook().args(["show", "IL-9999"]).assert().code(2).stderr(predicates::str::contains("IL-9999"));
}

#[test]
fn search_json_has_the_documented_shape_and_filters() {
    let v = json(&["search", "dns", "--json", "--limit", "3", "--component", "dns"]);
    let results = v["results"].as_array().unwrap();
    assert!(!results.is_empty() && results.len() <= 3);
    for r in results {
        assert!(r["id"].is_string() && r["title"].is_string() && r["score"].is_number());
    }
}

#[test]
fn similar_json_lists_reasons() {
    let v = json(&["similar", "IL-0346", "--json"]);
    let related = v["related"].as_array().unwrap();
    assert!(!related.is_empty());
    assert!(related.iter().all(|r| !r["reasons"].as_array().unwrap().is_empty()));
}

#[test]
fn check_exit_codes_follow_the_contract() {
    let clean = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: b}\n";
    casebook().args(["check", "-"]).write_stdin(clean).assert().code(0);
    let bad = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: nginx}]}\n";
    casebook().args(["check", "-"]).write_stdin(bad).assert().code(1);
    casebook().args(["check", "-", "--min-severity", "error"]).write_stdin(bad).assert().code(0);
    casebook().args(["check", "-"]).write_stdin("kind: [").assert().code(2);
    casebook().args(["check", "-"]).write_stdin(vec![0xff, 0xfe, 0x00, 0x01]).assert().code(2).stderr(predicates::str::contains("not UTF-8"));
    casebook().args(["check", "-", "--min-severity", "loud"]).write_stdin(bad).assert().code(2);
    casebook().args(["check", "-", "--only", "no-such-rule"]).write_stdin(bad).assert().code(2);
}

#[test]
fn check_json_has_the_documented_shape_and_counts_suppressions() {
    let yaml = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  annotations:\n    casebook.dev/ignore: image-mutable-or-always-pulled\n    casebook.dev/ignore-reason: pinned by digest upstream\nspec:\n  containers: [{name: c, image: nginx}]\n";
    let out = casebook().args(["check", "-", "--format", "json"]).write_stdin(yaml).output().unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["suppressed"], 1);
    assert_eq!(v["suppressed_findings"][0]["suppressed"], "pinned by digest upstream");
    let f = &v["findings"][0];
    for key in ["rule", "severity", "line", "column", "message", "cases"] {
        assert!(!f[key].is_null(), "finding lacks {key}: {f}");
    }
    assert_eq!(f["resource"]["kind"], "Pod");
    assert!(v["errors"].as_array().unwrap().is_empty());
}

#[test]
fn secrets_are_never_echoed() {
    let yaml = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n    - name: c\n      image: nginx:1.25\n      env:\n        - {name: API_TOKEN, value: s3cr3t-value}\n";
    for format in ["text", "json", "sarif", "markdown"] {
        let out = casebook().args(["check", "-", "--format", format]).write_stdin(yaml).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("secret-literal-env"), "{format}");
        assert!(!text.contains("s3cr3t-value"), "{format} output leaks the secret:\n{text}");
    }
}

#[test]
fn rules_lists_every_rule_with_cases() {
    let v = json(&["rules", "--json"]);
    let rules = v["rules"].as_array().unwrap();
    assert!(rules.len() >= 25);
    assert!(rules.iter().all(|r| !r["cases"].as_array().unwrap().is_empty()));
}

#[test]
fn validate_reports_every_problem_with_file_and_field() {
    let dir = tempfile::tempdir().unwrap();
    let cases = dir.path().join("cases");
    std::fs::create_dir(&cases).unwrap();
    std::fs::write(cases.join("2025-01-01-bad.toml"), "id = \"2025-01-01-bad\"\ntitle = \"t\"\ncause = \"gremlins\"\nstart = \"2025-01-02\"\nend = \"2025-01-01\"\n").unwrap();
    std::fs::write(cases.join("broken.toml"), "id = \n").unwrap();
    let out = casebook().args(["validate", "--cases"]).arg(&cases).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    for want in ["2025-01-01-bad.toml: cause:", "2025-01-01-bad.toml: end:", "2025-01-01-bad.toml: sources:", "2025-01-01-bad.toml: summary:", "broken.toml: toml (line 1)"] {
        assert!(err.contains(want), "missing {want:?} in:\n{err}");
    }
    // build refuses too, and writes nothing.
    let out_dir = dir.path().join("site");
    casebook().args(["build", "--cases"]).arg(&cases).arg("--out").arg(&out_dir).assert().code(1);
    assert!(!out_dir.exists());
}

#[test]
fn build_writes_the_bundle_and_the_static_json_export() {
    let dir = tempfile::tempdir().unwrap();
    casebook().args(["build", "--date", "2026-11-29", "--out"]).arg(dir.path()).assert().success();
    let head = std::fs::read(dir.path().join("casebook.bin")).unwrap();
    let body = std::fs::read(dir.path().join("casebook.body.bin")).unwrap();
    assert_eq!((&head[..8], &body[..8]), (&b"CASEBOOK"[..], &b"CASEBODY"[..]));
    // The head alone holds every case's title and terms, and no summary.
    let first = casebook_bundle::Bundle::decode_head(&head).unwrap();
    assert!(first.cases.len() > 400 && first.cases.iter().all(|c| !c.title.is_empty() && c.summary.is_empty()));
    assert!(head.len() * 8 < body.len(), "the head is {} bytes against the body's {}", head.len(), body.len());
    // The app's rule pages read the rules' docs from the bundle, not from the rules' code.
    let bundle = first.with_bodies(&body).unwrap();
    let built = casebook_bundle::Bundle::decode(&[head.clone(), body.clone()].concat()).unwrap();
    assert_eq!(bundle, built, "the two files are the whole bundle");
    assert!(bundle.cases.iter().all(|c| !c.summary.is_empty() && !c.sources.is_empty()));
    let ids: Vec<&str> = bundle.rules.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, casebook_rules::rules().iter().map(|r| r.id).collect::<Vec<_>>());
    for r in &bundle.rules {
        assert!(r.section("Why it matters").is_some_and(|s| !s.is_empty()) && !r.cases.is_empty(), "{}", r.id);
        assert!(!bundle.rules_for_cases(&[r.cases[0].as_str()]).is_empty(), "{}", r.id);
    }
    let case: Value = serde_json::from_slice(&std::fs::read(dir.path().join("api/cases/2025-11-05-render-oregon-404.json")).unwrap()).unwrap();
    assert_eq!(case["aliases"][0], "IL-0346");
    let sim: Value = serde_json::from_slice(&std::fs::read(dir.path().join("api/similar/2025-11-05-render-oregon-404.json")).unwrap()).unwrap();
    assert!(sim["related"].is_array());
    // The CLI reads the built bundle exactly as the app does.
    let out = casebook().args(["show", "IL-0346", "--json", "--bundle"]).arg(dir.path().join("casebook.bin")).output().unwrap();
    assert!(out.status.success());
}

#[test]
fn korean_search_finds_the_sweden_central_case_first() {
    let v = json(&["--lang", "ko", "search", "헬스 체크 재시작 루프", "--json"]);
    assert_eq!(v["results"][0]["id"], "2026-09-29-azure-openai-sweden-central", "{v}");
    assert!(v["results"][0]["title"].as_str().unwrap().contains("헬스 체크"), "{v}");
}

#[test]
fn korean_show_check_and_rules_speak_korean() {
    let out = casebook().args(["--lang", "ko", "show", "IL-0136"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("영향: ") && text.contains("타임라인:") && text.contains("10:03"), "{text}");
    let out = casebook()
        .args(["--lang", "ko", "check", "-", "--no-config"])
        .write_stdin("apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers:\n    - name: c\n      image: nginx:latest\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("변경 가능한 이미지 nginx:latest") && text.contains("= 고치는 법: ") && text.contains("검사한 객체 1개"), "{text}");
    let out = casebook().args(["--lang", "ko", "rules", "pdb-missing"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("## 왜 중요한가") && text.contains("근거 장애: "), "{text}");
    casebook().args(["--lang", "fr", "rules"]).assert().code(2).stderr(predicates::str::contains("en, ko"));
    let out = casebook().args(["--lang", "ko", "check", "-", "--no-config"]).write_stdin("a:\n  b: 1\n c: 2\n").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("<stdin>:3:2: 입력 오류: YAML 형식이 잘못되었다: 블록 매핑을 읽는 중 기대한 키를 찾지 못했다"), "{text}");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".casebook.toml"), "[rules]\npdb-mising = \"off\"\n").unwrap();
    let out = casebook().current_dir(dir.path()).args(["--lang", "ko", "check", "-"]).write_stdin("apiVersion: v1\nkind: Pod\n").output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("2행: \"pdb-mising\"라는 규칙이 없다"), "{err}");
}

#[test]
fn build_writes_one_library_per_locale_and_a_bundle_answers_only_in_its_own() {
    let out = tempfile::tempdir().unwrap();
    casebook().args(["build", "--out"]).arg(out.path()).args(["--date", "2026-12-01"]).assert().success();
    let ko = out.path().join("casebook.ko.bin");
    let v = json(&["--lang", "ko", "search", "장애", "--json", "--bundle", ko.to_str().unwrap()]);
    assert!(v["results"].as_array().is_some_and(|r| !r.is_empty()), "{v}");
    casebook().args(["search", "dns", "--bundle"]).arg(&ko).assert().failure().stderr(predicates::str::contains("ko library"));
    // A head whose body is gone is named, with the body it looked for.
    std::fs::remove_file(out.path().join("casebook.ko.body.bin")).unwrap();
    casebook().args(["--lang", "ko", "search", "dns", "--bundle"]).arg(&ko).assert().failure().stderr(predicates::str::contains("casebook.ko.body.bin"));
}
