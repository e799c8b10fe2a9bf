//! Parse-only and full-review time on the generated 5 MB manifest, in
//! alternation, for profiling the review (`perf record`). A measurement tool,
//! not a test.
//!
//! `cargo run --release -p casebook-cli --example review-profile`; `R=20` sets
//! the rounds, `ONLY=review` or `ONLY=parse` runs one side alone.
#![allow(clippy::print_stdout, clippy::unwrap_used)]
use casebook_bench::synthetic_manifest;
use casebook_rules::{parse_documents, review, Options};
use std::time::Instant;
fn main() {
    let (yaml, objects) = synthetic_manifest(5_000_000);
    let rounds = std::env::var("R").ok().and_then(|r| r.parse().ok()).unwrap_or(7);
    let only = std::env::var("ONLY").ok();
    let (mut parse, mut full) = (vec![], vec![]);
    let mut findings = 0;
    for _ in 0..rounds {
        if only.as_deref() != Some("review") {
            let t = Instant::now();
            std::hint::black_box(parse_documents(&yaml).map_or(0, |d| d.len()));
            parse.push(t.elapsed().as_secs_f64() * 1000.0);
        }
        if only.as_deref() != Some("parse") {
            let t = Instant::now();
            findings = review(&yaml, None, &Options::default()).findings.len();
            full.push(t.elapsed().as_secs_f64() * 1000.0);
        }
    }
    // The median, and the least time: on a shared machine the least is the
    // figure other work disturbs least.
    let sorted = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        (v.get(v.len() / 2).copied().unwrap_or(f64::NAN), v.first().copied().unwrap_or(f64::NAN))
    };
    let ((p, p_min), (r, r_min)) = (sorted(parse), sorted(full));
    println!("{objects} objects, {findings} findings: median parse {p:.1} ms, review {r:.1} ms, ratio {:.2}; least parse {p_min:.1} ms, review {r_min:.1} ms, ratio {:.2}", r / p, r_min / p_min);
}
