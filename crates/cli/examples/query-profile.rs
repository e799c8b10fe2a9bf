//! Per-query latency over a 50,000-case synthetic corpus, for profiling the
//! search path (`perf record`). A measurement tool, not a test.
//!
//! `cargo run --release -p casebook-cli --example query-profile`; `Q=dns` runs
//! one query, `R=100` sets the rounds per query.
#![allow(clippy::print_stdout, clippy::unwrap_used)]
use casebook_bench::{synthetic_cases, QUERIES};
use casebook_model::{load_cases_dir, Vocabulary};
use casebook_search::{Index, Query};
use std::time::Instant;
fn main() {
    let cases = load_cases_dir(std::path::Path::new("cases"), &Vocabulary::builtin().unwrap()).unwrap();
    let corpus = synthetic_cases(&cases, 50_000, 7);
    let index = Index::build(&corpus);
    let mut all = vec![];
    let only = std::env::var("Q").ok();
    for q in QUERIES.iter().filter(|q| only.as_deref().is_none_or(|o| o == **q)) {
        let query = Query::text(q).page();
        let mut s = vec![];
        let mut n = 0;
        for _ in 0..std::env::var("R").ok().and_then(|r| r.parse().ok()).unwrap_or(5) {
            let t = Instant::now();
            let r = index.search(&corpus, &query);
            s.push(t.elapsed().as_secs_f64() * 1000.0);
            n = r.total;
        }
        s.sort_by(f64::total_cmp);
        all.push(s[s.len() / 2]);
        println!("{q:30} {:8.3} ms  hits {n}", s[s.len() / 2]);
    }
    all.sort_by(f64::total_cmp);
    println!("p50 {:.3}", all[all.len() / 2]);
}
