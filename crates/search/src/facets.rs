use casebook_model::Case;

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

/// Facet values per document, as small integer ids, built with the index so
/// that counting over thousands of results is a pass over arrays.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct FacetTable {
    /// `(facet kind index, value)` for each id.
    values: Vec<(u8, String)>,
    /// Start of each document's ids in `ids` (one more entry than documents).
    starts: Vec<u32>,
    ids: Vec<u16>,
}

impl FacetTable {
    pub(crate) fn build(cases: &[Case]) -> Self {
        let mut t = FacetTable { starts: vec![0], ..Self::default() };
        let mut lookup: std::collections::HashMap<(u8, String), u16> = std::collections::HashMap::new();
        for c in cases {
            for (ki, kind) in FacetKind::ALL.into_iter().enumerate() {
                for v in kind.values(c) {
                    let key = (ki as u8, v);
                    let next = u16::try_from(t.values.len()).unwrap_or(u16::MAX);
                    let id = *lookup.entry(key.clone()).or_insert_with(|| {
                        t.values.push(key);
                        next
                    });
                    t.ids.push(id);
                }
            }
            t.starts.push(t.ids.len() as u32);
        }
        t
    }

    pub(crate) fn check(&self, docs: usize) -> Result<(), String> {
        let ok = self.starts.len() == docs + 1
            && self.starts.windows(2).all(|w| w[0] <= w[1])
            && self.starts.last().is_some_and(|&e| e as usize == self.ids.len())
            && self.ids.iter().all(|&i| (i as usize) < self.values.len())
            && self.values.iter().all(|(k, _)| (*k as usize) < FacetKind::ALL.len());
        if ok { Ok(()) } else { Err("index: facet table is inconsistent".into()) }
    }

    /// Which documents pass the filters (OR within a kind, AND across kinds);
    /// `None` when there are no filters.
    pub(crate) fn allowed(&self, filters: &[(FacetKind, String)]) -> Option<Vec<bool>> {
        if filters.is_empty() {
            return None;
        }
        let kinds: Vec<usize> = FacetKind::ALL.iter().enumerate().filter(|(_, k)| filters.iter().any(|(f, _)| f == *k)).map(|(i, _)| i).collect();
        let wanted: Vec<bool> = self
            .values
            .iter()
            .map(|(k, v)| filters.iter().any(|(fk, fv)| FacetKind::ALL[*k as usize] == *fk && fv.eq_ignore_ascii_case(v)))
            .collect();
        let docs = self.starts.len().saturating_sub(1);
        Some(
            (0..docs)
                .map(|d| {
                    let ids = &self.ids[self.starts[d] as usize..self.starts[d + 1] as usize];
                    kinds.iter().all(|&k| ids.iter().any(|&id| wanted[id as usize] && self.values[id as usize].0 as usize == k))
                })
                .collect(),
        )
    }

    /// Counts values over the given documents; most frequent first within a
    /// kind (years newest first).
    pub(crate) fn count(&self, docs: impl Iterator<Item = usize>) -> Vec<FacetCount> {
        let mut counts = vec![0usize; self.values.len()];
        for d in docs {
            let (Some(&a), Some(&b)) = (self.starts.get(d), self.starts.get(d + 1)) else { continue };
            for &id in self.ids.get(a as usize..b as usize).unwrap_or_default() {
                counts[id as usize] += 1;
            }
        }
        let mut out: Vec<FacetCount> = counts
            .into_iter()
            .enumerate()
            .filter(|(_, n)| *n > 0)
            .map(|(i, count)| {
                let (k, v) = &self.values[i];
                FacetCount { kind: FacetKind::ALL[*k as usize], value: v.clone(), count }
            })
            .collect();
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
}

