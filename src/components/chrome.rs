use casebook_model::Lang;
use leptos::prelude::*;
use leptos_router::components::A;

use crate::i18n::localize;

/// The site header with navigation and the language switch.
#[component]
pub fn Header(
    /// The page's language.
    lang: Signal<Lang>,
    /// The current path without its locale prefix, with query and fragment,
    /// so that the switch keeps the page.
    path: Signal<String>,
) -> impl IntoView {
    let t = move |en: &'static str, ko: &'static str| lang.get().pick(en, ko);
    let link = move |p: &'static str| move || localize(lang.get(), p);
    let other = move || if lang.get() == Lang::Ko { Lang::En } else { Lang::Ko };
    let navigate = leptos_router::hooks::use_navigate();
    // The search box rewrites the URL in place while typing, so the target is
    // read from the address bar at the click, not from the router.
    let switch = move |ev: leptos::ev::MouseEvent| {
        let Some(w) = web_sys::window() else { return };
        if let Some(s) = w.local_storage().ok().flatten() {
            let _ = s.set_item(crate::app::LANG_KEY, other().code());
        }
        if ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.button() != 0 {
            return;
        }
        let l = w.location();
        let here = format!("{}{}{}", l.pathname().unwrap_or_default(), l.search().unwrap_or_default(), l.hash().unwrap_or_default());
        ev.prevent_default();
        crate::app::go(&navigate, &localize(other(), crate::i18n::strip_lang(&here)), false);
    };
    view! {
        <header class="site-header">
            <a class="skip" href="#main">{move || t("Skip to content", "본문으로 건너뛰기")}</a>
            <A href=link("/") attr:class="brand">"Casebook"</A>
            <nav aria-label=move || t("Main", "주 메뉴")>
                <A href=link("/")>{move || t("Search", "검색")}</A>
                <A href=link("/graph")>{move || t("Graph", "그래프")}</A>
                <A href=link("/topics")>{move || t("Topics", "주제")}</A>
                <A href=link("/check")>{move || t("Check manifests", "매니페스트 검사")}</A>
                <A href=link("/about")>{move || t("About", "소개")}</A>
            </nav>
            <a href=move || localize(other(), &path.get()) class="lang-switch" id="lang-switch"
               hreflang=move || other().code() lang=move || other().code() on:click=switch>
                {move || other().native_name()}
            </a>
        </header>
    }
}

/// The footer: the loaded library's case count and bundle date.
#[component]
pub fn Footer(
    /// Number of cases in the bundle, once loaded.
    cases: Signal<Option<usize>>,
    /// The bundle's build date, once loaded.
    built: Signal<Option<String>>,
    /// The page's language.
    lang: Signal<Lang>,
) -> impl IntoView {
    view! {
        <footer class="site-footer">
            {move || match (cases.get(), built.get(), lang.get().built()) {
                (Some(n), Some(date), Lang::En) => view! { <span id="library-stats">{format!("{n} cases · bundle built {date}")}</span> }.into_any(),
                (Some(n), Some(date), Lang::Ko) => view! { <span id="library-stats">{format!("사례 {n}건 · 번들 빌드 {date}")}</span> }.into_any(),
                (_, _, l) => view! { <span>{l.pick("Loading library…", "라이브러리를 불러오는 중…")}</span> }.into_any(),
            }}
            {move || lang.get().pick(" · Everything runs in your browser; nothing you paste leaves it.", " · 모든 것이 브라우저 안에서 실행되며, 붙여 넣은 내용은 밖으로 나가지 않습니다.")}
        </footer>
    }
}
