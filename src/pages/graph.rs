use casebook_model::VocabKind;
use leptos::ev;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::{use_navigate, use_query_map};

use crate::components::{edge_class, EdgeLegend};
use crate::data::use_library;
use crate::i18n::t;

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
    super::set_title(t("Graph", "그래프"));
    let lib = use_library();
    let view_box = RwSignal::new((0.0f32, 0.0f32, 1.0f32)); // tx, ty, scale
    let drag = RwSignal::new(None::<(f64, f64)>);
    let hovered = RwSignal::new(None::<usize>);
    let filter = RwSignal::new(String::new()); // "component:dns" | "cause:x" | ""
    let navigate = use_navigate();

    let params = use_query_map();
    // `?synthetic=N` (up to 2,000) lays out a synthetic graph in wasm, to measure
    // the page at sizes beyond the library's.
    let synthetic = params.with_untracked(|p| p.get("synthetic").and_then(|n| n.parse::<usize>().ok())).map(|n| n.min(2_000));
    let data = match synthetic {
        Some(n) => synthetic_graph(&lib, n),
        None => library_graph(&lib),
    };
    let layout_ms = data.layout_ms;
    let edges = data
        .edges
        .iter()
        .map(|&(a, b, ref class)| {
            let (pa, pb) = (data.nodes[a].pos, data.nodes[b].pos);
            view! { <line x1=pa.0 y1=pa.1 x2=pb.0 y2=pb.1 class=class.clone() /> }
        })
        .collect_view();
    let node_count = data.nodes.len();
    let nodes_data = std::sync::Arc::new(data.nodes);
    let nodes = (0..node_count)
        .map(|i| {
            let n = &nodes_data[i];
            let (x, y) = n.pos;
            let href = crate::i18n::href(&crate::i18n::href(&format!("/cases/{}", n.id)));
            let (nav1, nav2, h1, h2) = (navigate.clone(), navigate.clone(), href.clone(), href.clone());
            let fill = cause_colour(&lib.vocabulary, &n.cause);
            let (comps, cause) = (n.components.clone(), n.cause.clone());
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
                <g class=class role="link" tabindex="0" data-id=n.id.clone() aria-label=n.title.clone()
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
    let info_nodes = nodes_data.clone();
    let info = move || {
        let c = hovered.get().and_then(|i| info_nodes.get(i))?;
        let comps = c.components.iter().map(|x| lib_info.vocabulary.label(VocabKind::Component, x)).collect::<Vec<_>>().join(", ");
        let (href, title) = (crate::i18n::href(&format!("/cases/{}", c.id)), c.title.clone());
        let line = format!("{} · {} · {}", c.date, lib_info.vocabulary.label(VocabKind::Cause, &c.cause), comps);
        Some(view! {
            <div class="graph-info" aria-live="polite">
                <A href=href>{title}</A>
                <p>{line}</p>
            </div>
        })
    };
    let options = {
        let v = &lib.vocabulary;
        let causes = v.cause.iter().map(|t| view! { <option value=format!("cause:{}", t.id)>{format!("{}: {}", crate::i18n::t("Cause", "원인"), t.label)}</option> }).collect_view();
        let comps = v.component.iter().map(|t| view! { <option value=format!("component:{}", t.id)>{format!("{}: {}", crate::i18n::t("Component", "구성 요소"), t.label)}</option> }).collect_view();
        view! { <option value="">{t("Highlight: everything", "강조: 전체")}</option>{causes}{comps} }
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
                    let why = r.reasons.iter().map(|x| x.describe_in(&lib.vocabulary, lib.lang)).collect::<Vec<_>>().join(" · ");
                    let (href, id) = (crate::i18n::href(&format!("/cases/{}", rc.id)), rc.id.clone());
                    view! { <li><A href=href>{id}</A>" — "{why}</li> }
                })
                .collect_view();
            let (href, id) = (crate::i18n::href(&format!("/cases/{}", c.id)), c.id.clone());
            view! { <li><A href=href>{id}</A><ul>{rel}</ul></li> }
        })
        .collect_view();

    view! {
        <section class="graph-page">
            <h1>{t("The library as a graph", "그래프로 본 라이브러리")}</h1>
            <p>{t("Each dot is a case, coloured by cause; lines join related cases. Drag to pan, scroll or use the buttons to zoom, click a dot to open it.", "점 하나가 사례 하나이며 원인별로 색이 다릅니다. 선은 관련 사례를 잇습니다. 끌어서 이동하고, 스크롤하거나 버튼으로 확대·축소하며, 점을 누르면 사례가 열립니다.")}</p>
            <p class="meta" id="graph-stats" data-nodes=node_count.to_string() data-layout-ms=format!("{layout_ms:.1}")>
                {format!("{node_count} nodes{}", if synthetic.is_some() { format!(" (synthetic, laid out in {layout_ms:.0} ms)") } else { String::new() })}
            </p>
            <div class="graph-controls">
                <label for="graph-filter" class="visually-hidden">{t("Highlight a cluster", "묶음 강조")}</label>
                <select id="graph-filter" on:change=move |ev| filter.set(event_target_value(&ev))>{options}</select>
                <button on:click=move |_| view_box.update(|v| v.2 = (v.2 * 1.3).min(12.0)) aria-label=t("Zoom in", "확대")>"+"</button>
                <button on:click=move |_| view_box.update(|v| v.2 = (v.2 / 1.3).max(0.3)) aria-label=t("Zoom out", "축소")>"−"</button>
                <button on:click=move |_| view_box.set((0.0, 0.0, 1.0))>{t("Reset", "초기화")}</button>
            </div>
            <div class="graph-wrap">
                <svg id="library-graph" class="library-graph" viewBox="0 0 1000 1000" role="group"
                     aria-label=t("Graph of all cases; the same relations are listed below", "모든 사례의 그래프. 같은 관계가 아래 목록에도 있습니다")
                     on:wheel=on_wheel on:pointerdown=on_down on:pointermove=on_move
                     on:pointerup=move |_| drag.set(None) on:pointerleave=move |_| drag.set(None)>
                    <g transform=transform>{edges}{nodes}</g>
                </svg>
                {info}
            </div>
            <ul class="legend" aria-label=t("Cause colours", "원인별 색")>{legend}</ul>
            <EdgeLegend />
            <details class="text-alternative">
                <summary>{t("The same relations as a list", "같은 관계를 목록으로")}</summary>
                <ul>{text_alt}</ul>
            </details>
        </section>
    }
}

/// A node as drawn.
struct GraphNode {
    id: String,
    title: String,
    date: String,
    cause: String,
    components: Vec<String>,
    pos: (f32, f32),
}

/// Nodes, edges (with their CSS class) and how long the layout took.
struct GraphData {
    nodes: Vec<GraphNode>,
    edges: Vec<(usize, usize, String)>,
    layout_ms: f64,
}

fn to_view(p: casebook_similar::Point) -> (f32, f32) {
    (PAD + p.x * (SIZE - 2.0 * PAD), PAD + p.y * (SIZE - 2.0 * PAD))
}

/// The library, with the layout precomputed at bundle build time.
fn library_graph(lib: &crate::data::Library) -> GraphData {
    let nodes = lib
        .cases
        .iter()
        .enumerate()
        .map(|(i, c)| GraphNode {
            id: c.id.clone(),
            title: c.title.clone(),
            date: c.start_date_in(crate::i18n::lang()),
            cause: c.cause.clone(),
            components: c.components.clone(),
            pos: to_view(lib.layout.get(i).copied().unwrap_or_default()),
        })
        .collect();
    let edges = lib
        .related
        .iter()
        .enumerate()
        .flat_map(|(i, rs)| rs.iter().filter(move |r| r.doc as usize > i).map(move |r| (i, r.doc as usize, edge_class(r))))
        .collect();
    GraphData { nodes, edges, layout_ms: 0.0 }
}

/// `n` synthetic nodes with library-like attributes, laid out here in wasm.
fn synthetic_graph(lib: &crate::data::Library, n: usize) -> GraphData {
    let perf = web_sys::window().and_then(|w| w.performance());
    let now = || perf.as_ref().map_or(0.0, web_sys::Performance::now);
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |m: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % m.max(1) as u64) as usize
    };
    let base = &lib.cases;
    let mut edges_raw = Vec::new();
    for i in 1..n {
        for _ in 0..2 {
            let j = next(i);
            edges_raw.push((i, j, 0.5f32));
        }
    }
    let t0 = now();
    let layout = casebook_similar::layout(n, &edges_raw, 60);
    let layout_ms = now() - t0;
    let nodes = (0..n)
        .map(|i| {
            let c = &base[i % base.len().max(1)];
            GraphNode {
                id: c.id.clone(),
                title: format!("synthetic node {i}"),
                date: c.start_date_in(crate::i18n::lang()),
                cause: c.cause.clone(),
                components: c.components.clone(),
                pos: to_view(layout[i]),
            }
        })
        .collect();
    let edges = edges_raw.into_iter().map(|(a, b, _)| (a, b, "edge edge-text".to_string())).collect();
    GraphData { nodes, edges, layout_ms }
}
