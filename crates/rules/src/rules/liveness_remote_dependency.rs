use super::{container_name, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "liveness-remote-dependency",
    title: "Liveness probe depends on a remote service",
    category: Category::Probes,
    severity: Severity::Error,
    cases: &["2026-09-29-azure-openai-sweden-central"],
    fix: "Make the liveness probe process-local (a local endpoint that checks only this process); put dependency checks in the readiness probe, if anywhere.",
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
};

const LOCAL: &[&str] = &["localhost", "127.0.0.1", "::1", "0.0.0.0", "[::1]"];
const REMOTE_TOOLS: &[&str] = &["pg_isready", "redis-cli", "mysqladmin", "mysql", "psql", "mongo", "mongosh", "cqlsh", "nc"];
const DEPENDENCY_WORDS: &[&str] = &[
    "db", "database", "deep", "dependencies", "deps", "dependency", "redis", "cache", "postgres", "mysql", "mongo", "kafka",
    "upstream", "downstream",
];

/// Why an exec command reaches another host, if it does.
fn remote_exec(words: &[&str]) -> Option<String> {
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
                return Some(format!("`{tool}` connects to {h}"));
            }
        }
        if tool == "curl" || tool == "wget" {
            for a in &words[i + 1..] {
                if let Some(rest) = a.strip_prefix("http://").or_else(|| a.strip_prefix("https://")) {
                    let host = rest.split(['/', ':', '?']).next().unwrap_or("");
                    if !LOCAL.contains(&host) && !host.is_empty() {
                        return Some(format!("`{tool}` calls {host}"));
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
    for (i, _, t) in workloads(input.objects) {
        for c in t.app_containers() {
            let Some(probe) = c.get("livenessProbe") else { continue };
            if let Some(cmd) = probe.path(&["exec", "command"]) {
                let words: Vec<&str> = cmd.items().iter().filter_map(Node::as_str).collect();
                if let Some(why) = remote_exec(&words) {
                    out.emit(i, cmd, format!("container {}: the liveness probe depends on a remote service ({why}); an outage there restarts every replica", container_name(c)));
                    continue;
                }
            }
            for handler in ["httpGet", "tcpSocket"] {
                if let Some(host) = probe.path(&[handler, "host"]).filter(|h| h.as_str().is_some_and(|s| !LOCAL.contains(&s))) {
                    out.emit(i, host, format!("container {}: the liveness probe targets host {} instead of the container itself", container_name(c), host.as_str().unwrap_or_default()));
                }
            }
            if let Some(path) = probe.path(&["httpGet", "path"]) {
                let p = path.as_str().unwrap_or_default().to_ascii_lowercase();
                let hit = p.split(['/', '-', '_', '?', '&', '=', '.']).find(|seg| DEPENDENCY_WORDS.contains(seg));
                if let Some(seg) = hit {
                    // Only the path's wording says so: a guess, reported as one.
                    out.emit(i, path, format!("container {}: liveness path {p} may be a dependency check (guessed from \"{seg}\" in the path, not shown by the manifest); if the endpoint checks anything beyond this process, keep liveness process-local", container_name(c)))
                        .at_most(Severity::Info);
                }
            }
        }
    }
}
