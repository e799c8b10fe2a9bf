//! Running the rules over pasted YAML: suppression, severity policy, redaction.

use crate::objects::{InputError, Manifest, Object};
use crate::rule::{Emitter, Input, Msg, Rule, Severity};
use crate::rules::ALL;
use crate::yaml::Node;
use serde::{Deserialize, Serialize};

/// Annotation listing rule ids to suppress on an object or pod template.
pub const IGNORE_ANNOTATION: &str = "casebook.dev/ignore";
/// Annotation explaining why.
pub const IGNORE_REASON_ANNOTATION: &str = "casebook.dev/ignore-reason";

/// The object a finding is about.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
    /// Cases the rule is grounded in (the rule's own list, not a copy).
    pub cases: &'static [&'static str],
    /// The source line, with Secret values redacted.
    pub frame: String,
    /// What to change: one sentence, and the YAML to apply where it is
    /// mechanical. The rule's own text unless the finding words its own, so
    /// thousands of findings of one rule share one fix.
    pub fix: std::borrow::Cow<'static, str>,
    /// Further places in the same object with the same cause (one finding per
    /// object and cause; these are its other instances).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<Instance>,
    /// Why it was suppressed, when it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suppressed: Option<String>,
}

/// Another place where the same cause shows in the same object.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Instance {
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// What is wrong there.
    pub message: String,
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
    /// Rules turned off (by the project config).
    pub disabled: Vec<String>,
    /// Namespaces whose objects are not reported.
    pub exclude_namespaces: Vec<String>,
    /// Kinds that are not reported.
    pub exclude_kinds: Vec<String>,
    /// The Kubernetes release to validate against (`1.37`); the newest in the table when unset.
    pub kube_version: Option<String>,
    /// The schema table; `None` skips schema validation.
    pub schema: Option<&'static crate::schema::Schema>,
    /// The language of messages and fixes.
    pub lang: casebook_model::Lang,
    /// Whether a large input may be reviewed on two threads: schema
    /// validation and some rules' checks beside the others (native builds
    /// only; the report is the same either way).
    pub threads: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            min_severity: Severity::Info,
            overrides: Vec::new(),
            only: Vec::new(),
            disabled: Vec::new(),
            exclude_namespaces: Vec::new(),
            exclude_kinds: Vec::new(),
            kube_version: None,
            lang: casebook_model::Lang::En,
            threads: true,
            #[cfg(not(casebook_no_rule_docs))]
            schema: Some(crate::schema::Schema::builtin()),
            #[cfg(casebook_no_rule_docs)]
            schema: None,
        }
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
    /// The language of the messages (and of the text and Markdown renderings).
    #[serde(skip)]
    pub lang: casebook_model::Lang,
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

/// A span of the input that holds a secret value: on `line`, from column
/// `from` (1-based) to `to` (exclusive; `u32::MAX` for the end of the line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    line: u32,
    from: u32,
    to: u32,
}

/// Where a value that starts at `node` ends on its first line, and which
/// following lines continue it (block scalars, folded plain scalars): those
/// indented deeper than `key_col`.
fn value_spans(lines: &Lines<'_>, key_col: u32, node: &Node, out: &mut Vec<Span>) {
    let first = lines.get(node.line);
    let from = node.col;
    let rest: Vec<char> = first.chars().skip(from.saturating_sub(1) as usize).collect();
    // A value in a flow mapping (`{key: value, ...}`) ends at its `,` or `}`;
    // a quoted one at its closing quote.
    let in_flow = first.chars().take(from.saturating_sub(1) as usize).any(|c| c == '{');
    let to = match rest.first() {
        Some(&q @ ('"' | '\'')) => rest.iter().skip(1).position(|&c| c == q).map_or(u32::MAX, |p| from + p as u32 + 2),
        Some(_) if in_flow => rest.iter().position(|&c| c == ',' || c == '}').map_or(u32::MAX, |p| from + p as u32),
        _ => u32::MAX,
    };
    out.push(Span { line: node.line, from, to });
    if to != u32::MAX || node.line as usize >= lines.len() {
        return;
    }
    let mut l = node.line + 1;
    while (l as usize) <= lines.len() {
        let t = lines.get(l);
        let indent = t.len() - t.trim_start().len();
        if !t.trim().is_empty() {
            if (indent as u32) < key_col || t.starts_with("---") {
                break;
            }
            out.push(Span { line: l, from: indent as u32 + 1, to: u32::MAX });
        }
        l += 1;
    }
}

/// Every span of the input that holds a secret value, which must never be
/// echoed: the values of a Secret's `data` and `stringData`, a Secret's
/// last-applied-configuration (which repeats them), and literal credentials in
/// `env` (see `secret-literal-env`). Nothing else is redacted.
fn secret_spans(lines: &Lines<'_>, objects: &[Object]) -> Vec<Span> {
    let mut out = Vec::new();
    for o in objects {
        if o.kind == "Secret" {
            for key in ["data", "stringData"] {
                for (k, v) in o.root.get(key).map(Node::entries).unwrap_or_default() {
                    if matches!(v.value, crate::yaml::Value::Scalar(_)) {
                        value_spans(lines, k.col, v, &mut out);
                    }
                }
            }
            let ann = o.metadata().and_then(|m| m.get("annotations"));
            for (k, v) in ann.map(Node::entries).unwrap_or_default() {
                if k.as_str() == Some("kubectl.kubernetes.io/last-applied-configuration") {
                    value_spans(lines, k.col, v, &mut out);
                }
            }
        }
        if let Some(t) = o.pod_template() {
            for c in t.containers() {
                for e in c.get("env").map(Node::items).unwrap_or_default() {
                    if let Some((name, v)) = crate::rules::literal_secret_env(e) {
                        value_spans(lines, name.col, v, &mut out);
                    }
                }
            }
        }
    }
    out.sort_by_key(|s| (s.line, s.from));
    out
}

/// The input's lines, for code frames. Only the start of every
/// [`Lines::STRIDE`]th line is kept (a start for each line of a 5 MB input took
/// 1 MB), and a line is found by scanning at most that many lines from there.
struct Lines<'a> {
    text: &'a str,
    /// Byte offsets of lines 1, 1 + STRIDE, 1 + 2 × STRIDE, … (`u32`: input is capped at 8 MB).
    marks: Vec<u32>,
    count: usize,
}

impl<'a> Lines<'a> {
    const STRIDE: usize = 32;

    fn new(text: &'a str) -> Self {
        let mut marks = vec![0];
        let mut count = 1;
        for (i, _) in text.match_indices('\n') {
            if count % Self::STRIDE == 0 {
                marks.push((i + 1) as u32);
            }
            count += 1;
        }
        Lines { text, marks, count }
    }

    /// How many lines there are (one more than newlines).
    fn len(&self) -> usize {
        self.count
    }

    /// Line `line` (1-based; 0 reads as 1), without its newline; empty past the end.
    fn get(&self, line: u32) -> &'a str {
        let i = line.saturating_sub(1) as usize;
        if i >= self.count {
            return "";
        }
        let mut rest = self.text.get(self.marks[i / Self::STRIDE] as usize..).unwrap_or_default();
        for _ in 0..i % Self::STRIDE {
            rest = rest.split_once('\n').map_or("", |(_, r)| r);
        }
        rest.split_once('\n').map_or(rest, |(l, _)| l)
    }
}

fn frame_of(lines: &Lines<'_>, line: u32, spans: &[Span]) -> String {
    const MAX: usize = 240;
    let raw = lines.get(line).trim_end_matches('\r');
    let first = spans.partition_point(|s| s.line < line);
    let mine: Vec<&Span> = spans[first..].iter().take_while(|s| s.line == line).collect();
    if mine.is_empty() {
        // Nothing to redact: the line's first characters, copied once.
        let end = raw.char_indices().nth(MAX).map_or(raw.len(), |(i, _)| i);
        return raw[..end].to_string();
    }
    let mut shown = String::new();
    let mut skip_to: Option<u32> = None;
    for (col, ch) in (1u32..).zip(raw.chars()) {
        if let Some(end) = skip_to {
            if col < end {
                continue;
            }
            skip_to = None;
        }
        if let Some(sp) = mine.iter().find(|s| s.from == col) {
            shown.push_str("[redacted]");
            skip_to = Some(sp.to);
            continue;
        }
        shown.push(ch);
    }
    shown.chars().take(MAX).collect()
}

/// Reviews with a project config given as text (the browser's way; the CLI
/// finds the file and also applies its path exclusions). A config that
/// cannot be used is reported as the review's first input error, naming its
/// line, and the review runs without it.
pub fn review_configured(after: &str, before: Option<&str>, config: Option<&str>, schema: Option<&'static crate::schema::Schema>, lang: casebook_model::Lang) -> Report {
    let mut options = Options { lang, ..Options::default() };
    if schema.is_some() {
        options.schema = schema;
    }
    let mut problem = None;
    if let Some(text) = config.filter(|t| !t.trim().is_empty()) {
        match crate::config::Config::parse(text) {
            Ok(c) => {
                if let Some(m) = c.min_severity {
                    options.min_severity = m;
                }
                c.apply(&mut options);
            }
            Err(e) => problem = Some(e),
        }
    }
    let mut report = review(after, before, &options);
    if let Some(e) = problem {
        let line = e.line;
        let why = e.message.get(lang);
        let message = crate::msg!(
            "the project config (.casebook.toml), line {line}: {why}; reviewed without it",
            "프로젝트 설정(.casebook.toml) {line}행: {why}. 설정 없이 검사했다"
        );
        report.errors.insert(0, InputError { line, column: 1, message: message.into_lang(lang) });
    }
    report
}

/// Whether a check runs under these options (`only`, `disabled`).
fn wanted(id: &str, options: &Options) -> bool {
    (options.only.is_empty() || options.only.iter().any(|o| o == id)) && !options.disabled.iter().any(|d| d == id)
}

/// Schema validation's problems, object by object; `None` when no schema
/// check is wanted. Reads only the tree, so it may run on another thread.
fn schema_problems(options: &Options, objects: &[Object]) -> Option<Vec<(usize, crate::schema::Problem)>> {
    let schema = options.schema?;
    if !crate::schema::CHECKS.iter().any(|(id, ..)| wanted(id, options)) {
        return None;
    }
    let release = options.kube_version.clone().or_else(|| schema.newest().map(str::to_string)).unwrap_or_default();
    Some(schema.check(&release, objects))
}

/// Schema validation's findings: one per object and check.
fn schema_findings(problems: Vec<(usize, crate::schema::Problem)>, objects: &[Object], lines: &Lines<'_>, spans: &[Span], options: &Options, report: &mut Report) {
    for ((object, check), group) in group_by(problems, |(obj, p)| (*obj, p.check)) {
        let (id, _, default, fix_en) = crate::schema::CHECKS[check];
        let fix = options.lang.pick(fix_en, crate::schema::CHECKS_KO[check].1);
        let lang = options.lang;
        let Some(obj) = objects.get(object) else { continue };
        let severity = options.overrides.iter().find(|(o, _)| o == id).map_or(default, |(_, s)| *s);
        if !wanted(id, options) || severity < options.min_severity || excluded(obj, options) {
            continue;
        }
        let mut group = group.into_iter().map(|(_, p)| p);
        let Some(primary) = group.next() else { continue };
        push(report, Finding {
            rule: id,
            severity: primary.severity.unwrap_or(severity),
            line: primary.line,
            column: primary.column,
            resource: Resource { kind: obj.kind.clone(), name: obj.name.clone(), namespace: obj.namespace.clone() },
            message: primary.message.into_lang(lang),
            cases: &[],
            frame: frame_of(lines, primary.line, spans),
            fix: primary.fix.map_or(std::borrow::Cow::Borrowed(fix), |f| f.into_lang(lang).into()),
            also: group.map(|p| Instance { line: p.line, column: p.column, message: p.message.into_lang(lang) }).collect(),
            suppressed: suppression(obj, id),
        });
    }
}

/// Groups items by key, keeping each group's items (and the groups) in the
/// order they came: a stable sort then runs, linear after the sort.
fn group_by<T, K: Ord + Copy>(mut items: Vec<T>, key: impl Fn(&T) -> K) -> Vec<(K, Vec<T>)> {
    items.sort_by_key(|t| key(t));
    let mut out: Vec<(K, Vec<T>)> = Vec::new();
    for t in items {
        let k = key(&t);
        match out.last_mut() {
            Some((last, g)) if *last == k => g.push(t),
            _ => out.push((k, vec![t])),
        }
    }
    out
}

/// Whether the project config excludes this object (its kind or namespace).
fn excluded(obj: &Object, options: &Options) -> bool {
    options.exclude_kinds.contains(&obj.kind) || obj.namespace.as_ref().is_some_and(|ns| options.exclude_namespaces.contains(ns))
}

/// Files a finding under findings or suppressed findings.
fn push(report: &mut Report, finding: Finding) {
    if finding.suppressed.is_some() {
        report.suppressed_findings.push(finding);
    } else {
        report.findings.push(finding);
    }
}

/// Reviews `after` (and, for a change review, `before`) with every rule.
pub fn review(after: &str, before: Option<&str>, options: &Options) -> Report {
    let now = Manifest::parse(after);
    let prev = before.map(Manifest::parse);
    let lang = options.lang;
    let in_lang = |p: &crate::objects::Problem| p.in_lang(lang);
    let mut report = Report { errors: now.errors.iter().map(in_lang).collect(), notices: now.notices.iter().map(in_lang).collect(), objects: now.objects.len(), lang, ..Report::default() };
    if let Some(p) = &prev {
        let tag = |e: &crate::objects::Problem| {
            let why = e.message.get(lang);
            InputError { message: crate::msg!("in the before version: {why}", "이전 버전에서: {why}").into_lang(lang), ..e.in_lang(lang) }
        };
        report.errors.extend(p.errors.iter().map(tag));
    }
    let lines = Lines::new(after);
    let before = prev.as_ref().map(|p| p.objects.as_slice());
    let rules: Vec<(usize, &'static Rule)> = ALL.iter().copied().enumerate().filter(|(_, r)| wanted(r.id, options) && !(r.needs_before && before.is_none())).collect();
    let mut notices = Vec::new();
    let run = Run { objects: &now.objects, lines: &lines, options };
    let (spans, problems) = run.all(after.len(), before, &rules, &mut notices, &mut report);
    if let Some(problems) = problems {
        schema_findings(problems, &now.objects, &lines, &spans, options, &mut report);
    }
    // Rules may be checked in any order (some on a second thread), so the
    // report is put in one order here: notices by rule, findings by place.
    notices.sort_by_key(|(i, _)| *i);
    report.notices.extend(notices.into_iter().map(|(_, n)| n));
    sort_findings(&mut report.findings);
    sort_findings(&mut report.suppressed_findings);
    report
}

/// Inputs at least this large (bytes) are reviewed on two threads: below it,
/// starting a thread costs more than it saves.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
const TWO_THREADS_FROM: usize = 64 * 1024;

/// Whether a rule is checked on the second thread of a large review, after
/// schema validation. These are the checks of each container or object on
/// its own (probes, resources, security); the rules that relate objects to
/// each other stay on the caller's thread, which builds the lookup tables
/// (`exposed-admin-dashboard` is a security rule that looks up the Services
/// in front of a workload). Only the checks move: every finding is still
/// made on the caller's thread, so the second thread allocates little
/// (running whole rules there too cost 2 to 3 MB more at 5 MB). Which thread
/// a rule runs on changes only the time: each gets the same input and tables.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
fn checked_beside(rule: &Rule) -> bool {
    use crate::rule::Category::{Probes, Resources, Security};
    matches!(rule.category, Probes | Resources | Security) && rule.id != crate::rules::exposed_admin_dashboard::RULE.id
}

/// What one review's rules share.
struct Run<'r> {
    objects: &'r [Object],
    lines: &'r Lines<'r>,
    options: &'r Options,
}

impl Run<'_> {
    /// Checks every rule in `rules` (registry position, rule) and schema
    /// validation, on two threads for a large input when
    /// [`Options::threads`] allows: then the second thread validates the
    /// schema while this one builds the lookup tables, and checks the rules
    /// [`checked_beside`] while this one checks the rest. Returns the secret
    /// spans that frames are redacted with, and the schema's problems.
    fn all(&self, size: usize, before: Option<&[Object]>, rules: &[(usize, &'static Rule)], notices: &mut Vec<(usize, InputError)>, report: &mut Report) -> (Vec<Span>, Option<Vec<(usize, crate::schema::Problem)>>) {
        let (objects, options) = (self.objects, self.options);
        #[cfg(not(target_arch = "wasm32"))]
        if options.threads && size >= TWO_THREADS_FROM {
            let (beside, mine): (Vec<_>, Vec<_>) = rules.iter().partition(|(_, r)| checked_beside(r));
            let tables = &std::sync::OnceLock::new();
            return std::thread::scope(|s| {
                let (built, wait) = std::sync::mpsc::sync_channel::<()>(1);
                let helper = s.spawn(move || {
                    let problems = schema_problems(options, objects);
                    // The caller's thread sends the tables once built; if it
                    // panicked instead, the scope reports that panic.
                    let checked: Vec<_> = match wait.recv().ok().and_then(|()| tables.get()) {
                        Some(lookup) => {
                            let input = Input { objects, before, lookup };
                            beside.iter().map(|&&(i, rule)| (i, rule, check(rule, &input))).collect()
                        }
                        None => Vec::new(),
                    };
                    (problems, checked)
                });
                let lookup = tables.get_or_init(|| crate::rules::Lookup::new(objects));
                let _ = built.send(());
                let input = Input { objects, before, lookup };
                let spans = secret_spans(self.lines, objects);
                for &(i, rule) in mine {
                    self.settle(i, rule, check(rule, &input), &spans, notices, report);
                }
                let (problems, checked) = helper.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
                for (i, rule, em) in checked {
                    self.settle(i, rule, em, &spans, notices, report);
                }
                (spans, problems)
            });
        }
        let _ = size;
        let lookup = crate::rules::Lookup::new(objects);
        let input = Input { objects, before, lookup: &lookup };
        let spans = secret_spans(self.lines, objects);
        for &(i, rule) in rules {
            self.settle(i, rule, check(rule, &input), &spans, notices, report);
        }
        (spans, schema_problems(options, objects))
    }

    /// Turns one rule's raw results into notices and findings: one finding
    /// per object and cause, at its most severe instance, listing the
    /// others, with the severity policy applied.
    fn settle(&self, at: usize, rule: &'static Rule, mut em: Emitter, spans: &[Span], notices: &mut Vec<(usize, InputError)>, report: &mut Report) {
        let (objects, options, lang) = (self.objects, self.options, self.options.lang);
        let configured = options.overrides.iter().find(|(id, _)| id == rule.id).map_or(rule.severity, |(_, s)| *s);
        notices.extend(em.not_checked.drain(..).map(|(line, column, m)| {
            let message = match lang.built() {
                casebook_model::Lang::En => format!("[{}] not checked: {}", rule.id, m.en),
                casebook_model::Lang::Ko => format!("[{}] 검사하지 못함: {}", rule.id, m.ko),
            };
            (at, InputError { line, column, message })
        }));
        // One finding per object and cause: a rule's findings on one object
        // become one finding, at its most severe instance, listing the others.
        for (object, mut group) in group_by(em.raw, |r| r.object) {
            let Some(obj) = objects.get(object).filter(|o| !excluded(o, options)) else { continue };
            let sev = |r: &crate::rule::Raw| r.cap.map_or(configured, |c| c.min(configured));
            group.dedup_by(|a, b| a.line == b.line && a.column == b.column);
            let lead = (0..group.len()).max_by_key(|&i| (sev(&group[i]), std::cmp::Reverse(i))).unwrap_or(0);
            let mut primary = group.remove(lead);
            let mut severity = sev(&primary);
            // A cap only ever lowers a finding, so one already at the lowest
            // severity is not looked at (the cap's reason costs a format).
            if let Some((c, why)) = (severity > Severity::Info).then(|| crate::context::cap(rule.id, obj)).flatten().filter(|(c, _)| *c < severity) {
                severity = c;
                primary.message = Msg::new(|| format!("{} (info: {})", primary.message.en, why.en), || format!("{} (info로 낮춤: {})", primary.message.ko, why.ko));
            }
            if severity < options.min_severity {
                continue;
            }
            let also = group.into_iter().map(|r| Instance { line: r.line, column: r.column, message: r.message.into_lang(lang) }).collect();
            push(report, Finding {
                rule: rule.id,
                severity,
                line: primary.line,
                column: primary.column,
                resource: Resource { kind: obj.kind.clone(), name: obj.name.clone(), namespace: obj.namespace.clone() },
                message: primary.message.into_lang(lang),
                cases: rule.cases,
                frame: frame_of(self.lines, primary.line, spans),
                fix: primary.fix.map_or(std::borrow::Cow::Borrowed(rule.fix_in(lang)), |f| f.into_lang(lang).into()),
                also,
                suppressed: suppression(obj, rule.id),
            });
        }
    }
}

/// One rule's raw results.
fn check(rule: &Rule, input: &Input<'_>) -> Emitter {
    let mut em = Emitter::default();
    (rule.check)(input, &mut em);
    em
}

/// Orders findings by place, then rule, keeping the order of equal ones.
/// `sort_by_cached_key` sorts (key, index) pairs and then moves each finding
/// once: sorting the findings themselves needs scratch space for half of
/// them, which was the peak of a large review.
fn sort_findings(findings: &mut [Finding]) {
    findings.sort_by_cached_key(|f| (f.line, f.column, f.rule));
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_frame_is_the_line_cut_at_240_characters_with_secrets_redacted() {
        use super::{frame_of, Lines, Span};
        let long = format!("  image: {}\r\nnext", "ü".repeat(300));
        let lines = Lines::new(&long);
        let frame = frame_of(&lines, 1, &[]);
        assert_eq!(frame.chars().count(), 240);
        assert!(long.starts_with(&frame));
        assert_eq!(frame_of(&lines, 2, &[]), "next");
        let secret = Lines::new("  password: hunter2 # old\r\n");
        assert_eq!(frame_of(&secret, 1, &[Span { line: 1, from: 13, to: 20 }]), "  password: [redacted] # old");
        assert_eq!(frame_of(&secret, 1, &[Span { line: 2, from: 1, to: u32::MAX }]), "  password: hunter2 # old");
    }

    #[test]
    fn lines_are_found_as_a_plain_split_finds_them() {
        for text in ["", "a", "a\n", "\n\n", "x\r\ny\r\n", &((0..100).map(|i| format!("line {i}")).collect::<Vec<_>>().join("\n") + "\n"), &(0..65).map(|i| format!("ü{i}")).collect::<Vec<_>>().join("\n")] {
            let lines = super::Lines::new(text);
            let want: Vec<&str> = text.split('\n').collect();
            assert_eq!(lines.len(), want.len(), "{text:?}");
            for (i, w) in want.iter().enumerate() {
                assert_eq!(lines.get(i as u32 + 1), *w, "line {} of {text:?}", i + 1);
            }
            assert_eq!(lines.get(0), want[0]);
            assert_eq!(lines.get(want.len() as u32 + 1), "");
        }
    }

    use super::*;

    fn finding(rule: &'static str, line: u32, column: u32, message: &str) -> Finding {
        Finding {
            rule,
            severity: Severity::Warning,
            line,
            column,
            resource: Resource { kind: "Deployment".into(), name: "web".into(), namespace: None },
            message: message.into(),
            cases: &[],
            frame: String::new(),
            fix: "".into(),
            also: Vec::new(),
            suppressed: None,
        }
    }

    #[test]
    fn findings_sort_by_place_then_rule_and_keep_the_order_of_equal_ones() {
        // Every arrangement of these: cycles of one, two and more, and ties.
        let base = [("b", 3, 1, "1"), ("a", 3, 1, "2"), ("a", 1, 5, "3"), ("a", 3, 1, "4"), ("c", 2, 2, "5"), ("a", 1, 1, "6")];
        for shift in 0..base.len() {
            let mut given: Vec<Finding> = base.iter().cycle().skip(shift).take(base.len()).map(|&(r, l, c, m)| finding(r, l, c, m)).collect();
            let mut want = given.clone();
            want.sort_by(|a, b| (a.line, a.column, a.rule).cmp(&(b.line, b.column, b.rule)));
            sort_findings(&mut given);
            assert_eq!(given, want, "rotation {shift}");
        }
        let mut none: Vec<Finding> = Vec::new();
        sort_findings(&mut none);
        assert!(none.is_empty());
    }
}
