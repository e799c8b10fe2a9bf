use super::workloads;
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "host-namespaces",
    title: "Pod shares the node's network, PID or IPC namespace",
    category: Category::Security,
    severity: Severity::Warning,
    cases: &["2019-03-13-matrix-org-jenkins-ssh-agent-compromise"],
    fix: "Remove `hostNetwork`, `hostPID` and `hostIPC` unless this pod is a node agent that needs them.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags pod specs with `hostNetwork`, `hostPID` or `hostIPC` set to `true`.

## Why it matters
Host namespaces remove the isolation between the pod and the node: with
`hostNetwork` the pod can reach node-local services and the cloud metadata
endpoint as the node, and a compromise of the pod becomes a compromise of the
node.

## Example
```yaml
spec: {hostNetwork: true}
```

## Use instead
Leave them unset; expose ports through a Service, and give node agents their own
tightly scoped DaemonSet.
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, wl, t) in workloads(input.objects) {
        for key in ["hostNetwork", "hostPID", "hostIPC"] {
            if let Some(v) = t.spec.get(key).filter(|v| v.as_bool() == Some(true)) {
                let at = t.spec.key(key).unwrap_or(v);
                out.emit(i, at, format!("{} sets {key}: true; the pod shares the node's namespace", wl.display()));
            }
        }
    }
}
