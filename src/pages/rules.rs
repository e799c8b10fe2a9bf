use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_params_map;

use super::NotFound;
use crate::data::use_library;
use crate::i18n::{href, lang, t};

/// `/rules`: every manifest rule, generated from the rule registry.
#[component]
pub(crate) fn RulesIndex() -> impl IntoView {
    super::set_title(t("Rules", "규칙"));
    let lib = use_library();
    let items = lib
        .rules
        .iter()
        .map(|r| {
            let (id, title) = (r.id.clone(), r.title.clone());
            view! { <li><A href=href(&format!("/rules/{id}"))><code>{id}</code></A>" — "{title}" "<span class="n">{format!("({})", r.severity)}</span></li> }
        })
        .collect_view();
    view! { <section class="prose"><h1>{t("Manifest rules", "매니페스트 규칙")}</h1><p>{t("Each rule comes from the lessons of incidents in the library.", "각 규칙은 라이브러리에 있는 장애의 교훈에서 나왔습니다.")}</p><ul>{items}</ul></section> }
}

/// `/rules/:id`: one rule's docs and the cases behind it.
#[component]
pub(crate) fn RulePage() -> impl IntoView {
    let lib = use_library();
    let params = use_params_map();
    move || {
        let id = params.with(|p| p.get("id").unwrap_or_default());
        let Some(r) = lib.rule(&id).cloned() else {
            return view! { <NotFound what=format!("{} {id:?}", t("rule", "규칙")) /> }.into_any();
        };
        super::set_title(&r.id);
        let sections = casebook_model::DOC_SECTIONS
            .into_iter()
            .map(|(s, ko)| view! { <h2>{lang().pick(s, ko)}</h2><pre class="doc">{r.section(s).unwrap_or_default().to_string()}</pre> })
            .collect_view();
        let cases = r
            .cases
            .iter()
            .map(|c| {
                let title = lib.find(c).map_or_else(|| c.clone(), |d| lib.cases[d].title.clone());
                view! { <li><A href=href(&format!("/cases/{c}"))>{title}</A></li> }
            })
            .collect_view();
        view! {
            <article class="prose" id="rule">
                <h1><code>{r.id.clone()}</code></h1>
                <p>{r.title.clone()}{t(" · default severity ", " · 기본 심각도 ")}{r.severity.clone()}</p>
                {sections}
                <h2>{t("Grounded in", "근거 장애")}</h2><ul>{cases}</ul>
            </article>
        }
        .into_any()
    }
}
