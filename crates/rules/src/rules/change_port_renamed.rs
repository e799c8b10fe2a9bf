use crate::msg;
use super::{container_name, pairs};
use crate::rule::{Category, Emitter, Input, Msg, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "change-port-renamed",
    title: en!("A Service or container port is renamed"),
    title_ko: ko!("이름이 바뀐 Service 또는 컨테이너 포트"),
    category: Category::Change,
    severity: Severity::Warning,
    cases: &["2020-02-04-gitlab-container-registry-dry-run-pipeline"],
    fix: en!("Keep the old port name, or update every reference to it (Ingress backends, NetworkPolicies, ServiceMonitors, other Services) in the same change."),
    fix_ko: ko!("기존 포트 이름을 유지하거나, 같은 변경에서 그 이름을 가리키는 모든 참조(Ingress 백엔드, NetworkPolicies, ServiceMonitors, 다른 Service)를 갱신한다."),
    needs_before: true,
    check,
    docs: docs!(r"## What it does
In a before/after review, flags Service ports and container ports whose `name`
changes while the port number stays. (A `targetPort` that names a port the
pods no longer declare is not checked.)

## Why it matters
Port names are references: `targetPort: http`, Ingress backends, cloud load
balancer health checks and NEGs follow them. Renaming one makes those
references dangle, and the load balancer is reconfigured while traffic fails.
GitLab.com's registry outage came from a Helm deployment change that
reconfigured the Kubernetes-hosted service and its Google load balancer.

## Example
```yaml
# before
ports: [{name: http, port: 80, targetPort: http}]
# after
ports: [{name: web, port: 80, targetPort: http}]
```

## Use instead
Keep port names stable; add the new name alongside the old one, move references,
then remove the old one in a later change.
"),
    docs_ko: docs!(r"## 하는 일
변경 전/후 리뷰에서, 포트 번호는 그대로인데 `name`이 바뀌는 Service 포트와 컨테이너
포트를 표시한다. (파드가 더 이상 선언하지 않는 포트를 이름으로 가리키는 `targetPort`는
검사하지 않는다.)

## 왜 중요한가
포트 이름은 참조다. `targetPort: http`, Ingress 백엔드, 클라우드 로드 밸런서의 헬스
체크와 NEG가 이 이름을 따라간다. 이름 하나를 바꾸면 그 참조들이 대상을 잃고,
트래픽이 실패하는 동안 로드 밸런서가 재구성된다. GitLab.com의 레지스트리 장애는
Kubernetes에서 호스팅되는 서비스와 그 Google 로드 밸런서를 재구성한 Helm 배포
변경에서 비롯됐다.

## 예시
```yaml
# before
ports: [{name: http, port: 80, targetPort: http}]
# after
ports: [{name: web, port: 80, targetPort: http}]
```

## 대신 이렇게
포트 이름을 안정적으로 유지한다. 새 이름을 기존 이름과 나란히 추가하고, 참조를
옮긴 다음, 이후의 변경에서 기존 이름을 제거한다.
"),
};

fn ports(n: Option<&Node>) -> Vec<(i64, String, &Node)> {
    n.map(Node::items)
        .unwrap_or_default()
        .iter()
        .filter_map(|p| {
            let num = p.get("port").or_else(|| p.get("containerPort")).and_then(Node::as_i64)?;
            let name = p.get("name").and_then(Node::as_str).unwrap_or_default().to_string();
            Some((num, name, p))
        })
        .collect()
}

fn report(i: usize, what: &Msg, before: &[(i64, String, &Node)], after: &[(i64, String, &Node)], out: &mut Emitter) {
    for (num, name, node) in after {
        if let Some((_, old, _)) = before.iter().find(|(n, o, _)| n == num && o != name && !o.is_empty()) {
            let at = node.get("name").unwrap_or(node);
            let (what_en, what_ko) = (&what.en, &what.ko);
            out.emit(i, at, msg!("{what_en}: port {num} is renamed from {old:?} to {name:?}; anything that refers to {old:?} (targetPort, Ingress, load balancer) loses it", "{what_ko}: 포트 {num}의 이름이 {old:?}에서 {name:?}(으)로 바뀐다. {old:?}을(를) 가리키던 모든 것(targetPort, Ingress, 로드 밸런서)이 이 포트를 잃는다"));
        }
    }
}

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, before, after) in pairs(input) {
        if after.kind == "Service" {
            report(i, &Msg::verbatim(format!("Service {}", after.name)), &ports(before.root.path(&["spec", "ports"])), &ports(after.root.path(&["spec", "ports"])), out);
        }
        if let (Some(tb), Some(ta)) = (before.pod_template(), after.pod_template()) {
            for ca in ta.app_containers() {
                let name = container_name(ca);
                let Some(cb) = tb.app_containers().iter().find(|c| container_name(c) == name) else { continue };
                report(i, &msg!("{} container {name}", "{}의 컨테이너 {name}", after.display()), &ports(cb.get("ports")), &ports(ca.get("ports")), out);
            }
        }
    }
}
