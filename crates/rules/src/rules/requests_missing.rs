use super::{container_anchor, container_name, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "resource-requests-missing",
    title: "Container has no CPU or memory request",
    category: Category::Resources,
    severity: Severity::Warning,
    cases: &["2019-01-18-moonlight-gke-node-kernel-panics", "2023-06-22-appfarm-gke-auto-upgrade-sandbox-outage"],
    fix: "Set `resources.requests.cpu` and `resources.requests.memory` from the container's observed usage.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags containers without `resources.requests.cpu` or `resources.requests.memory`
and without the matching limit (Kubernetes sets a missing request to the
limit). Init containers, one-shot Jobs and DaemonSet node agents are reported
at `info`.

## Why it matters
The scheduler places pods by their requests. Without them it cannot tell that
several heavy pods will not fit on one node. At Moonlight, the scheduler kept
placing several CPU-hungry pods on the same node until it hit 100% CPU and the
kernel panicked, then moved them on to repeat the cycle. At Appfarm, services
restarted by an upgrade needed more than they had been allocated and exhausted
the cluster.

## Example
```yaml
resources: {}
```

## Use instead
```yaml
resources:
  requests: {cpu: 500m, memory: 512Mi}
  limits: {memory: 512Mi}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input.objects) {
        let init = t.spec.get("initContainers").map(Node::items).unwrap_or_default();
        for c in t.containers() {
            // Kubernetes sets a missing request to the container's limit.
            let missing: Vec<&str> = ["cpu", "memory"]
                .into_iter()
                .filter(|r| c.path(&["resources", "requests", r]).is_none() && c.path(&["resources", "limits", r]).is_none())
                .collect();
            if missing.is_empty() {
                continue;
            }
            let at = c.key("resources").unwrap_or(container_anchor(c));
            let is_init = init.iter().any(|x| std::ptr::eq(x, c));
            let what = if is_init { "init container" } else { "container" };
            let raw = out.emit(i, at, format!("{what} {} has no {} request or limit, so the scheduler cannot keep heavy pods apart", container_name(c), missing.join(" or ")));
            if is_init {
                raw.at_most(Severity::Info);
            }
        }
    }
}
