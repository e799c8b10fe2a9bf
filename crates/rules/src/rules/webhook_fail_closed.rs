use crate::msg;
use super::{is_empty_selector, webhook_resources};
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "admission-webhook-fail-closed",
    title: en!("Cluster-wide admission webhook fails closed on everyday resources"),
    title_ko: ko!("일상적인 리소스에 대해 fail closed로 동작하는 클러스터 전체 admission 웹훅"),
    category: Category::Availability,
    severity: Severity::Warning,
    cases: &["2021-06-09-moj-cloud-platform-modsec-admission-webhook-certificate-blocked-ingress"],
    fix: en!("Scope the webhook with a `namespaceSelector` or `objectSelector`, or set `failurePolicy: Ignore` if admission can safely proceed without it."),
    fix_ko: ko!("웹훅의 범위를 `namespaceSelector`나 `objectSelector`로 좁히거나, 웹훅 없이도 admission이 안전하게 진행될 수 있다면 `failurePolicy: Ignore`를 설정한다."),
    needs_before: false,
    check,
    docs: docs!(
        r"## What it does
Flags a webhook in a `ValidatingWebhookConfiguration` or
`MutatingWebhookConfiguration` that fails closed (`failurePolicy: Fail`, the
default in `admissionregistration.k8s.io/v1`), applies to every namespace and
object (no `namespaceSelector` or `objectSelector`), and intercepts resources
that every deploy touches: pods, workloads, Services, Ingresses, ConfigMaps,
Secrets, or `*`.

## Why it matters
Such a webhook sits in the path of every matching API call. When it is down,
slow or unreachable, or its certificate no longer matches the Service it is
called on, the API server refuses those calls and deploys stop cluster-wide,
including the ones that would fix the webhook. At the UK Ministry of Justice
Cloud Platform, an ingress controller upgrade left its validating webhook with a
certificate for the wrong Service name, and no Ingress could be created or
changed until the upgrade was rolled back.

## Example
```yaml
kind: ValidatingWebhookConfiguration
webhooks:
  - name: validate.nginx.ingress.kubernetes.io
    rules: [{apiGroups: [networking.k8s.io], resources: [ingresses], operations: [CREATE, UPDATE]}]
```

## Use instead
Fail open (`failurePolicy: Ignore`) unless the webhook enforces security, and
scope it with a `namespaceSelector` that leaves out `kube-system` and the
webhook's own namespace. For webhooks that must fail closed, run more than one
replica, keep `timeoutSeconds` short, and alert on webhook call failures.
"
    ),
    docs_ko: docs!(r"## 하는 일
`ValidatingWebhookConfiguration` 또는 `MutatingWebhookConfiguration`의 웹훅 중
fail closed로 동작하고(`failurePolicy: Fail`, `admissionregistration.k8s.io/v1`의
기본값), 모든 네임스페이스와 오브젝트에 적용되며(`namespaceSelector`나 `objectSelector`
없음), 모든 배포가 건드리는 리소스(파드, 워크로드, Service, Ingress, ConfigMap, Secret
또는 `*`)를 가로채는 것을 찾아낸다.

## 왜 중요한가
이런 웹훅은 일치하는 모든 API 호출의 경로에 놓인다. 웹훅이 다운되거나, 느리거나, 연결할
수 없거나, 인증서가 호출에 쓰이는 Service와 더 이상 맞지 않으면 API 서버는 그 호출을
거부하고 클러스터 전체에서 배포가 멈춘다. 웹훅을 고칠 배포도 예외가 아니다. UK Ministry
of Justice Cloud Platform에서는 ingress 컨트롤러 업그레이드 후 validating 웹훅에 잘못된
Service 이름의 인증서가 남았고, 업그레이드를 롤백할 때까지 어떤 Ingress도 만들거나
변경할 수 없었다.

## 예시
```yaml
kind: ValidatingWebhookConfiguration
webhooks:
  - name: validate.nginx.ingress.kubernetes.io
    rules: [{apiGroups: [networking.k8s.io], resources: [ingresses], operations: [CREATE, UPDATE]}]
```

## 대신 이렇게
웹훅이 보안을 강제하는 것이 아니라면 fail open(`failurePolicy: Ignore`)으로 두고,
`kube-system`과 웹훅 자체의 네임스페이스를 제외하는 `namespaceSelector`로 범위를
좁힌다. fail closed여야 하는 웹훅은 복제본을 두 개 이상 실행하고, `timeoutSeconds`를
짧게 유지하며, 웹훅 호출 실패에 알림을 건다.
"),
};

/// Resources nearly every deploy creates or updates.
const EVERYDAY: &[&str] =
    &["*", "*/*", "pods", "deployments", "replicasets", "statefulsets", "daemonsets", "jobs", "cronjobs", "services", "ingresses", "configmaps", "secrets"];

fn check(input: &Input<'_>, out: &mut Emitter) {
    let configs = input.objects.iter().enumerate().filter(|(_, o)| o.kind == "ValidatingWebhookConfiguration" || o.kind == "MutatingWebhookConfiguration");
    for (i, cfg) in configs {
        // admissionregistration.k8s.io/v1beta1 defaulted to Ignore; v1 defaults to Fail.
        let default_fail = !cfg.api_version.ends_with("/v1beta1");
        for hook in cfg.root.get("webhooks").map(Node::items).unwrap_or_default() {
            let policy = hook.get("failurePolicy").and_then(Node::as_str);
            let fails_closed = policy.map_or(default_fail, |p| p == "Fail");
            if !fails_closed || !is_empty_selector(hook.get("namespaceSelector")) || !is_empty_selector(hook.get("objectSelector")) {
                continue;
            }
            let covered = webhook_resources(hook, EVERYDAY);
            if covered.is_empty() {
                continue;
            }
            let name = hook.get("name").and_then(Node::as_str).unwrap_or("(unnamed)");
            let at = hook.get("failurePolicy").or_else(|| hook.get("name")).unwrap_or(hook);
            let (how, how_ko) = if policy.is_some() { ("failurePolicy: Fail", "failurePolicy: Fail") } else { ("the default failurePolicy (Fail)", "기본 failurePolicy(Fail)") };
            out.emit(
                i,
                at,
                msg!(
                    "webhook {name} intercepts {} in every namespace with {how}: if it is down or its certificate is wrong, every such change in the cluster is refused", "웹훅 {name}이(가) {how_ko}(으)로 모든 네임스페이스의 {}을(를) 가로챈다. 웹훅이 다운되거나 인증서가 잘못되면 클러스터의 그런 변경이 모두 거부된다",
                    covered.join(", ")
                ),
            );
        }
    }
}
