use crate::msg;
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "service-selector-no-match",
    title: en!("Service selector matches no pod template"),
    title_ko: ko!("어떤 파드 템플릿과도 일치하지 않는 Service 셀렉터"),
    category: Category::Traffic,
    severity: Severity::Error,
    cases: &["grafana-cloud-logs-label-selector-outage"],
    fix: en!("Make the Service selector match the labels of the pod template that should receive its traffic."),
    fix_ko: ko!("Service 셀렉터가 그 트래픽을 받아야 할 파드 템플릿의 레이블과 일치하게 한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags a Service whose selector matches none of the pod templates in the input,
when the input does contain workloads in the Service's namespace that look like
its intended backends (a workload of the same name, or one sharing a selector
label). Matching is namespace-aware and looks inside workload templates, so a
Service pasted alone, or next to unrelated workloads, is not flagged.

## Why it matters
A Service that selects nothing has no endpoints: every request fails, and
nothing in `kubectl apply` says so. Grafana Labs' Cloud Logs outage came from a
selector that no longer matched most of the intended pods.

## Example
```yaml
kind: Service
spec: {selector: {app: api-server}}
---
kind: Deployment
metadata: {name: api-server}
spec: {template: {metadata: {labels: {app: api}}}}
```

## Use instead
Make the Service selector a subset of the pod template labels, and generate
both from one place (a Helm helper or Kustomize `labels`).
"),
    docs_ko: docs!(r"## 하는 일
입력 안의 어떤 파드 템플릿과도 셀렉터가 일치하지 않는 Service를, 입력에 그
Service의 네임스페이스에서 의도된 백엔드로 보이는 워크로드(이름이 같은 워크로드,
또는 셀렉터 레이블을 공유하는 워크로드)가 실제로 있을 때 표시한다. 일치 판정은
네임스페이스를 고려하고 워크로드 템플릿 내부까지 보므로, 단독으로 붙여 넣었거나
관련 없는 워크로드 옆에 있는 Service는 표시되지 않는다.

## 왜 중요한가
아무것도 선택하지 않는 Service에는 엔드포인트가 없다. 모든 요청이 실패하지만
`kubectl apply`는 아무것도 알려 주지 않는다. Grafana Labs의 Cloud Logs 장애는
의도한 파드 대부분과 더 이상 일치하지 않게 된 셀렉터에서 비롯됐다.

## 예시
```yaml
kind: Service
spec: {selector: {app: api-server}}
---
kind: Deployment
metadata: {name: api-server}
spec: {template: {metadata: {labels: {app: api}}}}
```

## 대신 이렇게
Service 셀렉터를 파드 템플릿 레이블의 부분집합으로 만들고, 둘 다 한 곳(Helm
헬퍼나 Kustomize `labels`)에서 생성한다.
"),
};

const WORKLOAD_KINDS: &[&str] = &["Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Pod", "Job", "CronJob"];

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, svc) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "Service") {
        let selector = &input.lookup.selectors[i];
        if selector.is_empty() {
            continue;
        }
        let mut any_full = false;
        let mut any_partial = false;
        for w in input.lookup.workloads_with_any(selector) {
            if !input.objects[w].same_namespace(svc) {
                continue;
            }
            let labels = &input.lookup.labels[w];
            let shared = selector.iter().filter(|(k, v)| labels.iter().any(|(lk, lv)| lk == k && lv == v)).count();
            any_full |= shared == selector.len();
            any_partial |= shared > 0 && shared < selector.len();
        }
        let same_name = WORKLOAD_KINDS
            .iter()
            .flat_map(|k| input.lookup.named(k, &svc.name))
            .map(|w| &input.objects[w])
            .find(|w| w.same_namespace(svc))
            .map(crate::objects::Object::display);
        // Partial matches are reported by service-selector-extra-label.
        if any_full || any_partial {
            continue;
        }
        if let Some(w) = same_name {
            let at = svc.root.path(&["spec", "selector"]).unwrap_or(svc.anchor());
            let sel = selector.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",");
            out.emit(i, at, msg!("Service {} selects {sel}, which matches no pod template in this namespace (not even {w}); it will have no endpoints", "Service {}의 셀렉터 {sel}은(는) 이 네임스페이스의 어떤 파드 템플릿과도 일치하지 않는다({w}조차 아니다). 엔드포인트가 하나도 없게 된다", svc.name));
        }
    }
}
