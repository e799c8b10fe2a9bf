//! The Casebook case model: one public incident postmortem, its closed
//! vocabularies, and the validation that keeps the library honest.
//!
//! Cases are written by people as TOML files under `cases/`, one file per
//! case. With the `source` feature this crate reads and validates them; the
//! rest of the crate (the types, the vocabulary lookups, the validation rules)
//! has no I/O and compiles to WebAssembly.
//!
//! ```
//! use casebook_model::{Case, Vocabulary, validate_case};
//! let vocab = Vocabulary::default();
//! let case = Case::default();
//! // An empty case is missing every required field.
//! let problems = validate_case(&case, &vocab);
//! assert!(problems.iter().any(|p| p.field == "title"));
//! ```

mod case;
mod date;
mod locale;
mod rule_doc;
mod validate;
mod vocab;
#[cfg(feature = "source")]
mod source;

pub use case::{Case, FollowUp, Source, TimelineEntry, READ_EXTENTS};
pub use locale::{field_label, missing_tokens, CaseText, Lang, BUILD_LANG, KEEP_EN, KEEP_KO};
pub use date::{parse_timestamp, Timestamp};
pub use rule_doc::{doc_section, RuleDoc, SECTIONS as DOC_SECTIONS};
pub use validate::{validate_case, validate_library, Problem};
pub use vocab::{Term, VocabKind, Vocabulary};
#[cfg(feature = "source")]
pub use source::{load_cases_dir, parse_case_toml, FileProblem, LoadError, VOCABULARY_TOML};
