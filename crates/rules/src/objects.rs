//! Kubernetes objects found in pasted YAML, and accessors the rules share.

use crate::msg;
use crate::rule::Msg;
use crate::yaml::{parse_documents, Node, Value};
use serde::{Deserialize, Serialize};

/// A problem with the input itself (not a finding about an object).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct InputError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// What is wrong, naming what to do about it.
    pub message: String,
}

/// A problem with the input found while reading it, in each language; the
/// review turns it into an [`InputError`] in the report's language.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// What is wrong, naming what to do about it.
    pub message: Msg,
}

impl Problem {
    /// The problem in `lang`.
    pub fn in_lang(&self, lang: casebook_model::Lang) -> InputError {
        InputError { line: self.line, column: self.column, message: self.message.get(lang).to_string() }
    }
}

/// One Kubernetes object.
#[derive(Debug, Clone)]
pub struct Object {
    /// `kind`.
    pub kind: String,
    /// `apiVersion`.
    pub api_version: String,
    /// `metadata.name` (empty when missing).
    pub name: String,
    /// `metadata.namespace`, `None` when the manifest leaves it to `kubectl -n`.
    pub namespace: Option<String>,
    /// The whole object.
    pub root: Node,
}

/// Kinds the rules understand; others are reported as notices, not errors.
pub const KNOWN_KINDS: &[&str] = &[
    "Pod", "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "ReplicationController", "Job", "CronJob", "Service",
    "Ingress", "IngressClass", "ConfigMap", "Secret", "PodDisruptionBudget", "HorizontalPodAutoscaler", "ServiceAccount",
    "Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding", "Namespace", "NetworkPolicy", "PersistentVolumeClaim",
    "PersistentVolume", "StorageClass", "Endpoints", "EndpointSlice", "VirtualService", "DestinationRule", "Gateway",
    "ServiceProfile", "HTTPRoute", "CustomResourceDefinition", "PriorityClass", "LimitRange", "ResourceQuota",
    "MutatingWebhookConfiguration", "ValidatingWebhookConfiguration", "IngressRoute", "Middleware", "Certificate",
    // Custom resources that stand in for built-ins: Argo Rollouts and OpenShift
    // workloads, KEDA's autoscaler, and prometheus-operator's pod owners.
    "Rollout", "DeploymentConfig", "ScaledObject", "Prometheus", "Alertmanager", "ThanosRuler", "ServiceMonitor", "PodMonitor",
    "PrometheusRule", "GRPCRoute",
];

/// Kinds that carry a pod template (Argo Rollouts' `Rollout` and `OpenShift`'s
/// `DeploymentConfig` have a Deployment's shape).
const WORKLOADS: &[&str] =
    &["Pod", "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "ReplicationController", "Job", "CronJob", "Rollout", "DeploymentConfig"];

/// prometheus-operator's custom resources, which the operator turns into
/// `StatefulSets`, and the label that names their pods (`prometheus: <name>`).
pub(crate) const POD_OWNERS: &[(&str, &str, &str)] =
    &[("Prometheus", "prometheus", "prometheus"), ("Alertmanager", "alertmanager", "alertmanager"), ("ThanosRuler", "thanos-ruler", "thanos-ruler")];

/// Everything found in one pasted input.
#[derive(Debug, Clone, Default)]
pub struct Manifest {
    /// The objects, in input order (List items expanded).
    pub objects: Vec<Object>,
    /// Documents that could not be used, with the line and reason.
    pub errors: Vec<Problem>,
    /// Things worth knowing that don't stop the review (unknown kinds).
    pub notices: Vec<Problem>,
}

impl Manifest {
    /// Parses pasted YAML: single objects, multi-document files, `kind: List`
    /// output of `kubectl get -o yaml`, and Helm-rendered output.
    pub fn parse(text: &str) -> Self {
        let mut m = Manifest::default();
        let docs = match parse_documents(text) {
            Ok(d) => d,
            Err(e) => {
                m.errors.push(Problem { line: e.line, column: e.col, message: e.message });
                return m;
            }
        };
        m.objects.reserve_exact(docs.len());
        for doc in docs {
            match doc.root {
                Err(e) => m.errors.push(Problem { line: e.line, column: e.col, message: e.message }),
                Ok(root) => m.add(root, doc.line),
            }
        }
        if m.objects.is_empty() && m.errors.is_empty() && text.trim().is_empty() {
            m.errors.push(Problem {
                line: 1,
                column: 1,
                message: msg!("the input is empty; paste one or more Kubernetes objects", "입력이 비어 있다. Kubernetes 객체를 하나 이상 붙여 넣어라"),
            });
        }
        m
    }

    fn add(&mut self, root: Node, doc_line: u32) {
        if !matches!(root.value, Value::Map(_)) {
            if root.value != Value::Null {
                self.errors.push(Problem {
                    line: root.line,
                    column: root.col,
                    message: msg!(
                        "this document is not a Kubernetes object: expected a mapping with apiVersion and kind",
                        "이 문서는 Kubernetes 객체가 아니다. apiVersion과 kind가 있는 매핑이어야 한다"
                    ),
                });
            }
            return;
        }
        let kind = root.get("kind").and_then(Node::as_str).unwrap_or_default().to_string();
        let api_version = root.get("apiVersion").and_then(Node::as_str).unwrap_or_default().to_string();
        if kind.is_empty() || api_version.is_empty() {
            let missing = if kind.is_empty() { "kind" } else { "apiVersion" };
            self.errors.push(Problem {
                line: root.line.max(doc_line),
                column: root.col,
                message: msg!("this document is not a Kubernetes object: it has no {missing}", "이 문서는 Kubernetes 객체가 아니다. {missing}이(가) 없다"),
            });
            return;
        }
        if kind == "List" || kind.ends_with("List") {
            // The items are moved out, not copied: a List can be most of a large input.
            let mut root = root;
            let items = match &mut root.value {
                Value::Map(entries) => entries.iter_mut().find(|(k, _)| k.as_str() == Some("items")).map(|(_, v)| std::mem::replace(&mut v.value, Value::Null)),
                _ => None,
            };
            if let Some(Value::Seq(items)) = items {
                for item in items.into_vec() {
                    let line = item.line;
                    self.add(item, line);
                }
            }
            return;
        }
        if !KNOWN_KINDS.contains(&kind.as_str()) {
            self.notices.push(Problem {
                line: root.line,
                column: root.col,
                message: msg!(
                    "kind {kind} ({api_version}) is not one Casebook's rules know; it was read but not checked",
                    "kind {kind}({api_version})은(는) Casebook의 규칙이 아는 종류가 아니다. 읽었지만 검사하지 않았다"
                ),
            });
        }
        let meta = root.get("metadata");
        let name = meta.and_then(|m| m.get("name")).and_then(Node::as_str).unwrap_or_default().to_string();
        let namespace = meta.and_then(|m| m.get("namespace")).and_then(Node::as_str).map(str::to_string);
        self.objects.push(Object { kind, api_version, name, namespace, root });
    }
}

/// A pod template inside a workload (or a bare Pod).
#[derive(Debug, Clone, Copy)]
pub struct PodTemplate<'a> {
    /// The template's `metadata` (labels, annotations), if any.
    pub metadata: Option<&'a Node>,
    /// The pod `spec`.
    pub spec: &'a Node,
}

impl<'a> PodTemplate<'a> {
    /// Template labels.
    pub fn labels(&self) -> Vec<(String, String)> {
        self.metadata.and_then(|m| m.get("labels")).map(Node::string_map).unwrap_or_default()
    }

    /// All containers, init containers included.
    pub fn containers(&self) -> impl Iterator<Item = &'a Node> {
        let spec = self.spec;
        ["containers", "initContainers"].into_iter().flat_map(move |k| spec.get(k).map(Node::items).unwrap_or_default())
    }

    /// Regular (non-init) containers, which serve traffic and are probed.
    pub fn app_containers(&self) -> &'a [Node] {
        self.spec.get("containers").map(Node::items).unwrap_or_default()
    }
}

impl Object {
    /// Whether this kind runs pods.
    pub fn is_workload(&self) -> bool {
        WORKLOADS.contains(&self.kind.as_str())
    }

    /// The object's `metadata`.
    pub fn metadata(&self) -> Option<&Node> {
        self.root.get("metadata")
    }

    /// The object's annotations.
    pub fn annotations(&self) -> Vec<(String, String)> {
        self.metadata().and_then(|m| m.get("annotations")).map(Node::string_map).unwrap_or_default()
    }

    /// The pod template, for workloads.
    pub fn pod_template(&self) -> Option<PodTemplate<'_>> {
        let r = &self.root;
        match self.kind.as_str() {
            "Pod" => Some(PodTemplate { metadata: r.get("metadata"), spec: r.get("spec")? }),
            "CronJob" => {
                let t = r.path(&["spec", "jobTemplate", "spec", "template"])?;
                Some(PodTemplate { metadata: t.get("metadata"), spec: t.get("spec")? })
            }
            k if WORKLOADS.contains(&k) => {
                let t = r.path(&["spec", "template"])?;
                Some(PodTemplate { metadata: t.get("metadata"), spec: t.get("spec")? })
            }
            _ => None,
        }
    }

    /// The labels of a workload's pod template, read even when the template
    /// has no `spec` (the labels still say which Services select it).
    pub fn template_labels(&self) -> Vec<(&str, &str)> {
        if let Some((_, app, key)) = POD_OWNERS.iter().find(|(k, _, _)| *k == self.kind) {
            // The labels prometheus-operator puts on the pods it creates, and the podMetadata ones.
            let mut labels = vec![
                ("app.kubernetes.io/name", *app),
                ("app.kubernetes.io/instance", self.name.as_str()),
                ("app.kubernetes.io/managed-by", "prometheus-operator"),
                (*key, self.name.as_str()),
            ];
            labels.extend(self.root.path(&["spec", "podMetadata", "labels"]).map(Node::str_map).unwrap_or_default());
            return labels;
        }
        let meta = match self.kind.as_str() {
            "Pod" => self.root.get("metadata"),
            "CronJob" => self.root.path(&["spec", "jobTemplate", "spec", "template", "metadata"]),
            k if WORKLOADS.contains(&k) => self.root.path(&["spec", "template", "metadata"]),
            _ => None,
        };
        meta.and_then(|m| m.get("labels")).map(Node::str_map).unwrap_or_default()
    }

    /// Desired replicas for scalable workloads (Kubernetes defaults to 1).
    pub fn replicas(&self) -> Option<i64> {
        match self.kind.as_str() {
            "Deployment" | "StatefulSet" | "ReplicaSet" | "ReplicationController" | "Rollout" | "DeploymentConfig" => {
                Some(self.root.path(&["spec", "replicas"]).and_then(Node::as_i64).unwrap_or(1))
            }
            _ => None,
        }
    }

    /// Whether this object may own pods the review does not see: an
    /// operator's custom resource such as a Prometheus (its pod labels are
    /// known only in part), or any unknown kind with a `spec`.
    pub fn may_own_unseen_pods(&self) -> bool {
        POD_OWNERS.iter().any(|(k, _, _)| *k == self.kind) || (!KNOWN_KINDS.contains(&self.kind.as_str()) && self.root.get("spec").is_some())
    }

    /// Whether two objects can be in the same namespace. A missing namespace
    /// is left to `kubectl -n`, so it is compatible with any.
    pub fn same_namespace(&self, other: &Object) -> bool {
        match (&self.namespace, &other.namespace) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        }
    }

    /// `Kind/namespace/name` for messages.
    pub fn display(&self) -> String {
        match &self.namespace {
            Some(ns) => format!("{}/{}/{}", self.kind, ns, self.name),
            None => format!("{}/{}", self.kind, self.name),
        }
    }

    /// Where to point when nothing more precise exists: `metadata.name`, else the object.
    pub fn anchor(&self) -> &Node {
        self.metadata().and_then(|m| m.get("name")).unwrap_or(&self.root)
    }
}

/// Whether a label selector (`matchLabels`-style map) selects these labels.
pub(crate) fn selects(selector: &[(&str, &str)], labels: &[(&str, &str)]) -> bool {
    !selector.is_empty() && selector.iter().all(|(k, v)| labels.iter().any(|(lk, lv)| lk == k && lv == v))
}

/// A workload's label selector: `spec.selector.matchLabels`, or `spec.selector` for Services.
pub(crate) fn match_labels(obj: &Object) -> Vec<(&str, &str)> {
    let sel = obj.root.path(&["spec", "selector"]);
    match sel.and_then(|s| s.get("matchLabels")) {
        Some(ml) => ml.str_map(),
        // Services and OpenShift DeploymentConfigs select with a plain label map.
        None if obj.kind == "Service" || obj.kind == "DeploymentConfig" => sel.map(Node::str_map).unwrap_or_default(),
        None => Vec::new(),
    }
}

/// Parses a Kubernetes quantity of replicas-or-percent (`25%`, `1`) against a total.
pub(crate) fn int_or_percent(node: &Node, total: i64, round_up: bool) -> Option<i64> {
    let s = node.as_str()?.trim();
    if let Some(p) = s.strip_suffix('%') {
        let p: i64 = p.trim().parse().ok()?;
        let x = total * p;
        Some(if round_up { (x + 99) / 100 } else { x / 100 })
    } else {
        s.parse().ok()
    }
}
