//! What a built bundle spends its bytes on, part by part (raw and deflated).
//! A measurement tool, not a test.
//!
//! `cargo run --release -p casebook-cli --example bundle-parts -- dist/casebook.bin`
#![allow(clippy::print_stdout, clippy::unwrap_used)]

use casebook_bench::compressed_len;
use casebook_bundle::Bundle;

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "dist/casebook.bin".into());
    let bytes = std::fs::read(&path).unwrap();
    // The site's head file, completed by the body beside it; or a whole bundle.
    let body = std::fs::read(path.replace(".bin", ".body.bin"));
    let b = match (Bundle::decode_head(&bytes), body) {
        (Ok(head), Ok(body)) => head.with_bodies(&body).unwrap(),
        _ => Bundle::decode(&bytes).unwrap(),
    };
    let n = b.cases.len().max(1);
    let parts: [(&str, Vec<u8>); 6] = [
        ("cases", postcard::to_allocvec(&b.cases).unwrap()),
        ("search index (built on load, not shipped)", postcard::to_allocvec(b.index()).unwrap()),
        ("related", postcard::to_allocvec(&b.related).unwrap()),
        ("graph layout", postcard::to_allocvec(&b.layout).unwrap()),
        ("rule docs", postcard::to_allocvec(&b.rules).unwrap()),
        ("vocabulary", postcard::to_allocvec(&b.vocabulary).unwrap()),
    ];
    println!("{path}: {} cases, {} bytes, {} deflated\n", b.cases.len(), bytes.len(), compressed_len(&bytes));
    println!("| part | raw B | deflated B | deflated B/case |\n|---|---:|---:|---:|");
    for (name, raw) in parts {
        let z = compressed_len(&raw);
        println!("| {name} | {} | {z} | {} |", raw.len(), z / n);
    }
}
