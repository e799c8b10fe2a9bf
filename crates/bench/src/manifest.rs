use std::fmt::Write;
use casebook_rules::{parse_documents, review, Options};

/// A generated multi-document manifest of about `target_bytes`: Deployments,
/// Services, `ConfigMaps` and `PodDisruptionBudgets`, like a large Helm release.
pub fn synthetic_manifest(target_bytes: usize) -> (String, usize) {
    let mut out = String::with_capacity(target_bytes + 4096);
    let mut objects = 0;
    let mut i = 0;
    while out.len() < target_bytes {
        let _ = write!(
            out,
            "---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app-{i}\n  namespace: team-{ns}\n  labels: {{app: app-{i}, tier: web}}\nspec:\n  replicas: {r}\n  selector:\n    matchLabels: {{app: app-{i}}}\n  template:\n    metadata:\n      labels: {{app: app-{i}, tier: web}}\n    spec:\n      containers:\n        - name: app\n          image: registry.example.com/app-{i}:1.{i}.0\n          ports: [{{name: http, containerPort: 8080}}]\n          env:\n            - name: MODE\n              valueFrom: {{configMapKeyRef: {{name: app-{i}-config, key: mode}}}}\n          resources:\n            requests: {{cpu: 100m, memory: 128Mi}}\n            limits: {{memory: 256Mi}}\n          readinessProbe: {{httpGet: {{path: /ready, port: http}}}}\n          livenessProbe: {{httpGet: {{path: /live, port: http}}, periodSeconds: 10}}\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: app-{i}\n  namespace: team-{ns}\nspec:\n  selector: {{app: app-{i}}}\n  ports: [{{name: http, port: 80, targetPort: http}}]\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-{i}-config\n  namespace: team-{ns}\ndata:\n  mode: fast\n  description: \"{pad}\"\n",
            ns = i % 20,
            r = 1 + i % 4,
            pad = "x".repeat(400 + i % 200),
        );
        objects += 3;
        i += 1;
    }
    (out, objects)
}

/// Review throughput on one manifest.
#[derive(Debug, Clone, Default)]
pub struct ReviewBench {
    /// Input size, bytes.
    pub bytes: usize,
    /// Objects in the input.
    pub objects: usize,
    /// Findings produced.
    pub findings: usize,
    /// Median time to parse only (same parser), ms.
    pub parse_ms: f64,
    /// Median time for the full review, ms.
    pub review_ms: f64,
    /// Least time to parse only, ms: on a shared machine, the figure other
    /// work disturbs least.
    pub parse_least_ms: f64,
    /// Least time for the full review, ms.
    pub review_least_ms: f64,
}

/// Times parsing alone and the full review, `rounds` times each (medians).
pub fn bench_review(yaml: &str, objects: usize, rounds: usize, now: &dyn Fn() -> f64) -> ReviewBench {
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let mut parse = Vec::new();
    let mut full = Vec::new();
    let mut findings = 0;
    for _ in 0..rounds.max(1) {
        let t0 = now();
        std::hint::black_box(parse_documents(yaml).map_or(0, |d| d.len()));
        parse.push(now() - t0);
        let t0 = now();
        let r = review(yaml, None, &Options::default());
        full.push(now() - t0);
        findings = r.findings.len();
    }
    let least = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
    let (parse_least_ms, review_least_ms) = (least(&parse), least(&full));
    ReviewBench { bytes: yaml.len(), objects, findings, parse_ms: median(parse), review_ms: median(full), parse_least_ms, review_least_ms }
}
