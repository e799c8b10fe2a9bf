use super::{ingress_class, pairs};
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "change-ingress-class",
    title: "An Ingress moves to another ingress class or controller",
    category: Category::Change,
    severity: Severity::Warning,
    cases: &["2026-03-12-2i2c-lis-hub-ingress-controller-migration-dns", "2018-06-29-universe-ingress-auth-change-billing-outage"],
    fix: "Run the old and the new controller side by side and move hosts one at a time, checking DNS and the new controller's address before removing the old class.",
    needs_before: true,
    check,
    docs: docs!(r"## What it does
In a before/after review, flags an Ingress whose `spec.ingressClassName` or
`kubernetes.io/ingress.class` annotation changes.

## Why it matters
A different controller interprets the same Ingress differently: annotations for
one are ignored by the other, and behaviour such as forwarded headers,
authentication and timeouts changes silently. At Universe, a change the ingress
controller did not support left new billing pods unable to receive traffic.
At 2i2c, handing the `nginx` class to a new controller left a hub whose DNS
still pointed at the old controller's load balancer unreachable until the
switch was reverted.

## Example
```yaml
# before
spec: {ingressClassName: nginx}
# after
spec: {ingressClassName: traefik}
```

## Use instead
Run both controllers side by side, move one host at a time, and check the
annotations each Ingress relies on have an equivalent in the new controller.
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, before, after) in pairs(input).into_iter().filter(|(_, b, _)| b.kind == "Ingress") {
        let (was, _) = ingress_class(before);
        let (now, node) = ingress_class(after);
        if was != now {
            let at = node.unwrap_or(after.anchor());
            out.emit(i, at, format!(
                "Ingress {} moves from class {} to {}; the new controller may ignore annotations and handle headers, auth and TLS differently",
                after.name, was.as_deref().unwrap_or("(default)"), now.as_deref().unwrap_or("(default)")
            ));
        }
    }
}
