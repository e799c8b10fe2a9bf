//! A review as the review worker hands it to the web page: plain owned data
//! (the review's own [`Resource`] and [`InputError`], and findings with owned
//! strings), postcard-encoded, so the page decodes it without a JSON parser
//! and without linking the rules themselves.

use crate::objects::InputError;
use crate::review::{Finding, Instance, Report, Resource};
use serde::{Deserialize, Serialize};

/// One finding, as the page shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireFinding {
    /// Rule id.
    pub rule: String,
    /// `error`, `warning` or `info`.
    pub severity: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// The object.
    pub resource: Resource,
    /// What is wrong and why.
    pub message: String,
    /// Case ids the rule comes from.
    pub cases: Vec<String>,
    /// The source lines around the finding.
    pub frame: String,
    /// The suppression reason, for suppressed findings.
    pub suppressed: Option<String>,
    /// What to change.
    pub fix: String,
    /// Other instances of the same cause in the same object.
    pub also: Vec<Instance>,
}

/// A whole review, plus its Markdown rendering for a pull-request comment.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireReport {
    /// Active findings.
    pub findings: Vec<WireFinding>,
    /// Input errors.
    pub errors: Vec<InputError>,
    /// Input notices.
    pub notices: Vec<InputError>,
    /// Findings suppressed by annotation.
    pub suppressed_findings: Vec<WireFinding>,
    /// Objects reviewed.
    pub objects: usize,
    /// [`crate::to_markdown`] of the review.
    pub markdown: String,
}

fn finding(f: &Finding) -> WireFinding {
    WireFinding {
        rule: f.rule.to_string(),
        severity: f.severity.as_str().to_string(),
        line: f.line,
        column: f.column,
        resource: f.resource.clone(),
        message: f.message.clone(),
        cases: f.cases.iter().map(|c| (*c).to_string()).collect(),
        frame: f.frame.clone(),
        suppressed: f.suppressed.clone(),
        fix: f.fix.to_string(),
        also: f.also.clone(),
    }
}

impl WireReport {
    /// Converts a review; `case_url` prefixes case links in the Markdown.
    pub fn new(report: &Report, case_url: &str) -> Self {
        Self {
            findings: report.findings.iter().map(finding).collect(),
            errors: report.errors.clone(),
            notices: report.notices.clone(),
            suppressed_findings: report.suppressed_findings.iter().map(finding).collect(),
            objects: report.objects,
            markdown: crate::to_markdown(report, case_url),
        }
    }

    /// The bytes the worker posts.
    pub fn encode(&self) -> Vec<u8> {
        postcard::to_allocvec(self).unwrap_or_default()
    }

    /// Reads [`WireReport::encode`]'s bytes; `None` for anything else.
    pub fn decode(bytes: &[u8]) -> Option<Self> {
        postcard::from_bytes(bytes).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_review_survives_the_trip_to_the_page() {
        let yaml = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  namespace: shop\n  annotations:\n    casebook.dev/ignore: probe-missing-readiness\n    casebook.dev/ignore-reason: batch pod\nspec:\n  containers:\n    - name: web\n      image: nginx:latest\n---\n: [\n";
        let report = crate::review(yaml, None, &crate::Options::default());
        let wire = WireReport::new(&report, "https://example.test/cases/");
        assert!(!wire.findings.is_empty() && !wire.errors.is_empty());
        let f = &wire.findings[0];
        assert_eq!((f.line, f.column, f.rule.as_str()), (report.findings[0].line, report.findings[0].column, report.findings[0].rule));
        assert_eq!(f.resource.namespace.as_deref(), Some("shop"));
        assert!(wire.markdown.contains("https://example.test/cases/"));
        assert_eq!(WireReport::decode(&wire.encode()), Some(wire.clone()));
        assert_eq!(WireReport::decode(b"not a report"), None);
        assert_eq!(WireReport::decode(&[]), None);
    }
}
