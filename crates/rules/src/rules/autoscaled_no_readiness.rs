use super::{container_anchor, container_name, hpa_for, services_selecting, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "autoscaled-no-readiness",
    title: "Autoscaled pods behind a Service have no readiness probe",
    category: Category::Traffic,
    severity: Severity::Error,
    cases: &["2025-11-05-render-oregon-404"],
    fix: "Add a readinessProbe to the serving container, so that new replicas get traffic only once they can serve it.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags workloads that are scaled by a HorizontalPodAutoscaler and selected by a
Service, but whose containers have no `readinessProbe`.

## Why it matters
Autoscaling adds pods exactly when traffic is high. Without a readiness probe
each new pod joins the Service immediately, so a scale-up during trouble puts
unready pods in front of the most users. In Render's Oregon incident, rising
traffic scaled up the routing service and every new instance, lacking its
initial state, answered 404: about half of requests in the affected cluster
failed.

## Example
```yaml
kind: HorizontalPodAutoscaler
spec: {scaleTargetRef: {kind: Deployment, name: router}}
---
kind: Deployment
metadata: {name: router}
# containers without readinessProbe
```

## Use instead
Give every container a readiness probe that passes only when the pod can serve
correctly (state loaded, caches warm), and keep it process-local.
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input.objects) {
        let Some(hpa) = hpa_for(input, i) else { continue };
        let svcs = services_selecting(input, i);
        let Some(&svc) = svcs.first() else { continue };
        for c in t.app_containers().iter().filter(|c| c.get("readinessProbe").is_none()) {
            out.emit(i, container_anchor(c), format!(
                "container {} is scaled by HPA {} and serves Service {} without a readinessProbe: every scale-up sends traffic to pods that are not ready",
                container_name(c), hpa.name, input.objects[svc].name
            ));
        }
    }
}
