use casebook_model::VocabKind;
use casebook_search::{snippet, FacetKind, Query};
use leptos::ev;
use leptos::html::Input;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::{use_navigate, use_query_map};
use leptos_router::NavigateOptions;

use crate::components::SnippetView;
use crate::data::use_library;
use crate::i18n::{href, lang, t};

/// Longest query kept from the URL or the box; longer input is cut, not trusted.
const MAX_QUERY: usize = 200;
/// Results rendered at once.
const SHOWN: usize = casebook_search::PAGE_SIZE;

fn encode(s: &str) -> String {
    String::from(js_sys::encode_uri_component(s))
}

/// Builds `/?q=..&component=..` from a query.
pub(crate) fn search_url(q: &str, filters: &[(FacetKind, String)]) -> String {
    let mut parts = Vec::new();
    if !q.is_empty() {
        parts.push(format!("q={}", encode(q)));
    }
    for (k, v) in filters {
        parts.push(format!("{}={}", k.key(), encode(v)));
    }
    if parts.is_empty() {
        href("/")
    } else {
        href(&format!("/?{}", parts.join("&")))
    }
}

fn facet_vocab(kind: FacetKind) -> Option<VocabKind> {
    match kind {
        FacetKind::Cause => Some(VocabKind::Cause),
        FacetKind::Component => Some(VocabKind::Component),
        FacetKind::Symptom => Some(VocabKind::Symptom),
        FacetKind::Platform => Some(VocabKind::Platform),
        FacetKind::Organisation | FacetKind::Year => None,
    }
}

fn facet_title(kind: FacetKind) -> &'static str {
    match kind {
        FacetKind::Cause => t("Cause", "원인"),
        FacetKind::Component => t("Component", "구성 요소"),
        FacetKind::Symptom => t("Symptom", "증상"),
        FacetKind::Platform => t("Platform", "플랫폼"),
        FacetKind::Organisation => t("Organisation", "조직"),
        FacetKind::Year => t("Year", "연도"),
    }
}

/// The search home: a search box over the whole library with facets.
/// The query and filters live in the URL, so searches can be shared.
#[component]
pub(crate) fn Home() -> impl IntoView {
    super::set_title(t("Search", "검색"));
    let lib = use_library();
    let params = use_query_map();
    let query = Memo::new(move |_| {
        let p = params.get();
        let text: String = p.get("q").unwrap_or_default().chars().take(MAX_QUERY).collect();
        let mut filters = Vec::new();
        for kind in FacetKind::ALL {
            for v in p.get_all(kind.key()).unwrap_or_default().into_iter().take(20) {
                if !v.is_empty() && v.len() <= 100 {
                    filters.push((kind, v));
                }
            }
        }
        Query { text, filters, ..Query::default() }.page()
    });
    let lib_for_results = lib.clone();
    let results = Memo::new(move |_| lib_for_results.index.search(&lib_for_results.cases, &query.get()));
    let selected = RwSignal::new(None::<usize>);
    let input_ref = NodeRef::<Input>::new();
    let navigate = use_navigate();

    let nav = navigate.clone();
    let on_input = move |ev: ev::Event| {
        let text: String = event_target_value(&ev).chars().take(MAX_QUERY).collect();
        selected.set(None);
        let url = search_url(&text, &query.get_untracked().filters);
        nav(&url, NavigateOptions { replace: true, scroll: false, ..Default::default() });
    };

    // `/` focuses the box from anywhere on the page.
    let handle = window_event_listener(ev::keydown, move |ev| {
        let in_field = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if ev.key() == "/" && !in_field {
            if let Some(input) = input_ref.get_untracked() {
                ev.prevent_default();
                let _ = input.focus();
            }
        }
    });
    on_cleanup(move || handle.remove());

    let lib_keys = lib.clone();
    let nav = navigate.clone();
    let on_keydown = move |ev: ev::KeyboardEvent| {
        let n = results.with_untracked(|r| r.results.len().min(SHOWN));
        match ev.key().as_str() {
            "ArrowDown" if n > 0 => {
                ev.prevent_default();
                selected.update(|s| *s = Some(s.map_or(0, |i| (i + 1).min(n - 1))));
            }
            "ArrowUp" if n > 0 => {
                ev.prevent_default();
                selected.update(|s| *s = s.and_then(|i| i.checked_sub(1)));
            }
            "Enter" => {
                let pick = selected.get_untracked().unwrap_or(0);
                let doc = results.with_untracked(|r| r.results.get(pick).map(|h| h.doc));
                if let Some(doc) = doc {
                    nav(&href(&format!("/cases/{}", lib_keys.cases[doc].id)), NavigateOptions::default());
                }
            }
            _ => {}
        }
    };

    let lib_list = lib.clone();
    let result_list = move || {
        let res = results.get();
        let sel = selected.get();
        if res.results.is_empty() {
            return view! { <p class="empty" id="no-results">{t("No case matches. Try fewer words or remove a filter.", "일치하는 사례가 없습니다. 검색어를 줄이거나 필터를 해제해 보세요.")}</p> }.into_any();
        }
        let total = res.total;
        let items = res
            .results
            .iter()
            .take(SHOWN)
            .enumerate()
            .map(|(i, hit)| {
                let c = &lib_list.cases[hit.doc];
                let snip = snippet(c, &hit.terms);
                let href = href(&format!("/cases/{}", c.id));
                let title = c.title.clone();
                let class = if sel == Some(i) { "result selected" } else { "result" };
                view! {
                    <li class=class id=format!("result-{i}") aria-current=(sel == Some(i)).then_some("true")>
                        <A href=href><span class="result-title">{title}</span></A>
                        <div class="meta">{format!("{} · {}", c.organisation, c.start_date_in(crate::i18n::lang()))}</div>
                        <SnippetView snippet=snip />
                    </li>
                }
            })
            .collect_view();
        view! {
            <p class="count" aria-live="polite" id="result-count">{match lang() {
                casebook_model::Lang::Ko => format!("사례 {total}건"),
                casebook_model::Lang::En => format!("{total} case{}", if total == 1 { "" } else { "s" }),
            }}</p>
            <ol class="results" aria-label=t("Search results", "검색 결과")>{items}</ol>
        }
        .into_any()
    };

    let lib_facets = lib.clone();
    let facets = move || {
        let res = results.get();
        let q = query.get();
        FacetKind::ALL
            .into_iter()
            .map(|kind| {
                // The most frequent values, plus any the user filters by (so it can be unset).
                let cap = if kind == FacetKind::Year { casebook_search::FACET_VALUES } else { 14 };
                let values: Vec<_> = res
                    .facets
                    .iter()
                    .filter(|f| f.kind == kind)
                    .enumerate()
                    .filter(|(i, f)| *i < cap || q.filters.iter().any(|(k, v)| *k == kind && *v == f.value))
                    .map(|(_, f)| f.clone())
                    .collect();
                let items = values
                    .into_iter()
                    .map(|f| {
                        let active = q.filters.iter().any(|(k, v)| *k == kind && *v == f.value);
                        let mut filters = q.filters.clone();
                        if active {
                            filters.retain(|(k, v)| !(*k == kind && *v == f.value));
                        } else {
                            filters.push((kind, f.value.clone()));
                        }
                        let label = facet_vocab(kind).map_or(f.value.clone(), |vk| lib_facets.vocabulary.label(vk, &f.value).to_string());
                        view! {
                            <li>
                                <A href=search_url(&q.text, &filters) attr:class=if active { "facet active" } else { "facet" }
                                   attr:aria-current=active.then_some("true")>
                                    {label} <span class="n">{f.count}</span>
                                </A>
                            </li>
                        }
                    })
                    .collect_view();
                view! {
                    <details class="facet-group" open=kind != FacetKind::Organisation>
                        <summary>{facet_title(kind)}</summary>
                        <ul>{items}</ul>
                    </details>
                }
            })
            .collect_view()
    };

    view! {
        <section class="search-page">
            <h1 class="visually-hidden">{t("Search the case library", "사례 라이브러리 검색")}</h1>
            <div class="search-box">
                <label for="q" class="visually-hidden">{t("Search cases", "사례 검색")}</label>
                <input id="q" type="search" node_ref=input_ref autocomplete="off" spellcheck="false"
                    placeholder=t("Search incidents: dns, crossplane, IL-0346, 장애…  (press / to focus)", "장애 검색: DNS, 헬스 체크, 인증서 만료, IL-0346…  (/ 키로 이동)")
                    prop:value=move || query.get().text
                    on:input=on_input on:keydown=on_keydown
                    aria-controls="results" />
                {move || (!query.get().filters.is_empty()).then(|| view! { <A href=search_url(&query.get().text, &[]) attr:class="clear">{t("Clear filters", "필터 해제")}</A> })}
            </div>
            <div class="search-layout">
                <aside class="facets" aria-label=t("Filters", "필터")>{facets}</aside>
                <div id="results">{result_list}</div>
            </div>
        </section>
    }
}
