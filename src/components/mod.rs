//! Reusable pieces of the UI.

mod chrome;
mod ego_graph;
mod rule_links;
mod snippet;
mod status;
mod term_link;

pub use chrome::{Footer, Header};
pub(crate) use ego_graph::{edge_class, EdgeLegend, EgoGraph};
pub(crate) use rule_links::RuleLinks;
pub(crate) use snippet::SnippetView;
pub use status::{ErrorView, Loading};
pub(crate) use term_link::TermLink;
