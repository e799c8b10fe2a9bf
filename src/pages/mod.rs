//! Route views.

mod about;
#[cfg(feature = "bench")]
mod bench;
mod case;
mod check;
mod graph;
mod home;
mod not_found;
mod rules;
mod topics;

pub(crate) use about::About;
#[cfg(feature = "bench")]
pub(crate) use bench::BenchPage;

/// Without the `bench` feature the benchmark page does not exist.
#[cfg(not(feature = "bench"))]
#[leptos::component]
pub(crate) fn BenchPage() -> impl leptos::IntoView {
    leptos::view! { <NotFound what="the benchmark page (build with --features bench)".to_string() /> }
}
pub(crate) use case::CasePage;
pub(crate) use check::CheckPage;
pub(crate) use graph::GraphPage;
pub(crate) use home::Home;
pub(crate) use not_found::NotFound;
pub(crate) use rules::{RulePage, RulesIndex};
pub(crate) use topics::{TopicPage, TopicsIndex};

/// Sets the document title, so every route has a stable, descriptive title.
pub(crate) fn set_title(title: &str) {
    if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
        doc.set_title(&format!("{title} · Casebook"));
    }
}

/// `/debug/panic`: panics on purpose, so the end-to-end tests can prove that
/// a panic shows the crash view with a reload link instead of a dead page.
#[leptos::component]
pub(crate) fn PanicProbe() -> impl leptos::IntoView {
    panic!("deliberate panic from /debug/panic (used by the end-to-end tests)");
    #[allow(unreachable_code)]
    ()
}
