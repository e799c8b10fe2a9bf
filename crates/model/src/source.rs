//! Reading case files from disk (native only).

use crate::{validate_case, validate_library, Case, Problem, Vocabulary};
use std::fmt;
use std::path::{Path, PathBuf};

/// The vocabulary file, compiled in so that every build uses the same terms.
pub const VOCABULARY_TOML: &str = include_str!("../vocabulary.toml");

/// A problem tied to a case file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileProblem {
    /// The file, relative to where it was loaded from.
    pub file: PathBuf,
    /// The field and the reason.
    pub problem: Problem,
}

impl fmt::Display for FileProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.file.display(), self.problem.field, self.problem.reason)
    }
}

/// Why the library could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// The cases directory (or a file in it) could not be read.
    Io {
        /// The path that failed.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The built-in vocabulary is malformed (a bug in `vocabulary.toml`).
    Vocabulary(String),
    /// One or more case files are invalid; every problem is listed.
    Invalid(Vec<FileProblem>),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io { path, source } => write!(f, "cannot read {}: {source}", path.display()),
            Self::Vocabulary(e) => write!(f, "vocabulary.toml is invalid: {e}"),
            Self::Invalid(problems) => {
                writeln!(f, "{} problem(s) in case files:", problems.len())?;
                for p in problems {
                    writeln!(f, "  {p}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for LoadError {}

impl Vocabulary {
    /// The built-in vocabulary from `vocabulary.toml`.
    pub fn builtin() -> Result<Self, LoadError> {
        toml::from_str(VOCABULARY_TOML).map_err(|e| LoadError::Vocabulary(e.to_string()))
    }
}

const KNOWN_KEYS: &[&str] = &[
    "id", "aliases", "title", "summary", "organisation", "start", "reported", "end", "region", "platform", "impact",
    "duration_minutes", "time_to_detect_minutes", "trigger", "cause", "components", "symptoms",
    "contributing_factors", "detection", "lessons", "timeline", "follow_ups", "sources", "checked", "ko",
];

const NESTED_KEYS: &[(&str, &[&str])] = &[
    ("sources", &["url", "kind", "title", "archive_url", "read", "copy_url"]),
    ("timeline", &["at", "action"]),
    ("follow_ups", &["action", "due", "status"]),
];

/// Parses one case file's text. Problems are syntax, unknown fields and type errors;
/// content validation is [`validate_case`].
pub fn parse_case_toml(text: &str) -> Result<Case, Vec<Problem>> {
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        let line = e.span().map(|s| 1 + text[..s.start.min(text.len())].matches('\n').count());
        let field = line.map_or_else(|| "toml".to_string(), |l| format!("toml (line {l})"));
        vec![Problem { field, reason: e.message().to_string() }]
    })?;
    let mut problems: Vec<Problem> = table
        .keys()
        .filter(|k| !KNOWN_KEYS.contains(&k.as_str()))
        .map(|k| Problem { field: k.clone(), reason: "is not a case field (see docs/case-format.md)".into() })
        .collect();
    // Keys inside the tables of the list fields.
    for (list, keys) in NESTED_KEYS {
        if let Some(toml::Value::Array(items)) = table.get(*list) {
            for (i, item) in items.iter().enumerate() {
                if let toml::Value::Table(t) = item {
                    for k in t.keys().filter(|k| !keys.contains(&k.as_str())) {
                        problems.push(Problem {
                            field: format!("{list}[{i}].{k}"),
                            reason: format!("is not a field of `{list}` (expected one of: {})", keys.join(", ")),
                        });
                    }
                }
            }
        }
    }
    // Deserialize field by field so that every type error is reported, not just the first.
    for (k, v) in &table {
        if !KNOWN_KEYS.contains(&k.as_str()) {
            continue;
        }
        let mut one = toml::Table::new();
        one.insert(k.clone(), v.clone());
        if let Err(e) = toml::Value::Table(one).try_into::<Case>() {
            problems.push(Problem { field: k.clone(), reason: e.message().trim().to_string() });
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    toml::Value::Table(table)
        .try_into::<Case>()
        .map_err(|e| vec![Problem { field: "toml".into(), reason: e.message().to_string() }])
}

/// Loads and validates every `*.toml` case file in `dir`, sorted by id.
///
/// Every problem in every file is collected before failing, so an author sees
/// the whole list at once.
pub fn load_cases_dir(dir: &Path, vocab: &Vocabulary) -> Result<Vec<Case>, LoadError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| LoadError::Io { path, source }
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io(dir))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let mut problems = Vec::new();
    let mut cases = Vec::new();
    let mut case_files = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).map_err(io(&file))?;
        let shown = file.strip_prefix(dir.parent().unwrap_or(dir)).unwrap_or(&file).to_path_buf();
        match parse_case_toml(&text) {
            Err(ps) => problems.extend(ps.into_iter().map(|problem| FileProblem { file: shown.clone(), problem })),
            Ok(case) => {
                let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
                if !case.id.is_empty() && case.id != stem {
                    problems.push(FileProblem {
                        file: shown.clone(),
                        problem: Problem { field: "id".into(), reason: format!("{:?} must equal the file name {stem:?}", case.id) },
                    });
                }
                problems.extend(validate_case(&case, vocab).into_iter().map(|problem| FileProblem { file: shown.clone(), problem }));
                cases.push(case);
                case_files.push(shown);
            }
        }
    }
    for (i, problem) in validate_library(&cases) {
        problems.push(FileProblem { file: case_files[i].clone(), problem });
    }
    if !problems.is_empty() {
        return Err(LoadError::Invalid(problems));
    }
    cases.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_vocabulary_parses_and_every_term_is_defined() {
        let v = Vocabulary::builtin().unwrap();
        for kind in crate::VocabKind::ALL {
            assert!(!v.terms(kind).is_empty(), "{kind:?}");
            for t in v.terms(kind) {
                assert!(!t.label.is_empty() && t.definition.ends_with('.'), "{t:?}");
            }
        }
    }

    #[test]
    fn syntax_error_names_the_line() {
        let err = parse_case_toml("id = \"x\"\ntitle = \n").unwrap_err();
        assert!(err[0].field.contains("line 2"), "{err:?}");
    }

    #[test]
    fn unknown_and_mistyped_fields_are_all_listed() {
        let err = parse_case_toml("id = \"x\"\ncolour = \"red\"\nduration_minutes = \"long\"\ncomponents = 3\n").unwrap_err();
        let fields: Vec<_> = err.iter().map(|p| p.field.as_str()).collect();
        assert!(fields.contains(&"colour") && fields.contains(&"duration_minutes") && fields.contains(&"components"), "{fields:?}");
    }
}
