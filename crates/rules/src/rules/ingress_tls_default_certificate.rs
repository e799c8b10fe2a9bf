use super::ingress_class;
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "ingress-tls-default-certificate",
    title: "An Ingress TLS entry names no certificate Secret, so it is served the controller's shared default certificate",
    category: Category::Traffic,
    severity: Severity::Warning,
    cases: &[
        "2021-07-12-moj-cloud-platform-pipeline-kube-context-default-certificate-live-1",
        "2022-03-10-moj-cloud-platform-kubectl-provider-kube-config-default-certificate-live",
    ],
    fix: "Name the certificate: add `secretName: <tls-secret>` to the TLS entry.",
    needs_before: false,
    check,
    docs: docs!(
        r"## What it does
Flags an Ingress whose `spec.tls` entry has no `secretName`. Ingresses that
take their certificate from a cloud load balancer annotation (an AWS
certificate ARN, GKE pre-shared or managed certificates) are left alone, since
those controllers find the certificate another way.

## Why it matters
Without a `secretName`, ingress-nginx and most other controllers answer HTTPS
for those hosts with their one default certificate. Every Ingress that does so
then depends on a single shared object: change it, and all of them change at
once. Twice the UK Ministry of Justice Cloud Platform had the live cluster's
default certificate replaced by another cluster's (once by an apply pipeline
that followed the wrong kube context, once by a Terraform provider that read
`KUBE_CONFIG`), and every Ingress relying on it presented a certificate whose
names did not match until the team edited it back.

## Example
```yaml
spec:
  tls:
    - hosts: [app.apps.example.org]   # no secretName
```

## Use instead
Give each Ingress its own certificate Secret, for example issued by
cert-manager, so that a change to one certificate cannot reach other services:
```yaml
metadata:
  annotations:
    cert-manager.io/cluster-issuer: letsencrypt
spec:
  tls:
    - hosts: [app.apps.example.org]
      secretName: app-tls
```
If relying on a wildcard default certificate is a deliberate platform choice,
monitor the certificate every host actually presents, and suppress this rule
with `casebook.dev/ignore`.
"
    ),
};

/// Annotations through which a controller gets its certificate without a Secret.
const CERT_ELSEWHERE: &[&str] =
    &["alb.ingress.kubernetes.io/certificate-arn", "ingress.gcp.kubernetes.io/pre-shared-cert", "networking.gke.io/managed-certificates"];

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, ing) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "Ingress") {
        // The AWS load balancer controller discovers certificates from `tls` hosts;
        // cloud annotations name a certificate kept outside the cluster.
        if ingress_class(ing).0.as_deref() == Some("alb") || ing.annotations().iter().any(|(k, _)| CERT_ELSEWHERE.contains(&k.as_str())) {
            continue;
        }
        for entry in ing.root.path(&["spec", "tls"]).map(Node::items).unwrap_or_default() {
            let named = entry.get("secretName").and_then(Node::as_str).is_some_and(|s| !s.trim().is_empty());
            if named {
                continue;
            }
            let hosts: Vec<&str> = entry.get("hosts").map(Node::items).unwrap_or_default().iter().filter_map(Node::as_str).collect();
            let which = if hosts.is_empty() { "its TLS entry".to_string() } else { format!("TLS for {}", hosts.join(", ")) };
            out.emit(
                i,
                entry,
                format!("Ingress {}: {which} names no secretName, so the controller serves its shared default certificate; a change to that one certificate reaches every such host", ing.name),
            );
        }
    }
}
