use super::workloads;
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "pdb-missing",
    title: "Multi-replica workload has no PodDisruptionBudget",
    category: Category::Availability,
    severity: Severity::Info,
    cases: &["2019-04-03-mybinder-ingress-cordoned-node-upgrade", "2023-06-22-appfarm-gke-auto-upgrade-sandbox-outage"],
    fix: "Add a PodDisruptionBudget with `maxUnavailable: 1` selecting this workload's pods.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags Deployments and StatefulSets with two or more replicas when the input
contains no PodDisruptionBudget in the same namespace that selects their pods.
Only reported when the input contains at least one PodDisruptionBudget or the
workload has three or more replicas, so that a single pasted Deployment is not
buried in advice.

## Why it matters
Without a disruption budget, a node-pool upgrade or autoscaler scale-down may
evict every replica at once. At mybinder.org, an upgrade took the ingress
controller's pods down together; at Appfarm an automatic cluster upgrade
restarted many services within a short period.

## Example
```yaml
kind: Deployment
spec: {replicas: 3}
```

## Use instead
```yaml
kind: PodDisruptionBudget
spec:
  maxUnavailable: 1
  selector: {matchLabels: {app: web}}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    let any_pdb = input.objects.iter().any(|o| o.kind == "PodDisruptionBudget");
    for (i, wl, _) in workloads(input.objects) {
        let Some(n) = super::replica_floor(input, i).filter(|&n| n >= 2) else { continue };
        if !any_pdb && n < 3 {
            continue;
        }
        if !input.lookup.selecting(input.objects, "PodDisruptionBudget", i).is_empty() {
            continue;
        }
        let at = wl.root.path(&["spec"]).and_then(|s| s.key("replicas")).unwrap_or(wl.anchor());
        out.emit(i, at, format!("{} has {n} replicas but no PodDisruptionBudget; a drain or upgrade may evict them all at once", wl.display()));
    }
}
