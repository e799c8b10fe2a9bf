use crate::msg;
use super::{services_selecting, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "recreate-behind-service",
    title: en!("Recreate rollout strategy on a workload behind a Service"),
    title_ko: ko!("Service 뒤 워크로드의 Recreate 롤아웃 전략"),
    category: Category::Rollout,
    severity: Severity::Warning,
    cases: &["2023-06-20-stytch-api-deploy-load-balancer-registration"],
    fix: en!("Use `strategy: {type: RollingUpdate}` with a readiness probe, so that old pods serve until new ones are ready."),
    fix_ko: ko!("readiness probe와 함께 `strategy: {type: RollingUpdate}`를 사용해, 새 파드가 준비될 때까지 기존 파드가 서빙하게 한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags Deployments with `strategy.type: Recreate` that a Service sends traffic
to.

## Why it matters
`Recreate` stops every old pod before starting new ones, so each rollout is a
gap in service, and if the new pods don't come up healthy or don't get
registered with the load balancer, the gap becomes an outage. At Stytch,
deleting and recreating the API Deployment produced pods that were not
registered with the load balancer's target groups, prolonging the incident.

## Example
```yaml
spec:
  strategy: {type: Recreate}
```

## Use instead
```yaml
spec:
  strategy:
    type: RollingUpdate
    rollingUpdate: {maxUnavailable: 0, maxSurge: 25%}
```
"),
    docs_ko: docs!(r"## 하는 일
Service가 트래픽을 보내는, `strategy.type: Recreate`인 Deployment를 표시한다.

## 왜 중요한가
`Recreate`는 새 파드를 시작하기 전에 기존 파드를 모두 멈추므로, 롤아웃마다
서비스 공백이 생긴다. 새 파드가 정상적으로 뜨지 않거나 로드 밸런서에 등록되지
않으면, 그 공백은 장애가 된다. Stytch에서는 API Deployment를 삭제하고 다시 만들자
로드 밸런서의 대상 그룹에 등록되지 않은 파드가 생겨 장애가 길어졌다.

## 예시
```yaml
spec:
  strategy: {type: Recreate}
```

## 대신 이렇게
```yaml
spec:
  strategy:
    type: RollingUpdate
    rollingUpdate: {maxUnavailable: 0, maxSurge: 25%}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, wl, _) in workloads(input).filter(|(_, w, _)| w.kind == "Deployment") {
        let Some(ty) = wl.root.path(&["spec", "strategy", "type"]).filter(|n| n.as_str() == Some("Recreate")) else { continue };
        let svcs = services_selecting(input, i);
        if let Some(&s) = svcs.first() {
            out.emit(i, ty, msg!("{} uses the Recreate strategy behind Service {}: every rollout stops all pods before new ones are ready", "{}이(가) Service {} 뒤에서 Recreate 전략을 쓴다. 롤아웃마다 새 파드가 준비되기 전에 모든 파드가 멈춘다", wl.display(), input.objects[s].name));
        }
    }
}
