use crate::msg;
use super::{container_anchor, container_name, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "resource-requests-missing",
    title: en!("Container has no CPU or memory request"),
    title_ko: ko!("CPU 또는 메모리 요청이 없는 컨테이너"),
    category: Category::Resources,
    severity: Severity::Warning,
    cases: &["2019-01-18-moonlight-gke-node-kernel-panics", "2023-06-22-appfarm-gke-auto-upgrade-sandbox-outage"],
    fix: en!("Set `resources.requests.cpu` and `resources.requests.memory` from the container's observed usage."),
    fix_ko: ko!("컨테이너의 관측된 사용량을 바탕으로 `resources.requests.cpu`와 `resources.requests.memory`를 설정한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags containers without `resources.requests.cpu` or `resources.requests.memory`
and without the matching limit (Kubernetes sets a missing request to the
limit). Init containers, one-shot Jobs and DaemonSet node agents are reported
at `info`.

## Why it matters
The scheduler places pods by their requests. Without them it cannot tell that
several heavy pods will not fit on one node. At Moonlight, the scheduler kept
placing several CPU-hungry pods on the same node until it hit 100% CPU and the
kernel panicked, then moved them on to repeat the cycle. At Appfarm, services
restarted by an upgrade needed more than they had been allocated and exhausted
the cluster.

## Example
```yaml
resources: {}
```

## Use instead
```yaml
resources:
  requests: {cpu: 500m, memory: 512Mi}
  limits: {memory: 512Mi}
```
"),
    docs_ko: docs!(r"## 하는 일
`resources.requests.cpu` 또는 `resources.requests.memory`가 없고 해당 한도도 없는
컨테이너를 찾아낸다(Kubernetes는 빠진 요청을 한도 값으로 설정한다). init 컨테이너,
일회성 Job, DaemonSet 노드 에이전트는 `info`로 보고한다.

## 왜 중요한가
스케줄러는 요청을 기준으로 파드를 배치한다. 요청이 없으면 무거운 파드 여러 개가 한 노드에
들어가지 않는다는 것을 알 수 없다. Moonlight에서는 스케줄러가 CPU를 많이 쓰는 파드 여러
개를 같은 노드에 계속 배치해 그 노드가 CPU 100%에 도달하고 커널 패닉이 일어났으며, 그 뒤
스케줄러는 파드들을 다음 노드로 옮겨 같은 순환을 반복했다. Appfarm에서는 업그레이드로
재시작된 서비스가 할당된 것보다 많은 자원을 필요로 해 클러스터를 고갈시켰다.

## 예시
```yaml
resources: {}
```

## 대신 이렇게
```yaml
resources:
  requests: {cpu: 500m, memory: 512Mi}
  limits: {memory: 512Mi}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input) {
        let init = t.spec.get("initContainers").map(Node::items).unwrap_or_default();
        for c in t.containers() {
            // Kubernetes sets a missing request to the container's limit.
            let missing: Vec<&str> = ["cpu", "memory"]
                .into_iter()
                .filter(|r| c.path(&["resources", "requests", r]).is_none() && c.path(&["resources", "limits", r]).is_none())
                .collect();
            if missing.is_empty() {
                continue;
            }
            let at = c.key("resources").unwrap_or(container_anchor(c));
            let is_init = init.iter().any(|x| std::ptr::eq(x, c));
            let (what, what_ko) = if is_init { ("init container", "init 컨테이너") } else { ("container", "컨테이너") };
            let raw = out.emit(i, at, msg!("{what} {} has no {} request or limit, so the scheduler cannot keep heavy pods apart", "{what_ko} {}에 {} 요청이나 한도가 없어 스케줄러가 무거운 파드들을 떼어 놓을 수 없다", container_name(c), missing.join(" or ")));
            if is_init {
                raw.at_most(Severity::Info);
            }
        }
    }
}
