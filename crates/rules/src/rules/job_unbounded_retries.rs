use crate::rule::{Category, Emitter, Input, Rule, Severity};

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
`activeDeadlineSeconds`.

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
        let spec = match o.kind.as_str() {
            "Job" => o.root.get("spec"),
            "CronJob" => o.root.path(&["spec", "jobTemplate", "spec"]),
            _ => continue,
        };
        let Some(spec) = spec else { continue };
        if spec.get("backoffLimit").is_none() && spec.get("activeDeadlineSeconds").is_none() {
            out.emit(i, o.anchor(), format!("{} sets neither backoffLimit nor activeDeadlineSeconds, so Kubernetes' default of six retries applies with no time limit, and a pod lost with its node is recreated on another one", o.display()));
        }
    }
}
