//! Rendering a report: text, JSON, Markdown (for PR comments) and SARIF 2.1.0.

use crate::review::{rules, Finding, Report};
use crate::rule::Severity;
use serde_json::{json, Value};
use std::fmt::Write as _;

fn resource(f: &Finding) -> String {
    match &f.resource.namespace {
        Some(ns) => format!("{}/{}/{}", f.resource.kind, ns, f.resource.name),
        None => format!("{}/{}", f.resource.kind, f.resource.name),
    }
}

/// The words of the text and Markdown renderings, in the report's language.
struct Words {
    input_error: &'static str,
    also_at: &'static str,
    object: &'static str,
    from_schema: &'static str,
    from_incidents: &'static str,
    help: &'static str,
    note: &'static str,
    heading: &'static str,
    fix: &'static str,
    also: &'static str,
    schema: &'static str,
    from: &'static str,
}

fn words(lang: casebook_model::Lang) -> Words {
    match lang.built() {
        casebook_model::Lang::En => Words {
            input_error: "input error",
            also_at: "also at",
            object: "object",
            from_schema: "from: the Kubernetes API schema",
            from_incidents: "from incidents",
            help: "help",
            note: "note",
            heading: "### Casebook manifest review",
            fix: "fix",
            also: "also",
            schema: "the Kubernetes API schema",
            from: "from",
        },
        casebook_model::Lang::Ko => Words {
            input_error: "입력 오류",
            also_at: "같은 원인",
            object: "객체",
            from_schema: "근거: Kubernetes API 스키마",
            from_incidents: "근거 장애",
            help: "고치는 법",
            note: "참고",
            heading: "### Casebook 매니페스트 리뷰",
            fix: "고치는 법",
            also: "같은 원인",
            schema: "Kubernetes API 스키마",
            from: "근거",
        },
    }
}

fn summary_line(report: &Report) -> String {
    let (f, sup, o, e) = (report.findings.len(), report.suppressed_findings.len(), report.objects, report.errors.len());
    match report.lang.built() {
        casebook_model::Lang::En => format!("{f} finding(s), {sup} suppressed, {o} object(s) checked, {e} input error(s)"),
        casebook_model::Lang::Ko => format!("결과 {f}건, 숨김 {sup}건, 검사한 객체 {o}개, 입력 오류 {e}건"),
    }
}

/// Plain text with a code frame under each finding, like a compiler.
pub fn to_text(report: &Report, file: &str) -> String {
    let w = words(report.lang);
    let mut s = String::new();
    for e in &report.errors {
        let _ = writeln!(s, "{file}:{}:{}: {}: {}", e.line, e.column, w.input_error, e.message);
    }
    for f in &report.findings {
        let _ = writeln!(s, "{file}:{}:{}: {} [{}] {}", f.line, f.column, f.severity.as_str(), f.rule, f.message);
        let _ = writeln!(s, "  {:>5} | {}", f.line, f.frame);
        let _ = writeln!(s, "        | {}^", " ".repeat(f.column.saturating_sub(1) as usize));
        for a in &f.also {
            let _ = writeln!(s, "  = {} {file}:{}:{}: {}", w.also_at, a.line, a.column, a.message);
        }
        if f.cases.is_empty() {
            let _ = writeln!(s, "  = {}: {}\n  = {}", w.object, resource(f), w.from_schema);
        } else {
            let _ = writeln!(s, "  = {}: {}\n  = {}: {}", w.object, resource(f), w.from_incidents, f.cases.join(", "));
        }
        let _ = writeln!(s, "  = {}: {}", w.help, f.fix);
    }
    for n in &report.notices {
        let _ = writeln!(s, "{file}:{}:{}: {}: {}", n.line, n.column, w.note, n.message);
    }
    let _ = writeln!(s, "{}", summary_line(report));
    s
}

/// JSON: `{"findings":[...], "errors":[...], "suppressed":N, ...}`.
pub fn to_json(report: &Report) -> Value {
    json!({
        "findings": report.findings,
        "errors": report.errors,
        "notices": report.notices,
        "suppressed": report.suppressed_findings.len(),
        "suppressed_findings": report.suppressed_findings,
        "objects": report.objects,
    })
}

/// Markdown for a pull-request comment, grouped by object.
pub fn to_markdown(report: &Report, case_url: &str) -> String {
    let w = words(report.lang);
    let mut s = format!("{}\n\n", w.heading);
    if report.findings.is_empty() {
        match report.lang.built() {
            casebook_model::Lang::En => _ = writeln!(s, "No findings in {} object(s).", report.objects),
            casebook_model::Lang::Ko => _ = writeln!(s, "객체 {}개에서 찾은 결과가 없다.", report.objects),
        }
    }
    let mut groups: Vec<(String, Vec<&Finding>)> = Vec::new();
    for f in &report.findings {
        let r = resource(f);
        match groups.iter_mut().find(|(k, _)| *k == r) {
            Some((_, v)) => v.push(f),
            None => groups.push((r, vec![f])),
        }
    }
    for (r, fs) in groups {
        let _ = writeln!(s, "**{r}**\n");
        for f in fs {
            let cases = f.cases.iter().map(|c| format!("[{c}]({case_url}{c})")).collect::<Vec<_>>().join(", ");
            let msg = f.message.replace('|', "\\|");
            let from = if cases.is_empty() { w.schema.to_string() } else { cases };
            let _ = writeln!(s, "- `{}:{}` **{}** `{}`: {msg} ({} {from})", f.line, f.column, f.severity.as_str(), f.rule, w.from);
            for a in &f.also {
                let _ = writeln!(s, "  - {} `{}:{}`: {}", w.also, a.line, a.column, a.message.replace('|', "\\|"));
            }
            let _ = writeln!(s, "  - {}: {}", w.fix, f.fix.replace('|', "\\|"));
        }
        s.push('\n');
    }
    if !report.suppressed_findings.is_empty() {
        match report.lang.built() {
            casebook_model::Lang::En => _ = writeln!(s, "_{} finding(s) suppressed by `casebook.dev/ignore`._", report.suppressed_findings.len()),
            casebook_model::Lang::Ko => _ = writeln!(s, "_`casebook.dev/ignore`로 숨긴 결과 {}건._", report.suppressed_findings.len()),
        }
    }
    for e in &report.errors {
        let _ = writeln!(s, "- {} `{}:{}`: {}", w.input_error, e.line, e.column, e.message);
    }
    s
}

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// SARIF 2.1.0, with every rule (help text and grounding cases) in the driver.
pub fn to_sarif(report: &Report, file_uri: &str, case_url: &str) -> Value {
    let all = rules();
    let rule_objs: Vec<Value> = all
        .iter()
        .map(|r| {
            let help = format!(
                "{}\n\nWhy it matters: {}\n\nGrounded in: {}",
                r.section("What it does").unwrap_or_default(),
                r.section("Why it matters").unwrap_or_default(),
                r.cases.join(", ")
            );
            json!({
                "id": r.id,
                "name": r.id.replace('-', "_"),
                "shortDescription": {"text": r.title},
                "fullDescription": {"text": r.section("What it does").unwrap_or(r.title)},
                "help": {"text": help, "markdown": r.docs},
                "helpUri": format!("{case_url}{}", r.cases.first().copied().unwrap_or_default()),
                "defaultConfiguration": {"level": level(r.severity)},
                "properties": {"cases": r.cases, "category": r.category, "tags": ["kubernetes", "casebook"]},
            })
        })
        .chain(crate::schema::CHECKS.iter().map(|(id, title, sev, fix)| {
            json!({
                "id": id,
                "name": id.replace('-', "_"),
                "shortDescription": {"text": title},
                "fullDescription": {"text": format!("{title}. Checked against the official Kubernetes OpenAPI for the chosen release.")},
                "help": {"text": fix},
                "defaultConfiguration": {"level": level(*sev)},
                "properties": {"category": "schema", "tags": ["kubernetes", "casebook", "schema"]},
            })
        }))
        .collect();
    let result = |f: &Finding, suppressed: bool| {
        let idx = all
            .iter()
            .position(|r| r.id == f.rule)
            .or_else(|| crate::schema::CHECKS.iter().position(|(id, ..)| *id == f.rule).map(|i| all.len() + i))
            .unwrap_or(0);
        let mut v = json!({
            "ruleId": f.rule,
            "ruleIndex": idx,
            "level": level(f.severity),
            "message": {"text": format!("{} (object {}; from incidents {})", f.message, resource(f), f.cases.join(", "))},
            "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": file_uri},
                "region": {"startLine": f.line.max(1), "startColumn": f.column.max(1)}
            }}],
        });
        // A fix's description says what to change; its one replacement marks
        // where (SARIF requires at least one), inserting nothing: Casebook
        // does not rewrite files.
        v["fixes"] = json!([{
            "description": {"text": f.fix},
            "artifactChanges": [{
                "artifactLocation": {"uri": file_uri},
                "replacements": [{"deletedRegion": {"startLine": f.line.max(1), "startColumn": f.column.max(1), "endLine": f.line.max(1), "endColumn": f.column.max(1)}}]
            }]
        }]);
        if !f.also.is_empty() {
            v["relatedLocations"] = f.also.iter().enumerate().map(|(n, a)| json!({
                "id": n + 1,
                "message": {"text": a.message},
                "physicalLocation": {"artifactLocation": {"uri": file_uri}, "region": {"startLine": a.line.max(1), "startColumn": a.column.max(1)}}
            })).collect::<Vec<_>>().into();
        }
        if suppressed {
            v["suppressions"] = json!([{"kind": "inSource", "justification": f.suppressed.clone().unwrap_or_default()}]);
        }
        v
    };
    let results: Vec<Value> = report
        .findings
        .iter()
        .map(|f| result(f, false))
        .chain(report.suppressed_findings.iter().map(|f| result(f, true)))
        .collect();
    let notifications: Vec<Value> = report
        .errors
        .iter()
        .map(|e| {
            json!({"level": "error", "message": {"text": e.message},
                   "locations": [{"physicalLocation": {"artifactLocation": {"uri": file_uri}, "region": {"startLine": e.line.max(1), "startColumn": e.column.max(1)}}}]})
        })
        .collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "casebook",
                "informationUri": "https://github.com/casebook/casebook",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rule_objs,
            }},
            "invocations": [{"executionSuccessful": report.errors.is_empty(), "toolExecutionNotifications": notifications}],
            "results": results,
        }]
    })
}
