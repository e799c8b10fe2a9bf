//! What a rule is: metadata as data, plus a check function.

use crate::objects::Object;
use crate::yaml::Node;
use serde::Serialize;

/// How serious a finding is. Each rule has a default; users can override it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Severity {
    /// Worth knowing.
    Info,
    /// Likely to hurt in an incident.
    Warning,
    /// Has caused outages as written.
    Error,
}

impl Severity {
    /// Parses `info`, `warning` or `error`.
    pub fn parse(s: &str) -> Option<Self> {
        match s.to_ascii_lowercase().as_str() {
            "info" | "note" => Some(Self::Info),
            "warning" | "warn" => Some(Self::Warning),
            "error" => Some(Self::Error),
            _ => None,
        }
    }

    /// The lowercase name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Info => "info",
            Self::Warning => "warning",
            Self::Error => "error",
        }
    }
}

/// The area a rule belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Category {
    /// Liveness, readiness and startup probes.
    Probes,
    /// Services, selectors and traffic routing.
    Traffic,
    /// Resource requests and limits.
    Resources,
    /// Replicas, disruption budgets and spreading.
    Availability,
    /// Rollout strategy.
    Rollout,
    /// `ConfigMap` and Secret references.
    Config,
    /// Service-mesh retries and timeouts.
    Resilience,
    /// Security posture.
    Security,
    /// Comparing a before and an after version.
    Change,
}

/// A message in every locale: English and Korean, formatted from the same
/// arguments by [`msg!`](crate::msg). A rule cannot emit a finding in one
/// language only.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Msg {
    /// English.
    pub en: String,
    /// Korean.
    pub ko: String,
}

impl Msg {
    /// The text in `lang`.
    pub fn get(&self, lang: casebook_model::Lang) -> &str {
        lang.pick(&self.en, &self.ko)
    }

    /// The text in `lang`, owned.
    pub fn into_lang(self, lang: casebook_model::Lang) -> String {
        match lang.built() {
            casebook_model::Lang::En => self.en,
            casebook_model::Lang::Ko => self.ko,
        }
    }

    /// Both texts with the same suffix in each language (`, ` + reason).
    #[must_use]
    pub fn join(mut self, sep: &str, more: &Msg) -> Msg {
        self.en.push_str(sep);
        self.en.push_str(&more.en);
        self.ko.push_str(sep);
        self.ko.push_str(&more.ko);
        self
    }

    /// Builds each language's text, leaving out the ones this build does
    /// not keep ([`KEEP_EN`](crate::KEEP_EN), [`KEEP_KO`](crate::KEEP_KO)):
    /// their closures are never called, so their strings are not in the binary.
    #[inline]
    pub fn new(en: impl FnOnce() -> String, ko: impl FnOnce() -> String) -> Msg {
        Msg { en: if crate::KEEP_EN { en() } else { String::new() }, ko: if crate::KEEP_KO { ko() } else { String::new() } }
    }

    /// Appends a clause, given in each language.
    // Always inlined, so that in a one-locale build the unused string is
    // referenced nowhere and is left out of the binary.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn push(&mut self, en: &str, ko: &str) {
        if crate::KEEP_EN {
            self.en.push_str(en);
        }
        if crate::KEEP_KO {
            self.ko.push_str(ko);
        }
    }

    /// The same text in both languages: a name or a value, not prose.
    pub fn verbatim(s: impl Into<String>) -> Msg {
        let en = s.into();
        Msg { ko: en.clone(), en }
    }
}

/// Formats a [`Msg`]: `msg!("en {x}", "ko {x}")`, both from the same
/// arguments (inline captures work in both strings).
#[macro_export]
macro_rules! msg {
    ($en:literal, $ko:literal $(,)?) => {
        $crate::Msg::new(|| format!($en), || format!($ko))
    };
    ($en:literal, $ko:literal, $($arg:tt)+) => {
        $crate::Msg::new(|| format!($en, $($arg)+), || format!($ko, $($arg)+))
    };
}

/// A manifest rule: metadata as data, plus its check.
pub struct Rule {
    /// Stable id, used in output and in `casebook.dev/ignore`.
    pub id: &'static str,
    /// One-line description.
    pub title: &'static str,
    /// The title in Korean.
    pub title_ko: &'static str,
    /// Area.
    pub category: Category,
    /// Default severity.
    pub severity: Severity,
    /// Case ids this rule is grounded in.
    pub cases: &'static [&'static str],
    /// Markdown docs with the sections `What it does`, `Why it matters`,
    /// `Example` and `Use instead`.
    pub docs: &'static str,
    /// The docs in Korean, with the sections `하는 일`, `왜 중요한가`, `예시`
    /// and `대신 이렇게`.
    pub docs_ko: &'static str,
    /// Whether the rule compares a before and an after version.
    pub needs_before: bool,
    /// What to change, in one sentence (and, where it is mechanical, the YAML
    /// to apply). A finding can carry a more specific fix of its own.
    pub fix: &'static str,
    /// The fix in Korean.
    pub fix_ko: &'static str,
    /// The check.
    pub(crate) check: fn(&Input<'_>, &mut Emitter),
}

impl std::fmt::Debug for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rule").field("id", &self.id).finish_non_exhaustive()
    }
}

impl Rule {
    /// One section of the docs (`"Why it matters"`), trimmed.
    pub fn section(&self, name: &str) -> Option<&'static str> {
        casebook_model::doc_section(self.docs, name)
    }

    /// One section of the docs in `lang`, by its English name.
    pub fn section_in(&self, lang: casebook_model::Lang, name: &str) -> Option<&'static str> {
        casebook_model::doc_section(lang.pick(self.docs, self.docs_ko), name)
    }

    /// The rule's documentation as data, for the bundle.
    pub fn doc(&self) -> casebook_model::RuleDoc {
        self.doc_in(casebook_model::Lang::En)
    }

    /// The rule's documentation in `lang`.
    pub fn doc_in(&self, lang: casebook_model::Lang) -> casebook_model::RuleDoc {
        casebook_model::RuleDoc {
            id: self.id.to_string(),
            title: self.title_in(lang).to_string(),
            severity: self.severity.as_str().to_string(),
            cases: self.cases.iter().map(|c| (*c).to_string()).collect(),
            docs: lang.pick(self.docs, self.docs_ko).to_string(),
        }
    }

    /// The title in `lang`.
    pub fn title_in(&self, lang: casebook_model::Lang) -> &'static str {
        lang.pick(self.title, self.title_ko)
    }

    /// The general fix in `lang`.
    pub fn fix_in(&self, lang: casebook_model::Lang) -> &'static str {
        lang.pick(self.fix, self.fix_ko)
    }
}

/// What a rule sees: the objects, the before version for change rules, and
/// lookup tables built once per review so that rules stay linear in the input.
#[derive(Debug, Clone, Copy)]
pub struct Input<'a> {
    /// The objects under review (the "after" version in a change review).
    pub objects: &'a [Object],
    /// The previous version, in a before/after review.
    pub before: Option<&'a [Object]>,
    pub(crate) lookup: &'a crate::rules::Lookup<'a>,
}

/// A finding as a rule emits it, before the runner adds rule metadata.
#[derive(Debug, Clone)]
pub struct Raw {
    pub(crate) object: usize,
    pub(crate) line: u32,
    pub(crate) column: u32,
    pub(crate) message: Msg,
    pub(crate) fix: Option<Msg>,
    pub(crate) cap: Option<Severity>,
}

impl Raw {
    /// A fix specific to this finding, in place of the rule's general one.
    pub fn fix(&mut self, fix: Msg) -> &mut Self {
        self.fix = Some(fix);
        self
    }

    /// Caps this finding's severity: the rule can't be sure here, or the
    /// context (an init container, a one-shot Job, a node agent) makes it matter less.
    pub fn at_most(&mut self, cap: Severity) -> &mut Self {
        self.cap = Some(self.cap.map_or(cap, |c| c.min(cap)));
        self
    }
}

/// Collects findings from one rule.
#[derive(Debug, Default)]
pub struct Emitter {
    pub(crate) raw: Vec<Raw>,
    /// Checks a rule could not make on this input, shown as notices.
    pub(crate) not_checked: Vec<(u32, u32, Msg)>,
}

impl Emitter {
    /// Reports a finding on object number `object` (index into `Input::objects`) at `at`.
    pub fn emit(&mut self, object: usize, at: &Node, message: Msg) -> &mut Raw {
        self.raw.push(Raw { object, line: at.line, column: at.col, message, fix: None, cap: None });
        let last = self.raw.len() - 1;
        &mut self.raw[last]
    }

    /// Says, as a notice, that a check was not made at `at` and why: the
    /// input does not show what the rule would need to tell.
    pub fn not_checked(&mut self, at: &Node, message: Msg) {
        self.not_checked.push((at.line, at.col, message));
    }
}
