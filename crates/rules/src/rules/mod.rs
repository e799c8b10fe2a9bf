//! The rule registry. Adding a rule: write `rules/<id>.rs` and add one line
//! below (its `mod` and its entry in [`ALL`] sit together).

use crate::objects::{match_labels, selects, Object, PodTemplate};
use crate::rule::{Input, Rule};
use crate::yaml::{Node, Value};

mod autoscaled_no_readiness;
mod change_ingress_class;
mod change_lb_service_downgrade;
mod change_port_renamed;
mod change_referenced_object_deleted;
mod change_selector_changed;
mod change_tls_removed;
mod cluster_admin_binding;
mod config_key_missing;
mod exposed_admin_dashboard;
mod host_namespaces;
mod host_path;
mod image_pull_always;
mod job_unbounded_retries;
mod liveness_aggressive;
mod liveness_remote_dependency;
mod liveness_same_as_readiness;
mod max_unavailable_all;
mod memory_limit_missing;
mod mesh_retries_no_per_try_timeout;
mod mesh_retry_amplification;
mod pdb_blocks_eviction;
mod pdb_missing;
mod privileged_container;
mod recreate_behind_service;
mod requests_missing;
mod secret_literal_env;
mod selector_extra_label;
mod selector_no_match;
mod service_backend_no_readiness;
mod single_replica_behind_service;
mod spread_missing;

/// Every rule, in the order they run and are listed.
pub(crate) static ALL: &[&Rule] = &[
    &liveness_remote_dependency::RULE,
    &liveness_same_as_readiness::RULE,
    &liveness_aggressive::RULE,
    &service_backend_no_readiness::RULE,
    &autoscaled_no_readiness::RULE,
    &selector_no_match::RULE,
    &selector_extra_label::RULE,
    &exposed_admin_dashboard::RULE,
    &memory_limit_missing::RULE,
    &requests_missing::RULE,
    &single_replica_behind_service::RULE,
    &pdb_missing::RULE,
    &pdb_blocks_eviction::RULE,
    &spread_missing::RULE,
    &recreate_behind_service::RULE,
    &max_unavailable_all::RULE,
    &config_key_missing::RULE,
    &mesh_retries_no_per_try_timeout::RULE,
    &mesh_retry_amplification::RULE,
    &privileged_container::RULE,
    &host_namespaces::RULE,
    &host_path::RULE,
    &cluster_admin_binding::RULE,
    &image_pull_always::RULE,
    &secret_literal_env::RULE,
    &job_unbounded_retries::RULE,
    &change_lb_service_downgrade::RULE,
    &change_port_renamed::RULE,
    &change_selector_changed::RULE,
    &change_ingress_class::RULE,
    &change_tls_removed::RULE,
    &change_referenced_object_deleted::RULE,
];

const SECRET_MARKERS: &[&str] = &["PASSWORD", "PASSWD", "SECRET", "TOKEN", "API_KEY", "APIKEY", "ACCESS_KEY", "PRIVATE_KEY", "CREDENTIAL"];

/// Whether an environment variable name looks like it holds a credential.
pub(crate) fn is_secret_name(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    SECRET_MARKERS.iter().any(|m| upper.contains(m))
}

/// Workloads with their pod templates, by index into `objects`.
pub(crate) fn workloads(objects: &[Object]) -> impl Iterator<Item = (usize, &Object, PodTemplate<'_>)> {
    objects.iter().enumerate().filter_map(|(i, o)| o.pod_template().map(|t| (i, o, t)))
}

/// Services (by index) whose selector selects this workload's pods.
pub(crate) fn services_selecting(objects: &[Object], wl: &Object, t: &PodTemplate<'_>) -> Vec<usize> {
    let labels = t.labels();
    objects
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == "Service" && s.same_namespace(wl) && selects(&match_labels(s), &labels))
        .map(|(i, _)| i)
        .collect()
}

/// Whether an HPA in the set scales this workload.
pub(crate) fn hpa_for<'a>(objects: &'a [Object], wl: &Object) -> Option<&'a Object> {
    objects.iter().find(|h| {
        h.kind == "HorizontalPodAutoscaler"
            && h.same_namespace(wl)
            && h.root.path(&["spec", "scaleTargetRef", "kind"]).and_then(Node::as_str) == Some(wl.kind.as_str())
            && h.root.path(&["spec", "scaleTargetRef", "name"]).and_then(Node::as_str) == Some(wl.name.as_str())
    })
}

/// The container's `name` node, the best place to point at a container.
pub(crate) fn container_anchor(c: &Node) -> &Node {
    c.key("name").or_else(|| c.key("image")).unwrap_or(c)
}

/// A container's name for messages.
pub(crate) fn container_name(c: &Node) -> &str {
    c.get("name").and_then(Node::as_str).unwrap_or("(unnamed)")
}

/// Structural equality, ignoring positions.
pub(crate) fn same_value(a: &Node, b: &Node) -> bool {
    match (&a.value, &b.value) {
        (Value::Null, Value::Null) => true,
        (Value::Scalar { text: x, .. }, Value::Scalar { text: y, .. }) => x == y,
        (Value::Seq(x), Value::Seq(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_value(p, q)),
        (Value::Map(x), Value::Map(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.iter().any(|(k2, v2)| same_value(k, k2) && same_value(v, v2)))
        }
        _ => false,
    }
}

/// Finds the object with the same kind, name and namespace in another version.
pub(crate) fn counterpart<'a>(objects: &'a [Object], o: &Object) -> Option<&'a Object> {
    objects.iter().find(|b| b.kind == o.kind && b.name == o.name && b.namespace == o.namespace)
}

/// Runs `f` for every before/after pair of the same object.
pub(crate) fn pairs<'a>(input: &Input<'a>) -> Vec<(usize, &'a Object, &'a Object)> {
    let Some(before) = input.before else { return Vec::new() };
    input
        .objects
        .iter()
        .enumerate()
        .filter_map(|(i, after)| counterpart(before, after).map(|b| (i, b, after)))
        .collect()
}
