//! Running the rules over pasted YAML: suppression, severity policy, redaction.

use crate::objects::{InputError, Manifest, Object};
use crate::rule::{Emitter, Input, Rule, Severity};
use crate::rules::ALL;
use crate::yaml::Node;
use serde::{Deserialize, Serialize};

/// Annotation listing rule ids to suppress on an object or pod template.
pub const IGNORE_ANNOTATION: &str = "casebook.dev/ignore";
/// Annotation explaining why.
pub const IGNORE_REASON_ANNOTATION: &str = "casebook.dev/ignore-reason";

/// The object a finding is about.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resource {
    /// Kind.
    pub kind: String,
    /// Name.
    pub name: String,
    /// Namespace, when the manifest sets one.
    pub namespace: Option<String>,
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Finding {
    /// Rule id.
    pub rule: &'static str,
    /// Effective severity (after overrides).
    pub severity: Severity,
    /// 1-based line of the offending field.
    pub line: u32,
    /// 1-based column of the offending field.
    pub column: u32,
    /// The object.
    pub resource: Resource,
    /// What is wrong here.
    pub message: String,
    /// Cases the rule is grounded in.
    pub cases: Vec<&'static str>,
    /// The source line, with Secret values redacted.
    pub frame: String,
    /// Why it was suppressed, when it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suppressed: Option<String>,
}

/// Review settings.
#[derive(Debug, Clone)]
pub struct Options {
    /// Drop findings below this severity.
    pub min_severity: Severity,
    /// Per-rule severity overrides (`rule-id`, severity).
    pub overrides: Vec<(String, Severity)>,
    /// Run only these rules (all when empty).
    pub only: Vec<String>,
}

impl Default for Options {
    fn default() -> Self {
        Self { min_severity: Severity::Info, overrides: Vec::new(), only: Vec::new() }
    }
}

/// The outcome of a review.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Report {
    /// Findings, by line.
    pub findings: Vec<Finding>,
    /// Findings silenced by `casebook.dev/ignore`, with their reasons.
    pub suppressed_findings: Vec<Finding>,
    /// Input problems (lines that could not be used).
    pub errors: Vec<InputError>,
    /// Notices (e.g. kinds the rules don't know).
    pub notices: Vec<InputError>,
    /// How many objects were checked.
    pub objects: usize,
}

impl Report {
    /// The highest severity among unsuppressed findings.
    pub fn worst(&self) -> Option<Severity> {
        self.findings.iter().map(|f| f.severity).max()
    }
}

/// All rules, in registry order.
pub fn rules() -> &'static [&'static Rule] {
    ALL
}

/// Looks a rule up by id.
pub fn rule(id: &str) -> Option<&'static Rule> {
    ALL.iter().copied().find(|r| r.id == id)
}

/// Rules grounded in a case.
pub fn rules_for_case(case_id: &str) -> Vec<&'static Rule> {
    ALL.iter().copied().filter(|r| r.cases.contains(&case_id)).collect()
}

/// Rules grounded in any of these cases.
pub fn rules_for_cases(case_ids: &[&str]) -> Vec<&'static Rule> {
    ALL.iter().copied().filter(|r| r.cases.iter().any(|c| case_ids.contains(c))).collect()
}

fn ignore_list(meta: Option<&Node>) -> (Vec<String>, Option<String>) {
    let ann = meta.and_then(|m| m.get("annotations")).map(Node::string_map).unwrap_or_default();
    let list = ann
        .iter()
        .find(|(k, _)| k == IGNORE_ANNOTATION)
        .map(|(_, v)| v.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect())
        .unwrap_or_default();
    let reason = ann.iter().find(|(k, _)| k == IGNORE_REASON_ANNOTATION).map(|(_, v)| v.clone());
    (list, reason)
}

/// Why a finding on `obj` from `rule_id` is suppressed, if it is.
fn suppression(obj: &Object, rule_id: &str) -> Option<String> {
    let template_meta = obj.pod_template().and_then(|t| t.metadata);
    for meta in [obj.metadata(), template_meta] {
        let (list, reason) = ignore_list(meta);
        if list.iter().any(|r| r == rule_id || r == "all") {
            return Some(reason.unwrap_or_else(|| "no reason given".to_string()));
        }
    }
    None
}

/// Lines that hold Secret values, which must never be echoed.
fn secret_lines(objects: &[Object]) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for o in objects.iter().filter(|o| o.kind == "Secret") {
        for key in ["data", "stringData"] {
            if let Some(data) = o.root.get(key) {
                let first = data.line;
                // Up to the next top-level key of the Secret, or far enough to cover block scalars.
                let next = o.root.entries().iter().map(|(k, _)| k.line).filter(|&l| l > first).min();
                out.push((first, next.map_or(u32::MAX, |n| n - 1)));
            }
        }
    }
    out
}

/// Literal secret values: Secret data and env values with credential-like names.
fn secret_values(objects: &[Object]) -> Vec<String> {
    let mut out = Vec::new();
    for o in objects {
        if o.kind == "Secret" {
            for key in ["data", "stringData"] {
                for (_, v) in o.root.get(key).map(Node::entries).unwrap_or_default() {
                    out.extend(v.as_str().map(str::to_string));
                }
            }
        }
        if let Some(t) = o.pod_template() {
            for c in t.containers() {
                for e in c.get("env").map(Node::items).unwrap_or_default() {
                    let name = e.get("name").and_then(Node::as_str).unwrap_or_default();
                    if crate::rules::is_secret_name(name) {
                        out.extend(e.get("value").and_then(Node::as_str).map(str::to_string));
                    }
                }
            }
        }
    }
    out.retain(|s| s.len() >= 3);
    out.sort_by_key(|s| std::cmp::Reverse(s.len()));
    out
}

fn scrub(text: &str, secrets: &[String]) -> String {
    secrets.iter().fold(text.to_string(), |t, s| t.replace(s.as_str(), "[redacted]"))
}

/// Byte offsets where each line starts, for O(1) code frames.
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect()
}

fn frame_of(text: &str, starts: &[usize], line: u32, redact: &[(u32, u32)], secrets: &[String]) -> String {
    let i = line.saturating_sub(1) as usize;
    let raw = starts.get(i).map_or("", |&s| {
        let end = starts.get(i + 1).map_or(text.len(), |&e| e.saturating_sub(1));
        text.get(s..end.max(s)).unwrap_or_default().trim_end_matches('\r')
    });
    let raw: String = scrub(raw, secrets).chars().take(240).collect();
    if redact.iter().any(|(a, b)| (*a..=*b).contains(&line)) {
        match raw.split_once(':') {
            Some((k, _)) => format!("{k}: [redacted]"),
            None => "[redacted]".to_string(),
        }
    } else {
        raw
    }
}

/// Reviews `after` (and, for a change review, `before`) with every rule.
pub fn review(after: &str, before: Option<&str>, options: &Options) -> Report {
    let now = Manifest::parse(after);
    let prev = before.map(Manifest::parse);
    let mut report = Report { errors: now.errors.clone(), notices: now.notices.clone(), objects: now.objects.len(), ..Report::default() };
    if let Some(p) = &prev {
        let tag = |e: &InputError| InputError { message: format!("in the before version: {}", e.message), ..e.clone() };
        report.errors.extend(p.errors.iter().map(tag));
    }
    let lookup = crate::rules::Lookup::new(&now.objects);
    let input = Input { objects: &now.objects, before: prev.as_ref().map(|p| p.objects.as_slice()), lookup: &lookup };
    let starts = line_starts(after);
    let redact = secret_lines(&now.objects);
    let secrets = secret_values(&now.objects);
    for rule in ALL.iter().copied() {
        if !options.only.is_empty() && !options.only.iter().any(|o| o == rule.id) {
            continue;
        }
        if rule.needs_before && input.before.is_none() {
            continue;
        }
        let severity = options.overrides.iter().find(|(id, _)| id == rule.id).map_or(rule.severity, |(_, s)| *s);
        if severity < options.min_severity {
            continue;
        }
        let mut em = Emitter::default();
        (rule.check)(&input, &mut em);
        for raw in em.raw {
            let Some(obj) = now.objects.get(raw.object) else { continue };
            let finding = Finding {
                rule: rule.id,
                severity,
                line: raw.line,
                column: raw.column,
                resource: Resource { kind: obj.kind.clone(), name: obj.name.clone(), namespace: obj.namespace.clone() },
                message: scrub(&raw.message, &secrets),
                cases: rule.cases.to_vec(),
                frame: frame_of(after, &starts, raw.line, &redact, &secrets),
                suppressed: suppression(obj, rule.id),
            };
            if finding.suppressed.is_some() {
                report.suppressed_findings.push(finding);
            } else {
                report.findings.push(finding);
            }
        }
    }
    report.findings.sort_by(|a, b| (a.line, a.column, a.rule).cmp(&(b.line, b.column, b.rule)));
    report.findings.dedup_by(|a, b| a.rule == b.rule && a.line == b.line && a.column == b.column);
    report
}
