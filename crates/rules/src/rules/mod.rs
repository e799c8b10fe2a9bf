//! The rule registry. Adding a rule: write `rules/<id>.rs` and add one line
//! below (its `mod` and its entry in [`ALL`] sit together).

use crate::objects::{match_labels, selects, Object, PodTemplate};
use crate::rule::{Input, Rule};
use crate::yaml::{Node, Value};
use std::collections::HashMap;

/// A rule's docs. Wasm builds set `--cfg casebook_no_rule_docs` (see
/// `scripts/lib.sh`): the review worker never shows docs, and the web app reads
/// them from the bundle, which the native CLI builds with the docs in.
macro_rules! docs {
    ($text:expr) => {
        if cfg!(casebook_no_rule_docs) {
            ""
        } else {
            $text
        }
    };
}

mod autoscaled_no_readiness;
mod certificate_missing_host;
mod change_ingress_class;
mod change_lb_service_downgrade;
mod change_port_renamed;
mod change_referenced_object_deleted;
mod change_selector_changed;
mod change_tls_removed;
mod cluster_admin_binding;
mod database_liveness_probe;
mod config_key_missing;
pub(crate) mod exposed_admin_dashboard;
mod heap_above_memory_limit;
mod host_namespaces;
mod host_path;
mod image_pull_always;
mod ingress_tls_default_certificate;
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
mod selector_overlap;
mod service_backend_no_readiness;
mod single_replica_behind_service;
mod spread_missing;
mod webhook_covers_kube_system;
mod webhook_fail_closed;

/// Every rule, in the order they run and are listed.
pub(crate) static ALL: &[&Rule] = &[
    &liveness_remote_dependency::RULE,
    &liveness_same_as_readiness::RULE,
    &liveness_aggressive::RULE,
    &database_liveness_probe::RULE,
    &service_backend_no_readiness::RULE,
    &autoscaled_no_readiness::RULE,
    &selector_no_match::RULE,
    &selector_extra_label::RULE,
    &selector_overlap::RULE,
    &exposed_admin_dashboard::RULE,
    &ingress_tls_default_certificate::RULE,
    &certificate_missing_host::RULE,
    &memory_limit_missing::RULE,
    &heap_above_memory_limit::RULE,
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
    &webhook_fail_closed::RULE,
    &webhook_covers_kube_system::RULE,
    &change_lb_service_downgrade::RULE,
    &change_port_renamed::RULE,
    &change_selector_changed::RULE,
    &change_ingress_class::RULE,
    &change_tls_removed::RULE,
    &change_referenced_object_deleted::RULE,
];

const SECRET_MARKERS: &[&str] = &["PASSWORD", "PASSWD", "SECRET", "TOKEN", "API_KEY", "APIKEY", "ACCESS_KEY", "PRIVATE_KEY", "CREDENTIAL"];

/// Whether a label selector (a webhook's `namespaceSelector` or `objectSelector`) is absent or selects everything.
pub(crate) fn is_empty_selector(n: Option<&Node>) -> bool {
    n.is_none_or(|s| s.entries().is_empty() || (s.get("matchLabels").is_none_or(|m| m.entries().is_empty()) && s.get("matchExpressions").is_none_or(|m| m.items().is_empty())))
}

/// A webhook's intercepted resources that are in `wanted`, each once, in the order listed.
pub(crate) fn webhook_resources<'a>(hook: &'a Node, wanted: &[&str]) -> Vec<&'a str> {
    let mut covered: Vec<&str> = Vec::new();
    let rules = hook.get("rules").map(Node::items).unwrap_or_default();
    for r in rules.iter().flat_map(|r| r.get("resources").map(Node::items).unwrap_or_default()).filter_map(Node::as_str) {
        if wanted.contains(&r) && !covered.contains(&r) {
            covered.push(r);
        }
    }
    covered
}

/// An Ingress's class (`spec.ingressClassName`, else the `kubernetes.io/ingress.class`
/// annotation) and the node that names it.
pub(crate) fn ingress_class(o: &Object) -> (Option<String>, Option<&Node>) {
    if let Some(n) = o.root.path(&["spec", "ingressClassName"]) {
        return (n.as_str().map(str::to_string), Some(n));
    }
    let ann = o.metadata().and_then(|m| m.get("annotations"));
    let n = ann.and_then(|a| a.get("kubernetes.io/ingress.class"));
    (n.and_then(Node::as_str).map(str::to_string), n)
}

/// Name endings that say a variable holds where a secret is, not the secret:
/// `DB_SECRET_NAME`, `TLS_KEY_PATH`, `TOKEN_FILE`.
const REFERENCE_SUFFIXES: &[&str] = &[
    "_NAME", "_PATH", "_FILE", "_DIR", "_REF", "_MOUNT", "_LOCATION", "_ARN", "_ID", "_KEY_ID", "_ENABLED", "_TTL", "_TIMEOUT",
    "_EXPIRY", "_LENGTH", "_HEADER", "_TYPE", "_ISSUER", "_AUDIENCE", "_NAMESPACE", "_ENV", "_VAR", "_URL", "_URI", "_ENDPOINT",
];

/// A literal credential in an `env` entry: its name node and its value node,
/// when the name says it holds a credential and the value looks like one.
/// Judged by the value as well as the name: a secret's name, a file path, a
/// reference to another variable, a boolean or a number is not a credential.
pub(crate) fn literal_secret_env(env: &Node) -> Option<(&Node, &Node)> {
    let name_node = env.get("name")?;
    let name = name_node.as_str()?;
    // A private key is a credential whatever the variable is called.
    if let Some(v) = env.get("value").filter(|v| v.as_str().is_some_and(is_private_key)) {
        return Some((name_node, v));
    }
    if !is_secret_name(name) {
        return None;
    }
    let upper = name.to_ascii_uppercase();
    if REFERENCE_SUFFIXES.iter().any(|s| upper.ends_with(s)) {
        return None;
    }
    let v = env.get("value")?;
    let text = v.as_str()?.trim();
    let is_reference = text.starts_with("$(") && text.ends_with(')') || text.starts_with("${") && text.ends_with('}');
    let is_path = text.starts_with('/') || text.starts_with("./") || text.starts_with("file:");
    let is_flag = matches!(text.to_ascii_lowercase().as_str(), "true" | "false" | "yes" | "no" | "on" | "off" | "enabled" | "disabled" | "none" | "null");
    let is_number = text.parse::<f64>().is_ok();
    if text.is_empty() || is_reference || is_path || is_flag || is_number {
        return None;
    }
    Some((name_node, v))
}

/// Whether a value holds a PEM-style private key block (`BEGIN ... PRIVATE KEY`).
fn is_private_key(text: &str) -> bool {
    text.lines().any(|l| l.contains("BEGIN") && l.contains("PRIVATE KEY"))
}

/// Whether an environment variable name looks like it holds a credential.
pub(crate) fn is_secret_name(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    SECRET_MARKERS.iter().any(|m| upper.contains(m))
}

/// Workloads with their pod templates, by index into the objects under
/// review. The templates are found once, when the lookup is built: some twenty
/// rules walk them, and finding a template compares the kind and follows a path.
pub(crate) fn workloads<'a>(input: &Input<'a>) -> impl Iterator<Item = (usize, &'a Object, PodTemplate<'a>)> + use<'a> {
    let objects = input.objects;
    input.lookup.templates.iter().map(move |&(i, t)| (i, &objects[i], t))
}

/// A label or selector pair, borrowed from the tree: the tables hold no copy
/// of any label.
type Pair<'a> = (&'a str, &'a str);

/// A multimap built once and then only read: (key, object) pairs sorted by
/// key, so that a key's objects are one run found by binary search. Half the
/// memory of a hash map of lists, which kept a table slot and a list for
/// every name of a 10,000-object input.
#[derive(Debug)]
pub(crate) struct Index<K>(Vec<(K, usize)>);

impl<K> Default for Index<K> {
    fn default() -> Self {
        Index(Vec::new())
    }
}

impl<K: Ord> Index<K> {
    /// Sorts the pairs once they are all in (objects ascending within a key).
    fn seal(&mut self) {
        self.0.sort_unstable();
        self.0.shrink_to_fit();
    }

    /// The objects under `key`, ascending.
    fn get<'s>(&'s self, key: &K) -> impl Iterator<Item = usize> + 's {
        // One binary search for the run's start; the run itself is short
        // (a label pair's objects), so it is read up to its end.
        let from = self.0.partition_point(|(k, _)| k < key);
        let run = self.0[from..].iter().take_while(|(k, _)| k == key).count();
        self.0[from..from + run].iter().map(|&(_, i)| i)
    }
}

/// Tables built once per review: labels, selectors and names, indexed so that
/// matching Services, PDBs and workloads is linear in the input, not quadratic.
#[derive(Debug, Default)]
pub(crate) struct Lookup<'a> {
    /// Pod template labels per object (empty for non-workloads).
    pub(crate) labels: Vec<Vec<Pair<'a>>>,
    /// Label selector per object (Services, PDBs, workloads).
    pub(crate) selectors: Vec<Vec<Pair<'a>>>,
    /// Services and PDBs by each `key=value` pair of their selector.
    selector_index: Index<(&'static str, Pair<'a>)>,
    /// Workloads by each `key=value` pair of their pod template labels.
    label_index: Index<Pair<'a>>,
    /// Objects by kind and name.
    named: Index<(&'a str, &'a str)>,
    /// HPAs by the kind and name they scale.
    hpa_targets: Index<(&'a str, &'a str)>,
    /// Services that admission webhook configurations call: (name, namespace if given).
    webhook_services: Vec<(String, Option<String>)>,
    /// The pod template of each workload, by index, in object order.
    templates: Vec<(usize, PodTemplate<'a>)>,
}

impl<'a> Lookup<'a> {
    pub(crate) fn new(objects: &'a [Object]) -> Self {
        let mut l = Lookup::default();
        for (i, o) in objects.iter().enumerate() {
            let labels = o.template_labels();
            let selector = match_labels(o);
            if let Some(t) = o.pod_template() {
                l.templates.push((i, t));
            }
            let class: Option<&'static str> = match o.kind.as_str() {
                "Service" => Some("Service"),
                "PodDisruptionBudget" => Some("PodDisruptionBudget"),
                _ => None,
            };
            if let Some(class) = class {
                for p in &selector {
                    l.selector_index.0.push(((class, *p), i));
                }
            }
            for p in &labels {
                l.label_index.0.push((*p, i));
            }
            l.named.0.push(((o.kind.as_str(), o.name.as_str()), i));
            if o.kind == "HorizontalPodAutoscaler" || o.kind == "ScaledObject" {
                // KEDA's ScaledObject defaults its target kind to Deployment.
                let default_kind = if o.kind == "ScaledObject" { "Deployment" } else { "" };
                let kind = o.root.path(&["spec", "scaleTargetRef", "kind"]).and_then(Node::as_str).unwrap_or(default_kind);
                let name = o.root.path(&["spec", "scaleTargetRef", "name"]).and_then(Node::as_str).unwrap_or_default();
                l.hpa_targets.0.push(((kind, name), i));
            }
            if o.kind.ends_with("WebhookConfiguration") {
                for h in o.root.get("webhooks").map(Node::items).unwrap_or_default() {
                    if let Some(name) = h.path(&["clientConfig", "service", "name"]).and_then(Node::as_str) {
                        let ns = h.path(&["clientConfig", "service", "namespace"]).and_then(Node::as_str).map(str::to_string);
                        l.webhook_services.push((name.to_string(), ns));
                    }
                }
            }
            l.labels.push(labels);
            l.selectors.push(selector);
        }
        l.selector_index.seal();
        l.label_index.seal();
        l.named.seal();
        l.hpa_targets.seal();
        l
    }

    /// Services or PDBs (`class`) whose selector selects workload `wl`.
    pub(crate) fn selecting(&self, objects: &[Object], class: &'static str, wl: usize) -> Vec<usize> {
        let labels = &self.labels[wl];
        let mut out: Vec<usize> = labels
            .iter()
            .flat_map(|p| self.selector_index.get(&(class, *p)))
            .filter(|&s| objects[s].same_namespace(&objects[wl]) && selects(&self.selectors[s], labels))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Workloads whose pod template carries at least one of these label pairs.
    pub(crate) fn workloads_with_any(&self, pairs: &[Pair<'_>]) -> Vec<usize> {
        let mut out: Vec<usize> = pairs.iter().flat_map(|p| self.label_index.get(p)).collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Objects of a kind and name.
    pub(crate) fn named<'s>(&'s self, kind: &'s str, name: &'s str) -> impl Iterator<Item = usize> + 's {
        self.named.get(&(kind, name))
    }
}

/// Services (by index) whose selector selects workload number `wl`.
pub(crate) fn services_selecting(input: &Input<'_>, wl: usize) -> Vec<usize> {
    input.lookup.selecting(input.objects, "Service", wl)
}

/// An HPA in the set that scales this workload.
pub(crate) fn hpa_for<'a>(input: &Input<'a>, wl: usize) -> Option<&'a Object> {
    let w = &input.objects[wl];
    input.lookup.hpa_targets.get(&(w.kind.as_str(), w.name.as_str())).map(|h| &input.objects[h]).find(|h| h.same_namespace(w))
}

/// The lowest replica count an autoscaler (an HPA's `minReplicas`, default 1,
/// or a KEDA `ScaledObject`'s `minReplicaCount`, default 0) keeps for this
/// workload, with the autoscaler.
pub(crate) fn autoscaler_floor<'a>(input: &Input<'a>, wl: usize) -> Option<(i64, &'a Object)> {
    let h = hpa_for(input, wl)?;
    let floor = if h.kind == "ScaledObject" {
        h.root.path(&["spec", "minReplicaCount"]).and_then(Node::as_i64).unwrap_or(0)
    } else {
        h.root.path(&["spec", "minReplicas"]).and_then(Node::as_i64).unwrap_or(1)
    };
    Some((floor, h))
}

/// The lowest replica count a workload runs at: its autoscaler's floor, else `spec.replicas`.
pub(crate) fn replica_floor(input: &Input<'_>, wl: usize) -> Option<i64> {
    autoscaler_floor(input, wl).map(|(f, _)| f).or_else(|| input.objects[wl].replicas())
}

/// What a Service is for, from its ports and the webhooks that call it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ServiceRole {
    /// Serves application traffic.
    Serving,
    /// Every port is a metrics port (named `metrics`, `*-metrics`, `prometheus`...).
    Metrics,
    /// An admission webhook configuration calls it, or every port is named for a webhook.
    Webhook,
}

pub(crate) fn service_role(input: &Input<'_>, svc: &Object) -> ServiceRole {
    let called_by_webhook = input.lookup.webhook_services.iter().any(|(name, ns)| {
        *name == svc.name && ns.as_deref().is_none_or(|ns| svc.namespace.as_deref().is_none_or(|s| s == ns))
    });
    if called_by_webhook {
        return ServiceRole::Webhook;
    }
    let ports = svc.root.path(&["spec", "ports"]).map(Node::items).unwrap_or_default();
    let names: Vec<String> = ports.iter().map(|p| p.get("name").and_then(Node::as_str).unwrap_or_default().to_ascii_lowercase()).collect();
    if !names.is_empty() && names.iter().all(|n| n.contains("metrics") || n.contains("prometheus") || n == "monitoring") {
        return ServiceRole::Metrics;
    }
    if !names.is_empty() && names.iter().all(|n| n.contains("webhook")) {
        return ServiceRole::Webhook;
    }
    ServiceRole::Serving
}

/// The Services a Gateway API route (`HTTPRoute`, `GRPCRoute`) sends traffic
/// to: each `backendRefs` entry of kind Service (the default), with its rule.
pub(crate) fn route_backends(o: &Object) -> Vec<(&Node, &Node)> {
    if o.kind != "HTTPRoute" && o.kind != "GRPCRoute" {
        return Vec::new();
    }
    let mut out = Vec::new();
    for rule in o.root.path(&["spec", "rules"]).map(Node::items).unwrap_or_default() {
        for b in rule.get("backendRefs").map(Node::items).unwrap_or_default() {
            let kind = b.get("kind").and_then(Node::as_str).unwrap_or("Service");
            let group = b.get("group").and_then(Node::as_str).unwrap_or("");
            if kind == "Service" && group.is_empty() {
                if let Some(name) = b.get("name") {
                    out.push((name, rule));
                }
            }
        }
    }
    out
}

/// The container's `name` node, the best place to point at a container.
pub(crate) fn container_anchor(c: &Node) -> &Node {
    c.key("name").or_else(|| c.key("image")).unwrap_or(c)
}

/// A container's name for messages.
/// The ports a pod's app containers declare for serving traffic (metrics,
/// health and profiling ports left out), as `name (number)` or the number.
/// For a workload pasted without its Service, they say that one likely
/// sends it traffic.
pub(crate) fn serving_ports(t: &crate::objects::PodTemplate<'_>) -> Vec<String> {
    const NOT_SERVING: &[&str] = &["metric", "health", "prom", "profil", "pprof", "debug", "probe", "webhook", "monitor"];
    t.app_containers()
        .iter()
        .flat_map(|c| c.get("ports").map(Node::items).unwrap_or_default())
        .filter_map(|p| {
            let num = p.get("containerPort").and_then(Node::as_i64)?;
            let name = p.get("name").and_then(Node::as_str).unwrap_or_default();
            let lower = name.to_ascii_lowercase();
            (!NOT_SERVING.iter().any(|w| lower.contains(w))).then(|| if name.is_empty() { num.to_string() } else { format!("{name} ({num})") })
        })
        .collect()
}

/// Whether the input holds no Service at all: a workload pasted on its own
/// (`kubectl get deploy x -o yaml`), whose Services were not pasted with it.
pub(crate) fn no_services(input: &Input<'_>) -> bool {
    !input.objects.iter().any(|o| o.kind == "Service")
}

pub(crate) fn container_name(c: &Node) -> &str {
    c.get("name").and_then(Node::as_str).unwrap_or("(unnamed)")
}

/// Structural equality, ignoring positions.
pub(crate) fn same_value(a: &Node, b: &Node) -> bool {
    match (&a.value, &b.value) {
        (Value::Null, Value::Null) => true,
        (Value::Scalar(x), Value::Scalar(y)) => x == y,
        (Value::Seq(x), Value::Seq(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_value(p, q)),
        (Value::Map(x), Value::Map(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.iter().any(|(k2, v2)| same_value(k, k2) && same_value(v, v2)))
        }
        _ => false,
    }
}

/// Every before/after pair of the same object (same kind, namespace and name).
pub(crate) fn pairs<'a>(input: &Input<'a>) -> Vec<(usize, &'a Object, &'a Object)> {
    let Some(before) = input.before else { return Vec::new() };
    let index: HashMap<(&str, Option<&str>, &str), &Object> =
        before.iter().map(|b| ((b.kind.as_str(), b.namespace.as_deref(), b.name.as_str()), b)).collect();
    input
        .objects
        .iter()
        .enumerate()
        .filter_map(|(i, a)| index.get(&(a.kind.as_str(), a.namespace.as_deref(), a.name.as_str())).map(|b| (i, *b, a)))
        .collect()
}
