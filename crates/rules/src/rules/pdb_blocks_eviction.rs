use crate::objects::{int_or_percent, selects};
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "pdb-blocks-eviction",
    title: "PodDisruptionBudget allows no disruptions",
    category: Category::Availability,
    severity: Severity::Warning,
    cases: &["2019-04-03-mybinder-ingress-cordoned-node-upgrade", "2023-06-22-appfarm-gke-auto-upgrade-sandbox-outage"],
    fix: "Allow at least one disruption: set `maxUnavailable: 1`, or a `minAvailable` below the lowest replica count.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags PodDisruptionBudgets with `maxUnavailable: 0` (or `0%`), or with a
`minAvailable` that is at least the replica count of the workload it selects (or
`100%`).

## Why it matters
A budget that allows zero disruptions blocks every voluntary eviction: node
drains hang, and upgrades stall or are forced through by the provider after a
timeout, often all at once. Upgrades that had to move pods were the trigger at
mybinder.org and at Appfarm; a budget that can never be met turns a routine
upgrade into a stuck or forced one.

## Example
```yaml
kind: PodDisruptionBudget
spec: {maxUnavailable: 0, selector: {matchLabels: {app: web}}}
```

## Use instead
```yaml
spec: {maxUnavailable: 1, selector: {matchLabels: {app: web}}}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, pdb) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "PodDisruptionBudget") {
        let spec = pdb.root.get("spec");
        if let Some(mu) = spec.and_then(|s| s.get("maxUnavailable")) {
            if matches!(mu.as_str().map(str::trim), Some("0" | "0%")) {
                out.emit(i, mu, format!("PodDisruptionBudget {} allows no pod to be evicted; node drains and upgrades will block", pdb.name));
            }
            continue;
        }
        let Some(ma) = spec.and_then(|s| s.get("minAvailable")) else { continue };
        if ma.as_str().map(str::trim) == Some("100%") {
            out.emit(i, ma, format!("PodDisruptionBudget {} requires 100% of pods available; no eviction can ever proceed", pdb.name));
            continue;
        }
        let sel = &input.lookup.selectors[i];
        for w in input.lookup.workloads_with_any(sel) {
            let wl = &input.objects[w];
            if wl.replicas().is_none() || !wl.same_namespace(pdb) || !selects(sel, &input.lookup.labels[w]) {
                continue;
            }
            // With an autoscaler, the budget blocks whenever it sits at its floor.
            let input_floor = super::autoscaler_floor(input, w);
            let Some(replicas) = super::replica_floor(input, w) else { continue };
            if int_or_percent(ma, replicas, true).is_some_and(|m| m >= replicas) {
                let why = match input_floor {
                    Some((_, h)) => format!("{} can scale to {replicas} replicas ({} {} minimum)", wl.display(), h.kind, h.name),
                    None => format!("{} has only {replicas} replicas", wl.display()),
                };
                out.emit(i, ma, format!("PodDisruptionBudget {} requires {} available but {why}; no eviction can proceed", pdb.name, ma.as_str().unwrap_or_default()));
            }
        }
    }
}
