use crate::msg;
use super::workloads;
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "spread-missing",
    title: en!("Replicas may all land on one node or zone"),
    title_ko: ko!("한 노드나 존에 모두 몰릴 수 있는 복제본"),
    category: Category::Availability,
    severity: Severity::Info,
    cases: &["2019-04-03-mybinder-ingress-cordoned-node-upgrade", "2019-01-18-moonlight-gke-node-kernel-panics"],
    fix: en!("Add `topologySpreadConstraints` (or pod anti-affinity) on `kubernetes.io/hostname` and `topology.kubernetes.io/zone`."),
    fix_ko: ko!("`kubernetes.io/hostname`과 `topology.kubernetes.io/zone`에 대해 `topologySpreadConstraints`(또는 파드 anti-affinity)를 추가한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags Deployments and StatefulSets with two or more replicas that have neither
`topologySpreadConstraints` nor a `podAntiAffinity` rule.

## Why it matters
Nothing stops the scheduler from packing every replica onto the same node.
At mybinder.org all ingress-controller pods sat on the last two nodes of the old
pool, so cordoning those nodes stopped all traffic. At Moonlight several
CPU-hungry pods landed on one node, which crashed and took them all.

## Example
```yaml
kind: Deployment
spec:
  replicas: 3
  template: {spec: {containers: [...]}}
```

## Use instead
```yaml
topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: kubernetes.io/hostname
    whenUnsatisfiable: ScheduleAnyway
    labelSelector: {matchLabels: {app: web}}
```
"),
    docs_ko: docs!(r"## 하는 일
복제본이 두 개 이상이면서 `topologySpreadConstraints`도 `podAntiAffinity` 규칙도
없는 Deployment와 StatefulSet을 표시한다.

## 왜 중요한가
스케줄러가 모든 복제본을 같은 노드에 몰아넣는 것을 막는 장치는 없다.
mybinder.org에서는 모든 ingress-controller 파드가 기존 풀의 마지막 두 노드에
있었기 때문에, 그 노드들을 cordon하자 모든 트래픽이 멈췄다. Moonlight에서는 CPU를
많이 쓰는 파드 여러 개가 한 노드에 배치됐는데, 그 노드가 크래시하면서 파드가 모두
함께 내려갔다.

## 예시
```yaml
kind: Deployment
spec:
  replicas: 3
  template: {spec: {containers: [...]}}
```

## 대신 이렇게
```yaml
topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: kubernetes.io/hostname
    whenUnsatisfiable: ScheduleAnyway
    labelSelector: {matchLabels: {app: web}}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, wl, t) in workloads(input) {
        let Some(n) = wl.replicas().filter(|&n| n >= 2) else { continue };
        let spread = t.spec.get("topologySpreadConstraints").is_some_and(|s| !s.items().is_empty());
        let anti = t.spec.path(&["affinity", "podAntiAffinity"]).is_some();
        if !spread && !anti {
            let at = wl.root.path(&["spec"]).and_then(|s| s.key("replicas")).unwrap_or(wl.anchor());
            out.emit(i, at, msg!("{} has {n} replicas but no topologySpreadConstraints or podAntiAffinity; one node failure or drain can take them all", "{}의 복제본은 {n}개지만 topologySpreadConstraints나 podAntiAffinity가 없다. 노드 하나의 장애나 드레인으로 모두 내려갈 수 있다", wl.display()));
        }
    }
}
