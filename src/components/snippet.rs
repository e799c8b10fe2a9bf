use casebook_search::Snippet;
use leptos::prelude::*;

/// A search snippet with matched words in `<mark>`, rendered as text only.
#[component]
pub(crate) fn SnippetView(
    /// The snippet to show.
    snippet: Snippet,
) -> impl IntoView {
    let pieces: Vec<(String, bool)> = snippet.pieces().into_iter().map(|(s, h)| (s.to_string(), h)).collect();
    view! {
        <p class="snippet">
            {pieces.into_iter().map(|(text, hl)| if hl {
                view! { <mark>{text}</mark> }.into_any()
            } else {
                view! { <span>{text}</span> }.into_any()
            }).collect_view()}
        </p>
    }
}
