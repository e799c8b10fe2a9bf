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
    /// Derived on first count, never stored.
    #[serde(skip)]
    dense: DenseCell,
}

/// The common values (each on at least 1/32 of the documents) as one bitset
/// of documents apiece, so a large result set counts them with AND and
/// popcount over the set of hits instead of one increment per id; and each
/// document's remaining ids.
#[derive(Debug, Default)]
struct Dense {
    /// Value ids held as bitsets.
    values: Vec<u16>,
    /// `values.len()` rows of `words` words.
    bits: Vec<u64>,
    words: usize,
    /// Sum of the dense values' totals: the increments a full tally spends on them.
    ids: u64,
    /// Each document's ids that are not dense, as `starts`/`ids` in the table.
    starts: Vec<u32>,
    rest: Vec<u16>,
}

/// A cache of [`Dense`]: equal whatever it holds, since it is derived from
/// the table it sits in.
#[derive(Debug, Default, Clone)]
struct DenseCell(std::sync::OnceLock<std::sync::Arc<Dense>>);

impl PartialEq for DenseCell {
    fn eq(&self, _: &Self) -> bool {
        true
    }
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
        tally_lists(&self.starts, &self.ids, docs, n_values)
    }

    fn dense(&self) -> &Dense {
        self.dense.0.get_or_init(|| {
            let n_docs = self.starts.len().saturating_sub(1);
            let words = n_docs.div_ceil(64);
            let mut row = vec![usize::MAX; self.values.len()];
            let mut d = Dense { words, starts: vec![0], ..Dense::default() };
            for (id, &t) in self.totals.iter().enumerate() {
                if t as usize * 32 >= n_docs && t > 0 {
                    row[id] = d.values.len();
                    d.values.push(u16::try_from(id).unwrap_or(u16::MAX));
                    d.ids += u64::from(t);
                }
            }
            d.bits = vec![0; d.values.len() * words];
            for doc in 0..n_docs {
                let (a, b) = (self.starts[doc] as usize, self.starts[doc + 1] as usize);
                for &id in self.ids.get(a..b).unwrap_or_default() {
                    match row.get(id as usize) {
                        Some(&r) if r != usize::MAX => d.bits[r * words + doc / 64] |= 1 << (doc % 64),
                        _ => d.rest.push(id),
                    }
                }
                d.starts.push(d.rest.len() as u32);
            }
            std::sync::Arc::new(d)
        })
    }

    /// Whether `hits` results are counted with the bitsets: they cost a pass
    /// over every row, a tally one step per id of each hit. Whichever is
    /// expected to be fewer.
    fn by_bits(&self, hits: usize) -> bool {
        let dense = self.dense();
        let n_docs = self.starts.len().saturating_sub(1).max(1) as u64;
        !dense.values.is_empty() && hits as u64 * dense.ids / n_docs > (dense.values.len() * dense.words) as u64
    }

    /// Counts of every value over `docs` (distinct document numbers).
    fn counts(&self, docs: &[u32]) -> Vec<u32> {
        let n_docs = self.starts.len().saturating_sub(1);
        let n_values = self.values.len();
        let most = docs.len() * 2 > n_docs;
        let dense = self.dense();
        let by_bits = self.by_bits(docs.len());
        if !by_bits && !most {
            return self.tally(docs.iter().map(|&d| d as usize), n_values);
        }
        let mut hit = vec![0u64; n_docs.div_ceil(64)];
        for &d in docs {
            if let Some(h) = hit.get_mut(d as usize / 64) {
                *h |= 1 << (d % 64);
            }
        }
        let missing = |d: &usize| hit[d / 64] & 1 << (d % 64) == 0;
        if !by_bits {
            // Most of the library matches: subtract the documents that don't.
            let missing = self.tally((0..n_docs).filter(missing), n_values);
            return self.totals.iter().zip(missing).map(|(t, m)| t.saturating_sub(m)).collect();
        }
        let mut counts = if most {
            let missing = tally_lists(&dense.starts, &dense.rest, (0..n_docs).filter(missing), n_values);
            self.totals.iter().zip(missing).map(|(t, m)| t.saturating_sub(m)).collect()
        } else {
            tally_lists(&dense.starts, &dense.rest, docs.iter().map(|&d| d as usize), n_values)
        };
        for (row, &id) in dense.bits.chunks_exact(dense.words.max(1)).zip(&dense.values) {
            if let Some(c) = counts.get_mut(id as usize) {
                *c = row.iter().zip(&hit).map(|(a, b)| (a & b).count_ones()).sum();
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
        let counts = self.counts(docs);
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

/// Value counts over `docs`, from per-document id lists.
fn tally_lists(starts: &[u32], ids: &[u16], docs: impl Iterator<Item = usize>, n_values: usize) -> Vec<u32> {
    let mut counts = vec![0u32; n_values];
    for d in docs {
        let (Some(&a), Some(&b)) = (starts.get(d), starts.get(d + 1)) else {
            continue;
        };
        for &id in ids.get(a as usize..b as usize).unwrap_or_default() {
            if let Some(c) = counts.get_mut(id as usize) {
                *c += 1;
            }
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_by_bitsets_equal_a_plain_tally_for_every_result_size() {
        // 700 documents: a few common components (bitsets), many rare
        // organisations (lists), some documents with no component at all.
        let cases: Vec<Case> = (0..700)
            .map(|i| Case {
                id: format!("c{i:04}"),
                cause: ["config", "capacity", "dependency"][i % 3].into(),
                components: (0..5).filter(|c| (i * 7 + c * 3) % (c + 2) == 0).map(|c| format!("comp{c}")).collect(),
                organisation: format!("org{}", i % 97),
                ..Case::default()
            })
            .collect();
        let t = FacetTable::build(&cases);
        assert!(!t.dense().values.is_empty() && !t.dense().rest.is_empty());
        let mut paths = [false; 2];
        for step in [1usize, 2, 3, 5, 50, 140] {
            for offset in 0..step.min(4) {
                let docs: Vec<u32> = (offset..700).step_by(step).map(|d| d as u32).collect();
                let want = t.tally(docs.iter().map(|&d| d as usize), t.values.len());
                assert_eq!(t.counts(&docs), want, "every {step}th document from {offset}");
                paths[usize::from(t.by_bits(docs.len()))] = true;
            }
        }
        assert_eq!(paths, [true, true], "both ways of counting were exercised");
    }
}
