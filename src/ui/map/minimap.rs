//! The minimap in the map's corner: the whole map as dots with the view outlined, shown while
//! the view leaves part of the map out; press or drag on it to move the view there. What it
//! shows is computed by [`crate::view::minimap`].

use crate::ui::map::canvas_input::stop_following;
use crate::ui::AppState;
use crate::view::minimap::{shown, Minimap as Geometry};
use leptos::prelude::*;

/// The minimap.
#[component]
pub fn Minimap() -> impl IntoView {
    let state = expect_context::<AppState>();
    let geometry = Memo::new(move |_| state.drawing.with(|d| Geometry::of(d)));
    let visible = Memo::new(move |_| {
        let c = state.camera.get();
        state.drawing.with(|d| shown(d, &c))
    });
    let bitmap = NodeRef::<leptos::html::Canvas>::new();
    #[cfg(target_arch = "wasm32")]
    Effect::new(move |_| {
        let Some(canvas) = bitmap.get() else { return };
        if !visible.get() {
            return;
        }
        let r = state.drawing.with(|d| geometry.get().paint(d));
        crate::ui::map::painter::put(&canvas, &r);
    });
    let box_ = NodeRef::<leptos::html::Div>::new();
    let pressed = StoredValue::new(false);
    // Centres the view on the drawing point under the pointer.
    let go = move |ev: &web_sys::PointerEvent| {
        let Some(el) = box_.get_untracked() else { return };
        let r = el.get_bounding_client_rect();
        let px = (
            f64::from(ev.client_x()) - r.left(),
            f64::from(ev.client_y()) - r.top(),
        );
        let (x, y) = geometry.get_untracked().to_drawing(px);
        stop_following(state);
        state.camera.update(|c| *c = c.centre_on(x, y));
    };
    let frame = move || {
        let [x, y, w, h] = geometry.get().frame(&state.camera.get());
        format!("left:{x:.1}px;top:{y:.1}px;width:{w:.1}px;height:{h:.1}px")
    };
    let size = move || {
        let (w, h) = geometry.get().size;
        format!("width:{w}px;height:{h}px")
    };
    view! {
        <div
            class="minimap"
            class:hidden=move || !visible.get()
            data-testid="minimap"
            node_ref=box_
            style=size
            title="The whole map: press or drag to move the view"
            on:pointerdown=move |ev| {
                ev.stop_propagation();
                pressed.set_value(true);
                if let Some(el) = box_.get_untracked() {
                    let _ = el.set_pointer_capture(ev.pointer_id());
                }
                go(&ev);
            }
            on:pointermove=move |ev| {
                ev.stop_propagation();
                if pressed.get_value() {
                    go(&ev);
                }
            }
            on:pointerup=move |ev| {
                ev.stop_propagation();
                pressed.set_value(false);
            }
            on:pointercancel=move |_| pressed.set_value(false)
        >
            <canvas node_ref=bitmap></canvas>
            <div class="minimap-view" data-testid="minimap-view" style=frame></div>
        </div>
    }
}
