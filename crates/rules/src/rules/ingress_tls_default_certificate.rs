use crate::msg;
use super::ingress_class;
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "ingress-tls-default-certificate",
    title: en!("An Ingress TLS entry names no certificate Secret, so it is served the controller's shared default certificate"),
    title_ko: ko!("인증서 Secret을 지정하지 않아 컨트롤러의 공유 기본 인증서가 제공되는 Ingress TLS 항목"),
    category: Category::Traffic,
    severity: Severity::Warning,
    cases: &[
        "2021-07-12-moj-cloud-platform-pipeline-kube-context-default-certificate-live-1",
        "2022-03-10-moj-cloud-platform-kubectl-provider-kube-config-default-certificate-live",
    ],
    fix: en!("Name the certificate: add `secretName: <tls-secret>` to the TLS entry."),
    fix_ko: ko!("인증서를 지정한다. TLS 항목에 `secretName: <tls-secret>`을 추가한다."),
    needs_before: false,
    check,
    docs: docs!(
        r"## What it does
Flags an Ingress whose `spec.tls` entry has no `secretName`. Ingresses that
take their certificate from a cloud load balancer annotation (an AWS
certificate ARN, GKE pre-shared or managed certificates) are left alone, since
those controllers find the certificate another way.

## Why it matters
Without a `secretName`, ingress-nginx and most other controllers answer HTTPS
for those hosts with their one default certificate. Every Ingress that does so
then depends on a single shared object: change it, and all of them change at
once. Twice the UK Ministry of Justice Cloud Platform had the live cluster's
default certificate replaced by another cluster's (once by an apply pipeline
that followed the wrong kube context, once by a Terraform provider that read
`KUBE_CONFIG`), and every Ingress relying on it presented a certificate whose
names did not match until the team edited it back.

## Example
```yaml
spec:
  tls:
    - hosts: [app.apps.example.org]   # no secretName
```

## Use instead
Give each Ingress its own certificate Secret, for example issued by
cert-manager, so that a change to one certificate cannot reach other services:
```yaml
metadata:
  annotations:
    cert-manager.io/cluster-issuer: letsencrypt
spec:
  tls:
    - hosts: [app.apps.example.org]
      secretName: app-tls
```
If relying on a wildcard default certificate is a deliberate platform choice,
monitor the certificate every host actually presents, and suppress this rule
with `casebook.dev/ignore`.
"
    ),
    docs_ko: docs!(r"## 하는 일
`spec.tls` 항목에 `secretName`이 없는 Ingress를 표시한다. 클라우드 로드 밸런서
애너테이션(AWS 인증서 ARN, GKE 사전 공유 인증서 또는 관리형 인증서)에서 인증서를
가져오는 Ingress는 제외한다. 그런 컨트롤러는 다른 방법으로 인증서를 찾기
때문이다.

## 왜 중요한가
`secretName`이 없으면 ingress-nginx를 비롯한 대부분의 컨트롤러는 해당 호스트의
HTTPS에 자신의 단일 기본 인증서로 응답한다. 그러면 그런 Ingress는 모두 하나의
공유 객체에 의존하게 된다. 그것을 바꾸면 모두가 한꺼번에 바뀐다. UK Ministry of
Justice Cloud Platform에서는 두 번이나 live 클러스터의 기본 인증서가 다른 클러스터의
것으로 교체됐고(한 번은 잘못된 kube context를 따라간 apply 파이프라인 때문에, 한 번은
`KUBE_CONFIG`를 읽은 Terraform provider 때문에), 팀이 되돌려 놓을 때까지 그
인증서에 의존하던 모든 Ingress가 이름이 일치하지 않는 인증서를 내보였다.

## 예시
```yaml
spec:
  tls:
    - hosts: [app.apps.example.org]   # no secretName
```

## 대신 이렇게
각 Ingress에 예를 들어 cert-manager가 발급한 자체 인증서 Secret을 주어, 한
인증서의 변경이 다른 서비스에 미치지 않게 한다.
```yaml
metadata:
  annotations:
    cert-manager.io/cluster-issuer: letsencrypt
spec:
  tls:
    - hosts: [app.apps.example.org]
      secretName: app-tls
```
와일드카드 기본 인증서에 의존하는 것이 의도된 플랫폼 선택이라면, 각 호스트가
실제로 내보이는 인증서를 모니터링하고 `casebook.dev/ignore`로 이 규칙을 억제한다.
"),
};

/// Annotations through which a controller gets its certificate without a Secret.
const CERT_ELSEWHERE: &[&str] =
    &["alb.ingress.kubernetes.io/certificate-arn", "ingress.gcp.kubernetes.io/pre-shared-cert", "networking.gke.io/managed-certificates"];

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, ing) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "Ingress") {
        // The AWS load balancer controller discovers certificates from `tls` hosts;
        // cloud annotations name a certificate kept outside the cluster.
        if ingress_class(ing).0.as_deref() == Some("alb") || ing.annotations().iter().any(|(k, _)| CERT_ELSEWHERE.contains(&k.as_str())) {
            continue;
        }
        for entry in ing.root.path(&["spec", "tls"]).map(Node::items).unwrap_or_default() {
            let named = entry.get("secretName").and_then(Node::as_str).is_some_and(|s| !s.trim().is_empty());
            if named {
                continue;
            }
            let hosts: Vec<&str> = entry.get("hosts").map(Node::items).unwrap_or_default().iter().filter_map(Node::as_str).collect();
            let (which, which_ko) = if hosts.is_empty() { (en!("its TLS entry").to_string(), ko!("TLS 항목").to_string()) } else { (format!("TLS for {}", hosts.join(", ")), format!("{}의 TLS", hosts.join(", "))) };
            out.emit(
                i,
                entry,
                msg!("Ingress {}: {which} names no secretName, so the controller serves its shared default certificate; a change to that one certificate reaches every such host", "Ingress {}: {which_ko}에 secretName이 없어 컨트롤러가 공유 기본 인증서를 제공한다. 그 인증서 하나를 바꾸면 이런 호스트 전부에 영향이 간다", ing.name),
            );
        }
    }
}
