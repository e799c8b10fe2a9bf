use casebook_model::VocabKind;
use leptos::ev;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_navigate;

use crate::components::edge_class;
use crate::data::use_library;

const SIZE: f32 = 1000.0;
const PAD: f32 = 40.0;

/// A stable colour for a cause, from its position in the vocabulary.
pub(crate) fn cause_colour(vocab: &casebook_model::Vocabulary, cause: &str) -> String {
    let i = vocab.cause.iter().position(|t| t.id == cause).unwrap_or(0);
    let n = vocab.cause.len().max(1);
    format!("hsl({}, 65%, 50%)", i * 360 / n)
}

/// The whole library as a graph: nodes coloured by cause, edges for related
/// pairs, laid out at build time. Pan by dragging, zoom with the wheel or the
/// buttons, hover for details, click to open, filter to highlight a cluster.
#[component]
pub(crate) fn GraphPage() -> impl IntoView {
    super::set_title("Graph");
    let lib = use_library();
    let view_box = RwSignal::new((0.0f32, 0.0f32, 1.0f32)); // tx, ty, scale
    let drag = RwSignal::new(None::<(f64, f64)>);
    let hovered = RwSignal::new(None::<usize>);
    let filter = RwSignal::new(String::new()); // "component:dns" | "cause:x" | ""
    let navigate = use_navigate();

    let pos = |i: usize| {
        let p = lib.layout.get(i).copied().unwrap_or_default();
        (PAD + p.x * (SIZE - 2.0 * PAD), PAD + p.y * (SIZE - 2.0 * PAD))
    };
    let edges = lib
        .related
        .iter()
        .enumerate()
        .flat_map(|(i, rs)| rs.iter().filter(move |r| r.doc as usize > i).map(move |r| (i, r.clone())))
        .map(|(i, r)| {
            let ((x1, y1), (x2, y2)) = (pos(i), pos(r.doc as usize));
            view! { <line x1=x1 y1=y1 x2=x2 y2=y2 class=edge_class(&r) /> }
        })
        .collect_view();
    let lib_nodes = lib.clone();
    let nodes = (0..lib.cases.len())
        .map(|i| {
            let c = &lib_nodes.cases[i];
            let (x, y) = pos(i);
            let href = format!("/cases/{}", c.id);
            let (nav1, nav2, h1, h2) = (navigate.clone(), navigate.clone(), href.clone(), href.clone());
            let fill = cause_colour(&lib_nodes.vocabulary, &c.cause);
            let (comps, cause) = (c.components.clone(), c.cause.clone());
            let class = move || {
                let f = filter.get();
                let lit = match f.split_once(':') {
                    Some(("component", v)) => comps.iter().any(|x| x == v),
                    Some(("cause", v)) => cause == v,
                    _ => true,
                };
                if lit { "node" } else { "node dim" }
            };
            view! {
                <g class=class role="link" tabindex="0" data-id=c.id.clone() aria-label=c.title.clone()
                   on:mouseenter=move |_| hovered.set(Some(i)) on:focus=move |_| hovered.set(Some(i))
                   on:click=move |_| nav1(&h1, Default::default())
                   on:keydown=move |ev| if ev.key() == "Enter" { nav2(&h2, Default::default()) }>
                    <circle cx=x cy=y r="7" fill=fill />
                </g>
            }
        })
        .collect_view();

    let on_wheel = move |ev: ev::WheelEvent| {
        ev.prevent_default();
        let factor = if ev.delta_y() < 0.0 { 1.15 } else { 1.0 / 1.15 };
        view_box.update(|(_, _, s)| *s = (*s * factor).clamp(0.3, 12.0));
    };
    let on_down = move |ev: ev::PointerEvent| drag.set(Some((f64::from(ev.client_x()), f64::from(ev.client_y()))));
    let on_move = move |ev: ev::PointerEvent| {
        if let Some((x0, y0)) = drag.get_untracked() {
            let (x, y) = (f64::from(ev.client_x()), f64::from(ev.client_y()));
            view_box.update(|(tx, ty, _)| {
                *tx += (x - x0) as f32;
                *ty += (y - y0) as f32;
            });
            drag.set(Some((x, y)));
        }
    };
    let transform = move || {
        let (tx, ty, s) = view_box.get();
        format!("translate({tx} {ty}) translate(500 500) scale({s}) translate(-500 -500)")
    };
    let lib_info = lib.clone();
    let info = move || {
        let c = hovered.get().and_then(|i| lib_info.cases.get(i))?;
        let comps = c.components.iter().map(|x| lib_info.vocabulary.label(VocabKind::Component, x)).collect::<Vec<_>>().join(", ");
        let (href, title) = (format!("/cases/{}", c.id), c.title.clone());
        let line = format!("{} · {} · {}", c.start_date(), lib_info.vocabulary.label(VocabKind::Cause, &c.cause), comps);
        Some(view! {
            <div class="graph-info" aria-live="polite">
                <A href=href>{title}</A>
                <p>{line}</p>
            </div>
        })
    };
    let options = {
        let v = &lib.vocabulary;
        let causes = v.cause.iter().map(|t| view! { <option value=format!("cause:{}", t.id)>{format!("Cause: {}", t.label)}</option> }).collect_view();
        let comps = v.component.iter().map(|t| view! { <option value=format!("component:{}", t.id)>{format!("Component: {}", t.label)}</option> }).collect_view();
        view! { <option value="">"Highlight: everything"</option>{causes}{comps} }
    };
    let legend = lib
        .vocabulary
        .cause
        .iter()
        .filter(|t| lib.cases.iter().any(|c| c.cause == t.id))
        .map(|t| {
            let fill = cause_colour(&lib.vocabulary, &t.id);
            view! { <li><svg width="12" height="12" aria-hidden="true"><circle cx="6" cy="6" r="6" fill=fill /></svg>" "{t.label.clone()}</li> }
        })
        .collect_view();
    let text_alt = lib
        .cases
        .iter()
        .enumerate()
        .filter(|(i, _)| !lib.related[*i].is_empty())
        .map(|(i, c)| {
            let rel = lib.related[i]
                .iter()
                .map(|r| {
                    let rc = &lib.cases[r.doc as usize];
                    let why = r.reasons.iter().map(|x| x.describe(&lib.vocabulary)).collect::<Vec<_>>().join(" · ");
                    let (href, id) = (format!("/cases/{}", rc.id), rc.id.clone());
                    view! { <li><A href=href>{id}</A>" — "{why}</li> }
                })
                .collect_view();
            let (href, id) = (format!("/cases/{}", c.id), c.id.clone());
            view! { <li><A href=href>{id}</A><ul>{rel}</ul></li> }
        })
        .collect_view();

    view! {
        <section class="graph-page">
            <h1>"The library as a graph"</h1>
            <p>"Each dot is a case, coloured by cause; lines join related cases. Drag to pan, scroll or use the buttons to zoom, click a dot to open it."</p>
            <div class="graph-controls">
                <label for="graph-filter" class="visually-hidden">"Highlight a cluster"</label>
                <select id="graph-filter" on:change=move |ev| filter.set(event_target_value(&ev))>{options}</select>
                <button on:click=move |_| view_box.update(|v| v.2 = (v.2 * 1.3).min(12.0)) aria-label="Zoom in">"+"</button>
                <button on:click=move |_| view_box.update(|v| v.2 = (v.2 / 1.3).max(0.3)) aria-label="Zoom out">"−"</button>
                <button on:click=move |_| view_box.set((0.0, 0.0, 1.0))>"Reset"</button>
            </div>
            <div class="graph-wrap">
                <svg id="library-graph" class="library-graph" viewBox="0 0 1000 1000" role="img"
                     aria-label="Graph of all cases; the same relations are listed below"
                     on:wheel=on_wheel on:pointerdown=on_down on:pointermove=on_move
                     on:pointerup=move |_| drag.set(None) on:pointerleave=move |_| drag.set(None)>
                    <g transform=transform>{edges}{nodes}</g>
                </svg>
                {info}
            </div>
            <ul class="legend" aria-label="Cause colours">{legend}</ul>
            <details class="text-alternative">
                <summary>"The same relations as a list"</summary>
                <ul>{text_alt}</ul>
            </details>
        </section>
    }
}
