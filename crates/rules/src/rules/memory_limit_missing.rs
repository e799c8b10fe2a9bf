use crate::msg;
use super::{container_anchor, container_name, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "memory-limit-missing",
    title: en!("Container has no memory limit"),
    title_ko: ko!("메모리 한도가 없는 컨테이너"),
    category: Category::Resources,
    severity: Severity::Warning,
    cases: &["2017-07-21-universe-kubernetes-job-node-exhaustion", "2017-11-30-mybinder-build-pods-no-memory-limit-proxy-oom", "2019-05-16-forestry-previews-ingress-oomkill"],
    fix: en!("Set `resources.limits.memory` on the container, sized from its observed peak."),
    fix_ko: ko!("관측된 최대 사용량을 기준으로 크기를 정해 컨테이너에 `resources.limits.memory`를 설정한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags containers without `resources.limits.memory`.

Init containers, and the containers of a Job that `job-unbounded-retries`
already reports, are reported at `info`.

## Why it matters
A container with no memory limit can take a node's memory until the kernel or
the kubelet kills whatever is there, including unrelated pods. At Universe, a
reindex Job consumed all of a node's resources, the node was killed, and the Job
was rescheduled to do the same to the next node until every node was under
repair. At mybinder.org, a node ran out of memory, probably because of build
pods that had no memory limit, and the proxy pod on it broke every new launch.
Forestry's previews show the other side: size limits from measured use, and
revisit them as usage grows.

## Example
```yaml
resources:
  requests: {memory: 256Mi}
```

## Use instead
```yaml
resources:
  requests: {memory: 256Mi}
  limits: {memory: 512Mi}
```
"),
    docs_ko: docs!(r"## 하는 일
`resources.limits.memory`가 없는 컨테이너를 찾아낸다.

init 컨테이너와, `job-unbounded-retries`가 이미 보고하는 Job의 컨테이너는
`info`로 보고한다.

## 왜 중요한가
메모리 한도가 없는 컨테이너는 커널이나 kubelet이 그 노드에 있는 것을, 관련 없는 파드까지
죽일 때까지 노드의 메모리를 가져갈 수 있다. Universe에서는 reindex Job이 노드의 자원을
모두 소모해 노드가 죽었고, Job이 다음 노드로 다시 스케줄되어 같은 일을 반복하면서 결국
모든 노드가 수리 중인 상태가 되었다. mybinder.org에서는 아마도 메모리 한도가 없던 빌드
파드 때문에 노드의 메모리가 바닥났고, 그 노드의 프록시 파드가 모든 신규 실행을 망가뜨렸다.
Forestry의 previews는 다른 측면을 보여 준다. 한도는 측정된 사용량에 맞춰 정하고, 사용량이
늘면 다시 검토한다.

## 예시
```yaml
resources:
  requests: {memory: 256Mi}
```

## 대신 이렇게
```yaml
resources:
  requests: {memory: 256Mi}
  limits: {memory: 512Mi}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, o, t) in workloads(input) {
        // A Job with unbounded retries is reported whole, with these containers, by job-unbounded-retries.
        let retried = super::job_unbounded_retries::job_spec(o).is_some_and(super::job_unbounded_retries::unbounded);
        let init = t.spec.get("initContainers").map(Node::items).unwrap_or_default();
        for c in t.containers() {
            if c.path(&["resources", "limits", "memory"]).is_none() {
                let at = c.path(&["resources"]).and_then(|r| r.key("limits")).or_else(|| c.key("resources")).unwrap_or(container_anchor(c));
                let is_init = init.iter().any(|x| std::ptr::eq(x, c));
                let (what, what_ko) = if is_init { ("init container", "init 컨테이너") } else { ("container", "컨테이너") };
                let raw = out.emit(i, at, msg!("{what} {} has no memory limit; one leak or runaway job can take the whole node down", "{what_ko} {}에 메모리 한도가 없다. 누수 하나나 폭주하는 작업 하나가 노드 전체를 다운시킬 수 있다", container_name(c)));
                if is_init {
                    raw.at_most(Severity::Info);
                } else if retried {
                    raw.at_most(Severity::Info);
                    raw.message.push(" (info: job-unbounded-retries reports this Job's retries and missing limit as one finding)", " (info로 낮춤: job-unbounded-retries가 이 Job의 재시도와 빠진 한도를 하나의 결과로 보고한다)");
                }
            }
        }
    }
}
