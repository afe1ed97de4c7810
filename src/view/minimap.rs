//! The minimap: the whole drawing in a small box in the map's corner, with the camera's view
//! outlined on it, shown while the view leaves part of the map out. Where its box sits, when
//! it shows, what it paints and which drawing point a click on it means. Pure.

use super::camera::Camera;
use super::detail::Detail;
use super::drawing::Drawing;
use super::raster::{paint, Raster};

/// The minimap's width in pixels.
pub const WIDTH: f64 = 180.0;
/// Its height is the drawing's shape at that width, within these bounds (a long corridor of a
/// map still gets a box one can click in).
const MIN_HEIGHT: f64 = 60.0;
const MAX_HEIGHT: f64 = 180.0;

/// The minimap of one drawing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Minimap {
    /// The view of the whole drawing it shows.
    pub camera: Camera,
    /// Its size in pixels.
    pub size: (f64, f64),
}

impl Minimap {
    /// The minimap of a drawing.
    pub fn of(d: &Drawing) -> Minimap {
        let fit = Camera::fit(d.left, d.top, d.width, d.height);
        let height = (WIDTH * fit.h / fit.w).clamp(MIN_HEIGHT, MAX_HEIGHT);
        let size = (WIDTH, height.round());
        Minimap {
            camera: fit.with_aspect(size),
            size,
        }
    }

    /// Its picture: every room a dot.
    pub fn paint(&self, d: &Drawing) -> Raster {
        paint(
            d,
            &self.camera,
            self.size.0 as usize,
            self.size.1 as usize,
            Detail::Dots,
        )
    }

    /// The outline of `view` on it, in its pixels: left, top, width, height (at least 4 pixels
    /// a side, so that a close view still shows where it is).
    pub fn frame(&self, view: &Camera) -> [f64; 4] {
        let s = self.camera.scale(self.size);
        let (w, h) = ((view.w * s).max(4.0), (view.h * s).max(4.0));
        let (cx, cy) = (
            (view.x + view.w / 2.0 - self.camera.x) * s,
            (view.y + view.h / 2.0 - self.camera.y) * s,
        );
        [cx - w / 2.0, cy - h / 2.0, w, h]
    }

    /// The drawing point under a pixel of the minimap.
    pub fn to_drawing(&self, px: (f64, f64)) -> (f64, f64) {
        self.camera.to_drawing(px, self.size)
    }
}

/// True when `view` leaves part of the drawing out (the minimap then helps find one's way).
pub fn shown(d: &Drawing, view: &Camera) -> bool {
    !d.rooms.is_empty()
        && (d.left < view.x
            || d.top < view.y
            || d.left + d.width > view.x + view.w
            || d.top + d.height > view.y + view.h)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawing(width: f64, height: f64) -> Drawing {
        Drawing {
            width,
            height,
            rooms: vec![crate::view::drawing::RoomSpot {
                id: 0,
                name: "A".into(),
                x: 0.0,
                y: 0.0,
                class: String::new(),
            }],
            ..Drawing::default()
        }
    }

    #[test]
    fn the_minimap_has_the_drawings_shape_and_outlines_the_view() {
        let d = drawing(40_000.0, 20_000.0);
        let m = Minimap::of(&d);
        assert_eq!(m.size.0, WIDTH);
        assert!((m.size.1 - 90.0).abs() < 2.0, "{:?}", m.size);
        let view = Camera {
            x: 10_000.0,
            y: 5_000.0,
            w: 4_000.0,
            h: 2_000.0,
        };
        let [x, y, w, h] = m.frame(&view);
        let s = m.camera.scale(m.size);
        assert!((w - 4_000.0 * s).abs() < 1e-6 && (h - 2_000.0 * s).abs() < 1e-6);
        // Its centre is the view's centre, in the minimap's pixels, and back.
        let back = m.to_drawing((x + w / 2.0, y + h / 2.0));
        assert!((back.0 - 12_000.0).abs() < 1e-6 && (back.1 - 6_000.0).abs() < 1e-6);
        // A long thin map still gets a box one can click in.
        assert_eq!(Minimap::of(&drawing(100_000.0, 100.0)).size.1, MIN_HEIGHT);
    }

    #[test]
    fn the_minimap_shows_only_while_part_of_the_map_is_out_of_view() {
        let d = drawing(4_000.0, 2_000.0);
        assert!(!shown(&d, &Camera::fit(0.0, 0.0, 4_000.0, 2_000.0)));
        assert!(shown(
            &d,
            &Camera {
                x: 100.0,
                y: 0.0,
                w: 1_000.0,
                h: 1_000.0
            }
        ));
        assert!(!shown(&Drawing::default(), &Camera::default()));
    }
}
