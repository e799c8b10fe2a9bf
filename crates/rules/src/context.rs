//! Severity policy by context. Generic hygiene findings matter less, or not
//! at all, on some objects: a one-shot Job, a `DaemonSet` node agent whose job
//! needs host access, a leader-elected singleton. The rules find; this policy
//! decides how loud a finding is where the object itself shows its context.
//! Contexts that only a rule can see (an init container, a metrics-only
//! Service) are handled in the rule with [`crate::Raw::at_most`].

use crate::objects::Object;
use crate::msg;
use crate::rule::{Msg, Severity};
use crate::yaml::Node;

/// Rules about resources, replicas and rollout hygiene.
const HYGIENE: &[&str] = &["resource-requests-missing", "memory-limit-missing", "single-replica-behind-service", "pdb-missing", "spread-missing"];
/// Rules about host access, which node agents need by design.
const HOST_ACCESS: &[&str] = &["privileged-container", "host-namespaces", "host-path-volume"];

/// Rules about hygiene that a demo or sample app does not need to pass.
const DEMO_HYGIENE: &[&str] = &[
    "resource-requests-missing", "memory-limit-missing", "single-replica-behind-service", "pdb-missing", "spread-missing",
    "service-backend-no-readiness", "liveness-same-as-readiness",
];

/// Path segments and tags that mark an image as a sample or demo build.
const DEMO_SEGMENTS: &[&str] = &["google-samples", "google_samples", "samples", "examples", "demo", "microservices-demo", "tutorial", "tutorials"];

/// The first image of the pod that comes from a samples or demo repository
/// (`gcr.io/google-samples/...`, `.../microservices-demo/...`) or carries an
/// end-to-end test tag (`:e2e`), if any.
pub(crate) fn demo_image(o: &Object) -> Option<String> {
    let t = o.pod_template()?;
    t.containers().filter_map(|c| c.get("image").and_then(Node::as_str)).find(|img| {
        let (path, tag) = match img.rsplit_once(':').filter(|(_, t)| !t.contains('/')) {
            Some((p, t)) => (p, t),
            None => (*img, ""),
        };
        tag == "e2e" || path.split('/').any(|seg| DEMO_SEGMENTS.contains(&seg) || seg.ends_with("-demo") || seg.ends_with("-samples"))
    }).map(str::to_string)
}

/// Whether a pod template's containers run with leader election, so one
/// replica being active at a time is by design.
pub(crate) fn leader_elected(o: &Object) -> bool {
    let Some(t) = o.pod_template() else { return false };
    t.app_containers().iter().any(|c| {
        ["args", "command"].iter().flat_map(|k| c.get(k).map(Node::items).unwrap_or_default()).filter_map(Node::as_str).any(|a| {
            let a = a.trim_start_matches('-');
            (a.starts_with("leader-elect") || a.starts_with("enable-leader-election") || a.starts_with("leader-election"))
                && !a.ends_with("=false")
        })
    })
}

/// The cap on a rule's findings for an object, with the reason shown to the user.
pub(crate) fn cap(rule: &str, o: &Object) -> Option<(Severity, Msg)> {
    let one_shot = matches!(o.kind.as_str(), "Job" | "CronJob")
        || (o.kind == "Pod" && o.root.path(&["spec", "restartPolicy"]).and_then(Node::as_str).is_some_and(|p| p != "Always"));
    if one_shot && rule == "resource-requests-missing" {
        return Some((Severity::Info, msg!("a one-shot Job", "일회성 Job")));
    }
    if o.kind == "DaemonSet" {
        if HOST_ACCESS.contains(&rule) {
            return Some((Severity::Info, msg!("a DaemonSet node agent, whose job often needs host access; check that this one does", "호스트 접근이 필요한 경우가 많은 DaemonSet 노드 에이전트다. 이 에이전트에 정말 필요한지 확인한다")));
        }
        if HYGIENE.contains(&rule) {
            return Some((Severity::Info, msg!("a DaemonSet node agent", "DaemonSet 노드 에이전트")));
        }
    }
    if DEMO_HYGIENE.contains(&rule) && demo_image(o).is_some() {
        return Some((Severity::Info, msg!("a demo or sample app: its images come from a samples or demo repository", "데모 또는 샘플 앱: 이미지가 샘플이나 데모 저장소에서 온다")));
    }
    if rule == "single-replica-behind-service" && leader_elected(o) {
        return Some((Severity::Info, msg!("a leader-elected controller, which runs one active instance by design", "리더 선출을 쓰는 컨트롤러로, 설계상 활성 인스턴스를 하나만 실행한다")));
    }
    None
}
