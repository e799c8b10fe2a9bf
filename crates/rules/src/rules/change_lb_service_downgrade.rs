use super::pairs;
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "change-lb-service-downgraded",
    title: "Service changes from LoadBalancer to ClusterIP or NodePort",
    category: Category::Change,
    severity: Severity::Error,
    cases: &["2025-02-18-grafana-cloud-load-balancers-lost"],
    fix: "Keep `type: LoadBalancer` (deleting it releases the cloud load balancer and its address); if the change is intended, move traffic first.",
    needs_before: true,
    check,
    docs: docs!(r"## What it does
In a before/after review, flags a Service whose `spec.type` changes from
`LoadBalancer` to anything else (including the default `ClusterIP`, which is what
happens when the field disappears).

## Why it matters
Changing the type deletes the cloud load balancer, and with it its address; the
traffic it carried stops, and a new one comes back with a different address.
Grafana Labs lost the load balancers of several endpoints, cutting off about a
quarter of its services, through a configuration change that was applied
everywhere at once.

## Example
```yaml
# before
spec: {type: LoadBalancer}
# after
spec: {type: ClusterIP}
```

## Use instead
Keep `type: LoadBalancer`; if the change is intended, create the replacement
first, move DNS, then remove the old one.
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, before, after) in pairs(input).into_iter().filter(|(_, b, _)| b.kind == "Service") {
        let was = before.root.path(&["spec", "type"]).and_then(Node::as_str).unwrap_or("ClusterIP");
        let now_node = after.root.path(&["spec", "type"]);
        let now = now_node.and_then(Node::as_str).unwrap_or("ClusterIP");
        if was == "LoadBalancer" && now != "LoadBalancer" {
            let at = now_node.or_else(|| after.root.get("spec")).unwrap_or(after.anchor());
            out.emit(i, at, format!("Service {} changes from LoadBalancer to {now}: the cloud load balancer and its address will be deleted", after.name));
        }
    }
}
