use serde::{Deserialize, Serialize};

/// One public incident, written in Casebook's own words from its sources.
///
/// Every field that a source may not give is optional or may be empty; the
/// facts rule says such fields stay empty rather than being estimated.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Case {
    /// Readable slug, `YYYY-MM-DD-org-topic`; equals the file name.
    pub id: String,
    /// Other ids that resolve to this case, such as seed-library ids (`IL-0346`).
    pub aliases: Vec<String>,
    /// One-line title.
    pub title: String,
    /// Short narrative in Casebook's words.
    pub summary: String,
    /// The organisation that ran the affected system and reported the incident.
    pub organisation: String,
    /// Start, `YYYY-MM-DD` or `YYYY-MM-DDTHH:MMZ` in UTC. Empty when no source
    /// dates the incident; then `reported` must be set.
    pub start: String,
    /// When the primary source was published, `YYYY-MM-DD`. Used to place an
    /// undated incident in time; never presented as its start.
    pub reported: Option<String>,
    /// End, same formats as `start`, when the source gives it.
    pub end: Option<String>,
    /// Region as the source names it.
    pub region: Option<String>,
    /// Platform vocabulary terms.
    pub platform: Vec<String>,
    /// Who and what was affected.
    pub impact: String,
    /// Duration in minutes, only when the source gives it.
    pub duration_minutes: Option<u32>,
    /// Time to detect in minutes, only when the source gives it.
    pub time_to_detect_minutes: Option<u32>,
    /// What set the incident off.
    pub trigger: String,
    /// Cause category vocabulary term.
    pub cause: String,
    /// Component vocabulary terms.
    pub components: Vec<String>,
    /// Symptom vocabulary terms.
    pub symptoms: Vec<String>,
    /// Factors that made it worse or longer.
    pub contributing_factors: Vec<String>,
    /// How the incident was noticed.
    pub detection: Option<String>,
    /// Lessons, as the source draws them.
    pub lessons: Vec<String>,
    /// Mitigation timeline, in order.
    pub timeline: Vec<TimelineEntry>,
    /// Follow-up actions.
    pub follow_ups: Vec<FollowUp>,
    /// Where every fact comes from.
    pub sources: Vec<Source>,
    /// The date the sources were last read, `YYYY-MM-DD`.
    pub checked: String,
    /// The text fields in Korean (`[ko]`), translated from the English above.
    /// Only case files carry it: a published case holds one language.
    pub ko: Option<crate::CaseText>,
}

/// One step of the mitigation timeline.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct TimelineEntry {
    /// When, as precisely as the source says (free text, e.g. `2025-10-20 02:25 PDT`).
    pub at: String,
    /// What happened or was done.
    pub action: String,
}

/// A follow-up action the organisation committed to.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FollowUp {
    /// The action.
    pub action: String,
    /// Target date, only when the source gives one.
    pub due: Option<String>,
    /// `done` or `planned`, when the source says.
    pub status: Option<String>,
}

/// A source of the case's facts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Source {
    /// The URL that was read.
    pub url: String,
    /// Source-kind vocabulary term.
    pub kind: String,
    /// The page title, if recorded.
    pub title: Option<String>,
    /// An archived copy.
    pub archive_url: Option<String>,
    /// How much of the source was read: `full`, or `opening` when only the
    /// page's opening could be read (then the case holds only what that gave).
    pub read: Option<String>,
    /// A faithful copy (a mirror or an archive) that the text was read from,
    /// when it was not read from `url` itself.
    pub copy_url: Option<String>,
}

/// The values of [`Source::read`].
pub const READ_EXTENTS: &[&str] = &["full", "opening"];

impl Source {
    /// Whether only the opening of this source was read.
    pub fn read_opening_only(&self) -> bool {
        self.read.as_deref() == Some("opening")
    }
}

impl Case {
    /// The year the incident started, or, when undated, the year it was reported.
    pub fn year(&self) -> Option<u16> {
        self.sort_date().get(..4).and_then(|y| y.parse().ok())
    }

    /// The date to order cases by: `start`, else `reported`.
    pub fn sort_date(&self) -> &str {
        if self.start.is_empty() {
            self.reported.as_deref().unwrap_or_default()
        } else {
            &self.start
        }
    }

    /// A short human date: the start date, or "reported YYYY-MM-DD" when undated.
    pub fn start_date(&self) -> String {
        self.start_date_in(crate::Lang::En)
    }

    /// [`Case::start_date`] in `lang`.
    pub fn start_date_in(&self, lang: crate::Lang) -> String {
        match (&self.start, &self.reported, lang) {
            (s, _, _) if !s.is_empty() => s.get(..10).unwrap_or(s).to_string(),
            (_, Some(r), crate::Lang::En) => format!("undated, reported {r}"),
            (_, Some(r), crate::Lang::Ko) => format!("날짜 미상, {r} 보고"),
            _ => String::new(),
        }
    }

    /// Whether `key` names this case by id or alias (case-insensitive).
    pub fn is_named(&self, key: &str) -> bool {
        self.id.eq_ignore_ascii_case(key) || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(key))
    }

    /// The case's searchable text fields beyond title, summary and terms.
    pub fn body_texts(&self) -> impl Iterator<Item = &str> {
        [self.impact.as_str(), self.trigger.as_str()]
            .into_iter()
            .chain(self.region.as_deref())
            .chain(self.detection.as_deref())
            .chain(self.contributing_factors.iter().map(String::as_str))
            .chain(self.lessons.iter().map(String::as_str))
            .chain(self.timeline.iter().map(|t| t.action.as_str()))
            .chain(self.follow_ups.iter().map(|f| f.action.as_str()))
    }

    /// Duration in minutes: as given, or derived from an exact start and end.
    pub fn duration(&self) -> Option<u32> {
        if self.duration_minutes.is_some() {
            return self.duration_minutes;
        }
        let start = crate::parse_timestamp(&self.start).ok()?;
        let end = crate::parse_timestamp(self.end.as_deref()?).ok()?;
        if start.has_time && end.has_time {
            end.minutes.checked_sub(start.minutes).and_then(|m| u32::try_from(m).ok())
        } else {
            None
        }
    }
}
