use serde::{Deserialize, Serialize};

/// A manifest rule's documentation, as data: what the web app shows on its
/// rule pages and case pages without linking the rules' code (which runs in
/// the review worker and the CLI).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleDoc {
    /// Stable id (`probe-liveness-checks-dependency`).
    pub id: String,
    /// One-line description.
    pub title: String,
    /// Default severity (`error`, `warning`, `info`).
    pub severity: String,
    /// Ids of the cases the rule is grounded in.
    pub cases: Vec<String>,
    /// Markdown with the sections `What it does`, `Why it matters`, `Example`
    /// and `Use instead`.
    pub docs: String,
}

impl RuleDoc {
    /// One section of the docs (`"Why it matters"`), trimmed.
    pub fn section(&self, name: &str) -> Option<&str> {
        doc_section(&self.docs, name)
    }
}

/// The docs' section names in English and Korean: Korean docs head their
/// sections with the Korean name, and are looked up by the English one.
pub const SECTIONS: [(&str, &str); 4] = [("What it does", "하는 일"), ("Why it matters", "왜 중요한가"), ("Example", "예시"), ("Use instead", "대신 이렇게")];

/// One `## name` section of rule docs, trimmed; `None` when it is missing.
/// `name` is the English section name; Korean docs' headings are found by it too.
pub fn doc_section<'a>(docs: &'a str, name: &str) -> Option<&'a str> {
    let ko = SECTIONS.iter().find(|(en, _)| *en == name).map(|(_, ko)| *ko);
    let (at, heading) = if let Some(at) = docs.find(&format!("## {name}\n")) {
        (at, name)
    } else {
        let ko = ko?;
        (docs.find(&format!("## {ko}\n"))?, ko)
    };
    let start = at + heading.len() + 4;
    let rest = &docs[start..];
    Some(rest[..rest.find("\n## ").unwrap_or(rest.len())].trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_are_found_and_trimmed() {
        let docs = "## What it does\nFlags X.\n\n## Why it matters\n Y broke.\n";
        assert_eq!(doc_section(docs, "What it does"), Some("Flags X."));
        assert_eq!(doc_section(docs, "Why it matters"), Some("Y broke."));
        assert_eq!(doc_section(docs, "Example"), None);
        let ko = "## 하는 일\nX를 찾는다.\n\n## 왜 중요한가\nY가 고장 났다.\n";
        assert_eq!(doc_section(ko, "Why it matters"), Some("Y가 고장 났다."));
    }
}
