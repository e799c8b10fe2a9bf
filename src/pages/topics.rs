use casebook_model::VocabKind;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_params_map;
use std::collections::BTreeMap;

use super::NotFound;
use crate::components::{RuleLinks, TermLink};
use crate::data::use_library;
use crate::i18n::{href, lang, t};

const TOPIC_KINDS: [VocabKind; 4] = [VocabKind::Cause, VocabKind::Component, VocabKind::Symptom, VocabKind::Platform];

use casebook_bundle::case_terms;

/// `/topics`: every vocabulary term with its case count.
#[component]
pub(crate) fn TopicsIndex() -> impl IntoView {
    super::set_title(t("Topics", "주제"));
    let lib = use_library();
    let groups = TOPIC_KINDS
        .into_iter()
        .map(|kind| {
            let items = lib
                .vocabulary
                .terms(kind)
                .iter()
                .map(|t| {
                    let n = lib.cases.iter().filter(|c| case_terms(c, kind).contains(&t.id)).count();
                    view! { <li><TermLink kind id=t.id.clone() />" "<span class="n">{n}</span></li> }
                })
                .collect_view();
            view! { <section><h2>{kind.label_in(lang())}</h2><ul class="topic-list">{items}</ul></section> }
        })
        .collect_view();
    view! { <section class="topics"><h1>{t("Topics", "주제")}</h1>{groups}</section> }
}

/// `/topics/:kind/:term`: definition, cases by year, related rules, co-occurring terms.
#[component]
pub(crate) fn TopicPage() -> impl IntoView {
    let lib = use_library();
    let params = use_params_map();
    move || {
        let (kind_s, term) = params.with(|p| (p.get("kind").unwrap_or_default(), p.get("term").unwrap_or_default()));
        let Some(kind) = VocabKind::from_slug(&kind_s).filter(|k| TOPIC_KINDS.contains(k)) else {
            return view! { <NotFound what=format!("{} {kind_s:?}", t("topic kind", "주제 종류")) /> }.into_any();
        };
        let Some(t) = lib.vocabulary.term(kind, &term).cloned() else {
            return view! { <NotFound what=format!("{} {term:?}", kind.slug()) /> }.into_any();
        };
        super::set_title(&format!("{}: {}", kind.label_in(lang()), t.label));
        let docs = lib.topic_cases(kind, &t.id);
        let mut by_year: BTreeMap<std::cmp::Reverse<u16>, Vec<usize>> = BTreeMap::new();
        for &d in &docs {
            by_year.entry(std::cmp::Reverse(lib.cases[d].year().unwrap_or(0))).or_default().push(d);
        }
        let years = by_year
            .into_iter()
            .map(|(y, mut ds)| {
                ds.sort_by(|a, b| lib.cases[*b].sort_date().cmp(lib.cases[*a].sort_date()));
                let items = ds
                    .into_iter()
                    .map(|d| {
                        let c = &lib.cases[d];
                        let (date, href, title) = (c.start_date_in(crate::i18n::lang()), href(&format!("/cases/{}", c.id)), c.title.clone());
                        view! { <li><span class="at">{date}</span><A href=href>{title}</A></li> }
                    })
                    .collect_view();
                view! { <li><h3>{y.0.to_string()}</h3><ol class="timeline">{items}</ol></li> }
            })
            .collect_view();
        // Co-occurrence with other terms across the cases of this topic.
        let mut with: BTreeMap<(VocabKind, String), usize> = BTreeMap::new();
        for &d in &docs {
            for k in [VocabKind::Component, VocabKind::Cause] {
                for other in case_terms(&lib.cases[d], k) {
                    if !(k == kind && other == t.id) {
                        *with.entry((k, other)).or_default() += 1;
                    }
                }
            }
        }
        let mut with: Vec<_> = with.into_iter().filter(|(_, n)| *n >= 2).collect();
        with.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let co = with
            .into_iter()
            .take(12)
            .map(|((k, id), n)| {
                match lang().built() {
                    casebook_model::Lang::Ko => view! { <li>{format!("{}와(과) ", t.label)}<TermLink kind=k id />{format!(": 사례 {n}건에 함께 나옴")}</li> }.into_any(),
                    casebook_model::Lang::En => view! { <li>{format!("{} appears with ", t.label)}<TermLink kind=k id />{format!(" in {n} case{}", if n == 1 { "" } else { "s" })}</li> }.into_any(),
                }
            })
            .collect_view();
        let ids: Vec<&str> = docs.iter().map(|&d| lib.cases[d].id.as_str()).collect();
        let rules: Vec<_> = lib.rules_for_cases(&ids).into_iter().cloned().collect();
        let rules_view = (!rules.is_empty()).then(|| view! { <section><h2>{crate::i18n::t("Related manifest rules", "관련 매니페스트 규칙")}</h2><RuleLinks rules /></section> });
        view! {
            <article class="topic" id="topic">
                <p class="kind">{kind.label_in(lang())}</p>
                <h1>{t.label.clone()}</h1>
                <p class="definition">{t.definition.clone()}</p>
                <p>{match lang().built() {
                    casebook_model::Lang::Ko => format!("사례 {}건", docs.len()),
                    casebook_model::Lang::En => format!("{} case{}", docs.len(), if docs.len() == 1 { "" } else { "s" }),
                }}</p>
                <section><h2>{crate::i18n::t("Cases by year", "연도별 사례")}</h2><ol class="years">{years}</ol></section>
                {rules_view}
                <section><h2>{crate::i18n::t("Appears together with", "함께 나오는 주제")}</h2><ul class="cooccurrence">{co}</ul></section>
            </article>
        }
        .into_any()
    }
}
