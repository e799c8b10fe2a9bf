use crate::msg;
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "service-selector-extra-label",
    title: en!("Service selector has a label the pod template lacks"),
    title_ko: ko!("파드 템플릿에 없는 레이블을 가진 Service 셀렉터"),
    category: Category::Traffic,
    severity: Severity::Error,
    cases: &["grafana-cloud-logs-label-selector-outage"],
    fix: en!("Remove the extra label from the Service selector, or add it to the pod template and roll that out before changing the selector."),
    fix_ko: ko!("Service 셀렉터에서 여분의 레이블을 제거하거나, 그 레이블을 파드 템플릿에 추가해 셀렉터를 바꾸기 전에 먼저 롤아웃한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags a Service whose selector shares some labels with a workload's pod template
but also requires a label that template lacks, when no workload matches the
selector fully. The finding points at the extra selector label and lists every
label the template lacks. Only plausible backends count: a workload whose
identity labels (`app`, `app.kubernetes.io/name`, `component`...) differ from
the selector's is another app that shares a common label. When the input holds
custom resources that may own pods (an operator's Prometheus or Alertmanager),
the Service is not checked.

## Why it matters
An extra selector label silently narrows a Service to whichever pods happen to
carry it. At Grafana Labs, a label selector added by mistake during a Loki
migration meant service discovery resolved only the few pods that had the
label; the overwhelming load on them brought down the log write path for about
25 minutes.

## Example
```yaml
kind: Service
spec: {selector: {app: distributor, memberlist: enabled}}
---
kind: Deployment
spec: {template: {metadata: {labels: {app: distributor}}}}
```

## Use instead
Keep Service selectors to the stable identity labels every replica has, and
roll label changes out to pods before selectors.
"),
    docs_ko: docs!(r"## 하는 일
Service의 셀렉터가 워크로드 파드 템플릿과 일부 레이블을 공유하면서도 그 템플릿에 없는
레이블을 추가로 요구하고, 셀렉터와 완전히 일치하는 워크로드가 없는 경우를 찾아낸다. 결과는
여분의 셀렉터 레이블을 가리키며 템플릿에 없는 레이블을 모두 나열한다. 그럴듯한 백엔드만
따진다. 식별 레이블(`app`, `app.kubernetes.io/name`, `component`...)이 셀렉터의 것과 다른
워크로드는 공통 레이블을 공유하는 다른 앱이다. 입력에 파드를 소유할 수 있는 커스텀
리소스(오퍼레이터의 Prometheus나 Alertmanager)가 있으면 그 Service는 검사하지 않는다.

## 왜 중요한가
여분의 셀렉터 레이블은 Service를 그 레이블을 우연히 가진 파드로 조용히 좁힌다. Grafana
Labs에서는 Loki 마이그레이션 중 실수로 추가된 레이블 셀렉터 때문에 서비스 디스커버리가 그
레이블을 가진 몇 안 되는 파드만 찾았고, 그 파드에 몰린 압도적인 부하로 로그 쓰기 경로가 약
25분 동안 중단됐다.

## 예시
```yaml
kind: Service
spec: {selector: {app: distributor, memberlist: enabled}}
---
kind: Deployment
spec: {template: {metadata: {labels: {app: distributor}}}}
```

## 대신 이렇게
Service 셀렉터에는 모든 복제본이 가진 안정적인 식별 레이블만 두고, 레이블 변경은 셀렉터보다
먼저 파드에 롤아웃한다.
"),
};

/// Labels that name what an app is. A workload whose identity labels differ
/// from the selector's is another app that happens to share a common label
/// (`part-of`, `managed-by`), not a backend that lost one.
const IDENTITY_KEYS: &[&str] = &[
    "app", "name", "k8s-app", "component", "app.kubernetes.io/name", "app.kubernetes.io/component", "app.kubernetes.io/instance",
];

/// The first object in the input of a kind the review does not model that
/// may own pods (operators' custom resources such as a Prometheus or an
/// Alertmanager, which become `StatefulSets` in the cluster).
fn unmodeled_owner<'a>(input: &Input<'a>, svc: &crate::objects::Object) -> Option<&'a crate::objects::Object> {
    input.objects.iter().find(|o| o.may_own_unseen_pods() && o.same_namespace(svc))
}

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, svc) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "Service") {
        let selector = &input.lookup.selectors[i];
        if selector.len() < 2 {
            continue;
        }
        let mut full = false;
        let mut partial: Option<(String, Vec<&str>)> = None;
        for wi in input.lookup.workloads_with_any(selector) {
            let w = &input.objects[wi];
            if !w.same_namespace(svc) {
                continue;
            }
            let labels = &input.lookup.labels[wi];
            let missing: Vec<&str> = selector.iter().filter(|(k, v)| !labels.iter().any(|(lk, lv)| lk == k && lv == v)).map(|(k, _)| *k).collect();
            if missing.is_empty() {
                full = true;
                continue;
            }
            // A plausible backend shares the selector's identity: every identity
            // label of the selector matches, and at least one is present.
            let identity: Vec<&(&str, &str)> = selector.iter().filter(|(k, _)| IDENTITY_KEYS.contains(k)).collect();
            let plausible = !identity.is_empty() && identity.iter().all(|(k, _)| !missing.contains(k));
            if plausible && partial.is_none() {
                partial = Some((w.display(), missing));
            }
        }
        if full {
            continue;
        }
        // Pods may come from objects the review does not model: not checked.
        if let Some(owner) = partial.as_ref().and_then(|_| unmodeled_owner(input, svc)) {
            out.not_checked(svc.anchor(), msg!(
                "Service {}'s selector partly matches a workload here, but its pods may come from {}, which the review does not model", "Service {}의 셀렉터가 여기 있는 워크로드와 일부 일치하지만, 파드가 리뷰가 모델링하지 않는 {}에서 올 수 있다",
                svc.name, owner.display()
            ));
            continue;
        }
        if let Some((w, missing)) = partial {
            let sel = svc.root.path(&["spec", "selector"]);
            let sel = sel.and_then(|s| s.get("matchLabels")).or(sel);
            let at = sel.and_then(|s| s.key(missing[0])).unwrap_or(svc.anchor());
            let wanted: Vec<String> = missing
                .iter()
                .map(|k| format!("{k}={}", sel.and_then(|s| s.get(k)).and_then(Node::as_str).unwrap_or_default()))
                .collect();
            let (them, it) = if wanted.len() == 1 { ("", "it") } else { ("s", "them") };
            out.emit(i, at, msg!(
                "Service {} requires the label{them} {}, which the pod template of {w} lacks; traffic will reach only pods that carry {it}", "Service {}은(는) 레이블 {}을(를) 요구하지만 {w}의 파드 템플릿에는 없다. 트래픽은 그 레이블을 가진 파드에만 간다",
                svc.name,
                wanted.join(", ")
            ));
        }
    }
}
