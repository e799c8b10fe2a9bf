use crate::msg;
use crate::objects::selects;
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "service-selector-overlap",
    title: en!("Service selector matches pods of different kinds of workload"),
    title_ko: ko!("서로 다른 종류의 워크로드 파드와 일치하는 Service 셀렉터"),
    category: Category::Traffic,
    severity: Severity::Warning,
    cases: &["2026-03-09-2i2c-pythia-binderhub-ingress-selector-502"],
    fix: en!("Give each workload a distinguishing label and add it to the Service selector, so that the Service selects only its intended backends."),
    fix_ko: ko!("각 워크로드에 구별되는 레이블을 주고 그 레이블을 Service 셀렉터에 추가해, Service가 의도한 백엔드만 선택하게 한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags a Service whose selector matches the pod templates of workloads of more
than one kind in its namespace, for example a Deployment and a DaemonSet.
Objects created by a controller (those with `metadata.ownerReferences`, such as
the ReplicaSets and Pods in `kubectl get all -o yaml` output) are not counted,
and several Deployments under one selector (the canary pattern) are allowed.

## Why it matters
Every pod the selector matches becomes an endpoint, whether or not it serves
the Service's port. Traffic then lands on pods that cannot answer it, and
ingress controllers that route to pod endpoints return errors for part or all
of the requests. At 2i2c, a BinderHub Service whose labels were also carried by
a DaemonSet's pods answered with 502s for over eight hours after a switch of
ingress controller.

## Example
```yaml
kind: Service
spec: {selector: {app: binder}}
---
kind: Deployment
spec: {template: {metadata: {labels: {app: binder, component: hub}}}}
---
kind: DaemonSet
spec: {template: {metadata: {labels: {app: binder, component: docker-api}}}}
```

## Use instead
Add a label that only the intended pods carry (`component: hub`) to the
Service selector, or give the other workload labels of its own.
"),
    docs_ko: docs!(r"## 하는 일
셀렉터가 같은 네임스페이스에 있는 두 가지 이상 종류의 워크로드, 예를 들어 Deployment와
DaemonSet의 파드 템플릿과 일치하는 Service를 찾아낸다. 컨트롤러가 만든 객체
(`kubectl get all -o yaml` 출력의 ReplicaSet과 Pod처럼 `metadata.ownerReferences`가
있는 객체)는 세지 않으며, 하나의 셀렉터 아래 여러 Deployment가 있는 경우(카나리 패턴)는
허용한다.

## 왜 중요한가
셀렉터와 일치하는 모든 파드는 Service의 포트를 제공하든 안 하든 엔드포인트가 된다. 그러면
트래픽이 응답할 수 없는 파드에 도달하고, 파드 엔드포인트로 라우팅하는 인그레스 컨트롤러는
요청의 일부 또는 전부에 오류를 반환한다. 2i2c에서는 DaemonSet의 파드도 같은 레이블을 달고
있던 BinderHub Service가 인그레스 컨트롤러를 바꾼 뒤 여덟 시간 넘게 502로 응답했다.

## 예시
```yaml
kind: Service
spec: {selector: {app: binder}}
---
kind: Deployment
spec: {template: {metadata: {labels: {app: binder, component: hub}}}}
---
kind: DaemonSet
spec: {template: {metadata: {labels: {app: binder, component: docker-api}}}}
```

## 대신 이렇게
의도한 파드만 가진 레이블(`component: hub`)을 Service 셀렉터에 추가하거나, 다른 워크로드에
고유한 레이블을 준다.
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, svc) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "Service") {
        let selector = &input.lookup.selectors[i];
        if selector.is_empty() {
            continue;
        }
        let matched: Vec<usize> = input
            .lookup
            .workloads_with_any(selector)
            .into_iter()
            .filter(|&w| {
                let o = &input.objects[w];
                o.same_namespace(svc) && o.metadata().and_then(|m| m.get("ownerReferences")).is_none() && selects(selector, &input.lookup.labels[w])
            })
            .collect();
        let first_kind = matched.first().map(|&w| input.objects[w].kind.as_str());
        if matched.iter().all(|&w| Some(input.objects[w].kind.as_str()) == first_kind) {
            continue;
        }
        let at = svc.root.path(&["spec", "selector"]).unwrap_or(svc.anchor());
        let names = matched.iter().map(|&w| input.objects[w].display()).collect::<Vec<_>>().join(", ");
        out.emit(i, at, msg!("Service {} selects the pods of {names}; every matching pod becomes an endpoint, so part of its traffic goes to pods of the wrong workload", "Service {}이(가) {names}의 파드를 선택한다. 일치하는 파드는 모두 엔드포인트가 되므로 트래픽 일부가 엉뚱한 워크로드의 파드로 간다", svc.name));
    }
}
