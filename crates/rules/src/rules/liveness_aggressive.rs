use crate::msg;
use super::{container_name, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "liveness-aggressive",
    title: en!("Liveness probe restarts containers after a very short failure"),
    title_ko: ko!("아주 짧은 실패 후에 컨테이너를 재시작하는 liveness probe"),
    category: Category::Probes,
    severity: Severity::Warning,
    cases: &["2026-09-29-azure-openai-sweden-central"],
    fix: en!("Give the liveness probe more room: raise `failureThreshold` and `periodSeconds` so that it restarts only a container that has been stuck for well over a minute."),
    fix_ko: ko!("liveness probe에 여유를 더 준다. `failureThreshold`와 `periodSeconds`를 올려 1분을 훨씬 넘게 멈춰 있는 컨테이너만 재시작하게 한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags liveness probes with `failureThreshold: 1`, or whose failure window
(`periodSeconds × failureThreshold`) is under 10 seconds.

## Why it matters
Under load, a healthy process can miss a probe or two. A liveness probe that
restarts it after one miss turns a slow period into a restart storm, which
removes capacity and adds start-up load at the worst time. The Azure OpenAI
Sweden Central outage was prolonged by instances being restarted by their
health checks while under pressure.

## Example
```yaml
livenessProbe:
  httpGet: {path: /livez, port: 8080}
  periodSeconds: 2
  failureThreshold: 1
```

## Use instead
```yaml
livenessProbe:
  httpGet: {path: /livez, port: 8080}
  periodSeconds: 10
  failureThreshold: 3
  timeoutSeconds: 5
```
"),
    docs_ko: docs!(r"## 하는 일
`failureThreshold: 1`이거나 실패 구간(`periodSeconds × failureThreshold`)이 10초
미만인 liveness probe를 찾아낸다.

## 왜 중요한가
부하가 걸리면 정상 프로세스도 probe를 한두 번 놓칠 수 있다. 한 번 놓쳤다고 재시작하는
liveness probe는 느려진 구간을 재시작 폭주로 바꾸고, 최악의 시점에 용량을 줄이고 시작
부하를 더한다. Azure OpenAI Sweden Central 장애는 압박을 받던 인스턴스가 헬스 체크에
의해 재시작되면서 길어졌다.

## 예시
```yaml
livenessProbe:
  httpGet: {path: /livez, port: 8080}
  periodSeconds: 2
  failureThreshold: 1
```

## 대신 이렇게
```yaml
livenessProbe:
  httpGet: {path: /livez, port: 8080}
  periodSeconds: 10
  failureThreshold: 3
  timeoutSeconds: 5
```
"),
};

const MIN_WINDOW_SECONDS: i64 = 10;

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input) {
        for c in t.app_containers() {
            let Some(p) = c.get("livenessProbe") else { continue };
            let period = p.get("periodSeconds").and_then(Node::as_i64).unwrap_or(10);
            let failures = p.get("failureThreshold").and_then(Node::as_i64).unwrap_or(3);
            let window = period * failures;
            if failures <= 1 || window < MIN_WINDOW_SECONDS {
                let at = p.key("failureThreshold").or_else(|| p.key("periodSeconds")).unwrap_or(p);
                out.emit(i, at, msg!("container {}: the liveness probe restarts the container after {window}s of failed checks ({failures} × {period}s); allow at least {MIN_WINDOW_SECONDS}s", "컨테이너 {}: liveness probe가 {window}s 동안 검사에 실패하면({failures} × {period}s) 컨테이너를 재시작한다. 최소 {MIN_WINDOW_SECONDS}s는 허용한다", container_name(c)));
            }
        }
    }
}
