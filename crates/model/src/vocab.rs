use serde::{Deserialize, Serialize};

/// The kinds of closed vocabulary a case draws terms from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum VocabKind {
    /// Cause category (`cause`).
    Cause,
    /// Component (`components`).
    Component,
    /// Symptom (`symptoms`).
    Symptom,
    /// Platform (`platform`).
    Platform,
    /// Kind of source (`sources.kind`).
    SourceKind,
}

impl VocabKind {
    /// Every kind, in display order.
    pub const ALL: [VocabKind; 5] = [Self::Cause, Self::Component, Self::Symptom, Self::Platform, Self::SourceKind];

    /// The slug used in URLs (`/topics/component/dns`) and query strings.
    pub fn slug(self) -> &'static str {
        match self {
            Self::Cause => "cause",
            Self::Component => "component",
            Self::Symptom => "symptom",
            Self::Platform => "platform",
            Self::SourceKind => "source_kind",
        }
    }

    /// Parses a slug produced by [`VocabKind::slug`].
    pub fn from_slug(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.slug() == s)
    }

    /// Human label for headings, in `lang`.
    pub fn label_in(self, lang: crate::Lang) -> &'static str {
        match (lang, self) {
            (crate::Lang::En, k) => k.label(),
            (crate::Lang::Ko, Self::Cause) => "원인",
            (crate::Lang::Ko, Self::Component) => "구성 요소",
            (crate::Lang::Ko, Self::Symptom) => "증상",
            (crate::Lang::Ko, Self::Platform) => "플랫폼",
            (crate::Lang::Ko, Self::SourceKind) => "출처 종류",
        }
    }

    /// Human label for headings.
    pub fn label(self) -> &'static str {
        match self {
            Self::Cause => "Cause",
            Self::Component => "Component",
            Self::Symptom => "Symptom",
            Self::Platform => "Platform",
            Self::SourceKind => "Source kind",
        }
    }
}

/// One vocabulary term.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Term {
    /// Slug used in case files and URLs.
    pub id: String,
    /// Display label.
    pub label: String,
    /// One-sentence definition.
    pub definition: String,
    /// The label in Korean (source files only; see [`Vocabulary::localized`]).
    #[serde(default)]
    pub label_ko: Option<String>,
    /// The definition in Korean.
    #[serde(default)]
    pub definition_ko: Option<String>,
}

/// All closed vocabularies, as read from `vocabulary.toml`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vocabulary {
    /// Cause categories.
    #[serde(default)]
    pub cause: Vec<Term>,
    /// Components.
    #[serde(default)]
    pub component: Vec<Term>,
    /// Symptoms.
    #[serde(default)]
    pub symptom: Vec<Term>,
    /// Platforms.
    #[serde(default)]
    pub platform: Vec<Term>,
    /// Source kinds.
    #[serde(default)]
    pub source_kind: Vec<Term>,
}

impl Vocabulary {
    /// The terms of one kind.
    pub fn terms(&self, kind: VocabKind) -> &[Term] {
        match kind {
            VocabKind::Cause => &self.cause,
            VocabKind::Component => &self.component,
            VocabKind::Symptom => &self.symptom,
            VocabKind::Platform => &self.platform,
            VocabKind::SourceKind => &self.source_kind,
        }
    }

    /// The terms of one kind, to change.
    pub(crate) fn terms_mut(&mut self, kind: VocabKind) -> &mut Vec<Term> {
        match kind {
            VocabKind::Cause => &mut self.cause,
            VocabKind::Component => &mut self.component,
            VocabKind::Symptom => &mut self.symptom,
            VocabKind::Platform => &mut self.platform,
            VocabKind::SourceKind => &mut self.source_kind,
        }
    }

    /// Looks a term up by kind and id.
    pub fn term(&self, kind: VocabKind, id: &str) -> Option<&Term> {
        self.terms(kind).iter().find(|t| t.id == id)
    }

    /// The label of a term, or the id itself when unknown.
    pub fn label<'a>(&'a self, kind: VocabKind, id: &'a str) -> &'a str {
        self.term(kind, id).map_or(id, |t| t.label.as_str())
    }
}
