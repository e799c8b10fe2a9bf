use crate::msg;
use super::{services_selecting, workloads};
use crate::objects::Object;
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "exposed-admin-dashboard",
    title: en!("Cluster admin dashboard exposed without authentication"),
    title_ko: ko!("인증 없이 노출된 클러스터 관리 대시보드"),
    category: Category::Security,
    severity: Severity::Error,
    cases: &["2018-09-14-jw-player-weave-scope-cryptominer", "2021-09-04-jenkins-confluence-monero-miner"],
    fix: en!("Put the dashboard behind authentication (an auth proxy or the Ingress controller's auth), or expose it only with `kubectl port-forward`."),
    fix_ko: ko!("대시보드를 인증(인증 프록시 또는 Ingress 컨트롤러의 인증) 뒤에 두거나, `kubectl port-forward`로만 노출한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags known cluster-admin dashboards (Weave Scope, the Kubernetes Dashboard,
kube-ops-view, Portainer, Prometheus and Alertmanager UIs) reachable through a
`LoadBalancer` or `NodePort` Service, through an Ingress that has no
authentication annotation, or through a Gateway API `HTTPRoute` rule with no
filter in front of it (reported at `warning` at most: the Gateway may enforce
authentication that the route does not show). A `LoadBalancer` or `NodePort`
Service pasted without its pods is flagged when its own name or `app` label
names a dashboard (`kubernetes-dashboard`, `weave-scope-app`, `kube-ops-view`,
`portainer`); so is an Ingress with no authentication annotation whose backend
Service, not pasted with it, has one of those names (at `warning` at most).

## Why it matters
These dashboards can exec into pods or reveal the whole cluster. Exposed
without authentication, they hand the cluster to whoever finds them first, and
scanners find them within hours. At JW Player, a crawler found Weave Scope on a
public load balancer with no login and used it to start a cryptocurrency miner
on every node of two clusters; a hand-made fix to the load balancer's security
group was undone by Kubernetes, which owned it.

## Example
```yaml
kind: Service
metadata: {name: weave-scope-app}
spec: {type: LoadBalancer, selector: {app: weave-scope}}
```

## Use instead
Keep the Service `ClusterIP` and reach it with `kubectl port-forward`, or put it
behind an Ingress with authentication (`nginx.ingress.kubernetes.io/auth-url`,
an OAuth proxy, or a Traefik ForwardAuth middleware) and a network allow-list.
"),
    docs_ko: docs!(r"## 하는 일
알려진 클러스터 관리 대시보드(Weave Scope, Kubernetes Dashboard, kube-ops-view, Portainer,
Prometheus와 Alertmanager UI)가 `LoadBalancer` 또는 `NodePort` Service를 통해, 인증
애너테이션이 없는 Ingress를 통해, 또는 앞단에 필터가 없는 Gateway API `HTTPRoute` 규칙을
통해 접근 가능한 경우를 찾아낸다(이 경우는 최대 `warning`으로 보고한다. 라우트에 드러나지
않는 인증을 Gateway가 강제할 수 있기 때문이다). 파드 없이 붙여 넣은 `LoadBalancer` 또는
`NodePort` Service는 자신의 이름이나 `app` 레이블이 대시보드(`kubernetes-dashboard`,
`weave-scope-app`, `kube-ops-view`, `portainer`)를 가리킬 때 찾아낸다. 함께 붙여 넣지 않은
백엔드 Service가 그런 이름 중 하나를 가진, 인증 애너테이션이 없는 Ingress도 마찬가지다(최대
`warning`).

## 왜 중요한가
이런 대시보드는 파드 안에서 명령을 실행(exec)하거나 클러스터 전체를 드러낼 수 있다. 인증 없이
노출되면 처음 찾아낸 사람에게 클러스터를 넘겨주는 셈이며, 스캐너는 몇 시간 안에 이를 찾아낸다.
JW Player에서는 크롤러가 로그인 없이 공개 로드 밸런서에 떠 있던 Weave Scope를 찾아내, 이를
이용해 두 클러스터의 모든 노드에서 암호화폐 채굴기를 실행했다. 로드 밸런서의 보안 그룹을 손으로
고친 것은 그 보안 그룹을 소유한 Kubernetes가 되돌려 놓았다.

## 예시
```yaml
kind: Service
metadata: {name: weave-scope-app}
spec: {type: LoadBalancer, selector: {app: weave-scope}}
```

## 대신 이렇게
Service는 `ClusterIP`로 두고 `kubectl port-forward`로 접근하거나, 인증
(`nginx.ingress.kubernetes.io/auth-url`, OAuth 프록시 또는 Traefik ForwardAuth 미들웨어)과
네트워크 허용 목록(allow-list)을 갖춘 Ingress 뒤에 둔다.
"),
};

const DASHBOARD_IMAGES: &[&str] = &[
    "weaveworks/scope", "kubernetesui/dashboard", "kubernetes-dashboard", "kube-ops-view", "portainer/portainer",
    "prom/prometheus", "prometheus/prometheus", "prom/alertmanager",
];
const AUTH_ANNOTATIONS: &[&str] = &[
    "nginx.ingress.kubernetes.io/auth-url", "nginx.ingress.kubernetes.io/auth-type", "nginx.ingress.kubernetes.io/auth-signin",
    "traefik.ingress.kubernetes.io/router.middlewares", "alb.ingress.kubernetes.io/auth-type",
    "ingress.kubernetes.io/auth-type", "konghq.com/plugins",
];

fn dashboard_image(images: &[&str]) -> Option<String> {
    images.iter().find(|img| DASHBOARD_IMAGES.iter().any(|d| img.contains(d))).map(|s| (*s).to_string())
}

fn ingress_routes_to(ing: &Object, svc: &str) -> Option<Node> {
    let mut found = None;
    let backend_name = |b: &Node| b.path(&["service", "name"]).or_else(|| b.get("serviceName")).and_then(Node::as_str).map(str::to_string);
    if let Some(b) = ing.root.path(&["spec", "defaultBackend"]) {
        if backend_name(b).as_deref() == Some(svc) {
            found = Some(b.clone());
        }
    }
    for rule in ing.root.path(&["spec", "rules"]).map(Node::items).unwrap_or_default() {
        for p in rule.path(&["http", "paths"]).map(Node::items).unwrap_or_default() {
            if let Some(b) = p.get("backend") {
                if backend_name(b).as_deref() == Some(svc) {
                    found = Some(b.clone());
                }
            }
        }
    }
    found
}

/// Names that say a Service fronts a cluster-admin dashboard, for a Service
/// pasted without its workload (`kubectl get svc x -o yaml`).
const DASHBOARD_NAMES: &[&str] = &["kubernetes-dashboard", "weave-scope-app", "kube-ops-view", "portainer"];

/// The dashboard a Service names in its `metadata.name` or its `app`,
/// `k8s-app`, `name` or `app.kubernetes.io/name` label, if any.
fn named_dashboard(svc: &Object) -> Option<String> {
    let labels = svc.metadata().and_then(|m| m.get("labels")).map(Node::string_map).unwrap_or_default();
    let mut names = vec![svc.name.clone()];
    names.extend(labels.into_iter().filter(|(k, _)| matches!(k.as_str(), "app" | "k8s-app" | "name" | "app.kubernetes.io/name")).map(|(_, v)| v));
    names.into_iter().find(|n| DASHBOARD_NAMES.contains(&n.as_str()))
}

fn check(input: &Input<'_>, out: &mut Emitter) {
    // Partial input: a dashboard's Service pasted on its own says what it is by its name.
    for (s, svc) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "Service") {
        let selected = input.lookup.workloads_with_any(&input.lookup.selectors[s]).into_iter().any(|w| crate::objects::selects(&input.lookup.selectors[s], &input.lookup.labels[w]));
        if selected {
            continue;
        }
        let ty = svc.root.path(&["spec", "type"]).filter(|t| matches!(t.as_str(), Some("LoadBalancer" | "NodePort")));
        if let (Some(ty), Some(name)) = (ty, named_dashboard(svc)) {
            out.emit(s, ty, msg!("Service {} exposes {name} as {} (its name says it is that dashboard; its pods are not in the input); anyone who can reach the node or load balancer controls the cluster", "Service {}이(가) {name}을(를) {}(으)로 노출한다(이름으로 보아 그 대시보드이며, 파드는 입력에 없다). 노드나 로드 밸런서에 닿을 수 있는 누구나 클러스터를 제어한다", svc.name, ty.as_str().unwrap_or_default()));
        }
    }
    // Partial input: an Ingress whose backend Service, not in the input, is named for a dashboard.
    for (ii, ing) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "Ingress") {
        if ing.annotations().iter().any(|(k, _)| AUTH_ANNOTATIONS.contains(&k.as_str())) {
            continue;
        }
        for name in DASHBOARD_NAMES {
            let pasted = input.objects.iter().any(|o| o.kind == "Service" && o.name == *name && o.same_namespace(ing));
            if pasted {
                continue;
            }
            if let Some(b) = ingress_routes_to(ing, name) {
                out.emit(ii, &b, msg!("Ingress {} publishes Service {name} with no authentication annotation; the Service is not in the input, but its name says it is that dashboard", "Ingress {}이(가) 인증 애너테이션 없이 Service {name}을(를) 공개한다. 그 Service는 입력에 없지만 이름으로 보아 그 대시보드다", ing.name))
                    .at_most(Severity::Warning);
            }
        }
    }
    for (wi, _, t) in workloads(input) {
        let images: Vec<&str> = t.containers().filter_map(|c| c.get("image").and_then(Node::as_str)).collect();
        let Some(image) = dashboard_image(&images) else { continue };
        for s in services_selecting(input, wi) {
            let svc = &input.objects[s];
            let ty = svc.root.path(&["spec", "type"]);
            if let Some(ty) = ty.filter(|t| matches!(t.as_str(), Some("LoadBalancer" | "NodePort"))) {
                out.emit(s, ty, msg!("Service {} exposes the admin dashboard {image} as {}; anyone who can reach the node or load balancer controls the cluster", "Service {}이(가) 관리 대시보드 {image}을(를) {}(으)로 노출한다. 노드나 로드 밸런서에 닿을 수 있는 누구나 클러스터를 제어한다", svc.name, ty.as_str().unwrap_or_default()));
            }
            // Gateway API routes: no authentication shows in a route without filters.
            for (ri, route) in input.objects.iter().enumerate().filter(|(_, o)| o.same_namespace(svc)) {
                for (name, rule) in super::route_backends(route) {
                    if name.as_str() == Some(svc.name.as_str()) && rule.get("filters").is_none_or(|f| f.items().is_empty()) {
                        out.emit(ri, name, msg!("{} {} publishes the admin dashboard {image} (Service {}) with no filter in front of it; unless the Gateway enforces authentication, anyone who reaches it controls the cluster", "{} {}이(가) 앞단 필터 없이 관리 대시보드 {image}(Service {})을(를) 공개한다. Gateway가 인증을 강제하지 않으면 여기에 닿는 누구나 클러스터를 제어한다", route.kind, route.name, svc.name))
                            .at_most(crate::rule::Severity::Warning);
                    }
                }
            }
            for (ii, ing) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "Ingress" && o.same_namespace(svc)) {
                let authed = ing.annotations().iter().any(|(k, _)| AUTH_ANNOTATIONS.contains(&k.as_str()));
                if authed {
                    continue;
                }
                if let Some(b) = ingress_routes_to(ing, &svc.name) {
                    out.emit(ii, &b, msg!("Ingress {} publishes the admin dashboard {image} (Service {}) with no authentication annotation", "Ingress {}이(가) 인증 애너테이션 없이 관리 대시보드 {image}(Service {})을(를) 공개한다", ing.name, svc.name));
                }
            }
        }
    }
}
