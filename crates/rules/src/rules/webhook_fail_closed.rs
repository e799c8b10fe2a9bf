use super::{is_empty_selector, webhook_resources};
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "admission-webhook-fail-closed",
    title: "Cluster-wide admission webhook fails closed on everyday resources",
    category: Category::Availability,
    severity: Severity::Warning,
    cases: &["2021-06-09-moj-cloud-platform-modsec-admission-webhook-certificate-blocked-ingress"],
    fix: "Scope the webhook with a `namespaceSelector` or `objectSelector`, or set `failurePolicy: Ignore` if admission can safely proceed without it.",
    needs_before: false,
    check,
    docs: docs!(
        r"## What it does
Flags a webhook in a `ValidatingWebhookConfiguration` or
`MutatingWebhookConfiguration` that fails closed (`failurePolicy: Fail`, the
default in `admissionregistration.k8s.io/v1`), applies to every namespace and
object (no `namespaceSelector` or `objectSelector`), and intercepts resources
that every deploy touches: pods, workloads, Services, Ingresses, ConfigMaps,
Secrets, or `*`.

## Why it matters
Such a webhook sits in the path of every matching API call. When it is down,
slow or unreachable, or its certificate no longer matches the Service it is
called on, the API server refuses those calls and deploys stop cluster-wide,
including the ones that would fix the webhook. At the UK Ministry of Justice
Cloud Platform, an ingress controller upgrade left its validating webhook with a
certificate for the wrong Service name, and no Ingress could be created or
changed until the upgrade was rolled back.

## Example
```yaml
kind: ValidatingWebhookConfiguration
webhooks:
  - name: validate.nginx.ingress.kubernetes.io
    rules: [{apiGroups: [networking.k8s.io], resources: [ingresses], operations: [CREATE, UPDATE]}]
```

## Use instead
Fail open (`failurePolicy: Ignore`) unless the webhook enforces security, and
scope it with a `namespaceSelector` that leaves out `kube-system` and the
webhook's own namespace. For webhooks that must fail closed, run more than one
replica, keep `timeoutSeconds` short, and alert on webhook call failures.
"
    ),
};

/// Resources nearly every deploy creates or updates.
const EVERYDAY: &[&str] =
    &["*", "*/*", "pods", "deployments", "replicasets", "statefulsets", "daemonsets", "jobs", "cronjobs", "services", "ingresses", "configmaps", "secrets"];

fn check(input: &Input<'_>, out: &mut Emitter) {
    let configs = input.objects.iter().enumerate().filter(|(_, o)| o.kind == "ValidatingWebhookConfiguration" || o.kind == "MutatingWebhookConfiguration");
    for (i, cfg) in configs {
        // admissionregistration.k8s.io/v1beta1 defaulted to Ignore; v1 defaults to Fail.
        let default_fail = !cfg.api_version.ends_with("/v1beta1");
        for hook in cfg.root.get("webhooks").map(Node::items).unwrap_or_default() {
            let policy = hook.get("failurePolicy").and_then(Node::as_str);
            let fails_closed = policy.map_or(default_fail, |p| p == "Fail");
            if !fails_closed || !is_empty_selector(hook.get("namespaceSelector")) || !is_empty_selector(hook.get("objectSelector")) {
                continue;
            }
            let covered = webhook_resources(hook, EVERYDAY);
            if covered.is_empty() {
                continue;
            }
            let name = hook.get("name").and_then(Node::as_str).unwrap_or("(unnamed)");
            let at = hook.get("failurePolicy").or_else(|| hook.get("name")).unwrap_or(hook);
            let how = if policy.is_some() { "failurePolicy: Fail" } else { "the default failurePolicy (Fail)" };
            out.emit(
                i,
                at,
                format!(
                    "webhook {name} intercepts {} in every namespace with {how}: if it is down or its certificate is wrong, every such change in the cluster is refused",
                    covered.join(", ")
                ),
            );
        }
    }
}
