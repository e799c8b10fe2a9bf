use casebook_model::VocabKind;
use leptos::prelude::*;
use leptos_router::components::A;

use crate::data::use_library;

/// A vocabulary term as a link to its topic page, labelled from the vocabulary.
#[component]
pub(crate) fn TermLink(
    /// The vocabulary.
    kind: VocabKind,
    /// The term id.
    id: String,
) -> impl IntoView {
    let lib = use_library();
    let label = lib.vocabulary.label(kind, &id).to_string();
    let title = lib.vocabulary.term(kind, &id).map(|t| t.definition.clone()).unwrap_or_default();
    let href = crate::i18n::href(&format!("/topics/{}/{}", kind.slug(), id));
    view! { <A href=href attr:class=format!("term term-{}", kind.slug()) attr:title=title>{label}</A> }
}
