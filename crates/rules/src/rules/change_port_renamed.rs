use super::{container_name, pairs};
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "change-port-renamed",
    title: "A Service or container port is renamed",
    category: Category::Change,
    severity: Severity::Warning,
    cases: &["2020-02-04-gitlab-container-registry-dry-run-pipeline"],
    fix: "Keep the old port name, or update every reference to it (Ingress backends, NetworkPolicies, ServiceMonitors, other Services) in the same change.",
    needs_before: true,
    check,
    docs: docs!(r"## What it does
In a before/after review, flags Service ports and container ports whose `name`
changes while the port number stays, and Service `targetPort`s that refer to a
port name no longer present.

## Why it matters
Port names are references: `targetPort: http`, Ingress backends, cloud load
balancer health checks and NEGs follow them. Renaming one makes those
references dangle, and the load balancer is reconfigured while traffic fails.
GitLab.com's registry outage came from a Helm deployment change that
reconfigured the Kubernetes-hosted service and its Google load balancer.

## Example
```yaml
# before
ports: [{name: http, port: 80, targetPort: http}]
# after
ports: [{name: web, port: 80, targetPort: http}]
```

## Use instead
Keep port names stable; add the new name alongside the old one, move references,
then remove the old one in a later change.
"),
};

fn ports(n: Option<&Node>) -> Vec<(i64, String, &Node)> {
    n.map(Node::items)
        .unwrap_or_default()
        .iter()
        .filter_map(|p| {
            let num = p.get("port").or_else(|| p.get("containerPort")).and_then(Node::as_i64)?;
            let name = p.get("name").and_then(Node::as_str).unwrap_or_default().to_string();
            Some((num, name, p))
        })
        .collect()
}

fn report(i: usize, what: &str, before: &[(i64, String, &Node)], after: &[(i64, String, &Node)], out: &mut Emitter) {
    for (num, name, node) in after {
        if let Some((_, old, _)) = before.iter().find(|(n, o, _)| n == num && o != name && !o.is_empty()) {
            let at = node.get("name").unwrap_or(node);
            out.emit(i, at, format!("{what}: port {num} is renamed from {old:?} to {name:?}; anything that refers to {old:?} (targetPort, Ingress, load balancer) loses it"));
        }
    }
}

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, before, after) in pairs(input) {
        if after.kind == "Service" {
            report(i, &format!("Service {}", after.name), &ports(before.root.path(&["spec", "ports"])), &ports(after.root.path(&["spec", "ports"])), out);
        }
        if let (Some(tb), Some(ta)) = (before.pod_template(), after.pod_template()) {
            for ca in ta.app_containers() {
                let name = container_name(ca);
                let Some(cb) = tb.app_containers().iter().find(|c| container_name(c) == name) else { continue };
                report(i, &format!("{} container {name}", after.display()), &ports(cb.get("ports")), &ports(ca.get("ports")), out);
            }
        }
    }
}
