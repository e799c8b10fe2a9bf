use crate::msg;
use super::{container_name, workloads};
use crate::rule::{Category, Emitter, Input, Msg, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "heap-above-memory-limit",
    title: en!("A process's configured maximum heap is at or above its container's memory limit"),
    title_ko: ko!("컨테이너의 메모리 한도 이상으로 설정된 프로세스의 최대 힙"),
    category: Category::Resources,
    severity: Severity::Error,
    cases: &["2025-04-16-spotify-envoy-filter-order-memory-limit"],
    fix: en!("Set the heap ceiling below the memory limit, leaving room for non-heap memory (for the JVM, `-XX:MaxRAMPercentage=75` instead of a fixed `-Xmx`)."),
    fix_ko: ko!("힙 상한을 메모리 한도보다 낮게 설정해 힙 외 메모리를 위한 여유를 남긴다(JVM이라면 고정된 `-Xmx` 대신 `-XX:MaxRAMPercentage=75`)."),
    needs_before: false,
    check,
    docs: docs!(
        r"## What it does
Compares a container's `resources.limits.memory` with the heap ceiling its
process is told to use, and flags a ceiling at or above the limit. It reads:
- JVM `-Xmx` in the command, the arguments, or `JAVA_TOOL_OPTIONS`,
  `JDK_JAVA_OPTIONS`, `JAVA_OPTS`, `_JAVA_OPTIONS` and `CATALINA_OPTS`;
- Node.js `--max-old-space-size` in the command, arguments or `NODE_OPTIONS`;
- Go's `GOMEMLIMIT`;
- Envoy's overload manager `max_heap_size_bytes` in a ConfigMap in the input
  that the container mounts.

## Why it matters
A process sizes its caches, its garbage collection and its own load shedding
by the heap ceiling it is given. If that ceiling is above the container's
limit, the kernel's OOM killer acts first: under load the container is killed
instead of slowing down or shedding, and every restart arrives to the same
load. At Spotify, a crash restarted every Envoy of its perimeter at once; Envoy's
maximum heap was set above the pods' memory limit, so each new instance was
flooded, grew past the limit and was killed again, and most users could not use
the service for over three hours.

## Example
```yaml
containers:
  - name: api
    args: [-Xmx4g, -jar, api.jar]
    resources:
      limits: {memory: 3Gi}
```

## Use instead
Keep the heap ceiling well below the limit, leaving room for everything else
the process allocates (thread stacks, buffers, native memory): for example
`-Xmx2g` with a 3Gi limit, or a JVM percentage such as
`-XX:MaxRAMPercentage=75`, which follows the limit.
"
    ),
    docs_ko: docs!(r"## 하는 일
컨테이너의 `resources.limits.memory`를 그 프로세스에 지정된 힙 상한과 비교해,
상한이 한도와 같거나 더 높으면 표시한다. 읽는 항목은 다음과 같다.
- 명령, 인수, 또는 `JAVA_TOOL_OPTIONS`, `JDK_JAVA_OPTIONS`, `JAVA_OPTS`,
  `_JAVA_OPTIONS`, `CATALINA_OPTS`에 있는 JVM `-Xmx`
- 명령, 인수 또는 `NODE_OPTIONS`에 있는 Node.js `--max-old-space-size`
- Go의 `GOMEMLIMIT`
- 컨테이너가 마운트하는, 입력 속 ConfigMap에 있는 Envoy overload manager의
  `max_heap_size_bytes`

## 왜 중요한가
프로세스는 주어진 힙 상한에 맞춰 캐시, 가비지 컬렉션, 자체 부하 차단의 크기를
정한다. 그 상한이 컨테이너의 한도보다 높으면 커널의 OOM killer가 먼저 움직인다.
부하가 걸리면 컨테이너는 느려지거나 부하를 덜어내는 대신 종료되고, 재시작할
때마다 같은 부하를 맞는다. Spotify에서는 한 번의 크래시로 경계(perimeter)의 모든
Envoy가 동시에 재시작됐다. Envoy의 최대 힙이 파드의 메모리 한도보다 높게 설정되어
있어서 새 인스턴스마다 트래픽이 몰려 한도를 넘어 커졌고 다시 종료됐으며, 대부분의
사용자가 세 시간 넘게 서비스를 쓸 수 없었다.

## 예시
```yaml
containers:
  - name: api
    args: [-Xmx4g, -jar, api.jar]
    resources:
      limits: {memory: 3Gi}
```

## 대신 이렇게
힙 상한을 한도보다 충분히 낮게 두어, 프로세스가 할당하는 나머지 모든 것(스레드
스택, 버퍼, 네이티브 메모리)을 위한 여유를 남긴다. 예를 들어 3Gi 한도에는
`-Xmx2g`를 쓰거나, 한도를 따라가는 `-XX:MaxRAMPercentage=75` 같은 JVM 비율
설정을 쓴다.
"),
};

/// Bytes in a Kubernetes quantity: `512Mi`, `1.5G`, `1e9`, `1000`.
fn quantity_bytes(q: &str) -> Option<f64> {
    let q = q.trim();
    let units: [(&str, f64); 12] = [
        ("Ki", 1024.0),
        ("Mi", 1024f64.powi(2)),
        ("Gi", 1024f64.powi(3)),
        ("Ti", 1024f64.powi(4)),
        ("Pi", 1024f64.powi(5)),
        ("Ei", 1024f64.powi(6)),
        ("k", 1e3),
        ("M", 1e6),
        ("G", 1e9),
        ("T", 1e12),
        ("P", 1e15),
        ("E", 1e18),
    ];
    for (suffix, factor) in units {
        if let Some(n) = q.strip_suffix(suffix) {
            return n.parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0).map(|v| v * factor);
        }
    }
    q.parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0)
}

/// Bytes in a JVM size (`4g`, `512m`, `1024k`, plain bytes).
fn jvm_bytes(v: &str) -> Option<f64> {
    let (num, factor) = match v.chars().last()?.to_ascii_lowercase() {
        'k' => (&v[..v.len() - 1], 1024.0),
        'm' => (&v[..v.len() - 1], 1024f64.powi(2)),
        'g' => (&v[..v.len() - 1], 1024f64.powi(3)),
        't' => (&v[..v.len() - 1], 1024f64.powi(4)),
        _ => (v, 1.0),
    };
    num.parse::<u64>().ok().map(|n| n as f64 * factor)
}

/// Bytes in a Go `GOMEMLIMIT` (`512MiB`, `1GiB`, plain bytes).
fn go_bytes(v: &str) -> Option<f64> {
    let v = v.trim();
    let units = [("KiB", 1024.0), ("MiB", 1024f64.powi(2)), ("GiB", 1024f64.powi(3)), ("TiB", 1024f64.powi(4)), ("B", 1.0)];
    for (suffix, factor) in units {
        if let Some(n) = v.strip_suffix(suffix) {
            return n.parse::<u64>().ok().map(|n| n as f64 * factor);
        }
    }
    v.parse::<u64>().ok().map(|n| n as f64)
}

/// Heap ceilings named in one string of flags, with what named them.
fn heap_flags(text: &str) -> Vec<(f64, String)> {
    let mut out = Vec::new();
    for tok in text.split_whitespace() {
        if let Some(size) = tok.strip_prefix("-Xmx") {
            out.extend(jvm_bytes(size).map(|b| (b, tok.to_string())));
        } else if let Some(mb) = tok.strip_prefix("--max-old-space-size=").or_else(|| tok.strip_prefix("--max_old_space_size=")) {
            out.extend(mb.parse::<u64>().ok().map(|mb| (mb as f64 * 1024f64.powi(2), tok.to_string())));
        }
    }
    out
}

/// `max_heap_size_bytes` values in a mounted Envoy configuration text.
fn envoy_heap(text: &str) -> Option<f64> {
    let at = text.find("max_heap_size_bytes")? + "max_heap_size_bytes".len();
    let digits: String =
        text[at..].chars().skip_while(|c| !c.is_ascii_digit() && matches!(c, '"' | '\'' | ':' | ' ' | '\t')).take_while(char::is_ascii_digit).collect();
    digits.parse::<u64>().ok().map(|n| n as f64)
}

fn human(bytes: f64) -> String {
    let gib = bytes / 1024f64.powi(3);
    if gib >= 1.0 {
        format!("{gib:.1} GiB")
    } else {
        format!("{:.0} MiB", bytes / 1024f64.powi(2))
    }
}

const JAVA_ENV: &[&str] = &["JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "JAVA_OPTS", "_JAVA_OPTIONS", "CATALINA_OPTS", "NODE_OPTIONS"];

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, wl, t) in workloads(input) {
        // ConfigMaps this pod mounts, by volume name.
        let volumes: Vec<(&str, &str)> = t
            .spec
            .get("volumes")
            .map(Node::items)
            .unwrap_or_default()
            .iter()
            .filter_map(|v| Some((v.get("name")?.as_str()?, v.path(&["configMap", "name"])?.as_str()?)))
            .collect();
        for c in t.containers() {
            let Some(limit_node) = c.path(&["resources", "limits", "memory"]) else { continue };
            let Some(limit) = limit_node.as_str().map(str::to_string).or_else(|| limit_node.as_i64().map(|n| n.to_string())).and_then(|q| quantity_bytes(&q))
            else {
                continue;
            };
            let mut ceilings: Vec<(f64, Msg)> = Vec::new();
            for key in ["command", "args"] {
                for arg in c.get(key).map(Node::items).unwrap_or_default().iter().filter_map(Node::as_str) {
                    ceilings.extend(heap_flags(arg).into_iter().map(|(b, flag)| (b, Msg::verbatim(flag))));
                }
            }
            for env in c.get("env").map(Node::items).unwrap_or_default() {
                let (Some(name), Some(value)) = (env.get("name").and_then(Node::as_str), env.get("value").and_then(Node::as_str)) else { continue };
                if JAVA_ENV.contains(&name) {
                    ceilings.extend(heap_flags(value).into_iter().map(|(b, flag)| (b, msg!("{flag} in {name}", "{name}의 {flag}"))));
                } else if name == "GOMEMLIMIT" {
                    ceilings.extend(go_bytes(value).map(|b| (b, Msg::verbatim(format!("GOMEMLIMIT={value}")))));
                }
            }
            for mount in c.get("volumeMounts").map(Node::items).unwrap_or_default() {
                let Some(vol) = mount.get("name").and_then(Node::as_str) else { continue };
                let Some(&(_, cm_name)) = volumes.iter().find(|(v, _)| *v == vol) else { continue };
                let cms = input.objects.iter().filter(|o| o.kind == "ConfigMap" && o.name == cm_name && o.same_namespace(wl));
                for cm in cms {
                    for (_, text) in cm.root.get("data").map(Node::string_map).unwrap_or_default() {
                        ceilings.extend(envoy_heap(&text).map(|b| (b, msg!("max_heap_size_bytes in ConfigMap {cm_name}", "ConfigMap {cm_name}의 max_heap_size_bytes"))));
                    }
                }
            }
            if let Some((heap, Msg { en: from_en, ko: from_ko })) = ceilings.into_iter().filter(|(b, _)| *b >= limit).max_by(|a, b| a.0.total_cmp(&b.0)) {
                out.emit(
                    i,
                    limit_node,
                    msg!(
                        "container {}: its heap may grow to {} ({from_en}), at or above its memory limit of {}; under load it is OOM-killed before its own heap limit or load shedding can act", "컨테이너 {}: 힙이 {}({from_ko})까지 커질 수 있어 메모리 한도 {} 이상이다. 부하가 걸리면 자체 힙 한도나 부하 차단이 작동하기 전에 OOM으로 종료된다",
                        container_name(c),
                        human(heap),
                        human(limit)
                    ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_in_each_notation() {
        assert_eq!(quantity_bytes("3Gi"), Some(3.0 * 1024f64.powi(3)));
        assert_eq!(quantity_bytes("1.5G"), Some(1.5e9));
        assert_eq!(quantity_bytes("1e9"), Some(1e9));
        assert_eq!(quantity_bytes("-1Gi"), None);
        assert_eq!(jvm_bytes("4g"), Some(4.0 * 1024f64.powi(3)));
        assert_eq!(jvm_bytes("512M"), Some(512.0 * 1024f64.powi(2)));
        assert_eq!(jvm_bytes("g"), None);
        assert_eq!(go_bytes("750MiB"), Some(750.0 * 1024f64.powi(2)));
        assert_eq!(heap_flags("-Xms1g -Xmx2g --max-old-space-size=4096").len(), 2);
        assert_eq!(envoy_heap("overload_manager:\n  resource_monitors:\n    - typed_config: {max_heap_size_bytes: 2147483648}"), Some(2_147_483_648.0));
        assert_eq!(envoy_heap("\"max_heap_size_bytes\": \"1073741824\""), Some(1_073_741_824.0));
    }
}
