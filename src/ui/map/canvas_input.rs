//! Pointer input on the map canvas: drag the background to pan, scroll to zoom about the
//! pointer, drag a room to move it, click a room to select it (on a rasterised map a press
//! always pans, and a click selects the room found near the pointer by its box).

use crate::ui::signals::SetIfChanged;
use crate::ui::AppState;
use crate::view::camera::Camera;
use crate::view::detail::{plan, room_at, Surface, HIT_SLOP_PX};
use crate::view::drawing::CELL;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// A point or a size, in pixels or drawing units.
type Pair = (f64, f64);

/// What a pressed pointer is doing.
#[derive(Debug, Clone, Copy)]
enum Gesture {
    /// Moving the view; the last pointer position in pixels, and the room a release without
    /// moving selects (on the bitmap, where rooms are no elements: a press there pans, so that
    /// a map of dots a few pixels apart can be dragged at all).
    Pan((f64, f64), Option<u32>),
    /// Moving a room: its id, the grab offset in drawing units, and whether it moved yet.
    Room(u32, (f64, f64), bool),
}

/// The canvas's input handlers.
#[derive(Clone, Copy)]
pub struct CanvasInput {
    state: AppState,
    canvas: NodeRef<leptos::html::Div>,
    gesture: StoredValue<Option<Gesture>>,
}

impl CanvasInput {
    /// Handlers for `canvas`.
    pub fn new(state: AppState, canvas: NodeRef<leptos::html::Div>) -> CanvasInput {
        CanvasInput {
            state,
            canvas,
            gesture: StoredValue::new(None),
        }
    }

    /// The pointer's position in pixels from the canvas corner, the canvas size, and the
    /// drawing point under it.
    fn locate(&self, ev: &web_sys::MouseEvent) -> Option<(Pair, Pair, Pair)> {
        let el = self.canvas.get_untracked()?;
        let r = el.get_bounding_client_rect();
        let px = (
            f64::from(ev.client_x()) - r.left(),
            f64::from(ev.client_y()) - r.top(),
        );
        let size = (r.width(), r.height());
        if self.state.viewport.get_untracked() != size {
            self.state.viewport.set(size);
        }
        Some((
            px,
            size,
            self.state.camera.get_untracked().to_drawing(px, size),
        ))
    }

    /// Scroll: zoom about the pointer.
    pub fn wheel(&self, ev: &web_sys::WheelEvent) {
        ev.prevent_default();
        let Some((_, _, p)) = self.locate(ev) else {
            return;
        };
        let factor = (-ev.delta_y() * 0.0015).exp();
        stop_following(self.state);
        self.state.camera.update(|c| *c = c.zoom_at(p, factor));
    }

    /// Press: start a pan, or a room drag when the pointer is on a room.
    pub fn down(&self, ev: &web_sys::PointerEvent) {
        let Some((px, size, p)) = self.locate(ev) else {
            return;
        };
        let room = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("[data-room-id]").ok().flatten())
            .and_then(|el| el.get_attribute("data-room-id"))
            .and_then(|id| id.parse::<u32>().ok());
        let gesture = match room {
            Some(id) => {
                let centre = self
                    .state
                    .drawing
                    .with_untracked(|d| d.rooms.iter().find(|r| r.id == id).map(|r| (r.x, r.y)));
                let Some((x, y)) = centre else { return };
                Gesture::Room(id, (x - p.0, y - p.1), false)
            }
            None => Gesture::Pan(px, self.raster_room(p, size)),
        };
        if let Some(el) = self.canvas.get_untracked() {
            let _ = el.set_pointer_capture(ev.pointer_id());
        }
        self.gesture.set_value(Some(gesture));
    }

    /// The room under drawing point `p` when the map is rasterised (its rooms are no elements
    /// to press then).
    fn raster_room(&self, p: Pair, size: Pair) -> Option<u32> {
        let painted = self.state.painted.get_untracked();
        let slop = HIT_SLOP_PX / self.state.camera.get_untracked().scale(size);
        self.state.drawing.with_untracked(|d| {
            (plan(d, &painted, size).surface == Surface::Raster)
                .then(|| room_at(d, p, slop))
                .flatten()
        })
    }

    /// Move: pan the view or move the room.
    pub fn moved(&self, ev: &web_sys::PointerEvent) {
        let Some(g) = self.gesture.get_value() else {
            return;
        };
        let Some((px, size, p)) = self.locate(ev) else {
            return;
        };
        match g {
            Gesture::Pan(last, _) => {
                let s = self.state.camera.get_untracked().scale(size);
                stop_following(self.state);
                self.state
                    .camera
                    .update(|c| *c = c.pan((last.0 - px.0) / s, (last.1 - px.1) / s));
                self.gesture.set_value(Some(Gesture::Pan(px, None)));
            }
            Gesture::Room(id, off, _) => {
                let spot = ((p.0 + off.0) / CELL, (p.1 + off.1) / CELL);
                stop_following(self.state);
                self.state.moved.update(|m| {
                    m.insert(id, spot);
                });
                self.gesture.set_value(Some(Gesture::Room(id, off, true)));
            }
        }
    }

    /// Release: a room pressed without moving is selected (or unselected).
    pub fn up(&self, _: &web_sys::PointerEvent) {
        if let Some(Gesture::Room(id, _, false) | Gesture::Pan(_, Some(id))) =
            self.gesture.get_value()
        {
            // The drawing follows the selected conflict: unchanged, it is not drawn again.
            self.state.selected_conflict.set_if_changed(None);
            self.state
                .selected_room
                .update(|r| *r = if *r == Some(id) { None } else { Some(id) });
        }
        self.gesture.set_value(None);
    }
}

/// The user moved the view: stop fitting it to the drawing (without waking the canvas when it
/// was already off).
pub fn stop_following(state: AppState) {
    state.auto_fit.set_if_changed(false);
}

/// Fits the camera to the drawing and lets it follow the drawing again.
pub fn fit(state: AppState) {
    state.auto_fit.set_if_changed(true);
    let c = state
        .drawing
        .with_untracked(|d| Camera::fit(d.left, d.top, d.width, d.height));
    let c = c.with_aspect(state.viewport.get_untracked());
    state.camera.set_if_changed(c);
    state.painted.set_if_changed(c);
}
