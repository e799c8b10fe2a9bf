use super::{container_name, workloads};
use crate::objects::Object;
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "config-key-missing",
    title: "Reference to a ConfigMap or Secret key that does not exist",
    category: Category::Config,
    severity: Severity::Error,
    cases: &["2025-11-05-render-oregon-404", "2025-11-24-supabase-api-gateway-missing-flag"],
    fix: "Add the key to the ConfigMap or Secret, or mark the reference `optional: true` if the program works without it.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags `configMapKeyRef` and `secretKeyRef` (in `env`) and `configMap`/`secret`
volume `items` that name a key absent from the ConfigMap or Secret of that name
in the input. References marked `optional: true`, and references to objects not
in the input, are not flagged.

## Why it matters
Configuration that one service still reads is easy to delete or forget. At
Render a feature flag was cleaned up while the metadata service still read it;
the service fell back to an inefficient path, ran out of memory and crashed,
causing 404s. Supabase shipped an API Gateway release that depended on a flag
with no value in production, and about 90% of gateway requests failed.

## Example
```yaml
env:
  - name: TRANSFER_MODE
    valueFrom: {configMapKeyRef: {name: flags, key: efficient-transfer}}
---
kind: ConfigMap
metadata: {name: flags}
data: {other-flag: 'true'}
```

## Use instead
Add the key, mark the reference `optional: true` with a safe default in code, or
stop reading it before removing it.
"),
};

fn find<'a>(input: &Input<'a>, kind: &str, name: &str, near: &Object) -> Option<&'a Object> {
    input.lookup.named(kind, name).iter().map(|&i| &input.objects[i]).find(|o| o.same_namespace(near))
}

fn has_key(obj: &Object, key: &str) -> bool {
    ["data", "stringData", "binaryData"].iter().any(|d| obj.root.get(d).is_some_and(|m| m.get(key).is_some()))
}

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, wl, t) in workloads(input.objects) {
        for c in t.containers() {
            for env in c.get("env").map(Node::items).unwrap_or_default() {
                for (ref_kind, kind) in [("configMapKeyRef", "ConfigMap"), ("secretKeyRef", "Secret")] {
                    let Some(r) = env.path(&["valueFrom", ref_kind]) else { continue };
                    if r.get("optional").and_then(Node::as_bool) == Some(true) {
                        continue;
                    }
                    let (Some(name), Some(key)) = (r.get("name").and_then(Node::as_str), r.get("key")) else { continue };
                    let Some(target) = find(input, kind, name, wl) else { continue };
                    let k = key.as_str().unwrap_or_default();
                    if !has_key(target, k) {
                        out.emit(i, key, format!("container {} reads key {k:?} from {kind} {name}, which has no such key; the pod will fail to start or run without it", container_name(c)));
                    }
                }
            }
        }
        for vol in t.spec.get("volumes").map(Node::items).unwrap_or_default() {
            for (vk, kind, name_key) in [("configMap", "ConfigMap", "name"), ("secret", "Secret", "secretName")] {
                let Some(v) = vol.get(vk) else { continue };
                if v.get("optional").and_then(Node::as_bool) == Some(true) {
                    continue;
                }
                let Some(name) = v.get(name_key).and_then(Node::as_str) else { continue };
                let Some(target) = find(input, kind, name, wl) else { continue };
                for item in v.get("items").map(Node::items).unwrap_or_default() {
                    if let Some(key) = item.get("key") {
                        let k = key.as_str().unwrap_or_default();
                        if !has_key(target, k) {
                            out.emit(i, key, format!("volume mounts key {k:?} from {kind} {name}, which has no such key"));
                        }
                    }
                }
            }
        }
    }
}
