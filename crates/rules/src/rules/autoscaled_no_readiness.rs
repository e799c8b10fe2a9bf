use crate::msg;
use super::{container_anchor, container_name, hpa_for, services_selecting, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "autoscaled-no-readiness",
    title: en!("Autoscaled pods behind a Service have no readiness probe"),
    title_ko: ko!("readiness probe가 없는, Service 뒤에서 오토스케일링되는 파드"),
    category: Category::Traffic,
    severity: Severity::Error,
    cases: &["2025-11-05-render-oregon-404"],
    fix: en!("Add a readinessProbe to the serving container, so that new replicas get traffic only once they can serve it."),
    fix_ko: ko!("서빙 컨테이너에 readinessProbe를 추가해, 새 복제본이 트래픽을 처리할 수 있게 된 뒤에만 트래픽을 받게 한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags workloads that are scaled by a HorizontalPodAutoscaler and selected by a
Service, but whose containers have no `readinessProbe`.

## Why it matters
Autoscaling adds pods exactly when traffic is high. Without a readiness probe
each new pod joins the Service immediately, so a scale-up during trouble puts
unready pods in front of the most users. In Render's Oregon incident, rising
traffic scaled up the routing service and every new instance, lacking its
initial state, answered 404: about half of requests in the affected cluster
failed.

## Example
```yaml
kind: HorizontalPodAutoscaler
spec: {scaleTargetRef: {kind: Deployment, name: router}}
---
kind: Deployment
metadata: {name: router}
# containers without readinessProbe
```

## Use instead
Give every container a readiness probe that passes only when the pod can serve
correctly (state loaded, caches warm), and keep it process-local.
"),
    docs_ko: docs!(r"## 하는 일
HorizontalPodAutoscaler로 확장되고 Service가 선택하지만, 컨테이너에
`readinessProbe`가 없는 워크로드를 표시한다.

## 왜 중요한가
오토스케일링은 바로 트래픽이 많을 때 파드를 추가한다. readiness probe가 없으면
새 파드가 즉시 Service에 합류하므로, 문제가 생긴 중에 확장하면 준비되지 않은
파드가 가장 많은 사용자 앞에 놓인다. Render의 Oregon 장애에서는 늘어나는
트래픽 때문에 라우팅 서비스가 확장됐고, 초기 상태가 없는 새 인스턴스마다 404를
응답해 영향받은 클러스터의 요청 중 약 절반이 실패했다.

## 예시
```yaml
kind: HorizontalPodAutoscaler
spec: {scaleTargetRef: {kind: Deployment, name: router}}
---
kind: Deployment
metadata: {name: router}
# containers without readinessProbe
```

## 대신 이렇게
모든 컨테이너에 파드가 올바르게 서빙할 수 있을 때(상태 로드, 캐시 워밍 완료)만
통과하는 readiness probe를 두고, 그 검사는 프로세스 로컬로 유지한다.
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input) {
        let Some(hpa) = hpa_for(input, i) else { continue };
        let svcs = services_selecting(input, i);
        let Some(&svc) = svcs.first() else { continue };
        for c in t.app_containers().iter().filter(|c| c.get("readinessProbe").is_none()) {
            out.emit(i, container_anchor(c), msg!(
                "container {} is scaled by HPA {} and serves Service {} without a readinessProbe: every scale-up sends traffic to pods that are not ready", "컨테이너 {}은(는) HPA {}의 확장 대상이며 readinessProbe 없이 Service {}을(를) 제공한다. 확장할 때마다 준비되지 않은 파드로 트래픽이 간다",
                container_name(c), hpa.name, input.objects[svc].name
            ));
        }
    }
}
