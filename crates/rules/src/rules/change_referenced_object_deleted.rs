use crate::msg;

use crate::objects::Object;
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "change-referenced-object-deleted",
    title: en!("An object that others still reference is deleted"),
    title_ko: ko!("다른 객체가 아직 참조하는데 삭제되는 객체"),
    category: Category::Change,
    severity: Severity::Error,
    cases: &["2025-11-05-render-oregon-404", "2025-05-28-influxdata-auth-resource-recreate-outage"],
    fix: en!("Keep the object until nothing references it, or remove the references in the same change."),
    fix_ko: ko!("아무것도 참조하지 않을 때까지 객체를 유지하거나, 같은 변경에서 참조를 제거한다."),
    needs_before: true,
    check,
    docs: docs!(r"## What it does
In a before/after review, flags objects present before and absent after
(ConfigMaps, Secrets, Services, ServiceAccounts, PersistentVolumeClaims) that an
object in the after version still references: env and volume references,
`serviceAccountName`, Ingress backends and claim names. The finding points at the
reference.

## Why it matters
Deleting something still in use is one of the most common incident triggers in
the library. Render cleaned up a feature flag that the metadata service still
read; InfluxData deleted and recreated a resource that service-to-service
authentication depended on, and microservices in several clusters could no
longer authenticate to each other.

## Example
```yaml
# before: ConfigMap flags exists; after: it is gone, but
envFrom: [{configMapRef: {name: flags}}]
```

## Use instead
Remove the references first, deploy, confirm nothing reads the object, then
delete it in a later change.
"),
    docs_ko: docs!(r"## 하는 일
변경 전/후 리뷰에서, 변경 전에는 있고 변경 후에는 없는 객체(ConfigMap, Secret, Service,
ServiceAccount, PersistentVolumeClaim) 중 변경 후 버전의 객체가 아직 참조하는 것을
찾아낸다. 대상 참조는 env와 볼륨 참조, `serviceAccountName`, Ingress 백엔드, 클레임
이름이다. 결과는 그 참조를 가리킨다.

## 왜 중요한가
아직 사용 중인 것을 삭제하는 일은 라이브러리에서 가장 흔한 장애 계기 중 하나다. Render는
메타데이터 서비스가 아직 읽던 기능 플래그를 정리했다. InfluxData는 서비스 간 인증이
의존하던 리소스를 삭제하고 다시 만들었고, 여러 클러스터의 마이크로서비스가 더 이상 서로
인증할 수 없었다.

## 예시
```yaml
# before: ConfigMap flags exists; after: it is gone, but
envFrom: [{configMapRef: {name: flags}}]
```

## 대신 이렇게
먼저 참조를 제거하고 배포한 뒤, 그 객체를 읽는 것이 없음을 확인하고, 이후의 변경에서
삭제한다.
"),
};

fn exists(objects: &[Object], kind: &str, name: &str, near: &Object) -> bool {
    objects.iter().any(|o| o.kind == kind && o.name == name && o.same_namespace(near))
}

/// `(kind, name, node)` references a workload or Ingress makes.
fn references(o: &Object) -> Vec<(&'static str, String, &Node)> {
    fn add<'n>(out: &mut Vec<(&'static str, String, &'n Node)>, kind: &'static str, n: Option<&'n Node>) {
        if let Some((n, s)) = n.and_then(|n| n.as_str().map(|s| (n, s))) {
            out.push((kind, s.to_string(), n));
        }
    }
    let mut out: Vec<(&'static str, String, &Node)> = Vec::new();
    let push = |out: &mut Vec<_>, kind, n| add(out, kind, n);
    if let Some(t) = o.pod_template() {
        push(&mut out, "ServiceAccount", t.spec.get("serviceAccountName"));
        for c in t.containers() {
            for e in c.get("env").map(Node::items).unwrap_or_default() {
                push(&mut out, "ConfigMap", e.path(&["valueFrom", "configMapKeyRef", "name"]).filter(|_| e.path(&["valueFrom", "configMapKeyRef", "optional"]).and_then(Node::as_bool) != Some(true)));
                push(&mut out, "Secret", e.path(&["valueFrom", "secretKeyRef", "name"]).filter(|_| e.path(&["valueFrom", "secretKeyRef", "optional"]).and_then(Node::as_bool) != Some(true)));
            }
            for e in c.get("envFrom").map(Node::items).unwrap_or_default() {
                push(&mut out, "ConfigMap", e.path(&["configMapRef", "name"]));
                push(&mut out, "Secret", e.path(&["secretRef", "name"]));
            }
        }
        for v in t.spec.get("volumes").map(Node::items).unwrap_or_default() {
            push(&mut out, "ConfigMap", v.path(&["configMap", "name"]));
            push(&mut out, "Secret", v.path(&["secret", "secretName"]));
            push(&mut out, "PersistentVolumeClaim", v.path(&["persistentVolumeClaim", "claimName"]));
        }
    }
    for (name, _) in super::route_backends(o) {
        push(&mut out, "Service", Some(name));
    }
    if o.kind == "Gateway" {
        for l in o.root.path(&["spec", "listeners"]).map(Node::items).unwrap_or_default() {
            for c in l.path(&["tls", "certificateRefs"]).map(Node::items).unwrap_or_default() {
                if c.get("kind").and_then(Node::as_str).unwrap_or("Secret") == "Secret" {
                    push(&mut out, "Secret", c.get("name"));
                }
            }
        }
    }
    if o.kind == "Ingress" {
        for rule in o.root.path(&["spec", "rules"]).map(Node::items).unwrap_or_default() {
            for p in rule.path(&["http", "paths"]).map(Node::items).unwrap_or_default() {
                push(&mut out, "Service", p.path(&["backend", "service", "name"]).or_else(|| p.path(&["backend", "serviceName"])));
            }
        }
    }
    out
}

fn check(input: &Input<'_>, out: &mut Emitter) {
    let Some(before) = input.before else { return };
    for (i, o) in input.objects.iter().enumerate() {
        for (kind, name, node) in references(o) {
            let was_there = exists(before, kind, &name, o);
            if was_there && !exists(input.objects, kind, &name, o) {
                out.emit(i, node, msg!("{kind} {name} is deleted by this change, but {} still references it", "이 변경으로 {kind} {name}이(가) 삭제되지만 {}이(가) 아직 이를 참조한다", o.display()));
            }
        }
    }
}
