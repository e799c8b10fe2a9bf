use leptos::prelude::*;
use leptos_router::components::A;

/// The 404 page, for unknown routes and unknown case ids.
#[component]
pub(crate) fn NotFound(
    /// What was not found, when known (e.g. a case id).
    #[prop(optional, into)]
    what: Option<String>,
) -> impl IntoView {
    super::set_title("Not found");
    view! {
        <section class="not-found" id="not-found">
            <h1>"404: not found"</h1>
            {what.map(|w| view! { <p>"There is no " <code>{w}</code> " in the library."</p> })}
            <p>"Try the " <A href="/">"search"</A> " or the " <A href="/topics">"topics"</A> "."</p>
        </section>
    }
}
