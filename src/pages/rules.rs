use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_params_map;

use super::NotFound;
use crate::data::use_library;

/// `/rules`: every manifest rule, generated from the rule registry.
#[component]
pub(crate) fn RulesIndex() -> impl IntoView {
    super::set_title("Rules");
    let lib = use_library();
    let items = lib
        .rules
        .iter()
        .map(|r| {
            let (id, title) = (r.id.clone(), r.title.clone());
            view! { <li><A href=format!("/rules/{id}")><code>{id}</code></A>" — "{title}" "<span class="n">{format!("({})", r.severity)}</span></li> }
        })
        .collect_view();
    view! { <section class="prose"><h1>"Manifest rules"</h1><p>"Each rule comes from the lessons of incidents in the library."</p><ul>{items}</ul></section> }
}

/// `/rules/:id`: one rule's docs and the cases behind it.
#[component]
pub(crate) fn RulePage() -> impl IntoView {
    let lib = use_library();
    let params = use_params_map();
    move || {
        let id = params.with(|p| p.get("id").unwrap_or_default());
        let Some(r) = lib.rule(&id).cloned() else {
            return view! { <NotFound what=format!("rule {id:?}") /> }.into_any();
        };
        super::set_title(&r.id);
        let sections = ["What it does", "Why it matters", "Example", "Use instead"]
            .into_iter()
            .map(|s| view! { <h2>{s}</h2><pre class="doc">{r.section(s).unwrap_or_default().to_string()}</pre> })
            .collect_view();
        let cases = r
            .cases
            .iter()
            .map(|c| {
                let title = lib.find(c).map_or_else(|| c.clone(), |d| lib.cases[d].title.clone());
                view! { <li><A href=format!("/cases/{c}")>{title}</A></li> }
            })
            .collect_view();
        view! {
            <article class="prose" id="rule">
                <h1><code>{r.id.clone()}</code></h1>
                <p>{r.title.clone()}" · default severity "{r.severity.clone()}</p>
                {sections}
                <h2>"Grounded in"</h2><ul>{cases}</ul>
            </article>
        }
        .into_any()
    }
}
