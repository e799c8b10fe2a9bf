use super::{container_name, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "liveness-aggressive",
    title: "Liveness probe restarts containers after a very short failure",
    category: Category::Probes,
    severity: Severity::Warning,
    cases: &["2026-09-29-azure-openai-sweden-central"],
    fix: "Give the liveness probe more room: raise `failureThreshold` and `periodSeconds` so that it restarts only a container that has been stuck for well over a minute.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags liveness probes with `failureThreshold: 1`, or whose failure window
(`periodSeconds × failureThreshold`) is under 10 seconds.

## Why it matters
Under load, a healthy process can miss a probe or two. A liveness probe that
restarts it after one miss turns a slow period into a restart storm, which
removes capacity and adds start-up load at the worst time. The Azure OpenAI
Sweden Central outage was prolonged by instances being restarted by their
health checks while under pressure.

## Example
```yaml
livenessProbe:
  httpGet: {path: /livez, port: 8080}
  periodSeconds: 2
  failureThreshold: 1
```

## Use instead
```yaml
livenessProbe:
  httpGet: {path: /livez, port: 8080}
  periodSeconds: 10
  failureThreshold: 3
  timeoutSeconds: 5
```
"),
};

const MIN_WINDOW_SECONDS: i64 = 10;

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input.objects) {
        for c in t.app_containers() {
            let Some(p) = c.get("livenessProbe") else { continue };
            let period = p.get("periodSeconds").and_then(Node::as_i64).unwrap_or(10);
            let failures = p.get("failureThreshold").and_then(Node::as_i64).unwrap_or(3);
            let window = period * failures;
            if failures <= 1 || window < MIN_WINDOW_SECONDS {
                let at = p.key("failureThreshold").or_else(|| p.key("periodSeconds")).unwrap_or(p);
                out.emit(i, at, format!("container {}: the liveness probe restarts the container after {window}s of failed checks ({failures} × {period}s); allow at least {MIN_WINDOW_SECONDS}s", container_name(c)));
            }
        }
    }
}
