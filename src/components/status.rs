use leptos::prelude::*;

/// Shown while the bundle downloads.
#[component]
pub fn Loading() -> impl IntoView {
    view! {
        <div class="loading" role="status" aria-live="polite">
            <span class="spinner" aria-hidden="true"></span>
            "Loading the case library…"
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
) -> impl IntoView {
    view! {
        <section class="error-page" role="alert" id="load-error">
            <h1>"The case library could not be loaded"</h1>
            <p class="error-message">{message}</p>
            <p>"Check your connection, then try again. If the problem stays, the site may be mid-deploy."</p>
            <button id="retry" on:click=move |_| on_retry.run(())>"Try again"</button>
        </section>
    }
}
