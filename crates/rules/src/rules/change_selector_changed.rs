use crate::msg;
use super::{pairs, same_value};
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "change-selector-changed",
    title: en!("The selector of a live Service changes"),
    title_ko: ko!("운영 중인 Service의 셀렉터 변경"),
    category: Category::Change,
    severity: Severity::Error,
    cases: &["grafana-cloud-logs-label-selector-outage"],
    fix: en!("Add the new labels to the pods first and roll them out, then change the selector; never change both at once."),
    fix_ko: ko!("먼저 파드에 새 레이블을 추가해 롤아웃한 다음 셀렉터를 바꾼다. 둘을 한꺼번에 바꾸지 않는다."),
    needs_before: true,
    check,
    docs: docs!(r"## What it does
In a before/after review, flags a Service whose `spec.selector` changes.

## Why it matters
Changing a live selector re-points all traffic at once, to whichever pods match
the new labels at that moment. At Grafana Labs an extra selector label, added
during a migration, narrowed the Loki distributor Service to a few pods, which
were overwhelmed, and the write path stopped for about 25 minutes.

## Example
```yaml
# before
selector: {app: distributor}
# after
selector: {app: distributor, memberlist: enabled}
```

## Use instead
Label every pod first, check the new selector's endpoints (`kubectl get
endpointslices`), then change the selector; or create a new Service and move
clients.
"),
    docs_ko: docs!(r"## 하는 일
변경 전/후 리뷰에서 `spec.selector`가 바뀌는 Service를 찾아낸다.

## 왜 중요한가
운영 중인 셀렉터를 바꾸면 모든 트래픽이 한꺼번에, 그 순간 새 레이블과 일치하는 파드로
다시 향한다. Grafana Labs에서는 마이그레이션 중에 추가된 셀렉터 레이블 하나가 Loki
distributor Service의 대상을 소수의 파드로 좁혔고, 그 파드들이 과부하에 걸려 쓰기 경로가
약 25분 동안 멈췄다.

## 예시
```yaml
# before
selector: {app: distributor}
# after
selector: {app: distributor, memberlist: enabled}
```

## 대신 이렇게
먼저 모든 파드에 레이블을 붙이고 새 셀렉터의 엔드포인트를 확인한 다음(`kubectl get
endpointslices`) 셀렉터를 바꾼다. 또는 새 Service를 만들고 클라이언트를 옮긴다.
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, before, after) in pairs(input).into_iter().filter(|(_, b, _)| b.kind == "Service") {
        let (Some(b), Some(a)) = (before.root.path(&["spec", "selector"]), after.root.path(&["spec", "selector"])) else { continue };
        if !same_value(a, b) {
            let fmt = |n: &crate::yaml::Node| n.string_map().iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",");
            out.emit(i, a, msg!("Service {} changes its selector from {} to {}; all traffic moves at once to whatever matches", "Service {}의 셀렉터가 {}에서 {}(으)로 바뀐다. 모든 트래픽이 한꺼번에 새로 일치하는 대상으로 옮겨 간다", after.name, fmt(b), fmt(a)));
        }
    }
}
