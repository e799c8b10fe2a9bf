use crate::msg;
use super::workloads;
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "host-namespaces",
    title: en!("Pod shares the node's network, PID or IPC namespace"),
    title_ko: ko!("노드의 네트워크, PID 또는 IPC 네임스페이스를 공유하는 파드"),
    category: Category::Security,
    severity: Severity::Warning,
    cases: &["2019-03-13-matrix-org-jenkins-ssh-agent-compromise"],
    fix: en!("Remove `hostNetwork`, `hostPID` and `hostIPC` unless this pod is a node agent that needs them."),
    fix_ko: ko!("이 파드가 `hostNetwork`, `hostPID`, `hostIPC`를 필요로 하는 노드 에이전트가 아니면 이들을 제거한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags pod specs with `hostNetwork`, `hostPID` or `hostIPC` set to `true`.

## Why it matters
Host namespaces remove the isolation between the pod and the node: with
`hostNetwork` the pod can reach node-local services and the cloud metadata
endpoint as the node, and a compromise of the pod becomes a compromise of the
node.

## Example
```yaml
spec: {hostNetwork: true}
```

## Use instead
Leave them unset; expose ports through a Service, and give node agents their own
tightly scoped DaemonSet.
"),
    docs_ko: docs!(r"## 하는 일
`hostNetwork`, `hostPID` 또는 `hostIPC`가 `true`로 설정된 파드 스펙을 찾아낸다.

## 왜 중요한가
호스트 네임스페이스는 파드와 노드 사이의 격리를 없앤다. `hostNetwork`를 쓰면 파드가
노드로서 노드 로컬 서비스와 클라우드 메타데이터 엔드포인트에 접근할 수 있고, 파드가
침해되면 곧 노드가 침해된다.

## 예시
```yaml
spec: {hostNetwork: true}
```

## 대신 이렇게
설정하지 않은 채로 둔다. 포트는 Service로 노출하고, 노드 에이전트에는 범위를 좁게 제한한
별도의 DaemonSet을 준다.
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, wl, t) in workloads(input) {
        for key in ["hostNetwork", "hostPID", "hostIPC"] {
            if let Some(v) = t.spec.get(key).filter(|v| v.as_bool() == Some(true)) {
                let at = t.spec.key(key).unwrap_or(v);
                out.emit(i, at, msg!("{} sets {key}: true; the pod shares the node's namespace", "{}이(가) {key}: true를 설정한다. 파드가 노드의 네임스페이스를 공유한다", wl.display()));
            }
        }
    }
}
