use super::workloads;
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "spread-missing",
    title: "Replicas may all land on one node or zone",
    category: Category::Availability,
    severity: Severity::Info,
    cases: &["2019-04-03-mybinder-ingress-cordoned-node-upgrade", "2019-01-18-moonlight-gke-node-kernel-panics"],
    fix: "Add `topologySpreadConstraints` (or pod anti-affinity) on `kubernetes.io/hostname` and `topology.kubernetes.io/zone`.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags Deployments and StatefulSets with two or more replicas that have neither
`topologySpreadConstraints` nor a `podAntiAffinity` rule.

## Why it matters
Nothing stops the scheduler from packing every replica onto the same node.
At mybinder.org all ingress-controller pods sat on the last two nodes of the old
pool, so cordoning those nodes stopped all traffic. At Moonlight several
CPU-hungry pods landed on one node, which crashed and took them all.

## Example
```yaml
kind: Deployment
spec:
  replicas: 3
  template: {spec: {containers: [...]}}
```

## Use instead
```yaml
topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: kubernetes.io/hostname
    whenUnsatisfiable: ScheduleAnyway
    labelSelector: {matchLabels: {app: web}}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, wl, t) in workloads(input.objects) {
        let Some(n) = wl.replicas().filter(|&n| n >= 2) else { continue };
        let spread = t.spec.get("topologySpreadConstraints").is_some_and(|s| !s.items().is_empty());
        let anti = t.spec.path(&["affinity", "podAntiAffinity"]).is_some();
        if !spread && !anti {
            let at = wl.root.path(&["spec"]).and_then(|s| s.key("replicas")).unwrap_or(wl.anchor());
            out.emit(i, at, format!("{} has {n} replicas but no topologySpreadConstraints or podAntiAffinity; one node failure or drain can take them all", wl.display()));
        }
    }
}
