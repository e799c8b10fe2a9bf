use super::{services_selecting, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "single-replica-behind-service",
    title: "A Service is backed by a single replica",
    category: Category::Availability,
    severity: Severity::Warning,
    cases: &[
        "2019-04-03-mybinder-ingress-cordoned-node-upgrade",
        "2020-09-28-moj-cloud-platform-kops-node-termination-single-replica-ingress",
        "2023-11-27-2i2c-leap-autoscaler-drained-hub-core-node",
        "2021-09-29-wikimedia-calico-typha-single-replica-rolling-restart-eqiad",
    ],
    fix: "Run at least 2 replicas (with a PodDisruptionBudget), or, for software that can only run once, add the annotation `cluster-autoscaler.kubernetes.io/safe-to-evict: \"false\"`.",
    needs_before: false,
    check,
    docs: docs!(
        r#"## What it does
Flags Deployments and StatefulSets with one replica (explicitly or by default)
that a Service in the input sends traffic to. A workload pasted with no Service
at all is reported at `info` when its pods declare a serving port (metrics,
health and profiling ports aside): a Service likely sends it traffic, but the
input does not show one.

## Why it matters
Node upgrades, drains and evictions move pods. With one replica, every move is
an outage for everything behind the Service. mybinder.org went fully down during
a node-pool upgrade when cordoning the last old nodes left the ingress
controller with nowhere to run, and nobody noticed for 40 minutes. On the UK
Ministry of Justice Cloud Platform, teams whose own ingress controllers ran one
replica got failing health checks and uptime alerts when nine nodes were
terminated at once. 2i2c's LEAP JupyterHub went down twice in two days when the
cluster autoscaler scaled down the node its single hub pod ran on. At Wikimedia,
a routine rolling restart reached Calico's only Typha replica; its replacement
was still pulling its image when the core routers' BGP timers ran out, and
every service in the cluster was unreachable for two minutes.

## Example
```yaml
kind: Deployment
spec: {replicas: 1}
```

## Use instead
Run at least two replicas, spread across nodes, with a PodDisruptionBudget
(`maxUnavailable: 1`).

If the software can only run one copy (a JupyterHub hub, a singleton
controller), at least keep the cluster autoscaler from choosing its node, as
2i2c did after LEAP's outages:
```yaml
spec:
  template:
    metadata:
      annotations:
        cluster-autoscaler.kubernetes.io/safe-to-evict: "false"
```
"#
    ),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, wl, _) in workloads(input.objects) {
        if wl.replicas().is_none() || wl.kind == "ReplicaSet" {
            continue;
        }
        // An autoscaler owns the replica count: judge by the floor it keeps.
        let floor = super::autoscaler_floor(input, i);
        let lowest = floor.map_or(wl.replicas(), |(f, _)| Some(f));
        if lowest != Some(1) {
            continue;
        }
        let (at, how) = match floor {
            Some((_, h)) => (h.root.path(&["spec"]).and_then(|s| s.key("minReplicas")).unwrap_or(h.anchor()), format!("can scale down to one replica ({} {})", h.kind, h.name)),
            None => (wl.root.path(&["spec"]).and_then(|s| s.key("replicas")).unwrap_or(wl.anchor()), "runs one replica".to_string()),
        };
        let svcs = services_selecting(input, i);
        let serving = svcs.iter().copied().find(|&s| super::service_role(input, &input.objects[s]) == super::ServiceRole::Serving);
        let Some(s) = serving.or_else(|| svcs.first().copied()) else {
            // Partial input: the workload alone, its ports saying it serves.
            let ports = wl.pod_template().map(|t| super::serving_ports(&t)).unwrap_or_default();
            if super::no_services(input) && !ports.is_empty() {
                out.emit(i, at, format!("{} {how}; no Service is in the input, but its pods declare port {}, so one likely sends them traffic, and any drain, eviction or crash would then be an outage", wl.display(), ports.join(", ")))
                    .at_most(Severity::Info);
            }
            continue;
        };
        let raw = out.emit(i, at, format!("{} {how} behind Service {}; any drain, eviction or crash is an outage", wl.display(), input.objects[s].name));
        if serving.is_none() {
            raw.at_most(Severity::Info);
            raw.message.push_str(" (info: the Service only serves metrics or a webhook)");
        }
    }
}
