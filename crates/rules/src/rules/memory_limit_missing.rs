use super::{container_anchor, container_name, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "memory-limit-missing",
    title: "Container has no memory limit",
    category: Category::Resources,
    severity: Severity::Warning,
    cases: &["2017-07-21-universe-kubernetes-job-node-exhaustion", "2017-11-30-mybinder-build-pods-no-memory-limit-proxy-oom", "2019-05-16-forestry-previews-ingress-oomkill"],
    fix: "Set `resources.limits.memory` on the container, sized from its observed peak.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags containers without `resources.limits.memory`.

Init containers, and the containers of a Job that `job-unbounded-retries`
already reports, are reported at `info`.

## Why it matters
A container with no memory limit can take a node's memory until the kernel or
the kubelet kills whatever is there, including unrelated pods. At Universe, a
reindex Job consumed all of a node's resources, the node was killed, and the Job
was rescheduled to do the same to the next node until every node was under
repair. At mybinder.org, a node ran out of memory, probably because of build
pods that had no memory limit, and the proxy pod on it broke every new launch.
Forestry's previews show the other side: size limits from measured use, and
revisit them as usage grows.

## Example
```yaml
resources:
  requests: {memory: 256Mi}
```

## Use instead
```yaml
resources:
  requests: {memory: 256Mi}
  limits: {memory: 512Mi}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, o, t) in workloads(input.objects) {
        // A Job with unbounded retries is reported whole, with these containers, by job-unbounded-retries.
        let retried = super::job_unbounded_retries::job_spec(o).is_some_and(super::job_unbounded_retries::unbounded);
        let init = t.spec.get("initContainers").map(Node::items).unwrap_or_default();
        for c in t.containers() {
            if c.path(&["resources", "limits", "memory"]).is_none() {
                let at = c.path(&["resources"]).and_then(|r| r.key("limits")).or_else(|| c.key("resources")).unwrap_or(container_anchor(c));
                let is_init = init.iter().any(|x| std::ptr::eq(x, c));
                let what = if is_init { "init container" } else { "container" };
                let raw = out.emit(i, at, format!("{what} {} has no memory limit; one leak or runaway job can take the whole node down", container_name(c)));
                if is_init {
                    raw.at_most(Severity::Info);
                } else if retried {
                    raw.at_most(Severity::Info);
                    raw.message.push_str(" (info: job-unbounded-retries reports this Job's retries and missing limit as one finding)");
                }
            }
        }
    }
}
