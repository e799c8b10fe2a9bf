use super::{services_selecting, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "recreate-behind-service",
    title: "Recreate rollout strategy on a workload behind a Service",
    category: Category::Rollout,
    severity: Severity::Warning,
    cases: &["2023-06-20-stytch-api-deploy-load-balancer-registration"],
    fix: "Use `strategy: {type: RollingUpdate}` with a readiness probe, so that old pods serve until new ones are ready.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags Deployments with `strategy.type: Recreate` that a Service sends traffic
to.

## Why it matters
`Recreate` stops every old pod before starting new ones, so each rollout is a
gap in service, and if the new pods don't come up healthy or don't get
registered with the load balancer, the gap becomes an outage. At Stytch,
deleting and recreating the API Deployment produced pods that were not
registered with the load balancer's target groups, prolonging the incident.

## Example
```yaml
spec:
  strategy: {type: Recreate}
```

## Use instead
```yaml
spec:
  strategy:
    type: RollingUpdate
    rollingUpdate: {maxUnavailable: 0, maxSurge: 25%}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, wl, _) in workloads(input.objects).filter(|(_, w, _)| w.kind == "Deployment") {
        let Some(ty) = wl.root.path(&["spec", "strategy", "type"]).filter(|n| n.as_str() == Some("Recreate")) else { continue };
        let svcs = services_selecting(input, i);
        if let Some(&s) = svcs.first() {
            out.emit(i, ty, format!("{} uses the Recreate strategy behind Service {}: every rollout stops all pods before new ones are ready", wl.display(), input.objects[s].name));
        }
    }
}
