use super::{container_name, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "privileged-container",
    title: "Privileged container",
    category: Category::Security,
    severity: Severity::Error,
    cases: &["2018-09-14-jw-player-weave-scope-cryptominer", "2019-03-13-matrix-org-jenkins-ssh-agent-compromise", "2024-12-05-ultralytics-actions-cache-poisoning-miner"],
    fix: "Remove `privileged: true`; grant only the capabilities the container needs under `securityContext.capabilities.add`.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags containers with `securityContext.privileged: true` or
`allowPrivilegeEscalation: true`.

## Why it matters
A privileged container is root on the node: whoever gets code execution in it
(through the app, an exposed dashboard or a stolen token) owns the node and the
pods beside it, and can run miners or reach cloud credentials. At JW Player,
the privileged Weave Scope agents on every node were how an intruder's miner
reached the hosts, masters included.

## Example
```yaml
securityContext: {privileged: true}
```

## Use instead
```yaml
securityContext:
  privileged: false
  allowPrivilegeEscalation: false
  capabilities: {drop: [ALL]}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input.objects) {
        for c in t.containers() {
            for key in ["privileged", "allowPrivilegeEscalation"] {
                if let Some(v) = c.path(&["securityContext", key]).filter(|v| v.as_bool() == Some(true)) {
                    out.emit(i, v, format!("container {} sets {key}: true; code running in it can take over the node", container_name(c)));
                }
            }
        }
    }
}
