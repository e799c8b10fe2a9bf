use crate::msg;
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "certificate-missing-ingress-host",
    title: en!("An Ingress serves a host name that the certificate in its TLS Secret does not cover"),
    title_ko: ko!("TLS Secret의 인증서가 포함하지 않는 호스트 이름을 제공하는 Ingress"),
    category: Category::Traffic,
    severity: Severity::Error,
    cases: &["2025-02-19-wikimedia-kartotherian-wikikube-tls-san-missing"],
    fix: en!("Add the host to the Certificate's `dnsNames` (or use a certificate that covers it) before the Ingress serves it."),
    fix_ko: ko!("Ingress가 호스트를 제공하기 전에 그 호스트를 Certificate의 `dnsNames`에 추가한다(또는 그 호스트를 포함하는 인증서를 사용한다)."),
    needs_before: false,
    check,
    docs: docs!(
        r"## What it does
When the input holds both an Ingress and the cert-manager `Certificate` that
fills the Secret named in one of its `spec.tls` entries, flags every host of
that entry that is not among the Certificate's `dnsNames` (or `commonName`),
directly or through a one-label wildcard such as `*.example.org`.

## Why it matters
A client that asks for a name the certificate does not carry fails the TLS
handshake, every time. The failure can hide behind health checks that stop at
TCP. When Wikimedia moved its maps frontend onto Kubernetes, the certificate
there lacked the `maps.wikimedia.org` name; the CDN kept sending traffic to the
new backends because their TCP checks passed, and about 31,000 requests failed
over five hours before anyone noticed.

## Example
```yaml
kind: Certificate
spec:
  secretName: maps-tls
  dnsNames: [kartotherian.svc.eqiad.wmnet]
---
kind: Ingress
spec:
  tls:
    - hosts: [maps.wikimedia.org]
      secretName: maps-tls
```

## Use instead
List every public host name in the Certificate, or let cert-manager derive the
Certificate from the Ingress itself (the `cert-manager.io/cluster-issuer`
annotation), so that the two cannot drift apart.
"
    ),
    docs_ko: docs!(r"## 하는 일
입력에 Ingress와, 그 `spec.tls` 항목 중 하나에 지정된 Secret을 채우는 cert-manager
`Certificate`가 함께 있으면, 그 항목의 호스트 중 Certificate의 `dnsNames`(또는
`commonName`)에 직접으로든 `*.example.org` 같은 한 레이블 와일드카드로든 포함되지 않는
호스트를 모두 찾아낸다.

## 왜 중요한가
인증서에 없는 이름을 요청하는 클라이언트는 매번 TLS 핸드셰이크에 실패한다. 이 실패는
TCP까지만 확인하는 헬스 체크 뒤에 숨을 수 있다. Wikimedia가 지도 프런트엔드를
Kubernetes로 옮겼을 때 그곳의 인증서에는 `maps.wikimedia.org` 이름이 없었다. 새
백엔드의 TCP 체크가 통과했기 때문에 CDN은 계속 그쪽으로 트래픽을 보냈고, 누군가
알아차리기 전까지 다섯 시간 동안 약 31,000건의 요청이 실패했다.

## 예시
```yaml
kind: Certificate
spec:
  secretName: maps-tls
  dnsNames: [kartotherian.svc.eqiad.wmnet]
---
kind: Ingress
spec:
  tls:
    - hosts: [maps.wikimedia.org]
      secretName: maps-tls
```

## 대신 이렇게
Certificate에 공개 호스트 이름을 모두 나열하거나, cert-manager가 Ingress 자체로부터
Certificate를 만들게 해서(`cert-manager.io/cluster-issuer` 애너테이션) 둘이 서로
어긋날 수 없게 한다.
"),
};

/// Whether a certificate name (possibly `*.`-wildcarded) covers a host.
fn covers(name: &str, host: &str) -> bool {
    let (name, host) = (name.trim_end_matches('.').to_ascii_lowercase(), host.trim_end_matches('.').to_ascii_lowercase());
    match name.strip_prefix("*.") {
        Some(parent) => host.split_once('.').is_some_and(|(label, rest)| !label.is_empty() && rest == parent),
        None => name == host,
    }
}

fn check(input: &Input<'_>, out: &mut Emitter) {
    let certs: Vec<(usize, Vec<String>)> = input
        .objects
        .iter()
        .enumerate()
        .filter(|(_, o)| o.kind == "Certificate" && o.api_version.starts_with("cert-manager.io/"))
        .map(|(i, c)| {
            let spec = c.root.get("spec");
            let mut names: Vec<String> =
                spec.and_then(|s| s.get("dnsNames")).map(Node::items).unwrap_or_default().iter().filter_map(Node::as_str).map(str::to_string).collect();
            names.extend(spec.and_then(|s| s.get("commonName")).and_then(Node::as_str).map(str::to_string));
            (i, names)
        })
        .collect();
    if certs.is_empty() {
        return;
    }
    // Gateway API: an HTTPS or TLS listener's hostname and the Secrets in its certificateRefs.
    for (i, gw) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "Gateway" && o.api_version.starts_with("gateway.networking.k8s.io/")) {
        for l in gw.root.path(&["spec", "listeners"]).map(Node::items).unwrap_or_default() {
            let Some(host) = l.get("hostname") else { continue };
            let Some(h) = host.as_str() else { continue };
            for r in l.path(&["tls", "certificateRefs"]).map(Node::items).unwrap_or_default() {
                if r.get("kind").and_then(Node::as_str).unwrap_or("Secret") != "Secret" {
                    continue;
                }
                let Some(secret) = r.get("name").and_then(Node::as_str) else { continue };
                let ns = r.get("namespace").and_then(Node::as_str).map(str::to_string).or_else(|| gw.namespace.clone());
                let filled_by = certs.iter().find(|(c, _)| {
                    let cert = &input.objects[*c];
                    (ns.is_none() || cert.namespace.is_none() || cert.namespace == ns) && cert.root.path(&["spec", "secretName"]).and_then(Node::as_str) == Some(secret)
                });
                let Some((c, names)) = filled_by else { continue };
                if !names.iter().any(|n| covers(n, h)) {
                    out.emit(i, host, msg!(
                        "Gateway {} listener serves {h} with Secret {secret}, but Certificate {} does not list {h}; every TLS handshake for it will fail", "Gateway {} 리스너는 Secret {secret}으로 {h}을(를) 제공하지만 Certificate {}에는 {h}이(가) 없다. 이 호스트의 TLS 핸드셰이크는 모두 실패한다",
                        gw.name, input.objects[*c].name
                    ));
                }
            }
        }
    }
    for (i, ing) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "Ingress") {
        for entry in ing.root.path(&["spec", "tls"]).map(Node::items).unwrap_or_default() {
            let Some(secret) = entry.get("secretName").and_then(Node::as_str) else { continue };
            let filled_by = certs.iter().find(|(c, _)| {
                let cert = &input.objects[*c];
                cert.same_namespace(ing) && cert.root.path(&["spec", "secretName"]).and_then(Node::as_str) == Some(secret)
            });
            let Some((c, names)) = filled_by else { continue };
            for host in entry.get("hosts").map(Node::items).unwrap_or_default() {
                let Some(h) = host.as_str() else { continue };
                if !names.iter().any(|n| covers(n, h)) {
                    out.emit(
                        i,
                        host,
                        msg!(
                            "Ingress {} serves {h} with Secret {secret}, but Certificate {} does not list {h}; every TLS handshake for it will fail", "Ingress {}은(는) Secret {secret}으로 {h}을(를) 제공하지만 Certificate {}에는 {h}이(가) 없다. 이 호스트의 TLS 핸드셰이크는 모두 실패한다",
                            ing.name, input.objects[*c].name
                        ),
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::covers;

    #[test]
    fn wildcards_cover_exactly_one_label() {
        assert!(covers("*.example.org", "maps.example.org"));
        assert!(covers("Maps.Example.org.", "maps.example.org"));
        assert!(!covers("*.example.org", "example.org"));
        assert!(!covers("*.example.org", "a.b.example.org"));
        assert!(!covers("example.org", "maps.example.org"));
    }
}
