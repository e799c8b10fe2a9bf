use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "job-unbounded-retries",
    title: "Job retries failed pods with no deadline",
    category: Category::Resources,
    severity: Severity::Warning,
    cases: &["2017-07-21-universe-kubernetes-job-node-exhaustion"],
    fix: "Bound the Job: set `activeDeadlineSeconds` and a small `backoffLimit`.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags Jobs and CronJobs that set neither `backoffLimit` nor
`activeDeadlineSeconds`. The finding names the containers with no memory limit,
which can exhaust each node the retried pod lands on; where every container has
one, it is reported at `info`. `memory-limit-missing` then reports those Jobs'
containers at `info`, so the one cause is one finding.

## Why it matters
`restartPolicy: Never` does not stop a Job: the Job controller creates new pods
for failed ones, up to a default of six retries, on whichever node has room. At
Universe, a reindex Job exhausted its node, the node was killed, and the Job was
rescheduled onto the next node again and again until every node was under
repair.

## Example
```yaml
kind: Job
spec:
  template: {spec: {restartPolicy: Never}}
```

## Use instead
```yaml
kind: Job
spec:
  backoffLimit: 1
  activeDeadlineSeconds: 3600
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, o) in input.objects.iter().enumerate() {
        let Some(spec) = job_spec(o) else { continue };
        if !unbounded(spec) {
            continue;
        }
        // What made the retries dangerous at Universe was a pod that could
        // take its whole node: one with no memory limit.
        let containers = spec.path(&["template", "spec", "containers"]).map(Node::items).unwrap_or_default();
        let unlimited: Vec<&str> = containers.iter().filter(|c| c.path(&["resources", "limits", "memory"]).is_none()).map(super::container_name).collect();
        let msg = format!("{} sets neither backoffLimit nor activeDeadlineSeconds, so Kubernetes' default of six retries applies with no time limit, and a pod lost with its node is recreated on another one", o.display());
        if unlimited.is_empty() {
            out.emit(i, o.anchor(), format!("{msg} (info: every container has a memory limit, so a runaway pod is killed before its node is)")).at_most(Severity::Info);
        } else {
            out.emit(i, o.anchor(), format!("{msg}; container {} has no memory limit, so one failing pod can exhaust each node it lands on", unlimited.join(", ")));
        }
    }
}

/// Whether a Job spec leaves both retry bounds at their defaults.
pub(crate) fn unbounded(spec: &Node) -> bool {
    spec.get("backoffLimit").is_none() && spec.get("activeDeadlineSeconds").is_none()
}

/// The Job spec of a Job, or of a `CronJob`'s job template.
pub(crate) fn job_spec(o: &crate::objects::Object) -> Option<&Node> {
    match o.kind.as_str() {
        "Job" => o.root.get("spec"),
        "CronJob" => o.root.path(&["spec", "jobTemplate", "spec"]),
        _ => None,
    }
}
