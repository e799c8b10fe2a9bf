use crate::msg;
use super::pairs;
use crate::objects::Object;
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "change-tls-removed",
    title: en!("TLS or HTTPS listener settings are removed"),
    title_ko: ko!("제거되는 TLS 또는 HTTPS 리스너 설정"),
    category: Category::Change,
    severity: Severity::Error,
    cases: &["2022-10-24-pypi-ingress-elb-https-listener", "2025-02-18-grafana-cloud-load-balancers-lost"],
    fix: en!("Keep the TLS settings (the `tls` section, certificate annotation or HTTPS listener) unless clients have moved off HTTPS."),
    fix_ko: ko!("클라이언트가 HTTPS에서 옮겨 가지 않았다면 TLS 설정(`tls` 섹션, 인증서 애너테이션 또는 HTTPS 리스너)을 유지한다."),
    needs_before: true,
    check,
    docs: docs!(r"## What it does
In a before/after review, flags an Ingress that loses `spec.tls` entries, and an
Ingress or LoadBalancer Service that loses a TLS-related annotation (certificate
ARN, SSL ports, listen ports, backend protocol) that the before version had.

## Why it matters
The load balancer controller reconciles what the manifest says: drop the
certificate annotation and it removes the HTTPS listener. PyPI's backend became
unreachable over HTTPS when the HTTPS listener of its Ingress-managed ELB was
removed during a rolling node restart because the referenced certificate could
not be found. Grafana Labs lost load balancers in a TLS-policy change.

## Example
```yaml
# before
annotations:
  service.beta.kubernetes.io/aws-load-balancer-ssl-cert: arn:aws:acm:...
# after: annotation gone
```

## Use instead
Keep TLS settings in one templated place, and review any change that removes
them as a change to the public endpoint.
"),
    docs_ko: docs!(r"## 하는 일
변경 전후 리뷰에서 `spec.tls` 항목을 잃는 Ingress와, 변경 전 버전에 있던 TLS 관련
애너테이션(인증서 ARN, SSL 포트, 리슨 포트, 백엔드 프로토콜)을 잃는 Ingress 또는
LoadBalancer Service를 찾아낸다.

## 왜 중요한가
로드 밸런서 컨트롤러는 매니페스트에 적힌 대로 조정(reconcile)한다. 인증서 애너테이션을 빼면
HTTPS 리스너를 제거한다. PyPI의 백엔드는 롤링 노드 재시작 중, 참조된 인증서를 찾을 수 없어
Ingress가 관리하는 ELB의 HTTPS 리스너가 제거되면서 HTTPS로 접근할 수 없게 됐다. Grafana
Labs는 TLS 정책 변경에서 로드 밸런서를 잃었다.

## 예시
```yaml
# before
annotations:
  service.beta.kubernetes.io/aws-load-balancer-ssl-cert: arn:aws:acm:...
# after: annotation gone
```

## 대신 이렇게
TLS 설정은 템플릿화된 한 곳에 두고, 이를 제거하는 변경은 공개 엔드포인트에 대한 변경으로 보고
리뷰한다.
"),
};

const TLS_MARKERS: &[&str] = &["ssl-cert", "certificate", "ssl-ports", "listen-ports", "backend-protocol", "ssl-redirect", "tls", "ssl-policy"];

fn tls_annotations(o: &Object) -> Vec<(String, String)> {
    o.annotations().into_iter().filter(|(k, _)| TLS_MARKERS.iter().any(|m| k.to_ascii_lowercase().contains(m))).collect()
}

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, before, after) in pairs(input) {
        let relevant = after.kind == "Ingress"
            || after.kind == "Gateway"
            || (after.kind == "Service" && before.root.path(&["spec", "type"]).and_then(crate::yaml::Node::as_str) == Some("LoadBalancer"));
        if !relevant {
            continue;
        }
        let now = tls_annotations(after);
        for (k, _) in tls_annotations(before) {
            if !now.iter().any(|(n, _)| *n == k) {
                let at = after.metadata().and_then(|m| m.key("annotations")).unwrap_or(after.anchor());
                out.emit(i, at, msg!("{} loses the TLS annotation {k}; the controller will remove the HTTPS listener or certificate", "{}에서 TLS 애너테이션 {k}이(가) 사라진다. 컨트롤러가 HTTPS 리스너나 인증서를 제거한다", after.display()));
            }
        }
        if after.kind == "Gateway" {
            // Listeners that terminated TLS before and no longer do (or are gone).
            let tls_listeners = |o: &Object| -> Vec<String> {
                o.root.path(&["spec", "listeners"]).map(crate::yaml::Node::items).unwrap_or_default().iter()
                    .filter(|l| matches!(l.get("protocol").and_then(crate::yaml::Node::as_str), Some("HTTPS" | "TLS")))
                    .filter_map(|l| l.get("name").and_then(crate::yaml::Node::as_str).map(str::to_string))
                    .collect()
            };
            let now = tls_listeners(after);
            for name in tls_listeners(before).into_iter().filter(|n| !now.contains(n)) {
                let at = after.root.get("spec").and_then(|s| s.key("listeners")).unwrap_or(after.anchor());
                out.emit(i, at, msg!("Gateway {} no longer has the HTTPS/TLS listener {name}; its hosts will stop being served over TLS", "Gateway {}에 HTTPS/TLS 리스너 {name}이(가) 더 이상 없다. 그 호스트들은 더 이상 TLS로 제공되지 않는다", after.name));
            }
        }
        if after.kind == "Ingress" {
            let count = |o: &Object| o.root.path(&["spec", "tls"]).map_or(0, |t| t.items().len());
            let (b, a) = (count(before), count(after));
            if a < b {
                let at = after.root.get("spec").and_then(|s| s.key("tls")).or_else(|| after.root.key("spec")).unwrap_or(after.anchor());
                out.emit(i, at, msg!("Ingress {} goes from {b} to {a} TLS entries; hosts will stop being served over HTTPS", "Ingress {}의 TLS 항목이 {b}개에서 {a}개로 줄어든다. 호스트들이 더 이상 HTTPS로 제공되지 않는다", after.name));
            }
        }
    }
}
