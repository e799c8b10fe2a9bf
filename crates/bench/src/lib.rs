//! Benchmarks for Casebook, shared by the native `casebook-bench` command and
//! the in-browser bench page (`/debug/bench`), so that native and wasm numbers
//! come from the same code. Timing is injected (`now` in milliseconds), since
//! `std::time::Instant` does not exist in the browser.
//!
//! These are measurements, never tests: nothing here asserts a speed.

mod manifest;
mod search;
mod synth;
mod tiny;

pub use manifest::{bench_review, synthetic_manifest, ReviewBench};
pub use search::{bench_search, percentile, SearchBench, QUERIES};
pub use synth::synthetic_cases;
pub use tiny::{TinyIndex, TinyBench};

/// A deterministic pseudo-random generator (`SplitMix64`), identical on every platform.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// Deflate-compressed size, as a proxy for gzip/brotli transfer size.
pub fn compressed_len(bytes: &[u8]) -> usize {
    miniz_oxide::deflate::compress_to_vec(bytes, 9).len()
}

/// Length of `bytes` compressed with brotli at quality 11 and a 4 MB window,
/// as a static host serves the site's files.
pub fn brotli_len(bytes: &[u8]) -> usize {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams { quality: 11, lgwin: 22, ..Default::default() };
    // Writing into a Vec cannot fail.
    let _ = brotli::BrotliCompress(&mut &bytes[..], &mut out, &params);
    out.len()
}
