use crate::msg;
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "mesh-retry-amplification",
    title: en!("Service-mesh retry policy can multiply load"),
    title_ko: ko!("부하를 몇 배로 늘릴 수 있는 서비스 메시 재시도 정책"),
    category: Category::Resilience,
    severity: Severity::Warning,
    cases: &["2019-01-07-zalando-coredns-oom-outage", "2021-01-06-coinbase-mongodb-thundering-herd", "2019-02-12-discord-redis-circuit-breaker-herd"],
    fix: en!("Lower the retry count (1-2), retry only on connection failures and retriable codes, and add a retry budget so that retries cannot multiply load."),
    fix_ko: ko!("재시도 횟수를 낮추고(1-2), 연결 실패와 재시도 가능한 코드에서만 재시도하며, 재시도가 부하를 몇 배로 늘리지 못하도록 재시도 예산을 추가한다."),
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
    docs_ko: docs!(r"## 하는 일
재시도 횟수가 3번을 넘는 Istio `VirtualService` 라우트와, `retryRatio`가
0.2(20% 추가 부하)를 넘는 Linkerd `ServiceProfile` 재시도 예산을 표시한다.

## 왜 중요한가
모든 홉에서의 재시도는 곱해진다. 각각 네 번 시도하는 세 계층은 요청 하나를
64개로 만들 수 있다. 부분 장애 중에는 이 증폭이 의존성을 계속 다운시킨다.
Zalando, Coinbase, Discord 모두 재시도와 한꺼번에 몰리는 요청이 느린 의존성을 더
넓은 장애로 키웠다고 설명한다.

## 예시
```yaml
retries: {attempts: 10, perTryTimeout: 2s}
```

## 대신 이렇게
한 계층에서만 재시도하되 백오프와 함께 최대 2–3번까지만 하거나, 재시도 예산
(`retryRatio: 0.2`)을 쓴다.
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
                            out.emit(i, a, msg!("VirtualService {} retries {} times; more than {MAX_ATTEMPTS} attempts multiplies load during an outage", "VirtualService {}이(가) {}번 재시도한다. {MAX_ATTEMPTS}번을 넘는 시도는 장애 중에 부하를 몇 배로 늘린다", o.name, a.as_str().unwrap_or_default()));
                        }
                    }
                }
            }
            "ServiceProfile" => {
                if let Some(r) = o.root.path(&["spec", "retryBudget", "retryRatio"]) {
                    if r.as_str().and_then(|s| s.parse::<f64>().ok()).is_some_and(|x| x > MAX_RATIO) {
                        out.emit(i, r, msg!("ServiceProfile {} allows retries of {} × normal traffic; keep the retry budget at or below {MAX_RATIO}", "ServiceProfile {}이(가) 평소 트래픽의 {} × 만큼 재시도를 허용한다. 재시도 예산을 {MAX_RATIO} 이하로 둔다", o.name, r.as_str().unwrap_or_default()));
                    }
                }
            }
            _ => {}
        }
    }
}
