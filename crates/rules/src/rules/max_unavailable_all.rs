use crate::msg;
use super::workloads;
use crate::objects::int_or_percent;
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "max-unavailable-all",
    title: en!("Rolling update may take every pod down at once"),
    title_ko: ko!("모든 파드를 한꺼번에 내릴 수 있는 롤링 업데이트"),
    category: Category::Rollout,
    severity: Severity::Error,
    cases: &["2024-03-26-render-unintended-workload-restart", "2023-06-22-appfarm-gke-auto-upgrade-sandbox-outage"],
    fix: en!("Set `strategy.rollingUpdate.maxUnavailable` below the replica count (for example `25%`) and `maxSurge` to at least 1."),
    fix_ko: ko!("`strategy.rollingUpdate.maxUnavailable`을 복제본 수보다 작게(예: `25%`), `maxSurge`를 1 이상으로 설정한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags Deployments, StatefulSets and DaemonSets whose
`rollingUpdate.maxUnavailable` is `100%` or at least the replica count.

## Why it matters
Restarting everything at once removes all capacity and makes every dependency
see a thundering herd of cold starts. Render's unintended restart of all
workloads at once overwhelmed the systems that move disks and data stores; at
Appfarm, an upgrade that restarted many services together exhausted the cluster.

## Example
```yaml
spec:
  replicas: 4
  strategy:
    rollingUpdate: {maxUnavailable: 100%}
```

## Use instead
```yaml
spec:
  strategy:
    rollingUpdate: {maxUnavailable: 1, maxSurge: 1}
```
"),
    docs_ko: docs!(r"## 하는 일
`rollingUpdate.maxUnavailable`이 `100%`이거나 복제본 수 이상인 Deployment,
StatefulSet, DaemonSet을 찾아낸다.

## 왜 중요한가
모든 것을 한꺼번에 재시작하면 모든 용량이 사라지고, 모든 의존 대상에 콜드 스타트가 한꺼번에
몰린다(thundering herd). Render가 의도치 않게 모든 워크로드를 한꺼번에 재시작하자 디스크와
데이터 저장소를 옮기는 시스템이 감당하지 못했다. Appfarm에서는 많은 서비스를 함께 재시작한
업그레이드가 클러스터를 고갈시켰다.

## 예시
```yaml
spec:
  replicas: 4
  strategy:
    rollingUpdate: {maxUnavailable: 100%}
```

## 대신 이렇게
```yaml
spec:
  strategy:
    rollingUpdate: {maxUnavailable: 1, maxSurge: 1}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, wl, _) in workloads(input) {
        let path: &[&str] = match wl.kind.as_str() {
            "Deployment" => &["spec", "strategy", "rollingUpdate", "maxUnavailable"],
            "Rollout" => &["spec", "strategy", "canary", "maxUnavailable"],
            "DeploymentConfig" => &["spec", "strategy", "rollingParams", "maxUnavailable"],
            "StatefulSet" | "DaemonSet" => &["spec", "updateStrategy", "rollingUpdate", "maxUnavailable"],
            _ => continue,
        };
        let Some(mu) = wl.root.path(path) else { continue };
        let total = wl.replicas().unwrap_or(100);
        let all = mu.as_str().map(str::trim) == Some("100%") || int_or_percent(mu, total, false).is_some_and(|n| n >= total);
        if all {
            out.emit(i, mu, msg!("{}: maxUnavailable {} lets a rollout stop every pod at once", "{}: maxUnavailable {} 때문에 롤아웃이 모든 파드를 한꺼번에 멈출 수 있다", wl.display(), mu.as_str().unwrap_or_default()));
        }
    }
}
