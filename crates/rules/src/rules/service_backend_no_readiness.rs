use crate::msg;
use super::{container_anchor, container_name, hpa_for, services_selecting, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "service-backend-no-readiness",
    title: en!("Pods behind a Service have no readiness probe"),
    title_ko: ko!("readiness probe가 없는 Service 뒤의 파드"),
    category: Category::Traffic,
    severity: Severity::Warning,
    cases: &["2025-11-05-render-oregon-404", "2018-06-29-universe-ingress-auth-change-billing-outage"],
    fix: en!("Add a readinessProbe to the container that serves the Service's port."),
    fix_ko: ko!("Service의 포트를 제공하는 컨테이너에 readinessProbe를 추가한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags workloads selected by a Service in the same input whose containers have no
`readinessProbe` (workloads scaled by an HPA are covered by
`autoscaled-no-readiness`). A Deployment or StatefulSet pasted with no Service
at all is reported at `info` when its pods declare a serving port: a Service
likely sends it traffic, but the input does not show one.

## Why it matters
Without a readiness probe, a pod receives traffic as soon as its process starts,
before it has loaded the state it needs to answer correctly. In Render's Oregon
incident, new routing instances that had never received their initial state were
still sent traffic and answered 404. At Universe, rotated pods that could not
serve were put in front of users.

## Example
```yaml
containers:
  - name: router
    image: router:1.4
```

## Use instead
```yaml
containers:
  - name: router
    image: router:1.4
    readinessProbe:
      httpGet: {path: /readyz, port: 8080}   # ready only once state is loaded
```
"),
    docs_ko: docs!(r"## 하는 일
같은 입력 안의 Service가 선택하는 워크로드 중 컨테이너에 `readinessProbe`가 없는 것을
찾아낸다(HPA로 스케일되는 워크로드는 `autoscaled-no-readiness`가 다룬다). Service 없이
붙여 넣은 Deployment나 StatefulSet은 파드가 서비스 포트를 선언하면 `info`로 보고한다.
Service가 트래픽을 보낼 가능성이 높지만 입력에는 보이지 않기 때문이다.

## 왜 중요한가
readiness probe가 없으면 파드는 프로세스가 시작되자마자, 올바르게 응답하는 데 필요한
상태를 불러오기도 전에 트래픽을 받는다. Render의 Oregon 장애에서는 초기 상태를 한 번도
받지 못한 새 라우팅 인스턴스에 여전히 트래픽이 보내졌고, 이들은 404로 응답했다.
Universe에서는 서비스할 수 없는 교체된 파드가 사용자 앞에 놓였다.

## 예시
```yaml
containers:
  - name: router
    image: router:1.4
```

## 대신 이렇게
```yaml
containers:
  - name: router
    image: router:1.4
    readinessProbe:
      httpGet: {path: /readyz, port: 8080}   # ready only once state is loaded
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input) {
        if hpa_for(input, i).is_some() {
            continue;
        }
        // Readiness is a pod's: one probed container (the main one) gates the
        // whole pod, so helpers and sidecars beside it need none.
        let containers = t.app_containers();
        if containers.is_empty() || containers.iter().any(|c| c.get("readinessProbe").is_some()) {
            continue;
        }
        let names: Vec<&str> = containers.iter().map(container_name).collect();
        let svcs = services_selecting(input, i);
        let serving = svcs.iter().copied().find(|&s| super::service_role(input, &input.objects[s]) == super::ServiceRole::Serving);
        let Some(svc) = serving.or_else(|| svcs.first().copied()) else {
            // Partial input: the workload alone, its ports saying it serves.
            let ports = super::serving_ports(&t);
            if super::no_services(input) && !ports.is_empty() && input.objects[i].replicas().is_some() {
                out.emit(i, container_anchor(&containers[0]), msg!(
                    "no container of {} ({}) has a readinessProbe; no Service is in the input, but its pods declare port {}, so one likely sends them traffic, and new pods would take requests before they are ready", "{}의 어떤 컨테이너({})에도 readinessProbe가 없다. 입력에 Service는 없지만 파드가 포트 {}을(를) 선언하므로 어딘가에서 트래픽을 보낼 가능성이 높고, 새 파드가 준비되기 전에 요청을 받게 된다",
                    input.objects[i].display(), names.join(", "), ports.join(", ")
                )).at_most(Severity::Info);
            }
            continue;
        };
        let raw = out.emit(i, container_anchor(&containers[0]), msg!(
            "the pods of {} get traffic from Service {} but no container ({}) has a readinessProbe, so new pods take requests before they are ready", "{}의 파드는 Service {}에서 트래픽을 받지만 어떤 컨테이너({})에도 readinessProbe가 없어, 새 파드가 준비되기 전에 요청을 받는다",
            input.objects[i].display(), input.objects[svc].name, names.join(", ")
        ));
        if serving.is_none() {
            raw.at_most(Severity::Info);
            raw.message.push(" (info: the Service only serves metrics or a webhook)", " (info로 낮춤: 이 Service는 메트릭이나 웹훅만 제공한다)");
        }
    }
}
