use crate::objects::selects;
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "service-selector-overlap",
    title: "Service selector matches pods of different kinds of workload",
    category: Category::Traffic,
    severity: Severity::Warning,
    cases: &["2026-03-09-2i2c-pythia-binderhub-ingress-selector-502"],
    fix: "Give each workload a distinguishing label and add it to the Service selector, so that the Service selects only its intended backends.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags a Service whose selector matches the pod templates of workloads of more
than one kind in its namespace, for example a Deployment and a DaemonSet.
Objects created by a controller (those with `metadata.ownerReferences`, such as
the ReplicaSets and Pods in `kubectl get all -o yaml` output) are not counted,
and several Deployments under one selector (the canary pattern) are allowed.

## Why it matters
Every pod the selector matches becomes an endpoint, whether or not it serves
the Service's port. Traffic then lands on pods that cannot answer it, and
ingress controllers that route to pod endpoints return errors for part or all
of the requests. At 2i2c, a BinderHub Service whose labels were also carried by
a DaemonSet's pods answered with 502s for over eight hours after a switch of
ingress controller.

## Example
```yaml
kind: Service
spec: {selector: {app: binder}}
---
kind: Deployment
spec: {template: {metadata: {labels: {app: binder, component: hub}}}}
---
kind: DaemonSet
spec: {template: {metadata: {labels: {app: binder, component: docker-api}}}}
```

## Use instead
Add a label that only the intended pods carry (`component: hub`) to the
Service selector, or give the other workload labels of its own.
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, svc) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "Service") {
        let selector = &input.lookup.selectors[i];
        if selector.is_empty() {
            continue;
        }
        let matched: Vec<usize> = input
            .lookup
            .workloads_with_any(selector)
            .into_iter()
            .filter(|&w| {
                let o = &input.objects[w];
                o.same_namespace(svc) && o.metadata().and_then(|m| m.get("ownerReferences")).is_none() && selects(selector, &input.lookup.labels[w])
            })
            .collect();
        let first_kind = matched.first().map(|&w| input.objects[w].kind.as_str());
        if matched.iter().all(|&w| Some(input.objects[w].kind.as_str()) == first_kind) {
            continue;
        }
        let at = svc.root.path(&["spec", "selector"]).unwrap_or(svc.anchor());
        let names = matched.iter().map(|&w| input.objects[w].display()).collect::<Vec<_>>().join(", ");
        out.emit(i, at, format!("Service {} selects the pods of {names}; every matching pod becomes an endpoint, so part of its traffic goes to pods of the wrong workload", svc.name));
    }
}
