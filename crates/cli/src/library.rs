use crate::args::Source;
use anyhow::Context;
use casebook_bundle::Bundle;
use casebook_model::{load_cases_dir, Lang, Vocabulary};

/// Loads the library: from a built bundle, or by building one from the case files.
/// A built bundle is in one language; `lang` must match it.
pub(crate) fn load(source: &Source, lang: Lang) -> anyhow::Result<Bundle> {
    if let Some(path) = &source.bundle {
        let b = read_bundle(path)?;
        anyhow::ensure!(b.lang == lang, "{} is the {} library; for --lang {} use its {} bundle", path.display(), b.lang.code(), lang.code(), lang.code());
        return Ok(b);
    }
    let vocab = Vocabulary::builtin()?;
    let cases = load_cases_dir(&source.cases, &vocab)?;
    Ok(Bundle::build_in(cases, vocab, &today(), lang).with_rules(rule_docs(lang)))
}

/// The body file that completes the head file `path`: `casebook.bin` →
/// `casebook.body.bin`, `casebook.ko.bin` → `casebook.ko.body.bin`.
pub(crate) fn body_path(path: &std::path::Path) -> std::path::PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let stem = name.strip_suffix(".bin").unwrap_or(&name);
    path.with_file_name(format!("{stem}.body.bin"))
}

/// Reads a built bundle: a whole one, or a head file (what the site serves
/// first) completed by the body file beside it.
pub(crate) fn read_bundle(path: &std::path::Path) -> anyhow::Result<Bundle> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read bundle {}", path.display()))?;
    if let Ok(head) = Bundle::decode_head(&bytes) {
        let body = body_path(path);
        let rest = std::fs::read(&body).with_context(|| format!("{} is a bundle's head; cannot read its body {}", path.display(), body.display()))?;
        return head.with_bodies(&rest).with_context(|| format!("{} does not complete {}", body.display(), path.display()));
    }
    Bundle::decode(&bytes).with_context(|| format!("{} is not a usable bundle", path.display()))
}

/// Every rule's documentation in `lang`, as the bundle carries it.
pub(crate) fn rule_docs(lang: Lang) -> Vec<casebook_model::RuleDoc> {
    casebook_rules::rules().iter().map(|r| r.doc_in(lang)).collect()
}

/// Today's date in UTC, `YYYY-MM-DD`.
pub(crate) fn today() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    // Civil-from-days (Howard Hinnant).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Resolves an id or alias, with a helpful error.
pub(crate) fn find(bundle: &Bundle, key: &str) -> anyhow::Result<usize> {
    bundle.find(key).ok_or_else(|| {
        let close: Vec<&str> = bundle
            .cases
            .iter()
            .filter(|c| c.id.contains(&key.to_lowercase()))
            .take(5)
            .map(|c| c.id.as_str())
            .collect();
        if close.is_empty() {
            anyhow::anyhow!("no case has the id or alias {key:?}")
        } else {
            anyhow::anyhow!("no case has the id or alias {key:?}; did you mean: {}", close.join(", "))
        }
    })
}
