//! Casebook search: a compact inverted index built ahead of time, shipped in
//! the bundle, and searched inside the WebAssembly module.
//!
//! The tokeniser ([`tokenize`]) and the index format ([`Index`]) are defined
//! once, here, and used by both the native builder and the wasm reader. No
//! hasher is involved: the dictionary is a sorted term list, so the index reads
//! the same whichever compiler built it.
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
pub use index::{Field, Hit, Index, Query, SearchResults};
pub use snippet::{snippet, Snippet};
pub use tokenize::{normalize_term, tokenize, within_one_edit, Token};
