use crate::msg;
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "mesh-retries-no-per-try-timeout",
    title: en!("Service-mesh retries without a per-try timeout"),
    title_ko: ko!("시도별 타임아웃이 없는 서비스 메시 재시도"),
    category: Category::Resilience,
    severity: Severity::Warning,
    cases: &["2019-01-07-zalando-coredns-oom-outage", "2021-01-06-coinbase-mongodb-thundering-herd", "2019-02-12-discord-redis-circuit-breaker-herd"],
    fix: en!("Add a per-try timeout to the retry policy (`perTryTimeout` in Istio), shorter than the overall timeout."),
    fix_ko: ko!("재시도 정책에 전체 타임아웃보다 짧은 시도별 타임아웃(Istio에서는 `perTryTimeout`)을 추가한다."),
    needs_before: false,
    check,
    docs: docs!(r#"## What it does
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
    retries: {attempts: 2, perTryTimeout: 500ms, retryOn: "5xx,reset,connect-failure"}
```
"#),
    docs_ko: docs!(r#"## 하는 일
`retries.perTryTimeout` 없이 재시도하는(`retries.attempts` > 0) Istio `VirtualService`
HTTP 라우트를 찾아낸다.

## 왜 중요한가
시도별 타임아웃이 없으면 시도마다 요청 타임아웃 전체를 기다릴 수 있어서, 재시도가 빠르게
실패하는 대신 느린 의존성 뒤에 쌓이고, 호출자 하나하나가 이미 힘겨워하는 대상에 부하를 몇 배로
늘린다. Zalando에서는 타임아웃과 클라이언트 재시도가 요청과 DNS 쿼리를 몇 배로 불려 결국
CoreDNS의 메모리가 바닥났다. Coinbase와 Discord는 느린 데이터베이스와 캐시에 재시도가 떼로
몰려든 현상(thundering herd)을 기술한다.

## 예시
```yaml
http:
  - route: [{destination: {host: api}}]
    retries: {attempts: 5}
```

## 대신 이렇게
```yaml
    retries: {attempts: 2, perTryTimeout: 500ms, retryOn: "5xx,reset,connect-failure"}
```
"#),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, vs) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "VirtualService") {
        for route in vs.root.path(&["spec", "http"]).map(Node::items).unwrap_or_default() {
            let Some(r) = route.get("retries") else { continue };
            let attempts = r.get("attempts").and_then(Node::as_i64).unwrap_or(0);
            if attempts > 0 && r.get("perTryTimeout").is_none() {
                let at = r.key("attempts").unwrap_or(r);
                out.emit(i, at, msg!("VirtualService {} retries {attempts} times with no perTryTimeout; slow attempts stack up and multiply load", "VirtualService {}이(가) perTryTimeout 없이 {attempts}번 재시도한다. 느린 시도가 쌓여 부하가 몇 배로 늘어난다", vs.name));
            }
        }
    }
}
