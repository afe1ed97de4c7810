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
    let box_ = NodeRef::<leptos::html::Div>::new();
    // Its picture, on a canvas of its own (made here, not by the view: smaller code).
    #[cfg(target_arch = "wasm32")]
    {
        let bitmap = StoredValue::new_local(None::<web_sys::HtmlCanvasElement>);
        Effect::new(move |_| {
            let Some(el) = box_.get() else { return };
            if !visible.get() {
                return;
            }
            if bitmap.with_value(Option::is_none) {
                let c = crate::ui::map::painter::canvas();
                if let Some(c) = &c {
                    let _ = el.prepend_with_node_1(c);
                }
                bitmap.set_value(c);
            }
            let t = crate::ui::map::perf::now();
            let r = state.drawing.with(|d| geometry.get().paint(d));
            bitmap.with_value(|c| {
                if let Some(c) = c {
                    crate::ui::map::painter::put(c, &r);
                }
            });
            crate::ui::map::perf::record("minimap", t);
        });
    }
    // Centres the view on the drawing point under the pointer, while a button is down.
    let go = move |ev: web_sys::PointerEvent| {
        ev.stop_propagation();
        let Some(el) = box_.get_untracked() else {
            return;
        };
        if ev.buttons() == 0 {
            return;
        }
        if ev.type_() == "pointerdown" {
            let _ = el.set_pointer_capture(ev.pointer_id());
        }
        let r = el.get_bounding_client_rect();
        let px = (
            f64::from(ev.client_x()) - r.left(),
            f64::from(ev.client_y()) - r.top(),
        );
        let (x, y) = geometry.get_untracked().to_drawing(px);
        stop_following(state);
        state.camera.update(|c| *c = c.centre_on(x, y));
    };
    let outer = move || {
        let (w, h) = geometry.get().size;
        let hide = if visible.get() { "" } else { "display:none;" };
        format!("{hide}width:{w}px;height:{h}px")
    };
    let frame = move || {
        let [x, y, w, h] = geometry.get().frame(&state.camera.get());
        format!("left:{x:.1}px;top:{y:.1}px;width:{w:.1}px;height:{h:.1}px")
    };
    view! {
        <div class="minimap" data-testid="minimap" node_ref=box_ style=outer on:pointerdown=go on:pointermove=go>
            <div class="minimap-view" data-testid="minimap-view" style=frame></div>
        </div>
    }
}
