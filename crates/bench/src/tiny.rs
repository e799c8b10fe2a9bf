//! A tinysearch-style baseline: one Xor8 filter per document over its words
//! (what tinysearch ships), searched by testing every filter. Built with
//! `xorf`, the filter crate tinysearch uses, on the same tokeniser, so the
//! comparison is about the index structure alone.

use crate::{compressed_len, percentile, QUERIES};
use casebook_model::Case;
use casebook_search::tokenize;
use xorf::{Filter, Xor8};

fn hash(term: &str) -> u64 {
    term.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

fn doc_text(c: &Case) -> String {
    format!("{} {} {} {} {}", c.title, c.summary, c.organisation, c.impact, c.trigger)
}

/// Per-document Xor filters.
#[derive(Debug)]
pub struct TinyIndex {
    filters: Vec<Xor8>,
}

/// Baseline measurements.
#[derive(Debug, Clone, Default)]
pub struct TinyBench {
    /// Filter bytes per case (fingerprints), raw.
    pub bytes_per_case_raw: f64,
    /// After deflate.
    pub bytes_per_case_compressed: f64,
    /// Median query latency, ms.
    pub p50_ms: f64,
    /// 99th percentile, ms.
    pub p99_ms: f64,
    /// Hits over the query list whose document lacks a query word.
    pub false_positives: usize,
    /// All hits over the query list.
    pub hits: usize,
}

impl TinyIndex {
    /// Builds one filter per case.
    pub fn build(cases: &[Case]) -> Self {
        let filters = cases
            .iter()
            .map(|c| {
                let mut keys: Vec<u64> = tokenize(&doc_text(c)).iter().map(|t| hash(&t.term)).collect();
                keys.sort_unstable();
                keys.dedup();
                if keys.is_empty() {
                    keys.push(0);
                }
                Xor8::from(keys.as_slice())
            })
            .collect();
        Self { filters }
    }

    /// Documents whose filter may contain every query word (whole words only).
    pub fn search(&self, q: &str) -> Vec<usize> {
        let keys: Vec<u64> = tokenize(q).iter().map(|t| hash(&t.term)).collect();
        if keys.is_empty() {
            return Vec::new();
        }
        (0..self.filters.len()).filter(|&d| keys.iter().all(|k| self.filters[d].contains(k))).collect()
    }

    /// Measures size, latency and false positives on the query list.
    pub fn bench(cases: &[Case], rounds: usize, now: &dyn Fn() -> f64) -> TinyBench {
        let idx = Self::build(cases);
        let mut raw = Vec::new();
        for f in &idx.filters {
            raw.extend_from_slice(&f.seed.to_le_bytes());
            raw.extend_from_slice(&(f.block_length as u64).to_le_bytes());
            raw.extend_from_slice(&f.fingerprints);
        }
        let mut samples = Vec::new();
        let (mut fp, mut hits) = (0, 0);
        for round in 0..rounds {
            for q in QUERIES {
                let t0 = now();
                let res = idx.search(q);
                samples.push(now() - t0);
                if round == 0 {
                    let words: Vec<String> = tokenize(q).into_iter().map(|t| t.term).collect();
                    for d in &res {
                        hits += 1;
                        let toks: Vec<String> = tokenize(&doc_text(&cases[*d])).into_iter().map(|t| t.term).collect();
                        if !words.iter().all(|w| toks.contains(w)) {
                            fp += 1;
                        }
                    }
                }
            }
        }
        samples.sort_by(f64::total_cmp);
        let n = cases.len().max(1) as f64;
        TinyBench {
            bytes_per_case_raw: raw.len() as f64 / n,
            bytes_per_case_compressed: compressed_len(&raw) as f64 / n,
            p50_ms: percentile(&samples, 0.5),
            p99_ms: percentile(&samples, 0.99),
            false_positives: fp,
            hits,
        }
    }
}
