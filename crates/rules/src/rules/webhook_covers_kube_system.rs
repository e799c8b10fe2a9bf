use super::{is_empty_selector, webhook_resources};
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "admission-webhook-covers-kube-system",
    title: "A fail-open admission webhook still sits in the path of the control plane's own writes in kube-system",
    category: Category::Resilience,
    severity: Severity::Warning,
    cases: &["2019-09-05-jetstack-opa-webhook-gke-master-upgrade"],
    fix: "Exclude kube-system with a `namespaceSelector` (`matchExpressions: [{key: kubernetes.io/metadata.name, operator: NotIn, values: [kube-system]}]`) and keep `timeoutSeconds` short.",
    needs_before: false,
    check,
    docs: docs!(
        r"## What it does
Flags a webhook in a `ValidatingWebhookConfiguration` or
`MutatingWebhookConfiguration` that fails open (`failurePolicy: Ignore`, or the
`v1beta1` default) but has no `namespaceSelector`, and intercepts ConfigMaps,
Secrets, Leases, Endpoints, Pods or `*`: objects that control-plane components
and system add-ons write in `kube-system`. Webhooks that fail closed are
covered by `admission-webhook-fail-closed`.

## Why it matters
Failing open does not make a webhook harmless. The API server still calls it
and waits up to `timeoutSeconds` (10 s by default in `v1`, 30 s in `v1beta1`)
on every matching request. At Jetstack, a GKE master upgrade stalled because a
new master's start-up write to a ConfigMap in `kube-system` went through an
Open Policy Agent webhook whose backend had stopped answering; the write timed
out, the master failed its health check and crash-looped, and node auto-repair
then recycled every node. Deleting the webhook configuration restored the
cluster.

## Example
```yaml
kind: ValidatingWebhookConfiguration
webhooks:
  - name: validating-webhook.openpolicyagent.org
    failurePolicy: Ignore
    rules: [{apiGroups: ['*'], apiVersions: ['*'], resources: ['*'], operations: [CREATE, UPDATE]}]
```

## Use instead
Intercept only the resources the policy governs, keep system namespaces out,
and keep the timeout short:
```yaml
webhooks:
  - name: validating-webhook.openpolicyagent.org
    failurePolicy: Ignore
    timeoutSeconds: 3
    namespaceSelector:
      matchExpressions:
        - {key: kubernetes.io/metadata.name, operator: NotIn, values: [kube-system]}
    rules: [{apiGroups: [networking.k8s.io], apiVersions: [v1], resources: [ingresses], operations: [CREATE, UPDATE]}]
```
Give the webhook's backend a liveness probe and more than one replica, so a
hung instance is replaced.
"
    ),
};

/// Resources that control-plane components and add-ons write in kube-system.
const SYSTEM_WRITES: &[&str] = &["*", "*/*", "configmaps", "secrets", "leases", "endpoints", "endpointslices", "pods"];

fn check(input: &Input<'_>, out: &mut Emitter) {
    let configs = input.objects.iter().enumerate().filter(|(_, o)| o.kind == "ValidatingWebhookConfiguration" || o.kind == "MutatingWebhookConfiguration");
    for (i, cfg) in configs {
        let v1beta1 = cfg.api_version.ends_with("/v1beta1");
        for hook in cfg.root.get("webhooks").map(Node::items).unwrap_or_default() {
            let fails_open = hook.get("failurePolicy").and_then(Node::as_str).map_or(v1beta1, |p| p == "Ignore");
            if !fails_open || !is_empty_selector(hook.get("namespaceSelector")) {
                continue;
            }
            let covered = webhook_resources(hook, SYSTEM_WRITES);
            if covered.is_empty() {
                continue;
            }
            let what = if covered.iter().any(|r| r.starts_with('*')) { "every resource".to_string() } else { covered.join(", ") };
            let timeout = hook.get("timeoutSeconds").and_then(Node::as_i64).unwrap_or(if v1beta1 { 30 } else { 10 });
            let name = hook.get("name").and_then(Node::as_str).unwrap_or("(unnamed)");
            let at = hook.get("rules").or_else(|| hook.get("name")).unwrap_or(hook);
            out.emit(
                i,
                at,
                format!(
                    "webhook {name} fails open but intercepts {what} in every namespace, kube-system included: each control-plane write there waits up to {timeout}s when its backend hangs"
                ),
            );
        }
    }
}
