use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "service-selector-extra-label",
    title: "Service selector has a label the pod template lacks",
    category: Category::Traffic,
    severity: Severity::Error,
    cases: &["grafana-cloud-logs-label-selector-outage"],
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags a Service whose selector shares some labels with a workload's pod template
but also requires a label that template lacks, when no workload matches the
selector fully. The finding points at the extra selector label.

## Why it matters
An extra selector label silently narrows a Service to whichever pods happen to
carry it. At Grafana Labs, a label selector added by mistake during a Loki
migration meant service discovery resolved only the few pods that had the
label; the overwhelming load on them brought down the log write path for about
25 minutes.

## Example
```yaml
kind: Service
spec: {selector: {app: distributor, memberlist: enabled}}
---
kind: Deployment
spec: {template: {metadata: {labels: {app: distributor}}}}
```

## Use instead
Keep Service selectors to the stable identity labels every replica has, and
roll label changes out to pods before selectors.
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, svc) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "Service") {
        let selector = &input.lookup.selectors[i];
        if selector.len() < 2 {
            continue;
        }
        let mut full = false;
        let mut partial: Option<(String, Vec<String>)> = None;
        for wi in input.lookup.workloads_with_any(selector) {
            let w = &input.objects[wi];
            if !w.same_namespace(svc) {
                continue;
            }
            let labels = &input.lookup.labels[wi];
            let missing: Vec<String> = selector
                .iter()
                .filter(|(k, v)| !labels.iter().any(|(lk, lv)| lk == k && lv == v))
                .map(|(k, _)| k.clone())
                .collect();
            if missing.is_empty() {
                full = true;
            } else if missing.len() < selector.len() && partial.is_none() {
                partial = Some((w.display(), missing));
            }
        }
        if full {
            continue;
        }
        if let Some((w, missing)) = partial {
            let sel = svc.root.path(&["spec", "selector"]);
            let sel = sel.and_then(|s| s.get("matchLabels")).or(sel);
            for key in &missing {
                let at = sel.and_then(|s| s.key(key)).unwrap_or(svc.anchor());
                let want = sel.and_then(|s| s.get(key)).and_then(Node::as_str).unwrap_or_default();
                out.emit(i, at, format!("Service {} requires {key}={want}, which the pod template of {w} lacks; traffic will reach only pods that carry it", svc.name));
            }
        }
    }
}
