//! Explainable similarity between cases, computed at bundle build time.
//!
//! Two cases are related when they share a cause category, components,
//! symptoms, a similar trigger, or similar text (TF-IDF cosine). Every
//! relation carries the reasons that produced its score, so the UI and the
//! CLI can say *why* two incidents belong together.
//!
//! ```
//! use casebook_model::Case;
//! let a = Case { id: "a".into(), cause: "config-change".into(), components: vec!["dns".into()], ..Case::default() };
//! let b = Case { id: "b".into(), cause: "config-change".into(), components: vec!["dns".into()], ..Case::default() };
//! let related = casebook_similar::related_all(&[a, b], 5);
//! assert_eq!(related[0][0].doc, 1);
//! ```

mod layout;
mod score;

pub use layout::{layout, Point};
pub use score::{related_all, Reason, Related, TextModel};
