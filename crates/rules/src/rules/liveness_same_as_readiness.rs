use crate::msg;
use super::{container_name, same_value, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "liveness-same-as-readiness",
    title: en!("Liveness and readiness probes are identical"),
    title_ko: ko!("동일한 liveness probe와 readiness probe"),
    category: Category::Probes,
    severity: Severity::Warning,
    cases: &["2026-09-29-azure-openai-sweden-central"],
    fix: en!("Make liveness a cheaper, more tolerant check than readiness (a local endpoint and a higher `failureThreshold`), so a slow dependency removes pods from traffic instead of restarting them."),
    fix_ko: ko!("liveness를 readiness보다 가볍고 관대한 검사(로컬 엔드포인트와 더 높은 `failureThreshold`)로 만들어, 느린 의존성이 파드를 재시작시키는 대신 트래픽에서 빼게 한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags containers whose `livenessProbe` is identical to their `readinessProbe`.
When the shared check is a gRPC health call or a TCP connect to the container
itself, it is reported at `info`: such a check rarely fails for a dependency.

## Why it matters
Readiness decides whether a pod gets traffic; liveness decides whether it is
killed. When they are the same check, anything that should only take a pod out
of rotation (a slow dependency, an overloaded backend) also restarts it. In the
Azure OpenAI Sweden Central incident, health checks that failed when a
dependency could not be reached restarted instances in a loop and stretched the
outage to nearly six hours.

## Example
```yaml
livenessProbe:  {httpGet: {path: /health, port: 8080}}
readinessProbe: {httpGet: {path: /health, port: 8080}}
```

## Use instead
```yaml
livenessProbe:  {httpGet: {path: /livez, port: 8080}, failureThreshold: 6}
readinessProbe: {httpGet: {path: /readyz, port: 8080}}
```
"),
    docs_ko: docs!(r"## 하는 일
`livenessProbe`가 `readinessProbe`와 동일한 컨테이너를 표시한다. 공유된 검사가
gRPC 헬스 호출이거나 컨테이너 자신에 대한 TCP 연결이면 `info`로 보고한다. 그런
검사는 의존성 때문에 실패하는 일이 드물기 때문이다.

## 왜 중요한가
readiness는 파드가 트래픽을 받을지를 정하고, liveness는 파드를 종료할지를 정한다.
둘이 같은 검사이면, 파드를 로테이션에서 빼기만 해야 할 상황(느린 의존성, 과부하된
백엔드)에서도 파드가 재시작된다. Azure OpenAI Sweden Central 장애에서는 의존성에
도달할 수 없을 때 실패하는 헬스 체크가 인스턴스를 반복해서 재시작시켜 장애를 거의
여섯 시간으로 늘렸다.

## 예시
```yaml
livenessProbe:  {httpGet: {path: /health, port: 8080}}
readinessProbe: {httpGet: {path: /health, port: 8080}}
```

## 대신 이렇게
```yaml
livenessProbe:  {httpGet: {path: /livez, port: 8080}, failureThreshold: 6}
readinessProbe: {httpGet: {path: /readyz, port: 8080}}
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input) {
        for c in t.app_containers() {
            if let (Some(l), Some(r)) = (c.get("livenessProbe"), c.get("readinessProbe")) {
                if same_value(l, r) {
                    let at = c.key("livenessProbe").unwrap_or(l);
                    let raw = out.emit(i, at, msg!("container {}: liveness and readiness probes are identical, so anything that should only stop traffic also restarts the container", "컨테이너 {}: liveness와 readiness probe가 똑같아서, 트래픽만 끊어야 할 상황에서도 컨테이너가 재시작된다", container_name(c)));
                    // A gRPC health call, a TCP connect or a local command checks
                    // only this container: the same check for both is then harmless
                    // unless the service reports dependencies in it.
                    if ["grpc", "tcpSocket"].iter().any(|k| l.get(k).is_some()) {
                        raw.at_most(Severity::Info);
                        raw.message.push(" (info: the shared check is a gRPC health call or TCP connect to the container itself)", " (info로 낮춤: 공유된 검사가 컨테이너 자신에 대한 gRPC 헬스 호출이나 TCP 연결이다)");
                    }
                }
            }
        }
    }
}
