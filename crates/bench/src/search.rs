use crate::compressed_len;
use casebook_model::Case;
use casebook_search::{Index, Query};

/// The query list: whole words, multi-word, prefixes as typed, typos, ids.
pub const QUERIES: &[&str] = &[
    "dns", "kubernetes", "outage", "load balancer", "certificate expired", "etcd", "memory", "dynamo", "crossp",
    "kubernets", "configuration change", "IL-0346", "health check restart loop", "feature flag", "network partition",
    "rollback", "autoscaler", "ingress", "deploy", "database failover", "cach", "power", "bgp", "latency", "storage",
    "thundering herd", "retry", "secret", "token", "region",
];

/// Search measurements for one corpus.
#[derive(Debug, Clone, Default)]
pub struct SearchBench {
    /// Cases indexed.
    pub cases: usize,
    /// Distinct terms.
    pub terms: usize,
    /// Index bytes per case, as serialised in the bundle.
    pub bytes_per_case_raw: f64,
    /// Index bytes per case after deflate.
    pub bytes_per_case_compressed: f64,
    /// Median query latency, ms.
    pub p50_ms: f64,
    /// 99th percentile query latency, ms.
    pub p99_ms: f64,
}

/// Percentile of sorted samples.
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Indexes `cases` and times every query `rounds` times.
pub fn bench_search(cases: &[Case], rounds: usize, now: &dyn Fn() -> f64) -> SearchBench {
    let index = Index::build(cases);
    let bytes = postcard::to_allocvec(&index).unwrap_or_default();
    let mut samples = Vec::with_capacity(QUERIES.len() * rounds);
    for _ in 0..rounds {
        for q in QUERIES {
            let query = Query::text(q).page();
            let t0 = now();
            let res = index.search(cases, &query);
            samples.push(now() - t0);
            std::hint::black_box(res);
        }
    }
    samples.sort_by(f64::total_cmp);
    let n = cases.len().max(1) as f64;
    SearchBench {
        cases: cases.len(),
        terms: index.term_count(),
        bytes_per_case_raw: bytes.len() as f64 / n,
        bytes_per_case_compressed: compressed_len(&bytes) as f64 / n,
        p50_ms: percentile(&samples, 0.5),
        p99_ms: percentile(&samples, 0.99),
    }
}
