use super::workloads;
use crate::objects::int_or_percent;
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "max-unavailable-all",
    title: "Rolling update may take every pod down at once",
    category: Category::Rollout,
    severity: Severity::Error,
    cases: &["2024-03-26-render-unintended-workload-restart", "2023-06-22-appfarm-gke-auto-upgrade-sandbox-outage"],
    fix: "Set `strategy.rollingUpdate.maxUnavailable` below the replica count (for example `25%`) and `maxSurge` to at least 1.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags Deployments, StatefulSets and DaemonSets whose
`rollingUpdate.maxUnavailable` is `100%` or at least the replica count.

## Why it matters
Restarting everything at once removes all capacity and makes every dependency
see a thundering herd of cold starts. Render's unintended restart of all
workloads at once overwhelmed the systems that move disks and data stores; at
Appfarm, an upgrade that restarted many services together exhausted the cluster.

## Example
```yaml
spec:
  replicas: 4
  strategy:
    rollingUpdate: {maxUnavailable: 100%}
```

## Use instead
```yaml
spec:
  strategy:
    rollingUpdate: {maxUnavailable: 1, maxSurge: 1}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, wl, _) in workloads(input.objects) {
        let path: &[&str] = match wl.kind.as_str() {
            "Deployment" => &["spec", "strategy", "rollingUpdate", "maxUnavailable"],
            "Rollout" => &["spec", "strategy", "canary", "maxUnavailable"],
            "DeploymentConfig" => &["spec", "strategy", "rollingParams", "maxUnavailable"],
            "StatefulSet" | "DaemonSet" => &["spec", "updateStrategy", "rollingUpdate", "maxUnavailable"],
            _ => continue,
        };
        let Some(mu) = wl.root.path(path) else { continue };
        let total = wl.replicas().unwrap_or(100);
        let all = mu.as_str().map(str::trim) == Some("100%") || int_or_percent(mu, total, false).is_some_and(|n| n >= total);
        if all {
            out.emit(i, mu, format!("{}: maxUnavailable {} lets a rollout stop every pod at once", wl.display(), mu.as_str().unwrap_or_default()));
        }
    }
}
