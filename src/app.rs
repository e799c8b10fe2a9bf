use casebook_model::Lang;
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::hooks::{use_location, use_navigate};
use leptos_router::{path, NavigateOptions};

use crate::components::{ErrorView, Footer, Header, Loading};
use crate::data::{load_body, load_bundle, use_arrival, Arrival, Library};
use crate::i18n::{lang_of_path, localize, strip_lang};
use crate::pages::{About, CasePage, CheckPage, GraphPage, Home, NotFound, RulePage, RulesIndex, TopicPage, TopicsIndex};

/// The reader's own choice of language, kept when they switch.
pub(crate) const LANG_KEY: &str = "casebook-lang";

/// The app: the router around the shell.
#[component]
pub fn App() -> impl IntoView {
    view! { <Router><Shell /></Router> }
}

/// The language a first visit to `/` should get: the reader's earlier
/// choice, else the browser's preferred language when Casebook has it.
fn preferred_lang() -> Lang {
    let Some(w) = web_sys::window() else { return Lang::En };
    if let Some(choice) = w.local_storage().ok().flatten().and_then(|s| s.get_item(LANG_KEY).ok().flatten()) {
        return Lang::parse(&choice).unwrap_or_default();
    }
    let langs = w.navigator().languages();
    let first = langs.get(0).as_string().or_else(|| w.navigator().language()).unwrap_or_default();
    Lang::parse(&first).unwrap_or_default()
}

/// Goes to `to`: within the app when this wasm serves both locales, else by
/// loading the page (another locale is another wasm).
/// `navigate` is the router's, taken while the component is set up.
pub(crate) fn go(navigate: &impl Fn(&str, NavigateOptions), to: &str, replace: bool) {
    if crate::i18n::BUILT.is_some_and(|l| l != lang_of_path(to)) {
        if let Some(l) = web_sys::window().map(|w| w.location()) {
            let _ = if replace { l.replace(to) } else { l.assign(to) };
        }
    } else {
        navigate(to, NavigateOptions { replace, ..Default::default() });
    }
}

/// Tells the page's scripts that the whole library has loaded (or failed
/// to): `public/register-sw.js` waits for this before the service worker
/// starts precaching, so that precaching never competes with the first
/// render, nor downloads the library's body a second time.
fn announce_ready() {
    if let Some(w) = web_sys::window() {
        if let Ok(ev) = web_sys::Event::new("casebook-ready") {
            let _ = w.dispatch_event(&ev);
        }
    }
}

/// `?query` from the router's search string (which may lack the `?`), or nothing.
fn query_part(search: &str) -> String {
    match search.trim_start_matches('?') {
        "" => String::new(),
        q => format!("?{q}"),
    }
}

/// Header, routes (rendered once the locale's library has loaded), footer.
#[component]
fn Shell() -> impl IntoView {
    let location = use_location();
    // A one-locale build serves its own language whatever the path says (a
    // host that sent this page for the other locale's path still gets a page).
    let lang = Memo::new(move |_| crate::i18n::BUILT.unwrap_or_else(|| lang_of_path(&location.pathname.get())));
    // A first visit to the bare root follows the reader's language. In the
    // one-locale site, index.html's first script has already done this before
    // any wasm was fetched; this is the fallback, and the rule for a build
    // that serves both locales.
    if location.pathname.get_untracked() == "/" {
        let want = preferred_lang();
        if want != lang.get_untracked() {
            let to = localize(want, &format!("/{}{}", query_part(&location.search.get_untracked()), location.hash.get_untracked()));
            go(&use_navigate(), &to, true);
        }
    }
    Effect::new(move |_| {
        let code = lang.get().code();
        if let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
            let _ = el.set_attribute("lang", code);
        }
    });
    let attempt = RwSignal::new(0u32);
    let bundle = LocalResource::new(move || {
        attempt.track();
        load_bundle(lang.get())
    });
    // The body follows the head as soon as the head is in; a failed body
    // leaves search working and is retried from the page that needed it.
    // A first page other than search needs the body at once, so it is
    // requested beside the head rather than after it.
    let body_attempt = RwSignal::new(0u32);
    let first_page_needs_body = strip_lang(&location.pathname.get_untracked()) != "/";
    let started = std::cell::RefCell::new(if first_page_needs_body { crate::data::start_body(lang.get_untracked()) } else { None });
    let body = LocalResource::new(move || {
        body_attempt.track();
        let head = bundle.get().and_then(Result::ok);
        // Taken by the run that has the head (the first run has none yet).
        let started = if head.is_some() { started.borrow_mut().take() } else { None };
        async move {
            match head {
                Some(head) => Some(load_body(head, started).await),
                None => None,
            }
        }
    });
    let full: Signal<Option<Result<Library, String>>> = Signal::derive(move || body.get().flatten());
    let retry_body = Callback::new(move |()| body_attempt.update(|n| *n += 1));
    Effect::new(move |_| {
        if full.with(Option::is_some) {
            announce_ready();
        }
    });
    let loaded = move || bundle.get().and_then(Result::ok);
    let cases = Signal::derive(move || loaded().map(|b: Library| b.cases.len()));
    let built = Signal::derive(move || loaded().map(|b: Library| b.built.clone()));
    let retry = Callback::new(move |()| attempt.update(|n| *n += 1));
    let lang_signal: Signal<Lang> = lang.into();
    let path = Signal::derive(move || format!("{}{}{}", strip_lang(&location.pathname.get()), query_part(&location.search.get()), location.hash.get()));
    view! {
        <Header lang=lang_signal path />
        <main id="main" tabindex="-1">
            {move || match bundle.get() {
                None => view! { <Loading lang=lang.get_untracked() /> }.into_any(),
                Some(Err(message)) => view! { <ErrorView message on_retry=retry lang=lang.get_untracked() /> }.into_any(),
                // While the other locale's library downloads, the old one stays up.
                Some(Ok(lib)) => {
                    provide_context::<Lang>(lib.lang);
                    provide_context(Arrival { head: StoredValue::new(lib), full, retry: retry_body });
                    view! {
                        <Routes fallback=|| view! { <NotFound /> }>
                            <Route path=path!("/") view=Home />
                            <Route path=path!("/cases/:id") view=|| view! { <Complete><CasePage /></Complete> } />
                            <Route path=path!("/graph") view=|| view! { <Complete><GraphPage /></Complete> } />
                            <Route path=path!("/topics") view=|| view! { <Complete><TopicsIndex /></Complete> } />
                            <Route path=path!("/topics/:kind/:term") view=|| view! { <Complete><TopicPage /></Complete> } />
                            <Route path=path!("/check") view=|| view! { <Complete><CheckPage /></Complete> } />
                            <Route path=path!("/rules") view=|| view! { <Complete><RulesIndex /></Complete> } />
                            <Route path=path!("/rules/:id") view=|| view! { <Complete><RulePage /></Complete> } />
                            <Route path=path!("/about") view=|| view! { <Complete><About /></Complete> } />
                            <Route path=path!("/ko") view=Home />
                            <Route path=path!("/ko/") view=Home />
                            <Route path=path!("/ko/cases/:id") view=|| view! { <Complete><CasePage /></Complete> } />
                            <Route path=path!("/ko/graph") view=|| view! { <Complete><GraphPage /></Complete> } />
                            <Route path=path!("/ko/topics") view=|| view! { <Complete><TopicsIndex /></Complete> } />
                            <Route path=path!("/ko/topics/:kind/:term") view=|| view! { <Complete><TopicPage /></Complete> } />
                            <Route path=path!("/ko/check") view=|| view! { <Complete><CheckPage /></Complete> } />
                            <Route path=path!("/ko/rules") view=|| view! { <Complete><RulesIndex /></Complete> } />
                            <Route path=path!("/ko/rules/:id") view=|| view! { <Complete><RulePage /></Complete> } />
                            <Route path=path!("/ko/about") view=|| view! { <Complete><About /></Complete> } />
                            <Route path=path!("/debug/panic") view=crate::pages::PanicProbe />
                            <Route path=path!("/ko/debug/panic") view=crate::pages::PanicProbe />
                            <Route path=path!("/debug/bench") view=|| view! { <Complete><crate::pages::BenchPage /></Complete> } />
                        </Routes>
                    }.into_any()
                }
            }}
        </main>
        <Footer cases built lang=lang_signal />
    }
}

/// Renders its children once the whole library has loaded: every page but
/// search reads case bodies, relations, the graph or the rules.
#[component]
fn Complete(children: ChildrenFn) -> impl IntoView {
    let arrival = use_arrival();
    let lang = arrival.head.get_value().lang;
    move || match arrival.complete() {
        None => view! { <Loading lang /> }.into_any(),
        Some(Err(message)) => view! { <ErrorView message on_retry=arrival.retry lang /> }.into_any(),
        Some(Ok(lib)) => {
            provide_context::<Library>(lib);
            children().into_any()
        }
    }
}
