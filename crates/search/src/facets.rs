use casebook_model::Case;
use std::collections::BTreeMap;

/// The facets results can be filtered and counted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FacetKind {
    /// Cause category.
    Cause,
    /// Component.
    Component,
    /// Symptom.
    Symptom,
    /// Platform.
    Platform,
    /// Organisation (exact name).
    Organisation,
    /// Year the incident started.
    Year,
}

impl FacetKind {
    /// Every facet, in display order.
    pub const ALL: [FacetKind; 6] = [Self::Cause, Self::Component, Self::Symptom, Self::Platform, Self::Organisation, Self::Year];

    /// The URL query key (`?component=dns`) and CLI flag name.
    pub fn key(self) -> &'static str {
        match self {
            Self::Cause => "cause",
            Self::Component => "component",
            Self::Symptom => "symptom",
            Self::Platform => "platform",
            Self::Organisation => "org",
            Self::Year => "year",
        }
    }

    /// Parses [`FacetKind::key`].
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.key() == key)
    }

    /// The values a case has for this facet.
    pub fn values(self, case: &Case) -> Vec<String> {
        match self {
            Self::Cause => vec![case.cause.clone()],
            Self::Component => case.components.clone(),
            Self::Symptom => case.symptoms.clone(),
            Self::Platform => case.platform.clone(),
            Self::Organisation => vec![case.organisation.clone()],
            Self::Year => case.year().map(|y| y.to_string()).into_iter().collect(),
        }
    }
}

/// How many results carry one facet value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FacetCount {
    /// The facet.
    pub kind: FacetKind,
    /// The value (a vocabulary id, organisation name or year).
    pub value: String,
    /// Results carrying it.
    pub count: usize,
}

/// Whether a case passes the filters: OR within a kind, AND across kinds.
pub(crate) fn matches(case: &Case, filters: &[(FacetKind, String)]) -> bool {
    FacetKind::ALL.into_iter().all(|kind| {
        let wanted: Vec<&String> = filters.iter().filter(|(k, _)| *k == kind).map(|(_, v)| v).collect();
        wanted.is_empty() || {
            let have = kind.values(case);
            wanted.iter().any(|w| have.iter().any(|h| h.eq_ignore_ascii_case(w)))
        }
    })
}

/// Counts facet values over the given documents; most frequent first within a kind
/// (years newest first).
pub(crate) fn count(cases: &[Case], docs: impl Iterator<Item = usize>) -> Vec<FacetCount> {
    let mut map: BTreeMap<(FacetKind, String), usize> = BTreeMap::new();
    for doc in docs {
        if let Some(case) = cases.get(doc) {
            for kind in FacetKind::ALL {
                for v in kind.values(case) {
                    *map.entry((kind, v)).or_default() += 1;
                }
            }
        }
    }
    let mut out: Vec<FacetCount> = map.into_iter().map(|((kind, value), count)| FacetCount { kind, value, count }).collect();
    out.sort_by(|a, b| {
        a.kind.cmp(&b.kind).then_with(|| {
            if a.kind == FacetKind::Year {
                b.value.cmp(&a.value)
            } else {
                b.count.cmp(&a.count).then(a.value.cmp(&b.value))
            }
        })
    });
    out
}
