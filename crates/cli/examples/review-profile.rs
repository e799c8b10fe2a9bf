//! Parse-only and full-review time on the generated 5 MB manifest, in
//! alternation (`bench_review`), or one side alone for profiling the review
//! (`perf record`). A measurement tool, not a test.
//!
//! `cargo run --release -p casebook-cli --example review-profile`; `R=20` sets
//! the rounds, `ONLY=review` or `ONLY=parse` runs one side alone.
#![allow(clippy::print_stdout, clippy::unwrap_used)]
use casebook_bench::{bench_review, synthetic_manifest};
use casebook_rules::{parse_documents, review, Options};
use std::time::Instant;
fn main() {
    let (yaml, objects) = synthetic_manifest(5_000_000);
    let rounds = std::env::var("R").ok().and_then(|r| r.parse().ok()).unwrap_or(7);
    let start = Instant::now();
    let side: Option<fn(&str)> = match std::env::var("ONLY").ok().as_deref() {
        Some("parse") => Some(|y| drop(std::hint::black_box(parse_documents(y)))),
        Some("review") => Some(|y| drop(std::hint::black_box(review(y, None, &Options::default())))),
        _ => None,
    };
    if let Some(run) = side {
        for _ in 0..rounds {
            run(&yaml);
        }
        println!("{rounds} rounds: {:.1} ms each", start.elapsed().as_secs_f64() * 1000.0 / rounds as f64);
        return;
    }
    let r = bench_review(&yaml, objects, rounds, &move || start.elapsed().as_secs_f64() * 1000.0);
    println!(
        "{} objects, {} findings: median parse {:.1} ms, review {:.1} ms, ratio {:.2}; least parse {:.1} ms, review {:.1} ms, ratio {:.2}",
        r.objects,
        r.findings,
        r.parse_ms,
        r.review_ms,
        r.review_ms / r.parse_ms,
        r.parse_least_ms,
        r.review_least_ms,
        r.review_least_ms / r.parse_least_ms
    );
}
