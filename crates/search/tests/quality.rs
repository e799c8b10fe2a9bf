//! Query quality over the real library: a fixed query list with the expected
//! top results, plus the no-false-positive and facet-count guarantees.

use casebook_model::{load_cases_dir, Case, Vocabulary};
use casebook_search::{tokenize, FacetKind, Index, Query};
use std::path::Path;

fn library() -> (Vec<Case>, Index) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cases");
    let mut cases = load_cases_dir(&dir, &Vocabulary::builtin().unwrap()).unwrap();
    cases.sort_by(|a, b| a.id.cmp(&b.id));
    let index = Index::build(&cases);
    (cases, index)
}

fn top(cases: &[Case], index: &Index, q: &str, n: usize) -> Vec<String> {
    index.search(cases, &Query::text(q)).results.iter().take(n).map(|h| cases[h.doc].id.clone()).collect()
}

#[test]
fn fixed_queries_rank_the_expected_cases_first() {
    let (cases, index) = library();
    let expect: &[(&str, usize, &str)] = &[
        ("IL-0346", 1, "2025-11-05-render-oregon-404"),
        ("il-0136", 1, "2026-09-29-azure-openai-sweden-central"),
        ("2025-10-19-aws-dynamodb-dns-us-east-1", 1, "2025-10-19-aws-dynamodb-dns-us-east-1"),
        ("render oregon 404", 1, "2025-11-05-render-oregon-404"),
        ("dynamodb dns race", 3, "2025-10-19-aws-dynamodb-dns-us-east-1"),
        ("dynamo", 3, "2025-10-19-aws-dynamodb-dns-us-east-1"),
        ("sweden central openai", 1, "2026-09-29-azure-openai-sweden-central"),
        ("crossp", 5, "2023-02-23-stytch-eks-node-group-removal"),
        ("loki label selector", 3, "grafana-cloud-logs-label-selector-outage"),
        ("pypi https listener", 3, "2022-10-24-pypi-ingress-elb-https-listener"),
        ("node pools deleted aks", 3, "2023-07-07-jenkins-infra-aks-node-pools-deleted"),
        ("coredns oom", 3, "2019-01-07-zalando-coredns-oom-outage"),
        ("consul roblox", 1, "2021-10-28-roblox-consul-outage"),
    ];
    for (q, n, want) in expect {
        let got = top(&cases, &index, q, *n);
        assert!(got.iter().any(|g| g == want), "{q:?}: expected {want} in the top {n}, got {got:?}");
    }
}

#[test]
fn variants_and_typos_match() {
    let (cases, index) = library();
    let ids = |q: &str| {
        let mut v: Vec<usize> = index.search(&cases, &Query::text(&format!("{q} "))).results.iter().map(|h| h.doc).collect();
        v.sort_unstable();
        v
    };
    assert_eq!(ids("restart"), ids("restarts"));
    assert_eq!(ids("probe"), ids("probes"));
    assert!(!ids("restart").is_empty());
    let typo = top(&cases, &index, "kubernets", 5);
    assert!(!typo.is_empty(), "one typo in a long word still matches");
    assert!(top(&cases, &index, "zzqxj", 5).is_empty(), "nonsense matches nothing");
}

#[test]
fn hits_contain_the_query_terms_no_false_positives() {
    let (cases, index) = library();
    for q in ["dns", "etcd", "certificate", "memory", "kafka", "cooling", "rollback"] {
        let term = tokenize(q)[0].term.clone();
        for h in index.search(&cases, &Query::text(&format!("{q} "))).results {
            let c = &cases[h.doc];
            let text = format!(
                "{} {} {} {} {} {} {} {}",
                c.title,
                c.summary,
                c.id,
                c.aliases.join(" "),
                c.organisation,
                c.cause,
                c.components.join(" ") + " " + &c.symptoms.join(" ") + " " + &c.platform.join(" "),
                c.body_texts().collect::<Vec<_>>().join(" ")
            );
            let tokens = tokenize(&text);
            assert!(tokens.iter().any(|t| t.term == term), "{q}: {} does not contain it", c.id);
        }
    }
    // With prefixes and typos, every matched dictionary term is really in the hit.
    for q in ["kubernets", "crossp", "dynamo", "certifcate"] {
        for h in index.search(&cases, &Query::text(q)).results {
            let c = &cases[h.doc];
            let text = format!("{} {} {} {} {}", c.title, c.summary, c.organisation, c.components.join(" "), c.body_texts().collect::<Vec<_>>().join(" "));
            let text = format!("{text} {} {} {} {} {}", c.id, c.aliases.join(" "), c.cause, c.symptoms.join(" "), c.platform.join(" "));
            let tokens = tokenize(&text);
            for t in &h.terms {
                assert!(tokens.iter().any(|x| &x.term == t), "{q}: {} matched {t} but does not contain it", c.id);
            }
        }
    }
}

#[test]
fn all_terms_rank_before_partial_matches() {
    let (cases, index) = library();
    let res = index.search(&cases, &Query::text("dns outage kubernetes"));
    let counts: Vec<usize> = res.results.iter().map(|h| h.matched_terms).collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    assert!(counts.first().copied() == Some(3));
}

#[test]
fn facets_filter_and_count_the_current_results() {
    let (cases, index) = library();
    let mut q = Query::text("outage");
    q.filters.push((FacetKind::Component, "dns".into()));
    let res = index.search(&cases, &q);
    assert!(!res.results.is_empty());
    assert!(res.results.iter().all(|h| cases[h.doc].components.iter().any(|c| c == "dns")));
    let dns = res.facets.iter().find(|f| f.kind == FacetKind::Component && f.value == "dns").unwrap();
    assert_eq!(dns.count, res.results.len());
    for f in res.facets.iter().filter(|f| f.kind == FacetKind::Cause) {
        let n = res.results.iter().filter(|h| cases[h.doc].cause == f.value).count();
        assert_eq!(f.count, n, "{}", f.value);
    }
    let empty = index.search(&cases, &Query::text(""));
    assert_eq!(empty.results.len(), cases.len(), "an empty query browses everything");
    let dates: Vec<&str> = empty.results.iter().map(|h| cases[h.doc].sort_date()).collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "newest first");
}

#[test]
fn hangul_text_is_searchable() {
    let mut cases = vec![
        Case {
            id: "kakao".into(), title: "Kakao".into(), summary: "데이터센터 화재로 카카오 서비스 장애가 발생했다".into(), ..Case::default()
        },
        Case { id: "other".into(), title: "Other".into(), summary: "An unrelated English case".into(), ..Case::default() },
    ];
    cases.sort_by(|a, b| a.id.cmp(&b.id));
    let index = Index::build(&cases);
    for q in ["장애", "데이터센터", "카카오 장애"] {
        let res = index.search(&cases, &Query::text(q));
        assert_eq!(res.results.len(), 1, "{q}");
        assert_eq!(cases[res.results[0].doc].id, "kakao");
    }
}

/// Every facet count of `q`, recounted by brute force over every match.
fn assert_facet_counts_exact(cases: &[Case], index: &Index, q: &Query) {
    let all = index.search(cases, &Query { limit: None, facet_values: None, ..q.clone() });
    for f in &index.search(cases, q).facets {
        let n = all.results.iter().filter(|h| f.kind.values(&cases[h.doc]).contains(&f.value)).count();
        assert_eq!(f.count, n, "{q:?}: {:?} {}", f.kind, f.value);
    }
}

#[test]
fn a_page_is_the_head_of_the_full_ranking_with_exact_totals_and_counts() {
    let (cases, index) = library();
    for q in ["", "outage", "dns outage kubernetes", "crossp", "IL-0346", "kubernets", "zzzz-nothing"] {
        let full = index.search(&cases, &Query::text(q));
        let page = index.search(&cases, &Query::text(q).page());
        assert_eq!(page.total, full.results.len(), "{q:?}");
        assert_eq!(full.total, full.results.len(), "{q:?}");
        let docs = |r: &casebook_search::SearchResults| r.results.iter().map(|h| h.doc).collect::<Vec<_>>();
        let head: Vec<usize> = docs(&full).into_iter().take(casebook_search::PAGE_SIZE).collect();
        assert_eq!(docs(&page), head, "{q:?}");
        for kind in FacetKind::ALL {
            let listed: Vec<_> = page.facets.iter().filter(|f| f.kind == kind).collect();
            let every: Vec<_> = full.facets.iter().filter(|f| f.kind == kind).collect();
            assert!(listed.len() <= casebook_search::FACET_VALUES, "{q:?} {kind:?}");
            assert_eq!(listed, every[..listed.len()], "{q:?} {kind:?}: the listed values are the most frequent");
        }
        assert_facet_counts_exact(&cases, &index, &Query::text(q).page());
    }
}

#[test]
fn filtered_facet_values_stay_listed_beyond_the_cap() {
    let (cases, index) = library();
    let mut orgs: Vec<String> = cases.iter().map(|c| c.organisation.clone()).collect();
    orgs.sort();
    orgs.dedup();
    assert!(orgs.len() > casebook_search::FACET_VALUES + 5, "the library needs more organisations than the cap");
    let mut q = Query::text("").page();
    q.filters = orgs.iter().map(|o| (FacetKind::Organisation, o.clone())).collect();
    let res = index.search(&cases, &q);
    let listed = res.facets.iter().filter(|f| f.kind == FacetKind::Organisation).count();
    assert_eq!(listed, orgs.len(), "every organisation filtered by is listed, so it can be unset");
    assert_facet_counts_exact(&cases, &index, &q);
}
