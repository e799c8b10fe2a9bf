use crate::msg;
use super::workloads;
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "host-path-volume",
    title: en!("Pod mounts a path from the node"),
    title_ko: ko!("노드의 경로를 마운트하는 파드"),
    category: Category::Security,
    severity: Severity::Warning,
    cases: &["2018-09-14-jw-player-weave-scope-cryptominer", "2019-03-13-matrix-org-jenkins-ssh-agent-compromise", "2024-12-05-ultralytics-actions-cache-poisoning-miner"],
    fix: en!("Use a PersistentVolumeClaim, `emptyDir` or a projected volume instead of a `hostPath` mount, unless this is a node agent that needs the node's files."),
    fix_ko: ko!("노드의 파일이 필요한 노드 에이전트가 아니라면 `hostPath` 마운트 대신 PersistentVolumeClaim, `emptyDir` 또는 projected 볼륨을 사용한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags `hostPath` volumes, and reports them as errors-in-waiting when they mount
the container runtime socket, `/`, `/etc`, `/var/lib/kubelet` or `/proc`.

## Why it matters
A hostPath volume gives the pod the node's files. Mounting the runtime socket or
kubelet directory lets anyone in the pod start privileged containers or read
every pod's secrets on that node. JW Player's Weave Scope agents mounted the
host's root file system, so a shell in them was a shell on the node.

## Example
```yaml
volumes:
  - name: docker
    hostPath: {path: /var/run/docker.sock}
```

## Use instead
Use `emptyDir`, a PersistentVolumeClaim, or a CSI driver; reserve hostPath for
audited node agents.
"),
    docs_ko: docs!(r"## 하는 일
`hostPath` 볼륨을 찾아내며, 컨테이너 런타임 소켓, `/`, `/etc`, `/var/lib/kubelet` 또는
`/proc`을 마운트하는 경우에는 곧 오류가 될 문제로 보고한다.

## 왜 중요한가
hostPath 볼륨은 파드에 노드의 파일을 넘겨준다. 런타임 소켓이나 kubelet 디렉터리를
마운트하면 파드 안의 누구든 그 노드에서 특권 컨테이너를 시작하거나 모든 파드의 시크릿을
읽을 수 있다. JW Player의 Weave Scope 에이전트는 호스트의 루트 파일 시스템을 마운트했기
때문에, 에이전트 안의 셸은 곧 노드의 셸이었다.

## 예시
```yaml
volumes:
  - name: docker
    hostPath: {path: /var/run/docker.sock}
```

## 대신 이렇게
`emptyDir`, PersistentVolumeClaim 또는 CSI 드라이버를 사용한다. hostPath는 감사를 거친
노드 에이전트에만 쓴다.
"),
};

const SENSITIVE: &[&str] = &["/", "/etc", "/proc", "/var/lib/kubelet", "/var/run/docker.sock", "/run/containerd/containerd.sock", "/var/run/crio/crio.sock", "/root"];

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input) {
        for vol in t.spec.get("volumes").map(Node::items).unwrap_or_default() {
            let Some(p) = vol.path(&["hostPath", "path"]) else { continue };
            let path = p.as_str().unwrap_or_default();
            let name = vol.get("name").and_then(Node::as_str).unwrap_or("(unnamed)");
            let (note, note_ko) = if SENSITIVE.iter().any(|s| path.trim_end_matches('/') == s.trim_end_matches('/') || (s.len() > 1 && path.starts_with(s))) {
                (" — a sensitive node path that allows node takeover", " — 노드 장악을 허용하는 민감한 노드 경로다")
            } else {
                ("", "")
            };
            out.emit(i, p, msg!("volume {name} mounts {path} from the node{note}", "볼륨 {name}이(가) 노드의 {path}을(를) 마운트한다{note_ko}"));
        }
    }
}
