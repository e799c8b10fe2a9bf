use crate::msg;
use super::{ingress_class, pairs};
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "change-ingress-class",
    title: en!("An Ingress moves to another ingress class or controller"),
    title_ko: ko!("다른 ingress 클래스나 컨트롤러로 옮겨 가는 Ingress"),
    category: Category::Change,
    severity: Severity::Warning,
    cases: &["2026-03-12-2i2c-lis-hub-ingress-controller-migration-dns", "2018-06-29-universe-ingress-auth-change-billing-outage"],
    fix: en!("Run the old and the new controller side by side and move hosts one at a time, checking DNS and the new controller's address before removing the old class."),
    fix_ko: ko!("기존 컨트롤러와 새 컨트롤러를 나란히 실행하고 호스트를 하나씩 옮기며, 기존 클래스를 제거하기 전에 DNS와 새 컨트롤러의 주소를 확인한다."),
    needs_before: true,
    check,
    docs: docs!(r"## What it does
In a before/after review, flags an Ingress whose `spec.ingressClassName` or
`kubernetes.io/ingress.class` annotation changes.

## Why it matters
A different controller interprets the same Ingress differently: annotations for
one are ignored by the other, and behaviour such as forwarded headers,
authentication and timeouts changes silently. At Universe, a change the ingress
controller did not support left new billing pods unable to receive traffic.
At 2i2c, handing the `nginx` class to a new controller left a hub whose DNS
still pointed at the old controller's load balancer unreachable until the
switch was reverted.

## Example
```yaml
# before
spec: {ingressClassName: nginx}
# after
spec: {ingressClassName: traefik}
```

## Use instead
Run both controllers side by side, move one host at a time, and check the
annotations each Ingress relies on have an equivalent in the new controller.
"),
    docs_ko: docs!(r"## 하는 일
변경 전/후 리뷰에서 `spec.ingressClassName` 또는 `kubernetes.io/ingress.class`
애너테이션이 바뀌는 Ingress를 찾아낸다.

## 왜 중요한가
컨트롤러가 다르면 같은 Ingress도 다르게 해석한다. 한 컨트롤러용 애너테이션은 다른
컨트롤러가 무시하고, 전달 헤더, 인증, 타임아웃 같은 동작이 조용히 바뀐다. Universe에서는
ingress 컨트롤러가 지원하지 않는 변경 때문에 새 결제 파드가 트래픽을 받지 못했다.
2i2c에서는 `nginx` 클래스를 새 컨트롤러에 넘기자, DNS가 여전히 기존 컨트롤러의 로드
밸런서를 가리키던 허브가 전환을 되돌릴 때까지 접속할 수 없게 되었다.

## 예시
```yaml
# before
spec: {ingressClassName: nginx}
# after
spec: {ingressClassName: traefik}
```

## 대신 이렇게
두 컨트롤러를 나란히 실행하고, 호스트를 하나씩 옮기며, 각 Ingress가 의존하는
애너테이션에 새 컨트롤러의 대응 항목이 있는지 확인한다.
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, before, after) in pairs(input).into_iter().filter(|(_, b, _)| b.kind == "Ingress") {
        let (was, _) = ingress_class(before);
        let (now, node) = ingress_class(after);
        if was != now {
            let at = node.unwrap_or(after.anchor());
            out.emit(i, at, msg!(
                "Ingress {} moves from class {} to {}; the new controller may ignore annotations and handle headers, auth and TLS differently", "Ingress {}의 클래스가 {}에서 {}(으)로 바뀐다. 새 컨트롤러는 애너테이션을 무시하고 헤더, 인증, TLS를 다르게 처리할 수 있다",
                after.name, was.as_deref().unwrap_or("(default)"), now.as_deref().unwrap_or("(default)")
            ));
        }
    }
}
