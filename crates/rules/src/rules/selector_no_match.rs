use super::workloads;
use crate::objects::match_labels;
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "service-selector-no-match",
    title: "Service selector matches no pod template",
    category: Category::Traffic,
    severity: Severity::Error,
    cases: &["grafana-cloud-logs-label-selector-outage"],
    needs_before: false,
    check,
    docs: r"## What it does
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
",
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, svc) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "Service") {
        let selector = match_labels(svc);
        if selector.is_empty() {
            continue;
        }
        let candidates: Vec<_> = workloads(input.objects).filter(|(_, w, _)| w.same_namespace(svc)).collect();
        let mut any_full = false;
        let mut any_partial = false;
        let mut same_name = None;
        for (_, w, t) in &candidates {
            let labels = t.labels();
            let shared = selector.iter().filter(|(k, v)| labels.iter().any(|(lk, lv)| lk == k && lv == v)).count();
            any_full |= shared == selector.len();
            any_partial |= shared > 0 && shared < selector.len();
            if w.name == svc.name {
                same_name = Some(w.display());
            }
        }
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
