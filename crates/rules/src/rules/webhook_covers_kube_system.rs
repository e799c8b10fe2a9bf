use crate::msg;
use super::{is_empty_selector, webhook_resources};
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "admission-webhook-covers-kube-system",
    title: en!("A fail-open admission webhook still sits in the path of the control plane's own writes in kube-system"),
    title_ko: ko!("kube-system에서 컨트롤 플레인 자체의 쓰기 경로에 여전히 놓여 있는, 실패 시 허용(fail-open)하는 어드미션 웹훅"),
    category: Category::Resilience,
    severity: Severity::Warning,
    cases: &["2019-09-05-jetstack-opa-webhook-gke-master-upgrade"],
    fix: en!("Exclude kube-system with a `namespaceSelector` (`matchExpressions: [{key: kubernetes.io/metadata.name, operator: NotIn, values: [kube-system]}]`) and keep `timeoutSeconds` short."),
    fix_ko: ko!("`namespaceSelector`(`matchExpressions: [{key: kubernetes.io/metadata.name, operator: NotIn, values: [kube-system]}]`)로 kube-system을 제외하고 `timeoutSeconds`를 짧게 유지한다."),
    needs_before: false,
    check,
    docs: docs!(
        r"## What it does
Flags a webhook in a `ValidatingWebhookConfiguration` or
`MutatingWebhookConfiguration` that fails open (`failurePolicy: Ignore`, or the
`v1beta1` default) but has no `namespaceSelector`, and intercepts ConfigMaps,
Secrets, Leases, Endpoints, Pods or `*`: objects that control-plane components
and system add-ons write in `kube-system`. Webhooks that fail closed are
covered by `admission-webhook-fail-closed`.

## Why it matters
Failing open does not make a webhook harmless. The API server still calls it
and waits up to `timeoutSeconds` (10 s by default in `v1`, 30 s in `v1beta1`)
on every matching request. At Jetstack, a GKE master upgrade stalled because a
new master's start-up write to a ConfigMap in `kube-system` went through an
Open Policy Agent webhook whose backend had stopped answering; the write timed
out, the master failed its health check and crash-looped, and node auto-repair
then recycled every node. Deleting the webhook configuration restored the
cluster.

## Example
```yaml
kind: ValidatingWebhookConfiguration
webhooks:
  - name: validating-webhook.openpolicyagent.org
    failurePolicy: Ignore
    rules: [{apiGroups: ['*'], apiVersions: ['*'], resources: ['*'], operations: [CREATE, UPDATE]}]
```

## Use instead
Intercept only the resources the policy governs, keep system namespaces out,
and keep the timeout short:
```yaml
webhooks:
  - name: validating-webhook.openpolicyagent.org
    failurePolicy: Ignore
    timeoutSeconds: 3
    namespaceSelector:
      matchExpressions:
        - {key: kubernetes.io/metadata.name, operator: NotIn, values: [kube-system]}
    rules: [{apiGroups: [networking.k8s.io], apiVersions: [v1], resources: [ingresses], operations: [CREATE, UPDATE]}]
```
Give the webhook's backend a liveness probe and more than one replica, so a
hung instance is replaced.
"
    ),
    docs_ko: docs!(r"## 하는 일
`ValidatingWebhookConfiguration` 또는 `MutatingWebhookConfiguration`의 웹훅 중 실패 시
허용하지만(`failurePolicy: Ignore`, 또는 `v1beta1` 기본값) `namespaceSelector`가 없고,
ConfigMap, Secret, Lease, Endpoints, Pod 또는 `*`, 즉 컨트롤 플레인 구성 요소와 시스템
애드온이 `kube-system`에 쓰는 객체를 가로채는 웹훅을 찾아낸다. 실패 시 거부하는 웹훅은
`admission-webhook-fail-closed`가 다룬다.

## 왜 중요한가
실패 시 허용한다고 웹훅이 무해해지지는 않는다. API 서버는 여전히 웹훅을 호출하고, 일치하는
요청마다 최대 `timeoutSeconds`(기본값은 `v1`에서 10 s, `v1beta1`에서 30 s)를 기다린다.
Jetstack에서는 새 마스터가 시작할 때 `kube-system`의 ConfigMap에 하는 쓰기가, 백엔드가
응답을 멈춘 Open Policy Agent 웹훅을 거치면서 GKE 마스터 업그레이드가 멈췄다. 쓰기는
타임아웃되었고, 마스터는 헬스 체크에 실패해 크래시 루프에 빠졌으며, 이어서 노드 자동 복구가
모든 노드를 재생성했다. 웹훅 구성을 삭제하자 클러스터가 복구되었다.

## 예시
```yaml
kind: ValidatingWebhookConfiguration
webhooks:
  - name: validating-webhook.openpolicyagent.org
    failurePolicy: Ignore
    rules: [{apiGroups: ['*'], apiVersions: ['*'], resources: ['*'], operations: [CREATE, UPDATE]}]
```

## 대신 이렇게
정책이 다루는 리소스만 가로채고, 시스템 네임스페이스는 제외하고, 타임아웃을 짧게 유지한다:
```yaml
webhooks:
  - name: validating-webhook.openpolicyagent.org
    failurePolicy: Ignore
    timeoutSeconds: 3
    namespaceSelector:
      matchExpressions:
        - {key: kubernetes.io/metadata.name, operator: NotIn, values: [kube-system]}
    rules: [{apiGroups: [networking.k8s.io], apiVersions: [v1], resources: [ingresses], operations: [CREATE, UPDATE]}]
```
웹훅 백엔드에 liveness probe와 둘 이상의 복제본을 두어, 멈춘 인스턴스가 교체되게 한다.
"),
};

/// Resources that control-plane components and add-ons write in kube-system.
const SYSTEM_WRITES: &[&str] = &["*", "*/*", "configmaps", "secrets", "leases", "endpoints", "endpointslices", "pods"];

fn check(input: &Input<'_>, out: &mut Emitter) {
    let configs = input.objects.iter().enumerate().filter(|(_, o)| o.kind == "ValidatingWebhookConfiguration" || o.kind == "MutatingWebhookConfiguration");
    for (i, cfg) in configs {
        let v1beta1 = cfg.api_version.ends_with("/v1beta1");
        for hook in cfg.root.get("webhooks").map(Node::items).unwrap_or_default() {
            let fails_open = hook.get("failurePolicy").and_then(Node::as_str).map_or(v1beta1, |p| p == "Ignore");
            if !fails_open || !is_empty_selector(hook.get("namespaceSelector")) {
                continue;
            }
            let covered = webhook_resources(hook, SYSTEM_WRITES);
            if covered.is_empty() {
                continue;
            }
            let (what, what_ko) = if covered.iter().any(|r| r.starts_with('*')) { (en!("every resource").to_string(), ko!("모든 리소스").to_string()) } else { (covered.join(", "), covered.join(", ")) };
            let timeout = hook.get("timeoutSeconds").and_then(Node::as_i64).unwrap_or(if v1beta1 { 30 } else { 10 });
            let name = hook.get("name").and_then(Node::as_str).unwrap_or("(unnamed)");
            let at = hook.get("rules").or_else(|| hook.get("name")).unwrap_or(hook);
            out.emit(
                i,
                at,
                msg!(
                    "webhook {name} fails open but intercepts {what} in every namespace, kube-system included: each control-plane write there waits up to {timeout}s when its backend hangs", "웹훅 {name}은(는) 실패 시 허용(fail open)하지만 kube-system을 포함한 모든 네임스페이스에서 {what_ko}을(를) 가로챈다. 백엔드가 멈추면 그곳의 컨트롤 플레인 쓰기마다 최대 {timeout}s를 기다린다"
                ),
            );
        }
    }
}
