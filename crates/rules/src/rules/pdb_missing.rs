use crate::msg;
use super::workloads;
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "pdb-missing",
    title: en!("Multi-replica workload has no PodDisruptionBudget"),
    title_ko: ko!("PodDisruptionBudget이 없는 다중 복제본 워크로드"),
    category: Category::Availability,
    severity: Severity::Info,
    cases: &["2019-04-03-mybinder-ingress-cordoned-node-upgrade", "2023-06-22-appfarm-gke-auto-upgrade-sandbox-outage"],
    fix: en!("Add a PodDisruptionBudget with `maxUnavailable: 1` selecting this workload's pods."),
    fix_ko: ko!("이 워크로드의 파드를 선택하는 `maxUnavailable: 1` PodDisruptionBudget을 추가한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags Deployments and StatefulSets with two or more replicas when the input
contains no PodDisruptionBudget in the same namespace that selects their pods.
Only reported when the input contains at least one PodDisruptionBudget or the
workload has three or more replicas, so that a single pasted Deployment is not
buried in advice.

## Why it matters
Without a disruption budget, a node-pool upgrade or autoscaler scale-down may
evict every replica at once. At mybinder.org, an upgrade took the ingress
controller's pods down together; at Appfarm an automatic cluster upgrade
restarted many services within a short period.

## Example
```yaml
kind: Deployment
spec: {replicas: 3}
```

## Use instead
```yaml
kind: PodDisruptionBudget
spec:
  maxUnavailable: 1
  selector: {matchLabels: {app: web}}
```
"),
    docs_ko: docs!(r"## 하는 일
복제본이 두 개 이상인 Deployment와 StatefulSet 중, 같은 네임스페이스에서 그 파드를
선택하는 PodDisruptionBudget이 입력에 없는 것을 찾아낸다. 붙여 넣은 Deployment 하나가
조언에 묻히지 않도록, 입력에 PodDisruptionBudget이 하나 이상 있거나 워크로드의 복제본이
세 개 이상일 때만 보고한다.

## 왜 중요한가
중단 예산(disruption budget)이 없으면 노드 풀 업그레이드나 오토스케일러 축소가 모든
복제본을 한꺼번에 축출할 수 있다. mybinder.org에서는 업그레이드로 ingress 컨트롤러의
파드가 함께 내려갔고, Appfarm에서는 자동 클러스터 업그레이드가 짧은 기간에 많은 서비스를
재시작했다.

## 예시
```yaml
kind: Deployment
spec: {replicas: 3}
```

## 대신 이렇게
```yaml
kind: PodDisruptionBudget
spec:
  maxUnavailable: 1
  selector: {matchLabels: {app: web}}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    let any_pdb = input.objects.iter().any(|o| o.kind == "PodDisruptionBudget");
    for (i, wl, _) in workloads(input) {
        let Some(n) = super::replica_floor(input, i).filter(|&n| n >= 2) else { continue };
        if !any_pdb && n < 3 {
            continue;
        }
        if !input.lookup.selecting(input.objects, "PodDisruptionBudget", i).is_empty() {
            continue;
        }
        let at = wl.root.path(&["spec"]).and_then(|s| s.key("replicas")).unwrap_or(wl.anchor());
        out.emit(i, at, msg!("{} has {n} replicas but no PodDisruptionBudget; a drain or upgrade may evict them all at once", "{}의 복제본은 {n}개지만 PodDisruptionBudget이 없다. 드레인이나 업그레이드가 한꺼번에 모두 축출할 수 있다", wl.display()));
    }
}
