
use crate::objects::Object;
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "change-referenced-object-deleted",
    title: "An object that others still reference is deleted",
    category: Category::Change,
    severity: Severity::Error,
    cases: &["2025-11-05-render-oregon-404", "2025-05-28-influxdata-auth-resource-recreate-outage"],
    fix: "Keep the object until nothing references it, or remove the references in the same change.",
    needs_before: true,
    check,
    docs: docs!(r"## What it does
In a before/after review, flags objects present before and absent after
(ConfigMaps, Secrets, Services, ServiceAccounts, PersistentVolumeClaims) that an
object in the after version still references: env and volume references,
`serviceAccountName`, Ingress backends and claim names. The finding points at the
reference.

## Why it matters
Deleting something still in use is one of the most common incident triggers in
the library. Render cleaned up a feature flag that the metadata service still
read; InfluxData deleted and recreated a resource that service-to-service
authentication depended on, and microservices in several clusters could no
longer authenticate to each other.

## Example
```yaml
# before: ConfigMap flags exists; after: it is gone, but
envFrom: [{configMapRef: {name: flags}}]
```

## Use instead
Remove the references first, deploy, confirm nothing reads the object, then
delete it in a later change.
"),
};

fn exists(objects: &[Object], kind: &str, name: &str, near: &Object) -> bool {
    objects.iter().any(|o| o.kind == kind && o.name == name && o.same_namespace(near))
}

/// `(kind, name, node)` references a workload or Ingress makes.
fn references(o: &Object) -> Vec<(&'static str, String, &Node)> {
    fn add<'n>(out: &mut Vec<(&'static str, String, &'n Node)>, kind: &'static str, n: Option<&'n Node>) {
        if let Some((n, s)) = n.and_then(|n| n.as_str().map(|s| (n, s))) {
            out.push((kind, s.to_string(), n));
        }
    }
    let mut out: Vec<(&'static str, String, &Node)> = Vec::new();
    let push = |out: &mut Vec<_>, kind, n| add(out, kind, n);
    if let Some(t) = o.pod_template() {
        push(&mut out, "ServiceAccount", t.spec.get("serviceAccountName"));
        for c in t.containers() {
            for e in c.get("env").map(Node::items).unwrap_or_default() {
                push(&mut out, "ConfigMap", e.path(&["valueFrom", "configMapKeyRef", "name"]).filter(|_| e.path(&["valueFrom", "configMapKeyRef", "optional"]).and_then(Node::as_bool) != Some(true)));
                push(&mut out, "Secret", e.path(&["valueFrom", "secretKeyRef", "name"]).filter(|_| e.path(&["valueFrom", "secretKeyRef", "optional"]).and_then(Node::as_bool) != Some(true)));
            }
            for e in c.get("envFrom").map(Node::items).unwrap_or_default() {
                push(&mut out, "ConfigMap", e.path(&["configMapRef", "name"]));
                push(&mut out, "Secret", e.path(&["secretRef", "name"]));
            }
        }
        for v in t.spec.get("volumes").map(Node::items).unwrap_or_default() {
            push(&mut out, "ConfigMap", v.path(&["configMap", "name"]));
            push(&mut out, "Secret", v.path(&["secret", "secretName"]));
            push(&mut out, "PersistentVolumeClaim", v.path(&["persistentVolumeClaim", "claimName"]));
        }
    }
    for (name, _) in super::route_backends(o) {
        push(&mut out, "Service", Some(name));
    }
    if o.kind == "Gateway" {
        for l in o.root.path(&["spec", "listeners"]).map(Node::items).unwrap_or_default() {
            for c in l.path(&["tls", "certificateRefs"]).map(Node::items).unwrap_or_default() {
                if c.get("kind").and_then(Node::as_str).unwrap_or("Secret") == "Secret" {
                    push(&mut out, "Secret", c.get("name"));
                }
            }
        }
    }
    if o.kind == "Ingress" {
        for rule in o.root.path(&["spec", "rules"]).map(Node::items).unwrap_or_default() {
            for p in rule.path(&["http", "paths"]).map(Node::items).unwrap_or_default() {
                push(&mut out, "Service", p.path(&["backend", "service", "name"]).or_else(|| p.path(&["backend", "serviceName"])));
            }
        }
    }
    out
}

fn check(input: &Input<'_>, out: &mut Emitter) {
    let Some(before) = input.before else { return };
    for (i, o) in input.objects.iter().enumerate() {
        for (kind, name, node) in references(o) {
            let was_there = exists(before, kind, &name, o);
            if was_there && !exists(input.objects, kind, &name, o) {
                out.emit(i, node, format!("{kind} {name} is deleted by this change, but {} still references it", o.display()));
            }
        }
    }
}
