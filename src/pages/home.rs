use casebook_model::VocabKind;
use casebook_search::{snippet, FacetKind, Query};
use leptos::ev;
use leptos::html::Input;
use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_query_map};
use leptos_router::NavigateOptions;

use crate::components::SnippetView;
use crate::data::use_arrival;
use crate::i18n::{href, lang, t};

/// Longest query kept from the URL or the box; longer input is cut, not trusted.
const MAX_QUERY: usize = 200;
/// Results a page holds (what the search computes).
const SHOWN: usize = casebook_search::PAGE_SIZE;
/// Results drawn while typing; the rest of the page waits for "Show more",
/// so that a keystroke lays out a third of the nodes.
const FIRST: usize = 20;
/// How long typing must pause before the URL is rewritten (each rewrite
/// costs about as much as drawing a result).
const URL_DEBOUNCE_MS: u64 = 250;

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

/// Points the clicked link at `url` before the router reads its `href`.
fn retarget(ev: &ev::MouseEvent, url: &str) {
    if let Some(a) = ev.current_target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok()) {
        let _ = a.set_attribute("href", url);
    }
}

/// The search home: a search box over the whole library with facets.
/// The query and filters live in the URL, so searches can be shared.
#[component]
pub(crate) fn Home() -> impl IntoView {
    super::set_title(t("Search", "검색"));
    // The head of the library first (titles, names, terms), the whole of it
    // once its body has arrived and its index is built: the results and
    // snippets then fill in. The index is built 40 cases per task, so the
    // box keeps answering keys meanwhile (at once it is a 100 ms task).
    let arrival = use_arrival();
    // Back on search with the whole library indexed already: straight to it.
    let indexed = RwSignal::new(arrival.indexed_untracked());
    Effect::new(move |_| {
        if let Some(Ok(full)) = arrival.complete() {
            leptos::task::spawn_local(async move {
                let mut steps = full.index_steps();
                while !steps.step(&full, 40) {
                    crate::data::next_tick().await;
                }
                let _ = indexed.try_set(Some(full));
            });
        }
    });
    let lib = Signal::derive(move || indexed.get().unwrap_or_else(|| arrival.head.get_value()));
    let params = use_query_map();
    // What is typed lives here, not in the router: a keystroke updates this
    // signal and rewrites the URL in place (history.replaceState), so typing
    // never runs a router navigation. A navigation from elsewhere (a facet,
    // back and forward) brings its `q` in.
    let url_text = Memo::new(move |_| params.with(|p| p.get("q").unwrap_or_default().chars().take(MAX_QUERY).collect::<String>()));
    let typed = RwSignal::new(url_text.get_untracked());
    // The text as of the last URL write: what the facet links carry, so that
    // a keystroke does not rewrite every link (a clicked link takes the
    // latest text itself).
    let settled = RwSignal::new(typed.get_untracked());
    Effect::new(move |_| {
        let from_url = url_text.get();
        if from_url != typed.get_untracked() {
            settled.set(from_url.clone());
            typed.set(from_url);
        }
    });
    let query = Memo::new(move |_| {
        let p = params.get();
        let text = typed.get();
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
    let results = Memo::new(move |_| lib.with(|lib| lib.index().search(&lib.cases, &query.get())));
    let selected = RwSignal::new(None::<usize>);
    let more = RwSignal::new(false);
    // (latest keystroke, whether its URL is still to be written)
    let url_due = StoredValue::new((0u32, false));
    // Writes the pending URL: when typing pauses (`Some(stamp)` of the
    // keystroke that armed it), or at once before leaving the box (`None`).
    // Never once the search page is gone, so it cannot clobber another page's URL.
    let flush_url = move |stamp: Option<u32>| {
        let Some((latest, pending)) = url_due.try_get_value() else { return };
        if !pending || stamp.is_some_and(|s| s != latest) {
            return;
        }
        url_due.set_value((latest, false));
        settled.set(typed.get_untracked());
        let url = search_url(&typed.get_untracked(), &query.get_untracked().filters);
        if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
        }
    };
    let input_ref = NodeRef::<Input>::new();
    let navigate = use_navigate();

    let on_input = move |ev: ev::Event| {
        let text: String = event_target_value(&ev).chars().take(MAX_QUERY).collect();
        // Only real changes notify: every result item watches `selected`.
        if selected.get_untracked().is_some() {
            selected.set(None);
        }
        if more.get_untracked() {
            more.set(false);
        }
        typed.set(text);
        // The URL follows once typing pauses; only the latest text is written.
        let stamp = url_due.get_value().0.wrapping_add(1);
        url_due.set_value((stamp, true));
        set_timeout(move || flush_url(Some(stamp)), std::time::Duration::from_millis(URL_DEBOUNCE_MS));
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

    let nav = navigate.clone();
    let on_keydown = move |ev: ev::KeyboardEvent| {
        let n = results.with_untracked(|r| r.results.len().min(if more.get_untracked() { SHOWN } else { FIRST }));
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
                flush_url(None);
                let pick = selected.get_untracked().unwrap_or(0);
                let doc = results.with_untracked(|r| r.results.get(pick).map(|h| h.doc));
                if let Some(doc) = doc {
                    nav(&href(&format!("/cases/{}", lib.get_untracked().cases[doc].id)), NavigateOptions::default());
                }
            }
            _ => {}
        }
    };

    // What the list shows, as data: when a keystroke leaves it unchanged
    // (the same hits with the same snippets), nothing is rebuilt.
    let shown = Memo::new(move |_| {
        let limit = if more.get() { SHOWN } else { FIRST };
        let lib = lib.get();
        results.with(|res| {
            let hits: Vec<(usize, casebook_search::Snippet)> =
                res.results.iter().take(limit).map(|hit| (hit.doc, snippet(&lib.cases[hit.doc], &hit.terms))).collect();
            (res.total, hits)
        })
    });
    // Keyed by case: a hit that stays on the list keeps its DOM; its
    // position (class, id) and its snippet update in place.
    let position = move |doc: usize| shown.with(|(_, hits)| hits.iter().position(|(d, _)| *d == doc));
    let item = move |doc: usize| {
        let lib = lib.get_untracked();
        let c = &lib.cases[doc];
        let href = href(&format!("/cases/{}", c.id));
        let title = c.title.clone();
        let is_selected = move || position(doc).is_some_and(|p| selected.get() == Some(p));
        let snip = Memo::new(move |_| shown.with(|(_, hits)| hits.iter().find(|(d, _)| *d == doc).map(|(_, s)| s.clone())));
        view! {
            <li class=move || if is_selected() { "result selected" } else { "result" }
                id=move || format!("result-{}", position(doc).unwrap_or(usize::MAX))
                aria-current=move || is_selected().then_some("true")>
                <a href=href><span class="result-title">{title}</span></a>
                <div class="meta">{format!("{} · {}", c.organisation, c.start_date_in(crate::i18n::lang()))}</div>
                {move || snip.get().map(|snippet| view! { <SnippetView snippet /> })}
            </li>
        }
    };
    // Only what changes is redrawn: the count's text, and the list's items.
    let total = Memo::new(move |_| shown.with(|(total, _)| *total));
    let empty = Memo::new(move |_| shown.with(|(_, hits)| hits.is_empty()));
    let result_list = move || {
        if empty.get() {
            return view! { <p class="empty" id="no-results">{t("No case matches. Try fewer words or remove a filter.", "일치하는 사례가 없습니다. 검색어를 줄이거나 필터를 해제해 보세요.")}</p> }.into_any();
        }
        view! {
            <p class="count" aria-live="polite" id="result-count">{move || {
                let total = total.get();
                match lang().built() {
                    casebook_model::Lang::Ko => format!("사례 {total}건"),
                    casebook_model::Lang::En => format!("{total} case{}", if total == 1 { "" } else { "s" }),
                }
            }}</p>
            <ol class="results" aria-label=t("Search results", "검색 결과")>
                <For each=move || shown.with(|(_, hits)| hits.iter().map(|(doc, _)| *doc).collect::<Vec<_>>()) key=|doc| *doc children=item />
            </ol>
            {move || (!more.get() && results.with(|r| r.results.len() > FIRST)).then(|| view! {
                <button class="secondary" id="more-results" on:click=move |_| more.set(true)>
                    {match lang().built() {
                        casebook_model::Lang::Ko => format!("결과 더 보기 (최대 {SHOWN}건)"),
                        casebook_model::Lang::En => format!("Show more results (up to {SHOWN})"),
                    }}
                </button>
            })}
        }
        .into_any()
    };

    // The facet lists as data, without the typed text.
    let filters = Memo::new(move |_| query.with(|q| q.filters.clone()));
    let facet_model = Memo::new(move |_| {
        let lib_facets = lib.get();
        let filters = filters.get();
        results.with(|res| {
            FacetKind::ALL
                .into_iter()
                .map(|kind| {
                    // The most frequent values, plus any the user filters by (so it can be unset).
                    let cap = if kind == FacetKind::Year { casebook_search::FACET_VALUES } else { 14 };
                    res.facets
                        .iter()
                        .filter(|f| f.kind == kind)
                        .enumerate()
                        .filter(|(i, f)| *i < cap || filters.iter().any(|(k, v)| *k == kind && *v == f.value))
                        .map(|(_, f)| {
                            let active = filters.iter().any(|(k, v)| *k == kind && *v == f.value);
                            let label = facet_vocab(kind).map_or(f.value.clone(), |vk| lib_facets.vocabulary.label(vk, &f.value).to_string());
                            (f.value.clone(), label, f.count, active)
                        })
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        })
    });
    // One group per kind, drawn once. A link is kept while its value and
    // state are (a keystroke moves counts, not the set of links), and only
    // its count's text is rewritten.
    let facet_link = move |kind: FacetKind, values: Memo<Vec<(String, String, usize, bool)>>, (value, label, _, active): (String, String, usize, bool)| {
        let to = {
            let value = value.clone();
            move |mut to: Vec<(FacetKind, String)>| {
                if active {
                    to.retain(|(k, v)| !(*k == kind && *v == value));
                } else {
                    to.push((kind, value.clone()));
                }
                to
            }
        };
        let count = Memo::new(move |_| values.with(|vs| vs.iter().find(|v| v.0 == value && v.3 == active).map_or(0, |v| v.2)));
        let to_now = to.clone();
        // Leaving the box writes the URL (and so the links), and a press
        // leaves it. A click that comes without one (a script, an assistive
        // tool) still gets the text typed since: the link takes it before
        // the router reads it.
        let on_click = move |ev: ev::MouseEvent| retarget(&ev, &search_url(&typed.get_untracked(), &to_now(filters.get_untracked())));
        view! {
            <li>
                <a href=move || search_url(&settled.get(), &to(filters.get())) class=if active { "facet active" } else { "facet" }
                   aria-current=active.then_some("true")
                   on:click=on_click>
                    {label} <span class="n">{move || count.get()}</span>
                </a>
            </li>
        }
    };
    let facets = FacetKind::ALL
        .into_iter()
        .enumerate()
        .map(|(i, kind)| {
            let values = Memo::new(move |_| facet_model.with(|m| m.get(i).cloned().unwrap_or_default()));
            view! {
                <details class="facet-group" open=kind != FacetKind::Organisation>
                    <summary>{facet_title(kind)}</summary>
                    <ul><For each=move || values.get() key=|v| (v.0.clone(), v.3) children=move |v| facet_link(kind, values, v) /></ul>
                </details>
            }
        })
        .collect_view();

    view! {
        <section class="search-page">
            <h1 class="visually-hidden">{t("Search the case library", "사례 라이브러리 검색")}</h1>
            <div class="search-box">
                <label for="q" class="visually-hidden">{t("Search cases", "사례 검색")}</label>
                <input id="q" type="search" node_ref=input_ref autocomplete="off" spellcheck="false"
                    placeholder=t("Search incidents: dns, crossplane, IL-0346, 장애…  (press / to focus)", "장애 검색: DNS, 헬스 체크, 인증서 만료, IL-0346…  (/ 키로 이동)")
                    prop:value=move || query.get().text
                    on:input=on_input on:keydown=on_keydown on:blur=move |_| flush_url(None)
                    aria-controls="results" />
                // Like a facet link, it takes the text typed since the last URL write when clicked.
                {move || (!filters.with(Vec::is_empty)).then(|| view! {
                    <a href=move || search_url(&settled.get(), &[]) class="clear"
                       on:click=move |ev: ev::MouseEvent| retarget(&ev, &search_url(&typed.get_untracked(), &[]))>{t("Clear filters", "필터 해제")}</a>
                })}
            </div>
            <div class="search-layout">
                <aside class="facets" aria-label=t("Filters", "필터")>{facets}</aside>
                <div id="results">{result_list}</div>
            </div>
        </section>
    }
}
