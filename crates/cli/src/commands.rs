use crate::args::{Cli, Command, FacetArgs};
use crate::library::{self, find};
use crate::out::print;
use anyhow::Context;
use casebook_bundle::Bundle;
use casebook_model::{load_cases_dir, Lang, LoadError, Vocabulary};
use serde_json::json;
use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

pub(crate) fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let lang = cli.lang;
    match cli.command {
        Command::Validate { source } => validate(&source.cases),
        Command::Build { source, out, date } => build(&source.cases, &out, &date.unwrap_or_else(library::today)),
        Command::Show { id, json, source } => {
            let b = library::load(&source, lang)?;
            let case = &b.cases[find(&b, &id)?];
            if json {
                print(&serde_json::to_string_pretty(case)?)?;
            } else {
                print(&render_case(&b, case))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Search { query, json, limit, facets, source } => {
            let b = library::load(&source, lang)?;
            search(&b, &query, json, limit, &facets)
        }
        Command::Check { file, before, format, min_severity, severity, only, config, no_config, kube_version, kubectl, context, namespace, all_namespaces: _ } => {
            let kubectl = kubectl.then_some(crate::check::Kubectl { context, namespace });
            crate::check::check(&crate::check::CheckArgs { file, before, format, min_severity, severity, only, config, no_config, kube_version, kubectl, lang })
        }
        Command::Rules { id, json } => crate::check::list(id.as_deref(), json, lang),
        Command::Similar { id, json, source } => {
            let b = library::load(&source, lang)?;
            let doc = find(&b, &id)?;
            if json {
                print(&serde_json::to_string_pretty(&casebook_service::similar_of(&b, doc, usize::MAX))?)?;
            } else {
                let mut s = String::new();
                for r in &b.related[doc] {
                    let reasons: Vec<_> = r.reasons.iter().map(|x| x.describe_in(&b.vocabulary, b.lang)).collect();
                    let _ = writeln!(s, "{:>6.3}  {}\n        {}", r.score, b.cases[r.doc as usize].id, reasons.join(" · "));
                }
                if s.is_empty() {
                    s.push_str(lang.pick("no related cases\n", "관련 사례 없음\n"));
                }
                print(&s)?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Mcp { bundle } => crate::serve::mcp(bundle.as_deref()),
        Command::Serve { addr, allow_host, timeout, max_checks, bundle } => {
            let mut limits = casebook_server::Limits { request_timeout: std::time::Duration::from_secs(timeout), ..casebook_server::Limits::default() };
            if let Some(n) = max_checks {
                limits.concurrent_checks = usize::try_from(n).unwrap_or(1);
            }
            crate::serve::http(addr, allow_host, limits, bundle.as_deref())
        }
    }
}

fn validate(cases: &Path) -> anyhow::Result<ExitCode> {
    let vocab = Vocabulary::builtin()?;
    match load_cases_dir(cases, &vocab) {
        Ok(list) => {
            print(&format!("{} cases valid", list.len()))?;
            Ok(ExitCode::SUCCESS)
        }
        Err(LoadError::Invalid(problems)) => {
            for p in &problems {
                eprintln!("{p}");
            }
            eprintln!("{} problem(s); the bundle was not built", problems.len());
            Ok(ExitCode::from(1))
        }
        Err(e) => Err(e.into()),
    }
}

/// The bundle file of a locale: `casebook.bin` for English, `casebook.<lang>.bin` otherwise.
pub(crate) fn bundle_file(lang: Lang) -> String {
    match lang {
        Lang::En => "casebook.bin".to_string(),
        Lang::Ko => format!("casebook.{}.bin", lang.code()),
    }
}

fn build(cases: &Path, out: &Path, date: &str) -> anyhow::Result<ExitCode> {
    casebook_model::parse_timestamp(date).map_err(|e| anyhow::anyhow!("--date: {e}"))?;
    let vocab = Vocabulary::builtin()?;
    let list = match load_cases_dir(cases, &vocab) {
        Ok(list) => list,
        Err(LoadError::Invalid(problems)) => {
            for p in &problems {
                eprintln!("{p}");
            }
            eprintln!("{} problem(s); the bundle was not built", problems.len());
            return Ok(ExitCode::from(1));
        }
        Err(e) => return Err(e.into()),
    };
    let bundle = Bundle::build(list.clone(), vocab.clone(), date).with_rules(crate::library::rule_docs(Lang::En));
    let bytes = write_site(&bundle, out)?;
    print(&format!(
        "built {} cases into {} and its body ({bytes} bytes, {} index terms)",
        bundle.cases.len(),
        out.join("casebook.bin").display(),
        bundle.index().term_count()
    ))?;
    // Each other locale gets its own bundle, with only its own text.
    for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
        let local = Bundle::build_in(list.clone(), vocab.clone(), date, lang).with_rules(crate::library::rule_docs(lang));
        let path = out.join(bundle_file(lang));
        let bytes = write_parts(&local, &path)?;
        print(&format!("built the {} library into {} and its body ({bytes} bytes, {} index terms)", lang.code(), path.display(), local.index().term_count()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the bundle and the static JSON export (`api/cases/<id>.json`,
/// `api/similar/<id>.json`, `api/index.json`). Files are only rewritten when
/// their bytes change, so watchers don't loop. Returns the bundle's size.
/// Writes `bytes` to `path` (creating its folder) unless the file already holds them.
fn write_if_changed(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    if std::fs::read(path).ok().as_deref() != Some(bytes) {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        }
        std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// Writes a bundle as the site serves it: the head at `path` (what search
/// needs first) and the body beside it. Returns the bytes written.
fn write_parts(bundle: &Bundle, path: &Path) -> anyhow::Result<usize> {
    let (head, body) = bundle.encode_parts();
    write_if_changed(path, &head)?;
    write_if_changed(&crate::library::body_path(path), &body)?;
    Ok(head.len() + body.len())
}

fn write_site(bundle: &Bundle, out: &Path) -> anyhow::Result<usize> {
    let write = write_if_changed;
    let size = write_parts(bundle, &out.join("casebook.bin"))?;
    let api = out.join("api");
    let mut index = Vec::new();
    for (i, case) in bundle.cases.iter().enumerate() {
        write(&api.join("cases").join(format!("{}.json", case.id)), serde_json::to_string_pretty(case)?.as_bytes())?;
        write(&api.join("similar").join(format!("{}.json", case.id)), serde_json::to_string_pretty(&casebook_service::similar_of(bundle, i, usize::MAX))?.as_bytes())?;
        index.push(json!({"id": case.id, "title": case.title, "aliases": case.aliases, "start": case.start, "reported": case.reported}));
    }
    write(&api.join("index.json"), serde_json::to_string_pretty(&json!({"built": bundle.built, "cases": index}))?.as_bytes())?;
    Ok(size)
}

fn search(b: &Bundle, text: &str, json: bool, limit: usize, f: &FacetArgs) -> anyhow::Result<ExitCode> {
    let mut filters = casebook_service::Filters::default();
    let groups = [("component", &f.component), ("cause", &f.cause), ("symptom", &f.symptom), ("platform", &f.platform), ("org", &f.org), ("year", &f.year)];
    for (key, values) in groups {
        for v in values {
            filters.push(key, v)?;
        }
    }
    let res = casebook_service::search(b, text, &filters, Some(limit)).map_err(|e| anyhow::anyhow!("{e}"))?;
    if json {
        print(&serde_json::to_string_pretty(&res)?)?;
    } else {
        let mut s = String::new();
        for h in &res.results {
            let _ = writeln!(s, "{}  {}\n    {}", h.id, h.title, h.snippet);
        }
        let _ = writeln!(s, "{} result(s)", res.total);
        print(&s)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Plain-text rendering of a case, field by field, omitting empty fields.
#[allow(clippy::many_single_char_names)]
pub(crate) fn render_case(b: &Bundle, c: &casebook_model::Case) -> String {
    use casebook_model::VocabKind as K;
    let v = &b.vocabulary;
    let l = |en| casebook_model::field_label(b.lang, en);
    let mut s = String::new();
    let _ = writeln!(s, "{}\n{}", c.title, "=".repeat(c.title.chars().count().min(80)));
    let _ = writeln!(s, "id: {}", c.id);
    if !c.aliases.is_empty() {
        let _ = writeln!(s, "{}: {}", l("aliases"), c.aliases.join(", "));
    }
    let _ = writeln!(s, "{}: {}", l("organisation"), c.organisation);
    let _ = writeln!(s, "{}: {}{}", l("start"), c.start_date_in(b.lang), c.end.as_ref().map(|e| format!("  {}: {e}", l("end"))).unwrap_or_default());
    if let Some(d) = c.duration() {
        let _ = writeln!(s, "{}: {}h{:02}m", l("duration"), d / 60, d % 60);
    }
    if let Some(r) = &c.region {
        let _ = writeln!(s, "{}: {r}", l("region"));
    }
    let labels = |k, ids: &[String]| ids.iter().map(|i| v.label(k, i)).collect::<Vec<_>>().join(", ");
    if !c.platform.is_empty() {
        let _ = writeln!(s, "{}: {}", l("platform"), labels(K::Platform, &c.platform));
    }
    let _ = writeln!(s, "{}: {}", l("cause"), v.label(K::Cause, &c.cause));
    let _ = writeln!(s, "{}: {}", l("components"), labels(K::Component, &c.components));
    let _ = writeln!(s, "{}: {}", l("symptoms"), labels(K::Symptom, &c.symptoms));
    let _ = writeln!(s, "\n{}\n\n{}: {}\n{}: {}", c.summary.trim(), l("impact"), c.impact, l("trigger"), c.trigger);
    if let Some(d) = &c.detection {
        let _ = writeln!(s, "{}: {d}", l("detection"));
    }
    for (title, list) in [("contributing factors", &c.contributing_factors), ("lessons", &c.lessons)] {
        if !list.is_empty() {
            let _ = writeln!(s, "\n{}:", l(title));
            for x in list {
                let _ = writeln!(s, "  - {x}");
            }
        }
    }
    if !c.timeline.is_empty() {
        let _ = writeln!(s, "\n{}:", l("timeline"));
        for t in &c.timeline {
            let _ = writeln!(s, "  {}  {}", t.at, t.action);
        }
    }
    if !c.follow_ups.is_empty() {
        let _ = writeln!(s, "\n{}:", l("follow-ups"));
        for f in &c.follow_ups {
            let due = f.due.as_ref().map(|d| format!(" ({} {d})", l("due"))).unwrap_or_default();
            let st = f.status.as_ref().map(|d| format!(" [{d}]")).unwrap_or_default();
            let _ = writeln!(s, "  - {}{due}{st}", f.action);
        }
    }
    let _ = writeln!(s, "\n{}:", l("sources"));
    for src in &c.sources {
        let _ = writeln!(s, "  - {} ({})", src.url, v.label(K::SourceKind, &src.kind));
    }
    let _ = writeln!(s, "{}: {}", l("checked"), c.checked);
    s
}
