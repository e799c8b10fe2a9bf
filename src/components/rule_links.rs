use casebook_model::RuleDoc;
use leptos::prelude::*;
use leptos_router::components::A;

/// A list of manifest rules, each linking to its generated docs page.
#[component]
pub(crate) fn RuleLinks(
    /// The rules to list.
    rules: Vec<RuleDoc>,
) -> impl IntoView {
    let items = rules
        .into_iter()
        .map(|r| {
            let RuleDoc { id, title, .. } = r;
            view! { <li><A href=crate::i18n::href(&format!("/rules/{id}"))><code>{id}</code></A>" — "{title}</li> }
        })
        .collect_view();
    view! { <ul class="rule-links">{items}</ul> }
}
