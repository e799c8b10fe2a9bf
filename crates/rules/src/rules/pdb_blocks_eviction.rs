use crate::msg;
use crate::objects::{int_or_percent, selects};
use crate::rule::{Category, Emitter, Input, Msg, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "pdb-blocks-eviction",
    title: en!("PodDisruptionBudget allows no disruptions"),
    title_ko: ko!("중단을 전혀 허용하지 않는 PodDisruptionBudget"),
    category: Category::Availability,
    severity: Severity::Warning,
    cases: &["2019-04-03-mybinder-ingress-cordoned-node-upgrade", "2023-06-22-appfarm-gke-auto-upgrade-sandbox-outage"],
    fix: en!("Allow at least one disruption: set `maxUnavailable: 1`, or a `minAvailable` below the lowest replica count."),
    fix_ko: ko!("중단을 최소 하나는 허용한다. `maxUnavailable: 1`로 설정하거나, `minAvailable`을 가장 낮은 복제본 수보다 작게 설정한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags PodDisruptionBudgets with `maxUnavailable: 0` (or `0%`), or with a
`minAvailable` that is at least the replica count of the workload it selects (or
`100%`).

## Why it matters
A budget that allows zero disruptions blocks every voluntary eviction: node
drains hang, and upgrades stall or are forced through by the provider after a
timeout, often all at once. Upgrades that had to move pods were the trigger at
mybinder.org and at Appfarm; a budget that can never be met turns a routine
upgrade into a stuck or forced one.

## Example
```yaml
kind: PodDisruptionBudget
spec: {maxUnavailable: 0, selector: {matchLabels: {app: web}}}
```

## Use instead
```yaml
spec: {maxUnavailable: 1, selector: {matchLabels: {app: web}}}
```
"),
    docs_ko: docs!(r"## 하는 일
`maxUnavailable: 0`(또는 `0%`)인 PodDisruptionBudget, 또는 `minAvailable`이 선택하는
워크로드의 복제본 수 이상(또는 `100%`)인 PodDisruptionBudget을 찾아낸다.

## 왜 중요한가
중단을 전혀 허용하지 않는 예산은 모든 자발적 축출을 막는다. 노드 드레인이 멈추고,
업그레이드가 정체되거나 타임아웃 뒤에 제공자가 강제로 밀어붙이는데, 흔히 한꺼번에 일어난다.
mybinder.org와 Appfarm에서는 파드를 옮겨야 하는 업그레이드가 계기였다. 결코 충족될 수 없는
예산은 일상적인 업그레이드를 멈춰 버린 업그레이드나 강제된 업그레이드로 바꾼다.

## 예시
```yaml
kind: PodDisruptionBudget
spec: {maxUnavailable: 0, selector: {matchLabels: {app: web}}}
```

## 대신 이렇게
```yaml
spec: {maxUnavailable: 1, selector: {matchLabels: {app: web}}}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, pdb) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "PodDisruptionBudget") {
        let spec = pdb.root.get("spec");
        if let Some(mu) = spec.and_then(|s| s.get("maxUnavailable")) {
            if matches!(mu.as_str().map(str::trim), Some("0" | "0%")) {
                out.emit(i, mu, msg!("PodDisruptionBudget {} allows no pod to be evicted; node drains and upgrades will block", "PodDisruptionBudget {}은(는) 어떤 파드의 축출도 허용하지 않는다. 노드 드레인과 업그레이드가 멈춘다", pdb.name));
            }
            continue;
        }
        let Some(ma) = spec.and_then(|s| s.get("minAvailable")) else { continue };
        if ma.as_str().map(str::trim) == Some("100%") {
            out.emit(i, ma, msg!("PodDisruptionBudget {} requires 100% of pods available; no eviction can ever proceed", "PodDisruptionBudget {}은(는) 파드 100%의 가용을 요구한다. 어떤 축출도 진행될 수 없다", pdb.name));
            continue;
        }
        let sel = &input.lookup.selectors[i];
        for w in input.lookup.workloads_with_any(sel) {
            let wl = &input.objects[w];
            if wl.replicas().is_none() || !wl.same_namespace(pdb) || !selects(sel, &input.lookup.labels[w]) {
                continue;
            }
            // With an autoscaler, the budget blocks whenever it sits at its floor.
            let input_floor = super::autoscaler_floor(input, w);
            let Some(replicas) = super::replica_floor(input, w) else { continue };
            if int_or_percent(ma, replicas, true).is_some_and(|m| m >= replicas) {
                let Msg { en: why, ko: why_ko } = match input_floor {
                    Some((_, h)) => msg!("{} can scale to {replicas} replicas ({} {} minimum)", "{}은(는) 복제본 {replicas}개까지 줄어들 수 있다({} {}의 최솟값)", wl.display(), h.kind, h.name),
                    None => msg!("{} has only {replicas} replicas", "{}의 복제본은 {replicas}개뿐이다", wl.display()),
                };
                out.emit(i, ma, msg!("PodDisruptionBudget {} requires {} available but {why}; no eviction can proceed", "PodDisruptionBudget {}은(는) {}의 가용을 요구하지만 {why_ko}. 어떤 축출도 진행될 수 없다", pdb.name, ma.as_str().unwrap_or_default()));
            }
        }
    }
}
