//! Casebook's answers as data. Each function takes the library (a
//! [`Bundle`]) and plain parameters, validates them as hostile input, and
//! returns a typed answer that serialises to the JSON every machine
//! interface shares: the CLI's `--json`, the static files under `api/`, the
//! HTTP API of `casebook serve` and the MCP tools. Nothing here touches the
//! network, the file system or a clock.

use casebook_bundle::Bundle;
use casebook_model::{Case, Term, VocabKind};
use casebook_rules::{Finding, InputError, Options, Report, Severity};
use casebook_search::{FacetKind, Query};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most results one search or page of a listing returns.
pub const MAX_LIMIT: usize = 100;
/// The largest query text accepted, in bytes.
pub const MAX_QUERY_BYTES: usize = 1_000;

/// Why a request cannot be answered. `NotFound` and `BadRequest` are the
/// caller's to fix; the message says how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// No such case, term or rule.
    NotFound(String),
    /// A parameter is malformed or out of range.
    BadRequest(String),
    /// The input is larger than a review takes.
    TooLarge(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotFound(m) | Self::BadRequest(m) | Self::TooLarge(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}

fn bad(msg: impl Into<String>) -> Error {
    Error::BadRequest(msg.into())
}

/// Facet filters. Values of one facet are OR-ed; facets are AND-ed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Filters {
    /// Cause category ids (see `vocab`), e.g. `config-change`.
    #[serde(deserialize_with = "one_or_many", skip_serializing_if = "Vec::is_empty")]
    pub cause: Vec<String>,
    /// Component ids, e.g. `dns`.
    #[serde(deserialize_with = "one_or_many", skip_serializing_if = "Vec::is_empty")]
    pub component: Vec<String>,
    /// Symptom ids, e.g. `restart-loop`.
    #[serde(deserialize_with = "one_or_many", skip_serializing_if = "Vec::is_empty")]
    pub symptom: Vec<String>,
    /// Platform ids, e.g. `kubernetes`.
    #[serde(deserialize_with = "one_or_many", skip_serializing_if = "Vec::is_empty")]
    pub platform: Vec<String>,
    /// Organisation names, exactly as the cases give them, e.g. `GitHub`.
    #[serde(deserialize_with = "one_or_many", skip_serializing_if = "Vec::is_empty")]
    pub org: Vec<String>,
    /// Years the incidents started, e.g. `2025`.
    #[serde(deserialize_with = "one_or_many", skip_serializing_if = "Vec::is_empty")]
    pub year: Vec<String>,
}

/// Accepts one string, a number (a year) or a list of them.
fn one_or_many<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Item {
        S(String),
        N(u64),
    }
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(Item),
        Many(Vec<Item>),
    }
    let text = |i: Item| match i {
        Item::S(s) => s,
        Item::N(n) => n.to_string(),
    };
    Ok(match OneOrMany::deserialize(d)? {
        OneOrMany::One(i) => vec![text(i)],
        OneOrMany::Many(v) => v.into_iter().map(text).collect(),
    })
}

impl Filters {
    /// Sets one facet from its query key (`component`, `cause`, `symptom`,
    /// `platform`, `org`, `year`), as a URL query string gives it.
    pub fn push(&mut self, key: &str, value: &str) -> Result<(), Error> {
        let list = match key {
            "cause" => &mut self.cause,
            "component" => &mut self.component,
            "symptom" => &mut self.symptom,
            "platform" => &mut self.platform,
            "org" => &mut self.org,
            "year" => &mut self.year,
            _ => return Err(bad(format!("unknown filter {key:?}; filters are cause, component, symptom, platform, org and year"))),
        };
        list.push(value.to_string());
        Ok(())
    }

    fn groups(&self) -> [(FacetKind, &Vec<String>); 6] {
        [
            (FacetKind::Cause, &self.cause),
            (FacetKind::Component, &self.component),
            (FacetKind::Symptom, &self.symptom),
            (FacetKind::Platform, &self.platform),
            (FacetKind::Organisation, &self.org),
            (FacetKind::Year, &self.year),
        ]
    }

    /// Checks every value against the vocabulary, so that a typo is an error
    /// instead of an empty answer.
    fn validate(&self, b: &Bundle) -> Result<Vec<(FacetKind, String)>, Error> {
        let mut out = Vec::new();
        for (kind, values) in self.groups() {
            for v in values {
                let vocab = match kind {
                    FacetKind::Cause => Some(VocabKind::Cause),
                    FacetKind::Component => Some(VocabKind::Component),
                    FacetKind::Symptom => Some(VocabKind::Symptom),
                    FacetKind::Platform => Some(VocabKind::Platform),
                    FacetKind::Organisation | FacetKind::Year => None,
                };
                if let Some(vk) = vocab {
                    if b.vocabulary.term(vk, v).is_none() {
                        return Err(bad(format!("{} {v:?} is not in the vocabulary (see vocab for the {} ids)", kind.key(), vk.slug())));
                    }
                }
                if kind == FacetKind::Year && !(v.len() == 4 && v.bytes().all(|c| c.is_ascii_digit())) {
                    return Err(bad(format!("year {v:?} must be four digits, e.g. 2025")));
                }
                if v.len() > 200 {
                    return Err(bad(format!("the {} value is longer than 200 bytes", kind.key())));
                }
                out.push((kind, v.clone()));
            }
        }
        Ok(out)
    }

    fn matches(&self, c: &Case) -> bool {
        self.groups().iter().all(|(kind, values)| values.is_empty() || kind.values(c).iter().any(|v| values.contains(v)))
    }
}

/// A case in a list: enough to choose one and fetch it with `get_incident`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CaseSummary {
    /// The case id (`YYYY-MM-DD-org-topic`).
    pub id: String,
    /// One-line title.
    pub title: String,
    /// Who ran the system and reported the incident.
    pub organisation: String,
    /// The start date (`YYYY-MM-DD`), or `undated, reported YYYY-MM-DD`.
    pub date: String,
    /// Cause category id.
    pub cause: String,
    /// Seed-library aliases such as `IL-0136`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
}

impl CaseSummary {
    fn of(c: &Case) -> Self {
        Self { id: c.id.clone(), title: c.title.clone(), organisation: c.organisation.clone(), date: c.start_date(), cause: c.cause.clone(), aliases: c.aliases.clone() }
    }
}

/// One search hit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SearchHit {
    /// The case id.
    pub id: String,
    /// One-line title.
    pub title: String,
    /// Relevance, higher is better (rounded to 3 places).
    pub score: f64,
    /// Who reported it.
    pub organisation: String,
    /// The start date, or when an undated incident was reported.
    pub date: String,
    /// The passage that matched.
    pub snippet: String,
}

/// How many matches carry one facet value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FacetValue {
    /// The filter key (`component`, `cause`, ...).
    pub facet: String,
    /// The value to pass back as that filter.
    pub value: String,
    /// Its display label.
    pub label: String,
    /// Matches that carry it.
    pub count: usize,
}

/// Search results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SearchAnswer {
    /// The best hits, best first.
    pub results: Vec<SearchHit>,
    /// How many cases match in all.
    pub total: usize,
    /// Facet counts over every match (the ten most common values of each).
    pub facets: Vec<FacetValue>,
}

/// Searches the library with the same engine as the app: ranking, prefix and
/// typo matching, and facet filters.
pub fn search(b: &Bundle, text: &str, filters: &Filters, limit: Option<usize>) -> Result<SearchAnswer, Error> {
    if text.len() > MAX_QUERY_BYTES {
        return Err(bad(format!("the query is longer than {MAX_QUERY_BYTES} bytes")));
    }
    let limit = check_limit(limit, 10)?;
    let mut query = Query::text(text);
    query.filters = filters.validate(b)?;
    query.limit = Some(limit);
    query.facet_values = Some(10);
    let res = b.index().search(&b.cases, &query);
    let results = res
        .results
        .iter()
        .map(|h| {
            let c = &b.cases[h.doc];
            SearchHit { id: c.id.clone(), title: c.title.clone(), score: round3(h.score), organisation: c.organisation.clone(), date: c.start_date(), snippet: casebook_search::snippet(c, &h.terms).text }
        })
        .collect();
    let facets = res.facets.iter().map(|f| FacetValue { facet: f.kind.key().to_string(), label: facet_label(b, f.kind, &f.value), value: f.value.clone(), count: f.count }).collect();
    Ok(SearchAnswer { results, total: res.total, facets })
}

fn facet_label(b: &Bundle, kind: FacetKind, value: &str) -> String {
    let vk = match kind {
        FacetKind::Cause => VocabKind::Cause,
        FacetKind::Component => VocabKind::Component,
        FacetKind::Symptom => VocabKind::Symptom,
        FacetKind::Platform => VocabKind::Platform,
        FacetKind::Organisation | FacetKind::Year => return value.to_string(),
    };
    b.vocabulary.label(vk, value).to_string()
}

fn check_limit(limit: Option<usize>, default: usize) -> Result<usize, Error> {
    match limit {
        None => Ok(default),
        Some(0) => Err(bad("limit must be at least 1")),
        Some(n) if n > MAX_LIMIT => Err(bad(format!("limit must be at most {MAX_LIMIT}"))),
        Some(n) => Ok(n),
    }
}

fn round3(x: f32) -> f64 {
    (f64::from(x) * 1000.0).round() / 1000.0
}

/// One page of a listing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ListAnswer {
    /// Cases, newest first.
    pub cases: Vec<CaseSummary>,
    /// How many cases match the filters and dates in all.
    pub total: usize,
    /// Pass as `cursor` to get the next page; absent on the last page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_cursor: Option<String>,
}

/// Parameters of [`list`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct ListParams {
    /// Facet filters.
    #[serde(flatten)]
    pub filters: Filters,
    /// Earliest start date, inclusive: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
    pub from: Option<String>,
    /// Latest start date, inclusive: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
    pub to: Option<String>,
    /// The `next_cursor` of the previous page.
    pub cursor: Option<String>,
    /// Page size, 1 to 100 (default 20).
    pub limit: Option<usize>,
}

fn check_date(name: &str, d: &str) -> Result<(), Error> {
    let shape_ok = match d.len() {
        4 => d.bytes().all(|c| c.is_ascii_digit()),
        7 => d.as_bytes()[4] == b'-' && d.bytes().enumerate().all(|(i, c)| i == 4 || c.is_ascii_digit()),
        10 => casebook_model::parse_timestamp(d).is_ok(),
        _ => false,
    };
    if shape_ok {
        Ok(())
    } else {
        Err(bad(format!("{name} {d:?} must be YYYY, YYYY-MM or YYYY-MM-DD")))
    }
}

/// Lists cases, newest first, filtered by facets and a date range, a page at
/// a time. The cursor is an offset into this stable order, so any copy of
/// the server answers it the same way.
pub fn list(b: &Bundle, p: &ListParams) -> Result<ListAnswer, Error> {
    p.filters.validate(b)?;
    let limit = check_limit(p.limit, 20)?;
    for (name, d) in [("from", &p.from), ("to", &p.to)] {
        if let Some(d) = d {
            check_date(name, d)?;
        }
    }
    let offset = match &p.cursor {
        None => 0,
        Some(c) => c.strip_prefix("o").and_then(|n| n.parse::<usize>().ok()).ok_or_else(|| bad(format!("cursor {c:?} is not one this server gave")))?,
    };
    let mut docs: Vec<usize> = (0..b.cases.len())
        .filter(|&i| {
            let c = &b.cases[i];
            let date = c.sort_date();
            p.filters.matches(c)
                && p.from.as_deref().is_none_or(|f| date >= f)
                // A `to` of 2025 or 2025-06 covers all of that year or month.
                && p.to.as_deref().is_none_or(|t| date.get(..t.len()).is_some_and(|d| d <= t))
        })
        .collect();
    docs.sort_by(|&a, &b2| b.cases[b2].sort_date().cmp(b.cases[a].sort_date()).then_with(|| b.cases[a].id.cmp(&b.cases[b2].id)));
    let total = docs.len();
    if offset > total {
        return Err(bad(format!("cursor {:?} is past the end ({total} cases)", p.cursor.as_deref().unwrap_or_default())));
    }
    let cases = docs.iter().skip(offset).take(limit).map(|&i| CaseSummary::of(&b.cases[i])).collect();
    let next = offset + limit;
    Ok(ListAnswer { cases, total, next_cursor: (next < total).then(|| format!("o{next}")) })
}

/// Finds a case by id or alias, suggesting close ids when there is none.
pub fn find(b: &Bundle, key: &str) -> Result<usize, Error> {
    if key.len() > 200 {
        return Err(bad("a case id is at most 200 bytes"));
    }
    b.find(key).ok_or_else(|| {
        let low = key.trim().to_lowercase();
        let close: Vec<&str> = if low.is_empty() { Vec::new() } else { b.cases.iter().filter(|c| c.id.contains(&low)).take(5).map(|c| c.id.as_str()).collect() };
        if close.is_empty() {
            Error::NotFound(format!("no case has the id or alias {key:?}"))
        } else {
            Error::NotFound(format!("no case has the id or alias {key:?}; did you mean: {}", close.join(", ")))
        }
    })
}

/// A case, whole: the JSON of `api/cases/<id>.json`.
pub fn case<'a>(b: &'a Bundle, key: &str) -> Result<&'a Case, Error> {
    find(b, key).map(|i| &b.cases[i])
}

/// A related case and why it is related.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RelatedCase {
    /// The related case's id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Similarity, higher is closer (rounded to 3 places).
    pub score: f64,
    /// What the two cases share, in words.
    pub reasons: Vec<String>,
}

/// The cases most related to one case: the JSON of `api/similar/<id>.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SimilarAnswer {
    /// The case asked about.
    pub id: String,
    /// Related cases, closest first.
    pub related: Vec<RelatedCase>,
}

/// The cases most related to one case, with reasons.
pub fn similar(b: &Bundle, key: &str, limit: Option<usize>) -> Result<SimilarAnswer, Error> {
    let doc = find(b, key)?;
    let limit = check_limit(limit, MAX_LIMIT)?;
    Ok(similar_of(b, doc, limit))
}

/// [`similar`] for a case known by position (the static export).
pub fn similar_of(b: &Bundle, doc: usize, limit: usize) -> SimilarAnswer {
    let related = b.related[doc]
        .iter()
        .take(limit)
        .map(|r| {
            let c = &b.cases[r.doc as usize];
            RelatedCase { id: c.id.clone(), title: c.title.clone(), score: round3(r.score), reasons: r.reasons.iter().map(|x| x.describe(&b.vocabulary)).collect() }
        })
        .collect();
    SimilarAnswer { id: b.cases[doc].id.clone(), related }
}

/// A rule in a list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RuleSummary {
    /// Stable rule id.
    pub id: String,
    /// One-line description.
    pub title: String,
    /// Default severity: `info`, `warning` or `error`.
    pub severity: String,
    /// Its area: probes, traffic, resources, ...
    pub category: String,
    /// Whether it needs a before version (a change review).
    pub change: bool,
    /// Ids of the cases it is grounded in.
    pub cases: Vec<String>,
}

/// One rule, whole.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RuleAnswer {
    /// The rule.
    #[serde(flatten)]
    pub rule: RuleSummary,
    /// What to change when it fires.
    pub fix: String,
    /// Markdown: what it does, why it matters (the incidents), an example, and what to use instead.
    pub docs: String,
}

/// Every rule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RulesAnswer {
    /// The rules, in registry order.
    pub rules: Vec<RuleSummary>,
}

fn rule_summary(r: &casebook_rules::Rule) -> RuleSummary {
    let category = serde_json::to_value(r.category).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
    RuleSummary { id: r.id.to_string(), title: r.title.to_string(), severity: r.severity.as_str().to_string(), category, change: r.needs_before, cases: r.cases.iter().map(|c| (*c).to_string()).collect() }
}

/// Every manifest rule with the cases it is grounded in.
pub fn rules() -> RulesAnswer {
    RulesAnswer { rules: casebook_rules::rules().iter().map(|r| rule_summary(r)).collect() }
}

/// One rule with its docs and fix.
pub fn rule(id: &str) -> Result<RuleAnswer, Error> {
    let r = casebook_rules::rule(id.trim()).ok_or_else(|| Error::NotFound(format!("no rule {id:?} (see rules for the list)")))?;
    Ok(RuleAnswer { rule: rule_summary(r), fix: r.fix.to_string(), docs: r.docs.to_string() })
}

/// One vocabulary kind and its terms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct VocabList {
    /// `cause`, `component`, `symptom`, `platform` or `source_kind`.
    pub kind: String,
    /// The kind's label.
    pub label: String,
    /// Its terms: id (the filter value), label and definition.
    pub terms: Vec<Term>,
}

/// The closed vocabularies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct VocabAnswer {
    /// One entry per kind.
    pub kinds: Vec<VocabList>,
}

/// The closed vocabularies that cases and filters draw from.
pub fn vocab(b: &Bundle) -> VocabAnswer {
    VocabAnswer {
        kinds: VocabKind::ALL.into_iter().map(|k| VocabList { kind: k.slug().to_string(), label: k.label().to_string(), terms: b.vocabulary.terms(k).to_vec() }).collect(),
    }
}

/// The cases of one year.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct YearCases {
    /// The year (0 when a case has no date at all).
    pub year: u16,
    /// Its cases, newest first.
    pub cases: Vec<CaseSummary>,
}

/// A vocabulary term's page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TopicAnswer {
    /// The kind.
    pub kind: String,
    /// The term id.
    pub id: String,
    /// Its label.
    pub label: String,
    /// Its definition.
    pub definition: String,
    /// How many cases carry it.
    pub count: usize,
    /// Those cases by year, newest year first.
    pub years: Vec<YearCases>,
    /// Manifest rules grounded in any of those cases.
    pub rules: Vec<RuleSummary>,
}

/// A vocabulary term: its definition, its cases by year, and the rules
/// grounded in them (what `/topics/<kind>/<term>` shows).
pub fn topic(b: &Bundle, kind: &str, term: &str) -> Result<TopicAnswer, Error> {
    let vk = VocabKind::from_slug(kind.trim()).ok_or_else(|| bad(format!("kind {kind:?} must be cause, component, symptom, platform or source_kind")))?;
    let term_def = b.vocabulary.term(vk, term.trim()).ok_or_else(|| Error::NotFound(format!("{} {term:?} is not in the vocabulary (see vocab)", vk.slug())))?;
    let docs = b.topic_cases(vk, &term_def.id);
    let mut years: Vec<YearCases> = Vec::new();
    for &d in &docs {
        let c = &b.cases[d];
        let year = c.year().unwrap_or(0);
        match years.last_mut() {
            Some(last) if last.year == year => last.cases.push(CaseSummary::of(c)),
            _ => years.push(YearCases { year, cases: vec![CaseSummary::of(c)] }),
        }
    }
    let ids: Vec<&str> = docs.iter().map(|&d| b.cases[d].id.as_str()).collect();
    let grounded: Vec<&str> = b.rules_for_cases(&ids).iter().map(|r| r.id.as_str()).collect();
    let rules = casebook_rules::rules().iter().filter(|r| grounded.contains(&r.id)).map(|r| rule_summary(r)).collect();
    Ok(TopicAnswer { kind: vk.slug().to_string(), id: term_def.id.clone(), label: term_def.label.clone(), definition: term_def.definition.clone(), count: docs.len(), years, rules })
}

/// A manifest review: the JSON of `casebook check --format json`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct CheckAnswer {
    /// Findings at or above the minimum severity, by position. Each has
    /// line:column, why it matters, the incidents behind it and a fix.
    pub findings: Vec<Finding>,
    /// Input that could not be used, with line:column.
    pub errors: Vec<InputError>,
    /// Notices: kinds not checked, checks that could not be made.
    pub notices: Vec<InputError>,
    /// How many findings `casebook.dev/ignore` annotations silenced.
    pub suppressed: usize,
    /// Those findings, with the reasons given.
    pub suppressed_findings: Vec<Finding>,
    /// How many objects were read.
    pub objects: usize,
}

impl From<Report> for CheckAnswer {
    fn from(r: Report) -> Self {
        Self { suppressed: r.suppressed_findings.len(), findings: r.findings, errors: r.errors, notices: r.notices, suppressed_findings: r.suppressed_findings, objects: r.objects }
    }
}

/// Parameters of [`check`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CheckParams {
    /// The Kubernetes YAML to review: one or more documents, or `kubectl get -o yaml` output (a List).
    pub yaml: String,
    /// The previous version of the same YAML, for a before/after change review.
    #[serde(default)]
    pub before: Option<String>,
    /// Report only findings at or above this: `info` (default), `warning` or `error`.
    #[serde(default)]
    pub min_severity: Option<String>,
    /// Kubernetes release for schema validation, e.g. `1.30` (default: the newest supported).
    #[serde(default)]
    pub kube_version: Option<String>,
}

/// Reviews YAML against the rules, exactly as `casebook check` does without a
/// project config. Oversized input is refused.
pub fn check(p: &CheckParams) -> Result<CheckAnswer, Error> {
    let max = casebook_rules::MAX_INPUT_BYTES;
    if p.yaml.len() > max || p.before.as_ref().is_some_and(|b| b.len() > max) {
        return Err(Error::TooLarge(format!("the YAML is larger than {} MB; split it and check the parts", max / 1_048_576)));
    }
    // One thread per review: the server already runs as many reviews at
    // once as there are cores.
    let mut options = Options { threads: false, ..Options::default() };
    if let Some(s) = &p.min_severity {
        options.min_severity = Severity::parse(s).ok_or_else(|| bad(format!("min_severity {s:?} must be info, warning or error")))?;
    }
    if let Some(v) = &p.kube_version {
        let schema = casebook_rules::Schema::builtin();
        let short = v.trim().trim_start_matches('v').split('.').take(2).collect::<Vec<_>>().join(".");
        if !schema.releases().contains(&short.as_str()) {
            return Err(bad(format!("kube_version {v:?}: the schema table covers Kubernetes {}", schema.releases().join(", "))));
        }
        options.kube_version = Some(short);
    }
    Ok(casebook_rules::review(&p.yaml, p.before.as_deref(), &options).into())
}

/// What to read from a cluster for a review: the read-only `kubectl get`
/// commands that `casebook check --kubectl` runs and the `review_cluster`
/// prompt asks an assistant to run. Each is `get ... -o yaml`; none writes.
/// Secrets are never read. The last commands ask for custom resources that a
/// cluster may not have; their "doesn't have a resource type" errors are
/// expected and skipped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KubectlPlan {
    /// Argument lists for `kubectl`, in order.
    pub commands: Vec<Vec<String>>,
    /// How many of the last commands read optional custom resources.
    pub optional: usize,
}

/// Namespaced kinds a review reads (no Secrets: their values stay in the cluster).
pub const KUBECTL_NAMESPACED: &str = "deployments,statefulsets,daemonsets,replicasets,jobs,cronjobs,pods,services,ingresses,poddisruptionbudgets,horizontalpodautoscalers,configmaps,networkpolicies,rolebindings";
/// Cluster-scoped kinds a review reads.
pub const KUBECTL_CLUSTER: &str = "clusterrolebindings,validatingwebhookconfigurations,mutatingwebhookconfigurations";
/// Custom resources the rules understand, read one by one because a cluster may not have them.
pub const KUBECTL_CUSTOM: &[&str] = &[
    "rollouts.argoproj.io", "scaledobjects.keda.sh", "prometheuses.monitoring.coreos.com", "alertmanagers.monitoring.coreos.com",
    "httproutes.gateway.networking.k8s.io", "gateways.gateway.networking.k8s.io", "certificates.cert-manager.io",
];

/// The plan for a context (`None`: the current one) and a namespace (`None`: all namespaces).
pub fn kubectl_plan(context: Option<&str>, namespace: Option<&str>) -> Result<KubectlPlan, Error> {
    let safe = |what: &str, v: &str| {
        if v.is_empty() || v.len() > 253 || v.starts_with('-') || !v.bytes().all(|c| c.is_ascii_alphanumeric() || b"-._:@/".contains(&c)) {
            Err(bad(format!("{what} {v:?} is not a valid name")))
        } else {
            Ok(())
        }
    };
    let mut common = Vec::new();
    if let Some(c) = context {
        safe("context", c)?;
        common.extend(["--context".to_string(), c.to_string()]);
    }
    let scope = match namespace {
        Some(ns) => {
            safe("namespace", ns)?;
            vec!["-n".to_string(), ns.to_string()]
        }
        None => vec!["-A".to_string()],
    };
    let get = |what: &str, scoped: bool| {
        let mut v: Vec<String> = common.clone();
        v.extend(["get".to_string(), what.to_string(), "-o".to_string(), "yaml".to_string()]);
        if scoped {
            v.extend(scope.iter().cloned());
        }
        v
    };
    let mut commands = vec![get(KUBECTL_NAMESPACED, true), get(KUBECTL_CLUSTER, false)];
    commands.extend(KUBECTL_CUSTOM.iter().map(|k| get(k, true)));
    Ok(KubectlPlan { commands, optional: KUBECTL_CUSTOM.len() })
}

#[cfg(test)]
mod tests;
