use leptos::prelude::*;
use leptos_router::components::A;

use crate::i18n::{href, t};

/// The 404 page, for unknown routes and unknown case ids.
#[component]
pub(crate) fn NotFound(
    /// What was not found, when known (e.g. a case id).
    #[prop(optional, into)]
    what: Option<String>,
) -> impl IntoView {
    super::set_title(t("Not found", "찾을 수 없음"));
    view! {
        <section class="not-found" id="not-found">
            <h1>{t("404: not found", "404: 찾을 수 없음")}</h1>
            {what.map(|w| view! { <p>{t("There is no ", "라이브러리에 ")} <code>{w}</code> {t(" in the library.", "이(가) 없습니다.")}</p> })}
            <p>{t("Try the ", "")} <A href=href("/")>{t("search", "검색")}</A> {t(" or the ", " 또는 ")} <A href=href("/topics")>{t("topics", "주제")}</A> {t(".", "에서 찾아보세요.")}</p>
        </section>
    }
}
