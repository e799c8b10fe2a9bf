use super::{container_name, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "secret-literal-env",
    title: "Secret passed as a literal environment value",
    category: Category::Security,
    severity: Severity::Error,
    cases: &["2026-03-24-litellm-ci-trivy-pypi-token-theft", "2021-01-31-codecov-bash-uploader-compromise", "2022-12-29-circleci-session-token-theft"],
    fix: "Move the value into a Secret and reference it with `valueFrom: {secretKeyRef: {name: <secret>, key: <key>}}`.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags `env` entries whose name looks like a credential (`PASSWORD`, `SECRET`,
`TOKEN`, `API_KEY`, `ACCESS_KEY`, `PRIVATE_KEY`, `CREDENTIALS`) and whose value
is written literally in the manifest, and any `env` value that holds a private
key block (`-----BEGIN ... PRIVATE KEY-----`), whatever its name. The value
itself is never printed.

## Why it matters
A literal secret lives in Git, in CI logs, in `kubectl get -o yaml` output and
in every copy of the manifest; it cannot be rotated without a deploy. When
CircleCI was breached, every customer had to rotate every secret stored in the
platform, which is only practical when secrets come from one managed place.

## Example
```yaml
env:
  - {name: DB_PASSWORD, value: hunter2}
```

## Use instead
```yaml
env:
  - name: DB_PASSWORD
    valueFrom: {secretKeyRef: {name: db, key: password}}
```
"),
};


fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input.objects) {
        for c in t.containers() {
            for env in c.get("env").map(Node::items).unwrap_or_default() {
                let Some((name, v)) = super::literal_secret_env(env) else { continue };
                let name = name.as_str().unwrap_or_default();
                out.emit(i, v, format!("container {}: {name} is set to a literal value (redacted); load it from a Secret", container_name(c)))
                    .fix(format!("Move the value of {name} into a Secret and reference it: `valueFrom: {{secretKeyRef: {{name: <secret>, key: <key>}}}}`."));
            }
        }
    }
}
