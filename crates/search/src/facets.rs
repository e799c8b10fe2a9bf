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
    /// Documents carrying each value, so a result set covering most of the
    /// library is counted from its complement.
    totals: Vec<u32>,
}

impl FacetTable {
    pub(crate) fn build(cases: &[Case]) -> Self {
        // Value ids follow (kind, value) order, so counts sort by integers.
        let mut values: Vec<(u8, String)> = cases
            .iter()
            .flat_map(|c| FacetKind::ALL.into_iter().enumerate().flat_map(move |(ki, kind)| kind.values(c).into_iter().map(move |v| (ki as u8, v))))
            .collect();
        values.sort_unstable();
        values.dedup();
        let mut t = FacetTable { starts: vec![0], ..Self::default() };
        for c in cases {
            for (ki, kind) in FacetKind::ALL.into_iter().enumerate() {
                for v in kind.values(c) {
                    let key = (ki as u8, v);
                    let id = values.binary_search(&key).unwrap_or_default();
                    t.ids.push(u16::try_from(id).unwrap_or(u16::MAX));
                }
            }
            t.starts.push(t.ids.len() as u32);
        }
        t.totals = t.tally(0..cases.len(), values.len());
        t.values = values;
        t
    }

    /// Value counts over `docs`.
    fn tally(&self, docs: impl Iterator<Item = usize>, n_values: usize) -> Vec<u32> {
        let mut counts = vec![0u32; n_values];
        for d in docs {
            let (Some(&a), Some(&b)) = (self.starts.get(d), self.starts.get(d + 1)) else {
                continue;
            };
            for &id in self.ids.get(a as usize..b as usize).unwrap_or_default() {
                if let Some(c) = counts.get_mut(id as usize) {
                    *c += 1;
                }
            }
        }
        counts
    }

    pub(crate) fn check(&self, docs: usize) -> Result<(), String> {
        let ok = self.starts.len() == docs + 1
            && self.starts.windows(2).all(|w| w[0] <= w[1])
            && self.starts.last().is_some_and(|&e| e as usize == self.ids.len())
            && self.ids.iter().all(|&i| (i as usize) < self.values.len())
            && self.values.iter().all(|(k, _)| (*k as usize) < FacetKind::ALL.len())
            && self.values.windows(2).all(|w| w[0] < w[1])
            && self.totals == self.tally(0..docs, self.values.len());
        if ok {
            Ok(())
        } else {
            Err("index: facet table is inconsistent".into())
        }
    }

    /// Whether value `id` is one the filters name.
    fn filtered_by(&self, id: usize, filters: &[(FacetKind, String)]) -> bool {
        let (k, v) = &self.values[id];
        filters.iter().any(|(fk, fv)| FacetKind::ALL[*k as usize] == *fk && fv.eq_ignore_ascii_case(v))
    }

    /// Which documents pass the filters (OR within a kind, AND across kinds);
    /// `None` when there are no filters.
    pub(crate) fn allowed(&self, filters: &[(FacetKind, String)]) -> Option<Vec<bool>> {
        if filters.is_empty() {
            return None;
        }
        let kinds: Vec<usize> = FacetKind::ALL.iter().enumerate().filter(|(_, k)| filters.iter().any(|(f, _)| f == *k)).map(|(i, _)| i).collect();
        let wanted: Vec<bool> = (0..self.values.len()).map(|id| self.filtered_by(id, filters)).collect();
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

    /// Counts values over the given documents: at most `per_kind` values of
    /// each kind, most frequent first (years newest first), plus any value in
    /// `keep` (the active filters).
    pub(crate) fn count(&self, docs: &[u32], per_kind: usize, keep: &[(FacetKind, String)]) -> Vec<FacetCount> {
        let n_docs = self.starts.len().saturating_sub(1);
        let counts = if docs.len() * 2 > n_docs {
            // Most of the library matches: subtract the documents that don't.
            let mut hit = vec![0u64; n_docs.div_ceil(64)];
            for &d in docs {
                if let Some(h) = hit.get_mut(d as usize / 64) {
                    *h |= 1 << (d % 64);
                }
            }
            let missing = self.tally((0..n_docs).filter(|&d| hit[d / 64] & 1 << (d % 64) == 0), self.values.len());
            self.totals.iter().zip(missing).map(|(t, m)| t.saturating_sub(m)).collect()
        } else {
            self.tally(docs.iter().map(|&d| d as usize), self.values.len())
        };
        let mut ids: Vec<usize> = Vec::new();
        let mut from = 0;
        for (ki, facet) in FacetKind::ALL.into_iter().enumerate() {
            // Ids of one kind are contiguous and in value order: most frequent
            // first, ties by value; years newest first.
            let to = from + self.values[from..].partition_point(|(k, _)| *k as usize == ki);
            let order = |a: &usize, b: &usize| if facet == FacetKind::Year { b.cmp(a) } else { counts[*b].cmp(&counts[*a]).then(a.cmp(b)) };
            let mut kind: Vec<usize> = (from..to).filter(|&i| counts[i] > 0).collect();
            crate::keep_sorted(&mut kind, per_kind, order);
            // A value the user filters by stays listed, so it can be unset.
            let kept: Vec<usize> = (from..to).filter(|&i| counts[i] > 0 && self.filtered_by(i, keep) && !kind.contains(&i)).collect();
            kind.extend(kept);
            ids.extend(kind);
            from = to;
        }
        ids.into_iter()
            .map(|i| {
                let (k, v) = &self.values[i];
                FacetCount { kind: FacetKind::ALL[*k as usize], value: v.clone(), count: counts[i] as usize }
            })
            .collect()
    }
}
