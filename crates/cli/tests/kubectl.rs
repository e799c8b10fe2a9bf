//! `casebook check --kubectl` against a stand-in `kubectl` on `PATH` that
//! serves recorded `kubectl get -o yaml` output and logs every call.

use assert_cmd::Command;
use std::path::PathBuf;

fn standin() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/kubectl")
}

fn run(args: &[&str], fail: bool) -> (std::process::Output, Vec<String>) {
    let log = tempfile::NamedTempFile::new().unwrap();
    let path = format!("{}:{}", standin().display(), std::env::var("PATH").unwrap_or_default());
    let cwd = tempfile::tempdir().unwrap();
    let mut c = Command::cargo_bin("casebook").unwrap();
    c.current_dir(cwd.path()).env("PATH", path).env("KUBECTL_LOG", log.path()).args(args);
    if fail {
        c.env("KUBECTL_FAIL", "1");
    }
    let out = c.output().unwrap();
    let calls = std::fs::read_to_string(log.path()).unwrap().lines().map(str::to_string).collect();
    (out, calls)
}

#[test]
fn reviews_what_read_only_kubectl_get_commands_print() {
    let (out, calls) = run(&["check", "--kubectl", "--context", "prod", "-n", "shop", "--format", "json"], false);
    assert_eq!(out.status.code(), Some(1), "findings: {}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let findings = v["findings"].as_array().unwrap();
    let has = |rule: &str, name: &str| findings.iter().any(|f| f["rule"] == rule && f["resource"]["name"] == name);
    assert!(has("single-replica-behind-service", "web"), "{findings:#?}");
    assert!(has("cluster-admin-binding", "tools-admin"), "{findings:#?}");
    assert_eq!(v["objects"], 3);
    assert!(v["errors"].as_array().unwrap().is_empty());
    // Every call reads: `get ... -o yaml`, in the given context; the namespaced ones in the namespace.
    assert!(calls.len() >= 3, "{calls:?}");
    for c in &calls {
        assert!(c.starts_with("--context prod get ") && c.contains(" -o yaml"), "{c}");
        assert!(!c.split([' ', ',']).any(|w| w == "secrets"), "never reads Secrets: {c}");
    }
    assert!(calls[0].ends_with("-n shop"), "{}", calls[0]);
    assert!(!calls[1].contains("-n "), "cluster-scoped kinds are read cluster-wide: {}", calls[1]);
}

#[test]
fn all_namespaces_is_the_default_and_a_kubectl_failure_is_reported() {
    let (out, calls) = run(&["check", "--kubectl"], false);
    assert_eq!(out.status.code(), Some(1));
    assert!(calls[0].starts_with("get ") && calls[0].ends_with("-A"), "{}", calls[0]);
    let (out, _) = run(&["check", "--kubectl", "-n", "shop"], true);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("Unauthorized") && err.contains("kubectl get deployments"), "{err}");
}

#[test]
fn kubectl_options_are_checked() {
    let (out, calls) = run(&["check", "--kubectl", "--namespace=--kubeconfig=/etc/x"], false);
    assert_eq!(out.status.code(), Some(2));
    assert!(calls.is_empty(), "nothing is run for an unusable namespace: {calls:?}");
    let mut c = Command::cargo_bin("casebook").unwrap();
    let out = c.args(["check", "--kubectl", "--before", "x.yaml"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}
