use super::{container_anchor, container_name, hpa_for, services_selecting, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "service-backend-no-readiness",
    title: "Pods behind a Service have no readiness probe",
    category: Category::Traffic,
    severity: Severity::Warning,
    cases: &["2025-11-05-render-oregon-404", "2018-06-29-universe-ingress-auth-change-billing-outage"],
    fix: "Add a readinessProbe to the container that serves the Service's port.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags workloads selected by a Service in the same input whose containers have no
`readinessProbe` (workloads scaled by an HPA are covered by
`autoscaled-no-readiness`). A Deployment or StatefulSet pasted with no Service
at all is reported at `info` when its pods declare a serving port: a Service
likely sends it traffic, but the input does not show one.

## Why it matters
Without a readiness probe, a pod receives traffic as soon as its process starts,
before it has loaded the state it needs to answer correctly. In Render's Oregon
incident, new routing instances that had never received their initial state were
still sent traffic and answered 404. At Universe, rotated pods that could not
serve were put in front of users.

## Example
```yaml
containers:
  - name: router
    image: router:1.4
```

## Use instead
```yaml
containers:
  - name: router
    image: router:1.4
    readinessProbe:
      httpGet: {path: /readyz, port: 8080}   # ready only once state is loaded
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input.objects) {
        if hpa_for(input, i).is_some() {
            continue;
        }
        // Readiness is a pod's: one probed container (the main one) gates the
        // whole pod, so helpers and sidecars beside it need none.
        let containers = t.app_containers();
        if containers.is_empty() || containers.iter().any(|c| c.get("readinessProbe").is_some()) {
            continue;
        }
        let names: Vec<&str> = containers.iter().map(container_name).collect();
        let svcs = services_selecting(input, i);
        let serving = svcs.iter().copied().find(|&s| super::service_role(input, &input.objects[s]) == super::ServiceRole::Serving);
        let Some(svc) = serving.or_else(|| svcs.first().copied()) else {
            // Partial input: the workload alone, its ports saying it serves.
            let ports = super::serving_ports(&t);
            if super::no_services(input) && !ports.is_empty() && input.objects[i].replicas().is_some() {
                out.emit(i, container_anchor(&containers[0]), format!(
                    "no container of {} ({}) has a readinessProbe; no Service is in the input, but its pods declare port {}, so one likely sends them traffic, and new pods would take requests before they are ready",
                    input.objects[i].display(), names.join(", "), ports.join(", ")
                )).at_most(Severity::Info);
            }
            continue;
        };
        let raw = out.emit(i, container_anchor(&containers[0]), format!(
            "the pods of {} get traffic from Service {} but no container ({}) has a readinessProbe, so new pods take requests before they are ready",
            input.objects[i].display(), input.objects[svc].name, names.join(", ")
        ));
        if serving.is_none() {
            raw.at_most(Severity::Info);
            raw.message.push_str(" (info: the Service only serves metrics or a webhook)");
        }
    }
}
