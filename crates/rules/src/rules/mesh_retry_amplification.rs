use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "mesh-retry-amplification",
    title: "Service-mesh retry policy can multiply load",
    category: Category::Resilience,
    severity: Severity::Warning,
    cases: &["2019-01-07-zalando-coredns-oom-outage", "2021-01-06-coinbase-mongodb-thundering-herd", "2019-02-12-discord-redis-circuit-breaker-herd"],
    fix: "Lower the retry count (1-2), retry only on connection failures and retriable codes, and add a retry budget so that retries cannot multiply load.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags Istio `VirtualService` routes with more than 3 retry attempts, and Linkerd
`ServiceProfile` retry budgets whose `retryRatio` exceeds 0.2 (20% extra load).

## Why it matters
Retries at every hop multiply: three layers with four attempts each can turn one
request into 64. During a partial outage that amplification keeps the
dependency down. Zalando, Coinbase and Discord all describe retries and herds
turning a slow dependency into a wider outage.

## Example
```yaml
retries: {attempts: 10, perTryTimeout: 2s}
```

## Use instead
Retry at one layer only, at most 2–3 attempts with backoff, or use a retry
budget (`retryRatio: 0.2`).
"),
};

const MAX_ATTEMPTS: i64 = 3;
const MAX_RATIO: f64 = 0.2;

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, o) in input.objects.iter().enumerate() {
        match o.kind.as_str() {
            "VirtualService" => {
                for route in o.root.path(&["spec", "http"]).map(Node::items).unwrap_or_default() {
                    if let Some(a) = route.path(&["retries", "attempts"]) {
                        if a.as_i64().is_some_and(|n| n > MAX_ATTEMPTS) {
                            out.emit(i, a, format!("VirtualService {} retries {} times; more than {MAX_ATTEMPTS} attempts multiplies load during an outage", o.name, a.as_str().unwrap_or_default()));
                        }
                    }
                }
            }
            "ServiceProfile" => {
                if let Some(r) = o.root.path(&["spec", "retryBudget", "retryRatio"]) {
                    if r.as_str().and_then(|s| s.parse::<f64>().ok()).is_some_and(|x| x > MAX_RATIO) {
                        out.emit(i, r, format!("ServiceProfile {} allows retries of {} × normal traffic; keep the retry budget at or below {MAX_RATIO}", o.name, r.as_str().unwrap_or_default()));
                    }
                }
            }
            _ => {}
        }
    }
}
