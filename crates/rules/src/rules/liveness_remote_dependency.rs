use crate::msg;
use super::{container_name, workloads};
use crate::rule::{Category, Emitter, Input, Msg, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "liveness-remote-dependency",
    title: en!("Liveness probe depends on a remote service"),
    title_ko: ko!("원격 서비스에 의존하는 liveness probe"),
    category: Category::Probes,
    severity: Severity::Error,
    cases: &["2026-09-29-azure-openai-sweden-central"],
    fix: en!("Make the liveness probe process-local (a local endpoint that checks only this process); put dependency checks in the readiness probe, if anywhere."),
    fix_ko: ko!("liveness probe는 프로세스 로컬(이 프로세스만 검사하는 로컬 엔드포인트)로 만든다. 의존성 검사는 꼭 둬야 한다면 readiness probe에 둔다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags liveness probes that reach another host or name a dependency: an `exec` of
`pg_isready -h`, `redis-cli -h`, `mysqladmin ping -h`, `curl` or `wget` to a
remote URL, an `httpGet`/`tcpSocket` with a remote `host`, or an `httpGet` path
that names a dependency (`/health/db`, `/deep`, `/dependencies`). A path's
wording is only a guess at what the endpoint does, so those findings are
reported at `info` and say so.

## Why it matters
A liveness probe answers one question: is this process wedged and better
restarted? When it also checks a database or cache, a dependency outage makes
every replica fail liveness at once, Kubernetes restarts them all, and the
restart loop shrinks capacity just when retries pile up. In the Azure OpenAI
Sweden Central incident, instances whose health check needed a database
connection were restarted in a loop, and that loop, not the original surge,
caused most of the nearly six-hour outage; the fix was a health check with no
remote dependency.

## Example
```yaml
livenessProbe:
  exec:
    command: [pg_isready, -h, postgres.db.svc]
```

## Use instead
```yaml
livenessProbe:
  httpGet: {path: /livez, port: 8080}   # process-local check only
readinessProbe:
  httpGet: {path: /readyz, port: 8080}  # may consider dependencies
```
"),
    docs_ko: docs!(r"## 하는 일
다른 호스트에 접근하거나 의존성을 지목하는 liveness probe를 찾아낸다. `pg_isready -h`,
`redis-cli -h`, `mysqladmin ping -h`의 `exec`, 원격 URL로 가는 `curl` 또는 `wget`, 원격
`host`를 가진 `httpGet`/`tcpSocket`, 또는 의존성을 가리키는 `httpGet` 경로(`/health/db`,
`/deep`, `/dependencies`)가 그렇다. 경로의 표현은 엔드포인트가 하는 일을 추측한 것일 뿐이므로,
이런 결과는 `info`로 보고하고 그렇다고 밝힌다.

## 왜 중요한가
liveness probe는 한 가지 질문에 답한다. 이 프로세스가 멈춰 버려서 재시작하는 편이 나은가?
여기에 데이터베이스나 캐시 검사까지 넣으면, 의존성 장애 하나로 모든 복제본이 한꺼번에
liveness에 실패하고, Kubernetes는 그 전부를 재시작하며, 재시작 루프는 재시도가 몰려드는 바로
그때 용량을 줄인다. Azure OpenAI Sweden Central 장애에서는 헬스 체크에 데이터베이스 연결이
필요한 인스턴스가 반복해서 재시작됐고, 거의 6시간에 걸친 장애의 대부분은 원래의 급증이 아니라
이 루프 때문이었다. 해결책은 원격 의존성이 없는 헬스 체크였다.

## 예시
```yaml
livenessProbe:
  exec:
    command: [pg_isready, -h, postgres.db.svc]
```

## 대신 이렇게
```yaml
livenessProbe:
  httpGet: {path: /livez, port: 8080}   # process-local check only
readinessProbe:
  httpGet: {path: /readyz, port: 8080}  # may consider dependencies
```
"),
};

const LOCAL: &[&str] = &["localhost", "127.0.0.1", "::1", "0.0.0.0", "[::1]"];
const REMOTE_TOOLS: &[&str] = &["pg_isready", "redis-cli", "mysqladmin", "mysql", "psql", "mongo", "mongosh", "cqlsh", "nc"];
const DEPENDENCY_WORDS: &[&str] = &[
    "db", "database", "deep", "dependencies", "deps", "dependency", "redis", "cache", "postgres", "mysql", "mongo", "kafka",
    "upstream", "downstream",
];

/// Why an exec command reaches another host, if it does.
fn remote_exec(words: &[&str]) -> Option<Msg> {
    let joined = words.join(" ");
    for (i, w) in words.iter().enumerate() {
        let tool = w.rsplit('/').next().unwrap_or(w);
        if REMOTE_TOOLS.contains(&tool) {
            // `-h host`, `--host=host`, `-hhost`
            let host = words[i + 1..].iter().enumerate().find_map(|(j, a)| {
                if *a == "-h" || *a == "--host" || *a == "-H" {
                    words.get(i + 2 + j).copied()
                } else if let Some(h) = a.strip_prefix("--host=") {
                    Some(h)
                } else {
                    a.strip_prefix("-h").filter(|h| !h.is_empty() && !h.starts_with('-'))
                }
            });
            if let Some(h) = host.filter(|h| !LOCAL.contains(h)) {
                return Some(msg!("`{tool}` connects to {h}", "`{tool}`이(가) {h}에 연결한다"));
            }
        }
        if tool == "curl" || tool == "wget" {
            for a in &words[i + 1..] {
                if let Some(rest) = a.strip_prefix("http://").or_else(|| a.strip_prefix("https://")) {
                    let host = rest.split(['/', ':', '?']).next().unwrap_or("");
                    if !LOCAL.contains(&host) && !host.is_empty() {
                        return Some(msg!("`{tool}` calls {host}", "`{tool}`이(가) {host}을(를) 호출한다"));
                    }
                }
            }
        }
    }
    // `sh -c "..."`: look inside the script.
    if words.len() >= 3 && words.contains(&"-c") && words.len() > 1 {
        let script = words.last().copied().unwrap_or_default();
        let inner: Vec<&str> = script.split_whitespace().collect();
        if inner.len() > 1 && inner.join(" ") != joined {
            return remote_exec(&inner);
        }
    }
    None
}

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input) {
        for c in t.app_containers() {
            let Some(probe) = c.get("livenessProbe") else { continue };
            if let Some(cmd) = probe.path(&["exec", "command"]) {
                let words: Vec<&str> = cmd.items().iter().filter_map(Node::as_str).collect();
                if let Some(Msg { en: why, ko: why_ko }) = remote_exec(&words) {
                    out.emit(i, cmd, msg!("container {}: the liveness probe depends on a remote service ({why}); an outage there restarts every replica", "컨테이너 {}: liveness probe가 원격 서비스에 의존한다({why_ko}). 그쪽에 장애가 나면 모든 복제본이 재시작된다", container_name(c)));
                    continue;
                }
            }
            for handler in ["httpGet", "tcpSocket"] {
                if let Some(host) = probe.path(&[handler, "host"]).filter(|h| h.as_str().is_some_and(|s| !LOCAL.contains(&s))) {
                    out.emit(i, host, msg!("container {}: the liveness probe targets host {} instead of the container itself", "컨테이너 {}: liveness probe가 컨테이너 자신이 아니라 호스트 {}을(를) 대상으로 한다", container_name(c), host.as_str().unwrap_or_default()));
                }
            }
            if let Some(path) = probe.path(&["httpGet", "path"]) {
                let p = path.as_str().unwrap_or_default().to_ascii_lowercase();
                let hit = p.split(['/', '-', '_', '?', '&', '=', '.']).find(|seg| DEPENDENCY_WORDS.contains(seg));
                if let Some(seg) = hit {
                    // Only the path's wording says so: a guess, reported as one.
                    out.emit(i, path, msg!("container {}: liveness path {p} may be a dependency check (guessed from \"{seg}\" in the path, not shown by the manifest); if the endpoint checks anything beyond this process, keep liveness process-local", "컨테이너 {}: liveness 경로 {p}은(는) 의존성 검사일 수 있다(매니페스트가 보여 주는 것이 아니라 경로의 \"{seg}\"로 추정). 엔드포인트가 이 프로세스 밖의 무언가를 검사한다면 liveness는 프로세스 내부만 보게 한다", container_name(c)))
                        .at_most(Severity::Info);
                }
            }
        }
    }
}
