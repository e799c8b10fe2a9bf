use leptos::prelude::*;
use leptos_router::components::A;

/// The site header with navigation.
#[component]
pub fn Header() -> impl IntoView {
    view! {
        <header class="site-header">
            <a class="skip" href="#main">"Skip to content"</a>
            <A href="/" attr:class="brand">"Casebook"</A>
            <nav aria-label="Main">
                <A href="/">"Search"</A>
                <A href="/graph">"Graph"</A>
                <A href="/topics">"Topics"</A>
                <A href="/check">"Check manifests"</A>
                <A href="/about">"About"</A>
            </nav>
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
) -> impl IntoView {
    view! {
        <footer class="site-footer">
            {move || match (cases.get(), built.get()) {
                (Some(n), Some(date)) => view! {
                    <span id="library-stats">{format!("{n} cases · bundle built {date}")}</span>
                }.into_any(),
                _ => view! { <span>"Loading library…"</span> }.into_any(),
            }}
            " · Everything runs in your browser; nothing you paste leaves it."
        </footer>
    }
}
