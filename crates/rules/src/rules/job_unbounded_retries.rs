use crate::msg;
use crate::rule::{Category, Emitter, Input, Msg, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "job-unbounded-retries",
    title: en!("Job retries failed pods with no deadline"),
    title_ko: ko!("실패한 파드를 기한 없이 재시도하는 Job"),
    category: Category::Resources,
    severity: Severity::Warning,
    cases: &["2017-07-21-universe-kubernetes-job-node-exhaustion"],
    fix: en!("Bound the Job: set `activeDeadlineSeconds` and a small `backoffLimit`."),
    fix_ko: ko!("Job에 한계를 둔다. `activeDeadlineSeconds`와 작은 `backoffLimit`을 설정한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags Jobs and CronJobs that set neither `backoffLimit` nor
`activeDeadlineSeconds`. The finding names the containers with no memory limit,
which can exhaust each node the retried pod lands on; where every container has
one, it is reported at `info`. `memory-limit-missing` then reports those Jobs'
containers at `info`, so the one cause is one finding.

## Why it matters
`restartPolicy: Never` does not stop a Job: the Job controller creates new pods
for failed ones, up to a default of six retries, on whichever node has room. At
Universe, a reindex Job exhausted its node, the node was killed, and the Job was
rescheduled onto the next node again and again until every node was under
repair.

## Example
```yaml
kind: Job
spec:
  template: {spec: {restartPolicy: Never}}
```

## Use instead
```yaml
kind: Job
spec:
  backoffLimit: 1
  activeDeadlineSeconds: 3600
```
"),
    docs_ko: docs!(r"## 하는 일
`backoffLimit`도 `activeDeadlineSeconds`도 설정하지 않은 Job과 CronJob을 찾아낸다.
결과에는 메모리 한도가 없는 컨테이너의 이름이 나오는데, 이런 컨테이너는 재시도된 파드가
올라가는 노드를 하나씩 고갈시킬 수 있다. 모든 컨테이너에 한도가 있으면 `info`로 보고한다.
이때 `memory-limit-missing`은 이런 Job의 컨테이너를 `info`로 보고하므로, 하나의 원인은
하나의 결과가 된다.

## 왜 중요한가
`restartPolicy: Never`는 Job을 멈추지 않는다. Job 컨트롤러는 실패한 파드 대신 새 파드를
기본값인 여섯 번의 재시도까지, 여유가 있는 아무 노드에나 만든다. Universe에서는 재색인
Job이 노드를 고갈시켜 노드가 종료되었고, Job은 모든 노드가 수리 중이 될 때까지 다음
노드로 거듭 다시 스케줄되었다.

## 예시
```yaml
kind: Job
spec:
  template: {spec: {restartPolicy: Never}}
```

## 대신 이렇게
```yaml
kind: Job
spec:
  backoffLimit: 1
  activeDeadlineSeconds: 3600
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, o) in input.objects.iter().enumerate() {
        let Some(spec) = job_spec(o) else { continue };
        if !unbounded(spec) {
            continue;
        }
        // What made the retries dangerous at Universe was a pod that could
        // take its whole node: one with no memory limit.
        let containers = spec.path(&["template", "spec", "containers"]).map(Node::items).unwrap_or_default();
        let unlimited: Vec<&str> = containers.iter().filter(|c| c.path(&["resources", "limits", "memory"]).is_none()).map(super::container_name).collect();
        let Msg { en: msg, ko: msg_ko } = msg!(
            "{} sets neither backoffLimit nor activeDeadlineSeconds, so Kubernetes' default of six retries applies with no time limit, and a pod lost with its node is recreated on another one",
            "{}에 backoffLimit도 activeDeadlineSeconds도 없어 Kubernetes 기본값인 재시도 6회가 시간 제한 없이 적용되고, 노드와 함께 사라진 파드는 다른 노드에서 다시 만들어진다",
            o.display()
        );
        if unlimited.is_empty() {
            out.emit(i, o.anchor(), msg!("{msg} (info: every container has a memory limit, so a runaway pod is killed before its node is)", "{msg_ko} (info로 낮춤: 모든 컨테이너에 메모리 한도가 있어, 폭주한 파드는 노드보다 먼저 종료된다)")).at_most(Severity::Info);
        } else {
            out.emit(i, o.anchor(), msg!("{msg}; container {} has no memory limit, so one failing pod can exhaust each node it lands on", "{msg_ko}. 컨테이너 {}에 메모리 한도가 없어, 실패하는 파드 하나가 올라가는 노드마다 자원을 소진할 수 있다", unlimited.join(", ")));
        }
    }
}

/// Whether a Job spec leaves both retry bounds at their defaults.
pub(crate) fn unbounded(spec: &Node) -> bool {
    spec.get("backoffLimit").is_none() && spec.get("activeDeadlineSeconds").is_none()
}

/// The Job spec of a Job, or of a `CronJob`'s job template.
pub(crate) fn job_spec(o: &crate::objects::Object) -> Option<&Node> {
    match o.kind.as_str() {
        "Job" => o.root.get("spec"),
        "CronJob" => o.root.path(&["spec", "jobTemplate", "spec"]),
        _ => None,
    }
}
