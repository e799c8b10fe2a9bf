use crate::msg;
use super::{container_name, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "privileged-container",
    title: en!("Privileged container"),
    title_ko: ko!("특권 컨테이너"),
    category: Category::Security,
    severity: Severity::Error,
    cases: &["2018-09-14-jw-player-weave-scope-cryptominer", "2019-03-13-matrix-org-jenkins-ssh-agent-compromise", "2024-12-05-ultralytics-actions-cache-poisoning-miner"],
    fix: en!("Remove `privileged: true`; grant only the capabilities the container needs under `securityContext.capabilities.add`."),
    fix_ko: ko!("`privileged: true`를 제거한다. `securityContext.capabilities.add` 아래에 컨테이너에 필요한 capability만 부여한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags containers with `securityContext.privileged: true` or
`allowPrivilegeEscalation: true`.

## Why it matters
A privileged container is root on the node: whoever gets code execution in it
(through the app, an exposed dashboard or a stolen token) owns the node and the
pods beside it, and can run miners or reach cloud credentials. At JW Player,
the privileged Weave Scope agents on every node were how an intruder's miner
reached the hosts, masters included.

## Example
```yaml
securityContext: {privileged: true}
```

## Use instead
```yaml
securityContext:
  privileged: false
  allowPrivilegeEscalation: false
  capabilities: {drop: [ALL]}
```
"),
    docs_ko: docs!(r"## 하는 일
`securityContext.privileged: true` 또는 `allowPrivilegeEscalation: true`인 컨테이너를
찾아낸다.

## 왜 중요한가
특권 컨테이너는 노드의 root다. 그 안에서 코드를 실행하게 된 사람은(앱, 노출된 대시보드, 탈취한
토큰을 통해) 누구든 노드와 그 옆의 파드를 장악하고, 채굴기를 돌리거나 클라우드 자격 증명에 닿을
수 있다. JW Player에서는 모든 노드에 있던 특권 Weave Scope 에이전트가, 침입자의 채굴기가
마스터를 포함한 호스트에 닿은 통로였다.

## 예시
```yaml
securityContext: {privileged: true}
```

## 대신 이렇게
```yaml
securityContext:
  privileged: false
  allowPrivilegeEscalation: false
  capabilities: {drop: [ALL]}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input) {
        for c in t.containers() {
            for key in ["privileged", "allowPrivilegeEscalation"] {
                if let Some(v) = c.path(&["securityContext", key]).filter(|v| v.as_bool() == Some(true)) {
                    out.emit(i, v, msg!("container {} sets {key}: true; code running in it can take over the node", "컨테이너 {}이(가) {key}: true를 설정한다. 그 안에서 실행되는 코드가 노드를 장악할 수 있다", container_name(c)));
                }
            }
        }
    }
}
