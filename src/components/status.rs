use casebook_model::Lang;
use leptos::prelude::*;

/// Shown while the bundle downloads.
#[component]
pub fn Loading(
    /// The page's language.
    #[prop(optional)]
    lang: Lang,
) -> impl IntoView {
    view! {
        <div class="loading" role="status" aria-live="polite">
            <span class="spinner" aria-hidden="true"></span>
            {lang.pick("Loading the case library…", "사례 라이브러리를 불러오는 중…")}
        </div>
    }
}

/// A full-page error with a retry button.
#[component]
pub fn ErrorView(
    /// What went wrong, for the reader.
    message: String,
    /// Called when the reader asks to try again.
    on_retry: Callback<()>,
    /// The page's language.
    #[prop(optional)]
    lang: Lang,
) -> impl IntoView {
    view! {
        <section class="error-page" role="alert" id="load-error">
            <h1>{lang.pick("The case library could not be loaded", "사례 라이브러리를 불러오지 못했습니다")}</h1>
            <p class="error-message">{message}</p>
            <p>{lang.pick("Check your connection, then try again. If the problem stays, the site may be mid-deploy.", "연결을 확인한 뒤 다시 시도하세요. 문제가 계속되면 사이트가 배포 중일 수 있습니다.")}</p>
            <button id="retry" on:click=move |_| on_retry.run(())>{lang.pick("Try again", "다시 시도")}</button>
        </section>
    }
}
