use leptos::prelude::*;

use crate::data::use_library;

/// About Casebook: what it is, the facts rule, privacy.
#[component]
pub(crate) fn About() -> impl IntoView {
    super::set_title("About");
    let lib = use_library();
    view! {
        <article class="prose">
            <h1>"About Casebook"</h1>
            <p>{format!("Casebook is a library of {} public infrastructure incidents — cloud and Kubernetes outages — as their owners reported them, written in our own words from the primary sources.", lib.cases.len())}</p>
            <h2>"The facts rule"</h2>
            <p>"Every fact in a case comes from a source we read: the postmortem, the status page or an engineering blog. Each case lists its sources and the date they were checked. When a source does not give a value, such as a time to detect, the field stays empty; we never estimate."</p>
            <h2>"Privacy"</h2>
            <p>"Search, case pages and manifest checks run entirely in your browser, in WebAssembly. Nothing you paste is sent anywhere."</p>
            <h2>"The same engine on the command line"</h2>
            <p>"The " <code>"casebook"</code> " command runs the same search, relations and manifest rules, with JSON and SARIF output for CI."</p>
        </article>
    }
}
