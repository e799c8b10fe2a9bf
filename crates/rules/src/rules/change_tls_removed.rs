use super::pairs;
use crate::objects::Object;
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "change-tls-removed",
    title: "TLS or HTTPS listener settings are removed",
    category: Category::Change,
    severity: Severity::Error,
    cases: &["2022-10-24-pypi-ingress-elb-https-listener", "2025-02-18-grafana-cloud-load-balancers-lost"],
    fix: "Keep the TLS settings (the `tls` section, certificate annotation or HTTPS listener) unless clients have moved off HTTPS.",
    needs_before: true,
    check,
    docs: docs!(r"## What it does
In a before/after review, flags an Ingress that loses `spec.tls` entries, and an
Ingress or LoadBalancer Service that loses a TLS-related annotation (certificate
ARN, SSL ports, listen ports, backend protocol) that the before version had.

## Why it matters
The load balancer controller reconciles what the manifest says: drop the
certificate annotation and it removes the HTTPS listener. PyPI's backend became
unreachable over HTTPS when the HTTPS listener of its Ingress-managed ELB was
removed during a rolling node restart because the referenced certificate could
not be found. Grafana Labs lost load balancers in a TLS-policy change.

## Example
```yaml
# before
annotations:
  service.beta.kubernetes.io/aws-load-balancer-ssl-cert: arn:aws:acm:...
# after: annotation gone
```

## Use instead
Keep TLS settings in one templated place, and review any change that removes
them as a change to the public endpoint.
"),
};

const TLS_MARKERS: &[&str] = &["ssl-cert", "certificate", "ssl-ports", "listen-ports", "backend-protocol", "ssl-redirect", "tls", "ssl-policy"];

fn tls_annotations(o: &Object) -> Vec<(String, String)> {
    o.annotations().into_iter().filter(|(k, _)| TLS_MARKERS.iter().any(|m| k.to_ascii_lowercase().contains(m))).collect()
}

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, before, after) in pairs(input) {
        let relevant = after.kind == "Ingress"
            || after.kind == "Gateway"
            || (after.kind == "Service" && before.root.path(&["spec", "type"]).and_then(crate::yaml::Node::as_str) == Some("LoadBalancer"));
        if !relevant {
            continue;
        }
        let now = tls_annotations(after);
        for (k, _) in tls_annotations(before) {
            if !now.iter().any(|(n, _)| *n == k) {
                let at = after.metadata().and_then(|m| m.key("annotations")).unwrap_or(after.anchor());
                out.emit(i, at, format!("{} loses the TLS annotation {k}; the controller will remove the HTTPS listener or certificate", after.display()));
            }
        }
        if after.kind == "Gateway" {
            // Listeners that terminated TLS before and no longer do (or are gone).
            let tls_listeners = |o: &Object| -> Vec<String> {
                o.root.path(&["spec", "listeners"]).map(crate::yaml::Node::items).unwrap_or_default().iter()
                    .filter(|l| matches!(l.get("protocol").and_then(crate::yaml::Node::as_str), Some("HTTPS" | "TLS")))
                    .filter_map(|l| l.get("name").and_then(crate::yaml::Node::as_str).map(str::to_string))
                    .collect()
            };
            let now = tls_listeners(after);
            for name in tls_listeners(before).into_iter().filter(|n| !now.contains(n)) {
                let at = after.root.get("spec").and_then(|s| s.key("listeners")).unwrap_or(after.anchor());
                out.emit(i, at, format!("Gateway {} no longer has the HTTPS/TLS listener {name}; its hosts will stop being served over TLS", after.name));
            }
        }
        if after.kind == "Ingress" {
            let count = |o: &Object| o.root.path(&["spec", "tls"]).map_or(0, |t| t.items().len());
            let (b, a) = (count(before), count(after));
            if a < b {
                let at = after.root.get("spec").and_then(|s| s.key("tls")).or_else(|| after.root.key("spec")).unwrap_or(after.anchor());
                out.emit(i, at, format!("Ingress {} goes from {b} to {a} TLS entries; hosts will stop being served over HTTPS", after.name));
            }
        }
    }
}
