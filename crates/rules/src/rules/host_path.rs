use super::workloads;
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "host-path-volume",
    title: "Pod mounts a path from the node",
    category: Category::Security,
    severity: Severity::Warning,
    cases: &["2018-09-14-jw-player-weave-scope-cryptominer", "2019-03-13-matrix-org-jenkins-ssh-agent-compromise", "2024-12-05-ultralytics-actions-cache-poisoning-miner"],
    fix: "Use a PersistentVolumeClaim, `emptyDir` or a projected volume instead of a `hostPath` mount, unless this is a node agent that needs the node's files.",
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
};

const SENSITIVE: &[&str] = &["/", "/etc", "/proc", "/var/lib/kubelet", "/var/run/docker.sock", "/run/containerd/containerd.sock", "/var/run/crio/crio.sock", "/root"];

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input.objects) {
        for vol in t.spec.get("volumes").map(Node::items).unwrap_or_default() {
            let Some(p) = vol.path(&["hostPath", "path"]) else { continue };
            let path = p.as_str().unwrap_or_default();
            let name = vol.get("name").and_then(Node::as_str).unwrap_or("(unnamed)");
            let note = if SENSITIVE.iter().any(|s| path.trim_end_matches('/') == s.trim_end_matches('/') || (s.len() > 1 && path.starts_with(s))) {
                " — a sensitive node path that allows node takeover"
            } else {
                ""
            };
            out.emit(i, p, format!("volume {name} mounts {path} from the node{note}"));
        }
    }
}
