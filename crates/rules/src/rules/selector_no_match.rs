use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "service-selector-no-match",
    title: "Service selector matches no pod template",
    category: Category::Traffic,
    severity: Severity::Error,
    cases: &["grafana-cloud-logs-label-selector-outage"],
    fix: "Make the Service selector match the labels of the pod template that should receive its traffic.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags a Service whose selector matches none of the pod templates in the input,
when the input does contain workloads in the Service's namespace that look like
its intended backends (a workload of the same name, or one sharing a selector
label). Matching is namespace-aware and looks inside workload templates, so a
Service pasted alone, or next to unrelated workloads, is not flagged.

## Why it matters
A Service that selects nothing has no endpoints: every request fails, and
nothing in `kubectl apply` says so. Grafana Labs' Cloud Logs outage came from a
selector that no longer matched most of the intended pods.

## Example
```yaml
kind: Service
spec: {selector: {app: api-server}}
---
kind: Deployment
metadata: {name: api-server}
spec: {template: {metadata: {labels: {app: api}}}}
```

## Use instead
Make the Service selector a subset of the pod template labels, and generate
both from one place (a Helm helper or Kustomize `labels`).
"),
};

const WORKLOAD_KINDS: &[&str] = &["Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Pod", "Job", "CronJob"];

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, svc) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "Service") {
        let selector = &input.lookup.selectors[i];
        if selector.is_empty() {
            continue;
        }
        let mut any_full = false;
        let mut any_partial = false;
        for w in input.lookup.workloads_with_any(selector) {
            if !input.objects[w].same_namespace(svc) {
                continue;
            }
            let labels = &input.lookup.labels[w];
            let shared = selector.iter().filter(|(k, v)| labels.iter().any(|(lk, lv)| lk == k && lv == v)).count();
            any_full |= shared == selector.len();
            any_partial |= shared > 0 && shared < selector.len();
        }
        let same_name = WORKLOAD_KINDS
            .iter()
            .flat_map(|k| input.lookup.named(k, &svc.name))
            .map(|&w| &input.objects[w])
            .find(|w| w.same_namespace(svc))
            .map(crate::objects::Object::display);
        // Partial matches are reported by service-selector-extra-label.
        if any_full || any_partial {
            continue;
        }
        if let Some(w) = same_name {
            let at = svc.root.path(&["spec", "selector"]).unwrap_or(svc.anchor());
            let sel = selector.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",");
            out.emit(i, at, format!("Service {} selects {sel}, which matches no pod template in this namespace (not even {w}); it will have no endpoints", svc.name));
        }
    }
}
