use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "mesh-retries-no-per-try-timeout",
    title: "Service-mesh retries without a per-try timeout",
    category: Category::Resilience,
    severity: Severity::Warning,
    cases: &["2019-01-07-zalando-coredns-oom-outage", "2021-01-06-coinbase-mongodb-thundering-herd", "2019-02-12-discord-redis-circuit-breaker-herd"],
    fix: "Add a per-try timeout to the retry policy (`perTryTimeout` in Istio), shorter than the overall timeout.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags Istio `VirtualService` HTTP routes that retry (`retries.attempts` > 0)
without `retries.perTryTimeout`.

## Why it matters
Without a per-try timeout, each attempt can wait the whole request timeout, so
retries pile up behind a slow dependency instead of failing fast, and every
caller multiplies load on the thing that is already struggling. At Zalando,
timeouts and client retries multiplied requests and DNS queries until CoreDNS
ran out of memory; Coinbase and Discord describe thundering herds of retries
against a slow database and cache.

## Example
```yaml
http:
  - route: [{destination: {host: api}}]
    retries: {attempts: 5}
```

## Use instead
```yaml
    retries: {attempts: 2, perTryTimeout: 500ms, retryOn: 5xx,reset,connect-failure}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, vs) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "VirtualService") {
        for route in vs.root.path(&["spec", "http"]).map(Node::items).unwrap_or_default() {
            let Some(r) = route.get("retries") else { continue };
            let attempts = r.get("attempts").and_then(Node::as_i64).unwrap_or(0);
            if attempts > 0 && r.get("perTryTimeout").is_none() {
                let at = r.key("attempts").unwrap_or(r);
                out.emit(i, at, format!("VirtualService {} retries {attempts} times with no perTryTimeout; slow attempts stack up and multiply load", vs.name));
            }
        }
    }
}
