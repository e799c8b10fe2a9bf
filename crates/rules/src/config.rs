//! The project config file, `.casebook.toml`: per-rule severity, disabled
//! rules, and excluded paths, namespaces and kinds. The CLI and the browser
//! read it with this same code, so it means the same in both.
//!
//! ```toml
//! # .casebook.toml
//! min-severity = "warning"          # report (and fail CI on) this and above
//!
//! [rules]
//! pdb-missing = "off"               # disable a rule
//! single-replica-behind-service = "error"
//!
//! [exclude]
//! paths = ["charts/*/templates/tests/**"]
//! namespaces = ["kube-system"]
//! kinds = ["CronJob"]
//! ```
//!
//! Only this subset of TOML is read: comments, `[table]` headers, and keys
//! set to a quoted string or an array of quoted strings.

use crate::review::{rule, Options};
use crate::msg;
use crate::rule::{Msg, Severity};

/// The config file's name, found by walking up from the input.
pub const CONFIG_FILE: &str = ".casebook.toml";

/// A parsed project config.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Config {
    /// `min-severity`, when set.
    pub min_severity: Option<Severity>,
    /// Per-rule severity.
    pub severities: Vec<(String, Severity)>,
    /// Rules turned off.
    pub disabled: Vec<String>,
    /// Glob patterns of input paths to skip (`*` within a path segment, `**` across segments).
    pub exclude_paths: Vec<String>,
    /// Namespaces whose objects are not reported.
    pub exclude_namespaces: Vec<String>,
    /// Kinds that are not reported.
    pub exclude_kinds: Vec<String>,
}

/// Why a config file could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// 1-based line.
    pub line: u32,
    /// What is wrong, in each language.
    pub message: Msg,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message.en)
    }
}

enum Val {
    Str(String),
    List(Vec<String>),
}

fn parse_string(s: &str) -> Option<(String, &str)> {
    let s = s.trim_start();
    let quote = s.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let rest = &s[1..];
    let end = rest.find(quote)?;
    Some((rest[..end].to_string(), &rest[end + 1..]))
}

fn strip_comment(s: &str) -> &str {
    s.trim_start().strip_prefix('#').map_or(s, |_| "").trim()
}

fn parse_value(s: &str) -> Result<Val, Msg> {
    let s = s.trim();
    if let Some(mut rest) = s.strip_prefix('[') {
        let mut items = Vec::new();
        loop {
            rest = rest.trim_start();
            if let Some(after) = rest.strip_prefix(']') {
                return if strip_comment(after).is_empty() { Ok(Val::List(items)) } else { Err(msg!("unexpected text after the array", "배열 뒤에 예상하지 못한 텍스트가 있다")) };
            }
            let (item, after) = parse_string(rest).ok_or_else(|| msg!("arrays hold quoted strings, e.g. [\"kube-system\"]", "배열에는 따옴표로 묶은 문자열을 넣는다. 예: [\"kube-system\"]"))?;
            items.push(item);
            rest = after.trim_start();
            rest = rest.strip_prefix(',').unwrap_or(rest);
        }
    }
    let (v, after) = parse_string(s).ok_or_else(|| msg!("values are quoted strings or arrays of them", "값은 따옴표로 묶은 문자열이거나 그 배열이다"))?;
    if strip_comment(after).is_empty() {
        Ok(Val::Str(v))
    } else {
        Err(msg!("unexpected text after the value", "값 뒤에 예상하지 못한 텍스트가 있다"))
    }
}

impl Config {
    /// Parses the text of a `.casebook.toml`. Unknown tables, keys and rule
    /// ids are errors, so a typo never silently does nothing.
    pub fn parse(text: &str) -> Result<Self, ConfigError> {
        let mut c = Config::default();
        let mut table = String::new();
        for (n, raw) in (1u32..).zip(text.lines()) {
            let err = |message: Msg| ConfigError { line: n, message };
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(h) = line.strip_prefix('[') {
                let name = h.split(']').next().unwrap_or_default().trim();
                if !matches!(name, "rules" | "exclude") {
                    return Err(err(msg!("unknown table [{name}]; expected [rules] or [exclude]", "알 수 없는 테이블 [{name}]. [rules]나 [exclude]여야 한다")));
                }
                table = name.to_string();
                continue;
            }
            let (key, value) = line.split_once('=').ok_or_else(|| err(msg!("expected `key = value`", "`key = value` 형식이어야 한다")))?;
            let key = key.trim().trim_matches('"');
            let value = parse_value(value).map_err(err)?;
            match (table.as_str(), key, value) {
                ("", "min-severity", Val::Str(s)) => {
                    c.min_severity = Some(Severity::parse(&s).ok_or_else(|| err(msg!("min-severity {s:?} must be info, warning or error", "min-severity {s:?}는 info, warning, error 중 하나여야 한다")))?);
                }
                ("rules", id, Val::Str(s)) => {
                    if rule(id).is_none() && !crate::schema::CHECKS.iter().any(|(c, ..)| *c == id) {
                        return Err(err(msg!("no rule {id:?} (see `casebook rules`)", "{id:?}라는 규칙이 없다(`casebook rules` 참고)")));
                    }
                    if s == "off" {
                        c.disabled.push(id.to_string());
                    } else {
                        let sev = Severity::parse(&s).ok_or_else(|| err(msg!(
                            "{id} = {s:?}: expected \"off\", \"info\", \"warning\" or \"error\"",
                            "{id} = {s:?}: \"off\", \"info\", \"warning\", \"error\" 중 하나여야 한다"
                        )))?;
                        c.severities.push((id.to_string(), sev));
                    }
                }
                ("exclude", "paths", Val::List(v)) => c.exclude_paths = v,
                ("exclude", "namespaces", Val::List(v)) => c.exclude_namespaces = v,
                ("exclude", "kinds", Val::List(v)) => c.exclude_kinds = v,
                ("exclude", k, _) if matches!(k, "paths" | "namespaces" | "kinds") => return Err(err(msg!("exclude.{k} takes an array of strings", "exclude.{k}에는 문자열 배열을 쓴다"))),
                ("exclude", k, _) => return Err(err(msg!("unknown key exclude.{k}; expected paths, namespaces or kinds", "알 수 없는 키 exclude.{k}. paths, namespaces, kinds 중 하나여야 한다"))),
                ("", k, _) => return Err(err(msg!("unknown key {k:?}; expected min-severity, [rules] or [exclude]", "알 수 없는 키 {k:?}. min-severity, [rules], [exclude] 중 하나여야 한다"))),
                (_, k, _) => return Err(err(msg!("{k}: expected a quoted string", "{k}: 따옴표로 묶은 문자열이어야 한다"))),
            }
        }
        Ok(c)
    }

    /// Applies the config to review options. Settings given on the command
    /// line (`extra`) win over the file's.
    pub fn apply(&self, options: &mut Options) {
        for (id, s) in &self.severities {
            if !options.overrides.iter().any(|(o, _)| o == id) {
                options.overrides.push((id.clone(), *s));
            }
        }
        options.disabled.extend(self.disabled.iter().cloned());
        options.exclude_namespaces.extend(self.exclude_namespaces.iter().cloned());
        options.exclude_kinds.extend(self.exclude_kinds.iter().cloned());
    }

    /// Whether an input path (relative to the config file, `/`-separated) is excluded.
    pub fn excludes_path(&self, path: &str) -> bool {
        let path = path.trim_start_matches("./");
        self.exclude_paths.iter().any(|p| glob_match(p.trim_start_matches("./"), path))
    }
}

/// `*` matches within one path segment, `**` across segments (`**/` also
/// matches nothing), `?` one character other than `/`.
pub fn glob_match(pattern: &str, path: &str) -> bool {
    enum T {
        Deep,
        Star,
        One,
        Lit(u8),
    }
    let p = pattern.as_bytes();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < p.len() {
        if p[i] == b'*' && p.get(i + 1) == Some(&b'*') {
            toks.push(T::Deep);
            i += if p.get(i + 2) == Some(&b'/') { 3 } else { 2 };
        } else {
            toks.push(match p[i] {
                b'*' => T::Star,
                b'?' => T::One,
                c => T::Lit(c),
            });
            i += 1;
        }
    }
    let s = path.as_bytes();
    // ok[j]: the tokens from t on match s[j..]; filled from the last token back.
    let mut ok = vec![false; s.len() + 1];
    ok[s.len()] = true;
    for t in toks.iter().rev() {
        let mut next = vec![false; s.len() + 1];
        for j in (0..=s.len()).rev() {
            next[j] = match t {
                T::Deep => ok[j] || (j < s.len() && next[j + 1]),
                T::Star => ok[j] || (j < s.len() && s[j] != b'/' && next[j + 1]),
                T::One => j < s.len() && s[j] != b'/' && ok[j + 1],
                T::Lit(c) => j < s.len() && s[j] == *c && ok[j + 1],
            };
        }
        ok = next;
    }
    ok[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_documented_example() {
        let c = Config::parse("# x\nmin-severity = \"warning\"\n[rules]\npdb-missing = \"off\"\nspread-missing = 'error' # loud\n[exclude]\npaths = [\"charts/*/templates/tests/**\"]\nnamespaces = [\"kube-system\", \"monitoring\"]\nkinds = []\n").unwrap();
        assert_eq!(c.min_severity, Some(Severity::Warning));
        assert_eq!(c.disabled, vec!["pdb-missing"]);
        assert_eq!(c.severities, vec![("spread-missing".to_string(), Severity::Error)]);
        assert_eq!(c.exclude_namespaces, vec!["kube-system", "monitoring"]);
        assert!(c.exclude_kinds.is_empty());
        assert!(c.excludes_path("charts/web/templates/tests/a/b.yaml"));
        assert!(!c.excludes_path("charts/web/templates/deploy.yaml"));
    }

    #[test]
    fn typos_are_errors_with_their_line() {
        let e = Config::parse("[rules]\npdb-mising = \"off\"\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.en.contains("no rule \"pdb-mising\""), "{e}");
        assert_eq!(Config::parse("[rule]\n").unwrap_err().line, 1);
        assert!(Config::parse("[rules]\npdb-missing = \"loud\"\n").unwrap_err().message.en.contains("expected \"off\""));
        assert!(Config::parse("[exclude]\nnamespace = [\"a\"]\n").unwrap_err().message.en.contains("unknown key exclude.namespace"));
        assert!(Config::parse("[exclude]\nkinds = \"Job\"\n").unwrap_err().message.en.contains("array"));
        assert!(Config::parse("min-severity = warning\n").is_err());
        assert!(Config::parse("[exclude]\nkinds = [\"Job\"\n").is_err());
    }

    #[test]
    fn globs() {
        assert!(glob_match("*.yaml", "a.yaml"));
        assert!(!glob_match("*.yaml", "dir/a.yaml"));
        assert!(glob_match("**/*.yaml", "dir/sub/a.yaml"));
        assert!(glob_match("**/*.yaml", "a.yaml"));
        assert!(glob_match("tests/**", "tests/x/y"));
        assert!(glob_match("a?c", "abc"));
        assert!(!glob_match("a?c", "a/c"));
        assert!(!glob_match("tests/**", "other/tests/x"));
    }
}
