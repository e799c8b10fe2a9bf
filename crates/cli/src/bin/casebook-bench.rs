//! `casebook-bench`: prints Casebook's benchmark figures as Markdown tables.
//! Measurements, not tests: run it on a quiet machine and read the numbers.
//!
//! Usage: `cargo run --release -p casebook-cli --bin casebook-bench [-- --quick]`,
//! or `-- --write-manifest FILE [MB]` to write the synthetic manifest the
//! review figures use (5 MB unless given), for tools to run side by side
//! (`tools/checkov-side-by-side.sh`).
#![allow(clippy::print_stdout)]

use casebook_bench::{bench_review, bench_search, brotli_len, synthetic_cases, synthetic_manifest, TinyIndex};
use casebook_model::{load_cases_dir, Vocabulary};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--write-manifest") {
        let path = args.get(i + 1).ok_or("--write-manifest needs a file")?;
        let mb: usize = args.get(i + 2).map_or(Ok(5), |m| m.parse()).map_err(|_| "the size is a whole number of MB")?;
        let (yaml, objects) = synthetic_manifest(mb << 20);
        std::fs::write(path, &yaml)?;
        println!("{path}: {:.1} MB, {objects} objects", yaml.len() as f64 / 1_048_576.0);
        return Ok(());
    }
    let quick = args.iter().any(|a| a == "--quick");
    let start = Instant::now();
    let now = move || start.elapsed().as_secs_f64() * 1000.0;
    let cases = load_cases_dir(std::path::Path::new("cases"), &Vocabulary::builtin()?)?;

    println!("## Search (native)\n");
    println!("| corpus | cases | terms | index B/case raw | index B/case compressed | p50 ms | p99 ms |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let sizes: &[usize] = if quick { &[2_000] } else { &[10_000, 50_000] };
    let mut corpora = vec![("library".to_string(), cases.clone())];
    for &n in sizes {
        corpora.push((format!("synthetic {n}"), synthetic_cases(&cases, n, 7)));
    }
    for (name, corpus) in &corpora {
        let rounds = if corpus.len() > 20_000 { 3 } else { 20 };
        let b = bench_search(corpus, rounds, &now);
        println!(
            "| {name} | {} | {} | {:.0} | {:.0} | {:.3} | {:.3} |",
            b.cases, b.terms, b.bytes_per_case_raw, b.bytes_per_case_compressed, b.p50_ms, b.p99_ms
        );
    }

    println!("\n## tinysearch-style baseline (per-document Xor8 filters, same tokeniser, native)\n");
    println!("| corpus | filter B/case raw | compressed | p50 ms | p99 ms | false positives / hits |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (name, corpus) in &corpora {
        let rounds = if corpus.len() > 20_000 { 3 } else { 20 };
        let t = TinyIndex::bench(corpus, rounds, &now);
        println!(
            "| {name} | {:.0} | {:.0} | {:.3} | {:.3} | {} / {} |",
            t.bytes_per_case_raw, t.bytes_per_case_compressed, t.p50_ms, t.p99_ms, t.false_positives, t.hits
        );
    }

    // What a first visit downloads of the library before search works (the
    // head), and how it grows: the rest of the first visit (the app's wasm,
    // its glue, the page and stylesheet) does not depend on the cases.
    println!("\n## The library's head, which search needs before it works (brotli 11)\n");
    println!("(Synthetic cases are not related to each other here: relating and laying out 10,000 takes minutes; so their bodies lack relations.)\n");
    println!("| corpus | cases | head raw KB | head brotli KB | head brotli B/case | body brotli KB | decode head ms | first search (builds the index) ms |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let vocab = Vocabulary::builtin()?;
    let mut heads = vec![("library".to_string(), cases.clone())];
    for n in [1_000, 10_000] {
        heads.push((format!("synthetic {n}"), synthetic_cases(&cases, n, 11)));
    }
    for (i, (name, corpus)) in heads.into_iter().enumerate() {
        let bundle = if i == 0 {
            casebook_bundle::Bundle::build(corpus, vocab.clone(), "2026-12-01")
        } else {
            casebook_bundle::Bundle::build_unrelated(corpus, vocab.clone(), "2026-12-01")
        };
        let (head, body) = bundle.encode_parts();
        let t0 = now();
        let loaded = casebook_bundle::Bundle::decode_head(&head)?;
        let t1 = now();
        let hits = loaded.index().search(&loaded.cases, &casebook_search::Query::text("dns").page()).total;
        let t2 = now();
        let br = brotli_len(&head);
        println!(
            "| {name} | {} | {:.1} | {:.1} | {:.0} | {:.1} | {:.1} | {:.1} ({hits} hits) |",
            loaded.cases.len(),
            head.len() as f64 / 1024.0,
            br as f64 / 1024.0,
            br as f64 / loaded.cases.len().max(1) as f64,
            brotli_len(&body) as f64 / 1024.0,
            t1 - t0,
            t2 - t1
        );
    }

    println!("\n## Manifest review (native)\n");
    println!("| input | objects | findings | parse only ms | full review ms | MB/s | review ÷ parse |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let target = if quick { 1 << 20 } else { 5 << 20 };
    let (yaml, objects) = synthetic_manifest(target);
    let r = bench_review(&yaml, objects, if quick { 3 } else { 5 }, &now);
    println!(
        "| {:.1} MB generated | {} | {} | {:.0} | {:.0} | {:.1} | {:.2} |",
        r.bytes as f64 / 1_048_576.0,
        r.objects,
        r.findings,
        r.parse_ms,
        r.review_ms,
        r.bytes as f64 / 1_048_576.0 / (r.review_ms / 1000.0),
        r.review_ms / r.parse_ms
    );
    Ok(())
}
