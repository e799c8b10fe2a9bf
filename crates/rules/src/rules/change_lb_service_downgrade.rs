use crate::msg;
use super::pairs;
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "change-lb-service-downgraded",
    title: en!("Service changes from LoadBalancer to ClusterIP or NodePort"),
    title_ko: ko!("LoadBalancer에서 ClusterIP 또는 NodePort로 바뀌는 Service"),
    category: Category::Change,
    severity: Severity::Error,
    cases: &["2025-02-18-grafana-cloud-load-balancers-lost"],
    fix: en!("Keep `type: LoadBalancer` (deleting it releases the cloud load balancer and its address); if the change is intended, move traffic first."),
    fix_ko: ko!("`type: LoadBalancer`를 유지한다(지우면 클라우드 로드 밸런서와 그 주소가 해제된다). 의도한 변경이라면 트래픽을 먼저 옮긴다."),
    needs_before: true,
    check,
    docs: docs!(r"## What it does
In a before/after review, flags a Service whose `spec.type` changes from
`LoadBalancer` to anything else (including the default `ClusterIP`, which is what
happens when the field disappears).

## Why it matters
Changing the type deletes the cloud load balancer, and with it its address; the
traffic it carried stops, and a new one comes back with a different address.
Grafana Labs lost the load balancers of several endpoints, cutting off about a
quarter of its services, through a configuration change that was applied
everywhere at once.

## Example
```yaml
# before
spec: {type: LoadBalancer}
# after
spec: {type: ClusterIP}
```

## Use instead
Keep `type: LoadBalancer`; if the change is intended, create the replacement
first, move DNS, then remove the old one.
"),
    docs_ko: docs!(r"## 하는 일
변경 전후 리뷰에서 `spec.type`이 `LoadBalancer`에서 다른 값(필드가 사라졌을 때 적용되는
기본값 `ClusterIP` 포함)으로 바뀌는 Service를 찾아낸다.

## 왜 중요한가
타입을 바꾸면 클라우드 로드 밸런서가 삭제되고, 그와 함께 주소도 사라진다. 그 로드 밸런서가
나르던 트래픽은 끊기고, 새 로드 밸런서는 다른 주소로 돌아온다. Grafana Labs는 모든 곳에
한꺼번에 적용된 설정 변경으로 여러 엔드포인트의 로드 밸런서를 잃었고, 서비스의 약 4분의 1이
끊겼다.

## 예시
```yaml
# before
spec: {type: LoadBalancer}
# after
spec: {type: ClusterIP}
```

## 대신 이렇게
`type: LoadBalancer`를 유지한다. 의도한 변경이라면 대체할 로드 밸런서를 먼저 만들고, DNS를
옮긴 다음, 기존 것을 제거한다.
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, before, after) in pairs(input).into_iter().filter(|(_, b, _)| b.kind == "Service") {
        let was = before.root.path(&["spec", "type"]).and_then(Node::as_str).unwrap_or("ClusterIP");
        let now_node = after.root.path(&["spec", "type"]);
        let now = now_node.and_then(Node::as_str).unwrap_or("ClusterIP");
        if was == "LoadBalancer" && now != "LoadBalancer" {
            let at = now_node.or_else(|| after.root.get("spec")).unwrap_or(after.anchor());
            out.emit(i, at, msg!("Service {} changes from LoadBalancer to {now}: the cloud load balancer and its address will be deleted", "Service {}이(가) LoadBalancer에서 {now}(으)로 바뀐다. 클라우드 로드 밸런서와 그 주소가 삭제된다", after.name));
        }
    }
}
