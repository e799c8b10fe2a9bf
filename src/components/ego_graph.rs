use casebook_similar::Related;
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

use crate::data::use_library;
use crate::i18n::t;

/// The colour class of an edge, by its strongest reason.
pub(crate) fn edge_class(r: &Related) -> String {
    format!("edge edge-{}", r.reasons.first().map_or("text", casebook_similar::Reason::key))
}

/// What each edge colour means: an edge takes the colour of its strongest reason.
#[component]
pub(crate) fn EdgeLegend() -> impl IntoView {
    let items = [
        ("cause", t("same cause", "같은 원인")),
        ("component", t("shared component", "공유 구성 요소")),
        ("symptom", t("same symptoms", "같은 증상")),
        ("trigger", t("similar trigger", "비슷한 트리거")),
        ("text", t("similar text", "비슷한 내용")),
    ]
    .into_iter()
    .map(|(key, label)| {
        view! { <li><svg width="18" height="8" aria-hidden="true"><line x1="0" y1="4" x2="18" y2="4" class=format!("edge edge-{key}") stroke-width="3" /></svg>" "{label}</li> }
    })
    .collect_view();
    view! { <ul class="legend edge-legend" aria-label=t("Edge colours: the strongest reason two cases are related", "선 색: 두 사례가 관련된 가장 강한 이유")>{items}</ul> }
}

/// A small graph of one case and its related cases. Edges are coloured by
/// their strongest reason; clicking (or Enter on) a node opens that case.
#[component]
pub(crate) fn EgoGraph(
    /// Position of the centre case in the library.
    doc: usize,
) -> impl IntoView {
    let lib = use_library();
    let related = lib.related.get(doc).cloned().unwrap_or_default();
    let n = related.len().max(1) as f32;
    let (cx, cy, r) = (200.0f32, 150.0f32, 115.0f32);
    let nodes: Vec<(f32, f32, Related, String, String)> = related
        .into_iter()
        .enumerate()
        .map(|(i, rel)| {
            let a = i as f32 / n * std::f32::consts::TAU - std::f32::consts::FRAC_PI_2;
            let c = &lib.cases[rel.doc as usize];
            (cx + r * a.cos(), cy + r * a.sin(), rel, c.id.clone(), c.organisation.clone())
        })
        .collect();
    let centre_label = lib.cases.get(doc).map(|c| c.organisation.clone()).unwrap_or_default();
    let navigate = use_navigate();
    let lines = nodes
        .iter()
        .map(|(x, y, rel, _, _)| {
            let width = format!("{:.1}", 1.0 + rel.score * 3.0);
            view! { <line x1=cx y1=cy x2=*x y2=*y class=edge_class(rel) stroke-width=width /> }
        })
        .collect_view();
    let circles = nodes
        .into_iter()
        .map(|(x, y, rel, id, org)| {
            let href = crate::i18n::href(&format!("/cases/{id}"));
            let (nav1, nav2) = (navigate.clone(), navigate.clone());
            let (h1, h2) = (href.clone(), href.clone());
            let reasons = rel.reasons.iter().map(|x| x.describe_in(&lib.vocabulary, lib.lang)).collect::<Vec<_>>().join(" · ");
            view! {
                <g class="ego-node" role="link" tabindex="0" data-href=href.clone() aria-label=format!("{org}: {id}, {reasons}")
                    on:click=move |_| nav1(&h1, Default::default())
                    on:keydown=move |ev| if ev.key() == "Enter" { nav2(&h2, Default::default()) }>
                    <title>{format!("{id}\n{reasons}")}</title>
                    <circle cx=x cy=y r="9" />
                    <text x=x y=y + 22.0 text-anchor="middle">{org.clone()}</text>
                </g>
            }
        })
        .collect_view();
    view! {
        <svg class="ego-graph" viewBox="0 0 400 300" role="group" aria-label=t("Graph of this case and its related cases", "이 사례와 관련 사례의 그래프")>
            {lines}
            <g class="ego-centre"><circle cx=cx cy=cy r="13" /><text x=cx y=cy + 28.0 text-anchor="middle">{centre_label}</text></g>
            {circles}
        </svg>
        <EdgeLegend />
    }
}
