//! The map: an SVG whose contents follow the current drawing (kept in step by
//! `canvas_dom`, which touches only what changed), over a `<canvas>` that shows a big map seen
//! from afar (`painter` decides, by [`crate::view::detail::plan`]). Panning and zooming move the
//! painted picture with a CSS transform (no repaint, so even a 100,000-room map moves smoothly);
//! a moment after the camera stops, the map is repainted for the new view with a margin of a
//! screen on every side. Pointer input (pan, zoom, drag rooms, select) is in
//! [`crate::ui::map::canvas_input`]; the minimap in [`crate::ui::map::minimap`].

use crate::ui::map::canvas_input::CanvasInput;
use crate::ui::map::minimap::Minimap;
use crate::ui::signals::SetIfChanged;
use crate::ui::AppState;
use crate::view::detail::Surface;
use leptos::prelude::*;

/// How long the camera must rest before the SVG is repainted for it.
const SETTLE_MS: u64 = 150;

/// The map canvas.
#[component]
pub fn MapCanvas() -> impl IntoView {
    let state = expect_context::<AppState>();
    let frame = NodeRef::<leptos::html::Div>::new();
    let canvas = NodeRef::<leptos::svg::Svg>::new();
    #[cfg(target_arch = "wasm32")]
    sync_drawing(state, frame, canvas);
    // Repaint for the camera once it rests.
    let settle = StoredValue::new(None::<TimeoutHandle>);
    Effect::new(move |_| {
        let c = state.camera.get();
        if let Some(h) = settle.get_value() {
            h.clear();
        }
        let paint = move || {
            settle.set_value(None);
            state.painted.set_if_changed(c);
        };
        settle.set_value(
            set_timeout_with_handle(paint, std::time::Duration::from_millis(SETTLE_MS)).ok(),
        );
    });
    let input = CanvasInput::new(state, frame);
    // A small map seen from afar hides its text, as it always has; a big one's part in view is
    // drawn as SVG only at a zoom with names.
    let far = move || {
        let (c, vp) = (state.painted.get(), state.viewport.get());
        c.w > 3_600.0
            && state
                .drawing
                .with(|d| crate::view::detail::plan(d, &c, vp).surface == Surface::Whole)
    };
    let transform = move || {
        let (painted, c) = (state.painted.get(), state.camera.get());
        c.transform_from(&painted, state.viewport.get().0)
    };
    view! {
        <div
            class="map-frame"
            node_ref=frame
            on:wheel=move |ev| input.wheel(&ev)
            on:pointerdown=move |ev| input.down(&ev)
            on:pointermove=move |ev| input.moved(&ev)
            on:pointerup=move |ev| input.up(&ev)
            on:pointercancel=move |ev| input.up(&ev)
        >
            <div class="map-stage" style:transform=transform>
                <svg
                    node_ref=canvas
                    class="map-canvas"
                    class:far=far
                    data-testid="map-canvas"
                    viewBox=move || state.painted.with(|c| c.margin().view_box())
                    role="img"
                    aria-label="Map of the rooms; drag to pan, scroll to zoom, drag a room to move it"
                ></svg>
            </div>
            <Minimap />
        </div>
    }
}

/// Reads the canvas's size (this forces a layout: only on mount and on window resizes).
#[cfg(target_arch = "wasm32")]
fn measure(state: AppState, frame: NodeRef<leptos::html::Div>) {
    if let Some(f) = frame.get_untracked() {
        let r = f.get_bounding_client_rect();
        let size = (r.width(), r.height());
        if size.0 > 0.0 && state.viewport.get_untracked() != size {
            state.viewport.set(size);
        }
    }
}

/// Paints each new drawing, and each view the camera rests at; while the camera follows the
/// drawing, fits it first.
#[cfg(target_arch = "wasm32")]
fn sync_drawing(
    state: AppState,
    frame: NodeRef<leptos::html::Div>,
    canvas: NodeRef<leptos::svg::Svg>,
) {
    use crate::ui::map::painter::Painter;
    let painter = StoredValue::new_local(None::<Painter>);
    let last = StoredValue::new_local(None::<std::sync::Arc<crate::view::drawing::Drawing>>);
    let resize = window_event_listener(leptos::ev::resize, move |_| measure(state, frame));
    on_cleanup(move || resize.remove());
    Effect::new(move |_| {
        let d = state.drawing.get();
        let Some(el) = canvas.get() else { return };
        if painter.with_value(Option::is_none) {
            painter.set_value(Painter::mount(&el));
            measure(state, frame);
        }
        let fresh = last.with_value(|l| !l.as_ref().is_some_and(|l| std::sync::Arc::ptr_eq(l, &d)));
        if fresh {
            last.set_value(Some(std::sync::Arc::clone(&d)));
            follow(state, &d);
        }
        let (view, viewport) = (state.painted.get(), state.viewport.get());
        let t = crate::ui::map::perf::now();
        let painted = painter
            .try_update_value(|p| p.as_mut().and_then(|p| p.paint(&d, view, viewport)))
            .flatten();
        if let Some(plan) = painted {
            crate::ui::map::perf::record("dom", t);
            crate::ui::map::perf::mark_drawn();
            // What is drawn, for the browser tests: `data-detail` (dots, boxes, labels) and
            // `data-surface` (whole, culled, raster) on the frame.
            if let Some(f) = frame.get_untracked() {
                let _ = f.set_attribute("data-detail", plan.detail.name());
                let _ = f.set_attribute("data-surface", plan.surface.name());
            }
        }
    });
    // The selected room's ring, in a layer of its own: selecting a room redraws that alone
    // (the drawing leaves the selection out, `AppState::drawing`).
    Effect::new(move |_| {
        let room = state.selected_room.get();
        let markup = room
            .and_then(|id| {
                state.drawing.with(|d| {
                    d.rooms
                        .iter()
                        .find(|r| r.id == id)
                        .map(crate::view::svg::selection_markup)
                })
            })
            .unwrap_or_default();
        painter.update_value(|p| {
            if let Some(p) = p {
                p.select(markup);
            }
        });
    });
}

/// While the camera follows the drawing, moves it to follow `d`.
#[cfg(target_arch = "wasm32")]
fn follow(state: AppState, d: &crate::view::drawing::Drawing) {
    if !state.auto_fit.get_untracked() {
        return;
    }
    {
        {
            // A force layout is laid out afresh at every version: always refit it. Otherwise
            // refit only when needed: a view that moves at every step would repaint
            // everything at every step.
            let force = state.layout_mode.get_untracked() == crate::ui::state::LayoutMode::Force;
            let next = state.camera.get_untracked().follow(
                [d.left, d.top, d.width, d.height],
                d.here,
                state.viewport.get_untracked(),
                crate::view::drawing::ROOM_WIDTH,
                force,
            );
            if let Some(c) = next {
                // Following the reader at the same scale is a pan: the painted picture (it
                // holds a screen's margin) moves at once and is repainted once the camera
                // rests. A jump past the margin shows blank for that moment rather than
                // holding up the step: repainting a readable view of a big map costs more
                // than a frame.
                let pan = (c.w - state.camera.get_untracked().w).abs() < 1e-6;
                state.camera.set_if_changed(c);
                if !pan {
                    state.painted.set_if_changed(c);
                }
            }
        }
    }
}
