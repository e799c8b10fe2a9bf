//! Casebook search: a compact inverted index, built from the cases when the
//! bundle loads (the bundle does not carry it: it is derived data, and leaving
//! it out saves every first visit about 310 bytes per case) and searched inside
//! the WebAssembly module.
//!
//! The tokeniser ([`tokenize`]) and the index format ([`Index`]) are defined
//! once, here, and used natively and in wasm. The dictionary is a sorted term
//! list, so the index is the same whichever compiler built it.
//!
//! Postings are exact (document, field mask, term frequency), so a hit always
//! really contains the matched term: there are no false positives, unlike the
//! per-document Xor filters of tinysearch.
//!
//! ```
//! use casebook_model::Case;
//! use casebook_search::{Index, Query};
//! let cases = vec![Case { id: "a".into(), title: "DynamoDB DNS race".into(), ..Case::default() }];
//! let index = Index::build(&cases);
//! let hits = index.search(&cases, &Query::text("dynamo"));
//! assert_eq!(hits.results[0].doc, 0);
//! ```

mod facets;
mod index;
mod snippet;
mod tokenize;

pub use facets::{FacetCount, FacetKind};
pub use index::{Field, Hit, Index, IndexBuilder, Labeller, Query, SearchResults, FACET_VALUES, PAGE_SIZE};
pub use snippet::{snippet, Snippet};
pub use tokenize::{normalize_term, tokenize, within_one_edit, Token};

/// Keeps the `k` smallest elements of `v` under `cmp` (a total order), sorted.
pub(crate) fn keep_sorted<T: Copy>(v: &mut Vec<T>, k: usize, mut cmp: impl FnMut(&T, &T) -> std::cmp::Ordering) {
    use std::cmp::Ordering::{Greater, Less};
    if k.saturating_mul(8) < v.len() {
        // A page out of many: one comparison with the current k-th best
        // rejects almost every element.
        let mut best: Vec<T> = Vec::with_capacity(k + 1);
        for x in v.iter() {
            if best.len() == k && best.last().is_none_or(|last| cmp(x, last) != Less) {
                continue;
            }
            let at = best.partition_point(|y| cmp(y, x) != Greater);
            best.insert(at, *x);
            best.truncate(k);
        }
        // Written back in place, so `v` keeps its allocation.
        v.clear();
        v.extend_from_slice(&best);
    } else {
        v.sort_unstable_by(cmp);
        v.truncate(k);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn keep_sorted_equals_sort_then_truncate() {
        let mut seed = 17u64;
        let v: Vec<u32> = (0..2000)
            .map(|_| {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                (seed >> 40) as u32 % 500
            })
            .collect();
        for k in [0, 1, 7, 60, 249, 250, 1999, 2000, 5000] {
            let mut want = v.clone();
            want.sort_unstable();
            want.truncate(k);
            let mut got = v.clone();
            super::keep_sorted(&mut got, k, u32::cmp);
            assert_eq!(got, want, "k = {k}");
        }
    }
}
