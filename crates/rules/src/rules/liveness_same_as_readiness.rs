use super::{container_name, same_value, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "liveness-same-as-readiness",
    title: "Liveness and readiness probes are identical",
    category: Category::Probes,
    severity: Severity::Warning,
    cases: &["2026-09-29-azure-openai-sweden-central"],
    fix: "Make liveness a cheaper, more tolerant check than readiness (a local endpoint and a higher `failureThreshold`), so a slow dependency removes pods from traffic instead of restarting them.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags containers whose `livenessProbe` is identical to their `readinessProbe`.
When the shared check is a gRPC health call or a TCP connect to the container
itself, it is reported at `info`: such a check rarely fails for a dependency.

## Why it matters
Readiness decides whether a pod gets traffic; liveness decides whether it is
killed. When they are the same check, anything that should only take a pod out
of rotation (a slow dependency, an overloaded backend) also restarts it. In the
Azure OpenAI Sweden Central incident, health checks that failed when a
dependency could not be reached restarted instances in a loop and stretched the
outage to nearly six hours.

## Example
```yaml
livenessProbe:  {httpGet: {path: /health, port: 8080}}
readinessProbe: {httpGet: {path: /health, port: 8080}}
```

## Use instead
```yaml
livenessProbe:  {httpGet: {path: /livez, port: 8080}, failureThreshold: 6}
readinessProbe: {httpGet: {path: /readyz, port: 8080}}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input.objects) {
        for c in t.app_containers() {
            if let (Some(l), Some(r)) = (c.get("livenessProbe"), c.get("readinessProbe")) {
                if same_value(l, r) {
                    let at = c.key("livenessProbe").unwrap_or(l);
                    let raw = out.emit(i, at, format!("container {}: liveness and readiness probes are identical, so anything that should only stop traffic also restarts the container", container_name(c)));
                    // A gRPC health call, a TCP connect or a local command checks
                    // only this container: the same check for both is then harmless
                    // unless the service reports dependencies in it.
                    if ["grpc", "tcpSocket"].iter().any(|k| l.get(k).is_some()) {
                        raw.at_most(Severity::Info);
                        raw.message.push_str(" (info: the shared check is a gRPC health call or TCP connect to the container itself)");
                    }
                }
            }
        }
    }
}
