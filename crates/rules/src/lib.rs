//! Casebook's manifest review: Kubernetes rules drawn from the lessons of real
//! incidents, with exact line and column for every finding, a before/after
//! change review, suppression by annotation, and text, JSON, Markdown and
//! SARIF output.
//!
//! ```
//! let yaml = "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers:\n    - name: web\n      image: nginx:latest\n";
//! let report = casebook_rules::review(yaml, None, &Default::default());
//! let f = report.findings.iter().find(|f| f.rule == "image-mutable-or-always-pulled").unwrap();
//! assert_eq!((f.line, f.column), (7, 14));
//! ```

/// English text, or `""` in a Korean-only build (see [`KEEP_EN`]).
macro_rules! en {
    ($text:expr) => {
        if $crate::KEEP_EN {
            $text
        } else {
            ""
        }
    };
}

/// Korean text, or `""` in an English-only build (see [`KEEP_KO`]).
macro_rules! ko {
    ($text:expr) => {
        if $crate::KEEP_KO {
            $text
        } else {
            ""
        }
    };
}

pub use casebook_model::{KEEP_EN, KEEP_KO};

mod config;
mod context;
mod objects;
mod output;
mod review;
mod rule;
mod rules;
mod schema;
mod share;
mod wire;
mod yaml;

pub use config::{glob_match, Config, ConfigError, CONFIG_FILE};
pub use objects::{InputError, Manifest, Object, Problem, KNOWN_KINDS};
pub use output::{to_json, to_markdown, to_sarif, to_text};
pub use review::{
    review, review_configured, rule, rules, rules_for_case, rules_for_cases, Finding, Instance, Options, Report, Resource, IGNORE_ANNOTATION,
    IGNORE_REASON_ANNOTATION,
};
pub use rule::{Category, Emitter, Input, Msg, Raw, Rule, Severity};
pub use schema::{Schema, CHECKS as SCHEMA_CHECKS, CHECKS_KO as SCHEMA_CHECKS_KO};
pub use share::{decode_fragment, decode_text, encode_fragment, encode_text};
pub use wire::{WireFinding, WireReport};
pub use yaml::{parse_documents, Document, Node, Text, Value, YamlError, MAX_DEPTH, MAX_INPUT_BYTES};
