use super::{pairs, same_value};
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "change-selector-changed",
    title: "The selector of a live Service changes",
    category: Category::Change,
    severity: Severity::Error,
    cases: &["grafana-cloud-logs-label-selector-outage"],
    fix: "Add the new labels to the pods first and roll them out, then change the selector; never change both at once.",
    needs_before: true,
    check,
    docs: docs!(r"## What it does
In a before/after review, flags a Service whose `spec.selector` changes.

## Why it matters
Changing a live selector re-points all traffic at once, to whichever pods match
the new labels at that moment. At Grafana Labs an extra selector label, added
during a migration, narrowed the Loki distributor Service to a few pods, which
were overwhelmed, and the write path stopped for about 25 minutes.

## Example
```yaml
# before
selector: {app: distributor}
# after
selector: {app: distributor, memberlist: enabled}
```

## Use instead
Label every pod first, check the new selector's endpoints (`kubectl get
endpointslices`), then change the selector; or create a new Service and move
clients.
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, before, after) in pairs(input).into_iter().filter(|(_, b, _)| b.kind == "Service") {
        let (Some(b), Some(a)) = (before.root.path(&["spec", "selector"]), after.root.path(&["spec", "selector"])) else { continue };
        if !same_value(a, b) {
            let fmt = |n: &crate::yaml::Node| n.string_map().iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",");
            out.emit(i, a, format!("Service {} changes its selector from {} to {}; all traffic moves at once to whatever matches", after.name, fmt(b), fmt(a)));
        }
    }
}
