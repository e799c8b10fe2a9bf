//! `casebook check` and `casebook rules`: thin wrappers over casebook-rules.

use crate::args::Format;
use crate::out::print;
use anyhow::{bail, Context};
use casebook_rules::{review, rule, rules, to_json, to_markdown, to_sarif, to_text, Config, Options, Severity, CONFIG_FILE, MAX_INPUT_BYTES};
use std::fmt::Write;
use std::io::Read;
use std::process::ExitCode;

/// Where case pages live, for links in Markdown and SARIF.
const CASE_URL: &str = "https://casebook.example/cases/";

/// Reads a file or stdin as UTF-8 text, refusing oversized or binary input.
fn read_input(path: &str) -> anyhow::Result<String> {
    let mut bytes = Vec::new();
    let limit = (MAX_INPUT_BYTES + 1) as u64;
    if path == "-" {
        std::io::stdin().lock().take(limit).read_to_end(&mut bytes).context("cannot read standard input")?;
    } else {
        let file = std::fs::File::open(path).with_context(|| format!("cannot open {path}"))?;
        // Read into a buffer of the file's size: growing by doubling held
        // up to twice the input at once.
        if let Ok(meta) = file.metadata() {
            bytes.reserve_exact(usize::try_from(meta.len().min(limit)).unwrap_or(0));
        }
        file.take(limit)
            .read_to_end(&mut bytes)
            .with_context(|| format!("cannot read {path}"))?;
    }
    if bytes.len() > MAX_INPUT_BYTES {
        bail!("{path} is larger than {} MB; split it and check the parts", MAX_INPUT_BYTES / 1_048_576);
    }
    String::from_utf8(bytes).map_err(|e| anyhow::anyhow!("{path} is not UTF-8 text (invalid byte at offset {}); paste YAML", e.utf8_error().valid_up_to()))
}

pub(crate) struct CheckArgs {
    pub(crate) file: String,
    pub(crate) before: Option<String>,
    pub(crate) format: Format,
    pub(crate) min_severity: Option<String>,
    pub(crate) severity: Vec<String>,
    pub(crate) only: Vec<String>,
    pub(crate) config: Option<String>,
    pub(crate) no_config: bool,
    pub(crate) kube_version: Option<String>,
    /// Read the cluster with kubectl instead of `file`.
    pub(crate) kubectl: Option<Kubectl>,
    /// The language of messages and fixes.
    pub(crate) lang: casebook_model::Lang,
}

/// Where `--kubectl` reads from.
pub(crate) struct Kubectl {
    pub(crate) context: Option<String>,
    pub(crate) namespace: Option<String>,
}

/// Runs the read-only plan and joins what the commands print. Custom
/// resources the cluster does not have are skipped; any other failure stops
/// the review with kubectl's own message.
fn read_cluster(k: &Kubectl) -> anyhow::Result<String> {
    let plan = casebook_service::kubectl_plan(k.context.as_deref(), k.namespace.as_deref()).map_err(|e| anyhow::anyhow!("{e}"))?;
    let first_optional = plan.commands.len() - plan.optional;
    let mut out = String::new();
    for (i, args) in plan.commands.iter().enumerate() {
        debug_assert_eq!(args.iter().find(|a| !a.starts_with('-') && k.context.as_deref() != Some(a.as_str())).map(String::as_str), Some("get"));
        let run = std::process::Command::new("kubectl").args(args).output().with_context(|| "cannot run kubectl; is it installed and on PATH?")?;
        let stderr = String::from_utf8_lossy(&run.stderr);
        if !run.status.success() {
            let missing_kind = stderr.contains("doesn't have a resource type") || stderr.contains("the server could not find the requested resource");
            if i >= first_optional && missing_kind {
                continue;
            }
            bail!("kubectl {} failed: {}", args.join(" "), stderr.trim());
        }
        let text = String::from_utf8(run.stdout).map_err(|_| anyhow::anyhow!("kubectl {} printed something that is not UTF-8", args.join(" ")))?;
        if out.len() + text.len() > MAX_INPUT_BYTES {
            bail!("the cluster's objects are larger than {} MB; review one namespace at a time with -n", MAX_INPUT_BYTES / 1_048_576);
        }
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        if !out.is_empty() {
            out.push_str("---\n");
        }
        out.push_str(&text);
    }
    Ok(out)
}

/// The project config: `--config`, else the nearest `.casebook.toml` in the
/// input's folder or above it (the current folder for standard input).
fn find_config(a: &CheckArgs) -> anyhow::Result<Option<(std::path::PathBuf, Config)>> {
    if a.no_config {
        return Ok(None);
    }
    let path = if let Some(p) = &a.config {
        Some(std::path::PathBuf::from(p))
    } else {
        let start = if a.file == "-" { std::env::current_dir()? } else { std::path::Path::new(&a.file).parent().map(std::path::Path::to_path_buf).unwrap_or_default() };
        let start = std::fs::canonicalize(if start.as_os_str().is_empty() { std::path::Path::new(".") } else { &start }).unwrap_or(start);
        start.ancestors().map(|d| d.join(CONFIG_FILE)).find(|p| p.is_file())
    };
    let Some(path) = path else { return Ok(None) };
    let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read the config {}", path.display()))?;
    let config = Config::parse(&text).map_err(|e| match a.lang {
        casebook_model::Lang::En => anyhow::anyhow!("{}: line {}: {}", path.display(), e.line, e.message.en),
        casebook_model::Lang::Ko => anyhow::anyhow!("{}: {}행: {}", path.display(), e.line, e.message.ko),
    })?;
    Ok(Some((path, config)))
}

pub(crate) fn check(a: &CheckArgs) -> anyhow::Result<ExitCode> {
    let config = find_config(a)?;
    let min = match (&a.min_severity, config.as_ref().and_then(|(_, c)| c.min_severity)) {
        (Some(s), _) => Severity::parse(s).ok_or_else(|| anyhow::anyhow!("--min-severity must be info, warning or error"))?,
        (None, Some(s)) => s,
        (None, None) => Severity::Info,
    };
    let known = |id: &str| rule(id).is_some() || casebook_rules::SCHEMA_CHECKS.iter().any(|(c, ..)| *c == id);
    let mut overrides = Vec::new();
    for s in &a.severity {
        let (id, level) = s.split_once('=').ok_or_else(|| anyhow::anyhow!("--severity takes rule-id=level, got {s:?}"))?;
        if !known(id) {
            bail!("--severity: no rule {id:?} (see `casebook rules`)");
        }
        let level = Severity::parse(level).ok_or_else(|| anyhow::anyhow!("--severity {s}: level must be info, warning or error"))?;
        overrides.push((id.to_string(), level));
    }
    for id in &a.only {
        if !known(id) {
            bail!("--only: no rule {id:?} (see `casebook rules`)");
        }
    }
    let mut options = Options { min_severity: min, overrides, only: a.only.clone(), lang: a.lang, ..Options::default() };
    if let Some(v) = &a.kube_version {
        let schema = casebook_rules::Schema::builtin();
        let short = v.trim_start_matches('v').split('.').take(2).collect::<Vec<_>>().join(".");
        if !schema.releases().contains(&short.as_str()) {
            bail!("--kube-version {v}: the schema table covers Kubernetes {}", schema.releases().join(", "));
        }
        options.kube_version = Some(short);
    }
    if let Some((path, c)) = &config {
        if a.file != "-" && a.kubectl.is_none() {
            let base = path.parent().unwrap_or(std::path::Path::new("."));
            let abs = std::fs::canonicalize(&a.file).unwrap_or_else(|_| std::path::PathBuf::from(&a.file));
            let rel = abs.strip_prefix(std::fs::canonicalize(base).unwrap_or_else(|_| base.to_path_buf())).unwrap_or(&abs);
            let rel = rel.to_string_lossy().replace('\\', "/");
            if c.excludes_path(&rel) {
                eprintln!("casebook: {} is excluded by {}", a.file, path.display());
                return Ok(ExitCode::SUCCESS);
            }
        }
        c.apply(&mut options);
    }
    let after = match &a.kubectl {
        Some(k) => read_cluster(k)?,
        None => read_input(&a.file)?,
    };
    let before = a.before.as_deref().map(read_input).transpose()?;
    let report = review(&after, before.as_deref(), &options);
    let name = if a.kubectl.is_some() {
        "<kubectl>"
    } else if a.file == "-" {
        "<stdin>"
    } else {
        a.file.as_str()
    };
    let text = match a.format {
        Format::Text => to_text(&report, name),
        Format::Json => serde_json::to_string_pretty(&to_json(&report))?,
        Format::Sarif => serde_json::to_string_pretty(&to_sarif(&report, name, CASE_URL))?,
        Format::Markdown => to_markdown(&report, CASE_URL),
    };
    print(&text)?;
    Ok(if !report.errors.is_empty() {
        ExitCode::from(2)
    } else if report.findings.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

pub(crate) fn list(id: Option<&str>, json_out: bool, lang: casebook_model::Lang) -> anyhow::Result<ExitCode> {
    let ko = lang == casebook_model::Lang::Ko;
    if let Some(id) = id {
        let r = rule(id).ok_or_else(|| anyhow::anyhow!("no rule {id:?} (see `casebook rules`)"))?;
        if json_out {
            print(&serde_json::to_string_pretty(&casebook_service::rule(id).map_err(|e| anyhow::anyhow!("{e}"))?)?)?;
        } else {
            let grounded = if ko { "근거 장애" } else { "Grounded in" };
            let category = serde_json::to_value(r.category)?;
            let docs = lang.pick(r.docs, r.docs_ko);
            print(&format!("{} ({}, {})\n{}\n\n{grounded}: {}\n\n{docs}", r.id, r.severity.as_str(), category.as_str().unwrap_or_default(), r.title_in(lang), r.cases.join(", ")))?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    if json_out {
        print(&serde_json::to_string_pretty(&casebook_service::rules())?)?;
    } else {
        let mut s = String::new();
        let cases = if ko { "장애" } else { "cases" };
        for r in rules() {
            let _ = writeln!(s, "{:<34} {:<8} {}\n{:<34} {cases}: {}", r.id, r.severity.as_str(), r.title_in(lang), "", r.cases.join(", "));
        }
        if ko {
            let _ = writeln!(s, "규칙 {}개", rules().len());
            let _ = writeln!(s, "\n스키마 검사(공식 Kubernetes OpenAPI, --kube-version으로 릴리스를 고른다):");
        } else {
            let _ = writeln!(s, "{} rules", rules().len());
            let _ = writeln!(s, "\nSchema checks (the official Kubernetes OpenAPI; --kube-version picks the release):");
        }
        for ((id, title, sev, _), (title_ko, _)) in casebook_rules::SCHEMA_CHECKS.iter().zip(casebook_rules::SCHEMA_CHECKS_KO) {
            let _ = writeln!(s, "{id:<34} {:<8} {}", sev.as_str(), lang.pick(title, title_ko));
        }
        print(&s)?;
    }
    Ok(ExitCode::SUCCESS)
}
