//! The map's camera: the part of the drawing the canvas shows, as an SVG `viewBox`, with the
//! arithmetic for fitting, zooming about a point, panning and turning screen points into
//! drawing points (the canvas keeps the default `xMidYMid meet`). Pure.

/// The visible rectangle of the drawing, in drawing units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl Default for Camera {
    fn default() -> Camera {
        Camera {
            x: 0.0,
            y: 0.0,
            w: 800.0,
            h: 600.0,
        }
    }
}

/// The smallest and largest visible widths, in drawing units.
const MIN_W: f64 = 150.0;
const MAX_W: f64 = 400_000.0;
/// On screen, a room box narrower than this cannot be read: a camera that follows the map
/// then follows the reader's room instead of showing the whole map.
const MIN_ROOM_PX: f64 = 40.0;
/// The width of a room box on screen while following the reader's room.
const FOLLOW_ROOM_PX: f64 = 90.0;

impl Camera {
    /// Shows the whole rectangle (`left`, `top`, `width`, `height`) with a margin.
    pub fn fit(left: f64, top: f64, width: f64, height: f64) -> Camera {
        let margin = 30.0;
        let w = (width + 2.0 * margin).max(MIN_W * 3.0);
        let h = (height + 2.0 * margin).max(MIN_W * 2.0);
        Camera {
            x: left + width / 2.0 - w / 2.0,
            y: top + height / 2.0 - h / 2.0,
            w,
            h,
        }
    }

    /// Grows the width or the height so that the view has the aspect `width / height` of an
    /// element of size `(fw, fh)`, keeping its centre (the canvas then never letterboxes).
    pub fn with_aspect(self, (fw, fh): (f64, f64)) -> Camera {
        if fw <= 0.0 || fh <= 0.0 {
            return self;
        }
        let want = fw / fh;
        let (cx, cy) = (self.x + self.w / 2.0, self.y + self.h / 2.0);
        let (w, h) = if self.w / self.h < want {
            (self.h * want, self.h)
        } else {
            (self.w, self.w / want)
        };
        Camera {
            x: cx - w / 2.0,
            y: cy - h / 2.0,
            w,
            h,
        }
    }

    /// This view grown to three times its size around its centre: what the canvas paints, so
    /// that panning by up to a screen shows content before it is repainted.
    pub fn margin(self) -> Camera {
        self.around(3.0)
    }

    /// This view grown to `k` times its size around its centre.
    pub fn around(self, k: f64) -> Camera {
        Camera {
            x: self.x - self.w * (k - 1.0) / 2.0,
            y: self.y - self.h * (k - 1.0) / 2.0,
            w: self.w * k,
            h: self.h * k,
        }
    }

    /// The CSS transform that makes a canvas painted for view `painted` show this view, in an
    /// element `fw` pixels wide (both views have its aspect): a scale and a shift, so moving
    /// and zooming need no repaint until the painted view catches up.
    pub fn transform_from(&self, painted: &Camera, fw: f64) -> String {
        let sc = fw / self.w;
        let k = painted.w / self.w;
        let (tx, ty) = ((painted.x - self.x) * sc, (painted.y - self.y) * sc);
        format!("translate({tx:.2}px, {ty:.2}px) scale({k:.5})")
    }

    /// The `viewBox` attribute.
    pub fn view_box(&self) -> String {
        format!("{:.1} {:.1} {:.1} {:.1}", self.x, self.y, self.w, self.h)
    }

    /// Zooms by `factor` (> 1 zooms in), keeping drawing point `(px, py)` where it is.
    pub fn zoom_at(self, (px, py): (f64, f64), factor: f64) -> Camera {
        let w = (self.w / factor).clamp(MIN_W, MAX_W);
        let f = self.w / w;
        Camera {
            x: px - (px - self.x) / f,
            y: py - (py - self.y) / f,
            w,
            h: self.h / f,
        }
    }

    /// Zooms about the centre.
    pub fn zoom(self, factor: f64) -> Camera {
        self.zoom_at((self.x + self.w / 2.0, self.y + self.h / 2.0), factor)
    }

    /// Moves the view by a distance in drawing units.
    pub fn pan(self, dx: f64, dy: f64) -> Camera {
        Camera {
            x: self.x + dx,
            y: self.y + dy,
            ..self
        }
    }

    /// Centres the view on a drawing point.
    pub fn centre_on(self, x: f64, y: f64) -> Camera {
        Camera {
            x: x - self.w / 2.0,
            y: y - self.h / 2.0,
            ..self
        }
    }

    /// Where a camera that follows the drawing goes next, if anywhere, in an element of size
    /// `viewport`: the whole drawing (`bounds`: left, top, width, height) with some room to
    /// grow, refitted only when the drawing leaves the view or shrinks well inside it (or
    /// always, with `always`) — unless the whole drawing would show rooms `room` units wide
    /// too small to read. Then it follows `here` (the room the shown step left the reader in)
    /// at a readable scale, moving only when that room nears the view's edge or the view is
    /// not at a readable scale.
    pub fn follow(
        self,
        bounds: [f64; 4],
        here: Option<(f64, f64)>,
        viewport: (f64, f64),
        room: f64,
        always: bool,
    ) -> Option<Camera> {
        let [left, top, width, height] = bounds;
        let fit = Camera::fit(
            left - 0.1 * width,
            top - 0.1 * height,
            width * 1.2,
            height * 1.2,
        )
        .with_aspect(viewport);
        let readable = |c: &Camera| c.scale(viewport) * room >= MIN_ROOM_PX;
        match here.filter(|_| !readable(&fit)) {
            None => {
                let outside = left < self.x
                    || top < self.y
                    || left + width > self.x + self.w
                    || top + height > self.y + self.h;
                let small = width < 0.5 * self.w && height < 0.5 * self.h;
                (always || outside || small).then_some(fit)
            }
            Some((hx, hy)) => {
                let w = viewport.0.max(1.0) * room / FOLLOW_ROOM_PX;
                let h = w * viewport.1.max(1.0) / viewport.0.max(1.0);
                // Centred on the reader, but never past the drawing's edge: a reader in a
                // corner shows the map beside it, not empty space.
                let margin = 0.6 * room;
                let target = Camera {
                    x: within(hx - w / 2.0, w, left - margin, width + 2.0 * margin),
                    y: within(hy - h / 2.0, h, top - margin, height + 2.0 * margin),
                    w,
                    h,
                };
                let near_middle = (hx - (self.x + self.w / 2.0)).abs() < 0.42 * self.w
                    && (hy - (self.y + self.h / 2.0)).abs() < 0.42 * self.h;
                let there = (self.x - target.x).abs() < 1e-6 * w
                    && (self.y - target.y).abs() < 1e-6 * h
                    && (self.w - w).abs() < 1e-6 * w;
                if there
                    || (readable(&self)
                        && self.scale(viewport) * room <= 3.0 * FOLLOW_ROOM_PX
                        && near_middle)
                {
                    return None;
                }
                Some(target)
            }
        }
    }

    /// Screen pixels per drawing unit in an element of this size.
    pub fn scale(&self, (rw, rh): (f64, f64)) -> f64 {
        (rw / self.w).min(rh / self.h).max(1e-9)
    }

    /// The drawing point under a point of the element, given in pixels from its top-left corner.
    pub fn to_drawing(&self, (cx, cy): (f64, f64), size: (f64, f64)) -> (f64, f64) {
        let s = self.scale(size);
        let ox = (size.0 - self.w * s) / 2.0;
        let oy = (size.1 - self.h * s) / 2.0;
        (self.x + (cx - ox) / s, self.y + (cy - oy) / s)
    }
}

/// Where a view of length `len` starting at `start` goes so that it stays on the span
/// (`lo`, `lo + span`): moved inside it when shorter, centred on it when longer.
fn within(start: f64, len: f64, lo: f64, span: f64) -> f64 {
    if len >= span {
        lo + span / 2.0 - len / 2.0
    } else {
        start.clamp(lo, lo + span - len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zooming_keeps_the_point_under_the_pointer() {
        let c = Camera::fit(0.0, 0.0, 1000.0, 500.0);
        let size = (800.0, 400.0);
        let p = c.to_drawing((200.0, 100.0), size);
        let z = c.zoom_at(p, 2.0);
        let q = z.to_drawing((200.0, 100.0), size);
        assert!((p.0 - q.0).abs() < 1e-6 && (p.1 - q.1).abs() < 1e-6);
        assert!((z.w - c.w / 2.0).abs() < 1e-9);
    }

    #[test]
    fn the_transform_maps_the_painted_view_onto_the_current_one() {
        let painted = Camera {
            x: 0.0,
            y: 0.0,
            w: 1000.0,
            h: 500.0,
        };
        assert_eq!(
            painted.transform_from(&painted, 800.0),
            "translate(0.00px, 0.00px) scale(1.00000)"
        );
        let zoomed = painted.zoom_at((0.0, 0.0), 2.0);
        assert_eq!(
            zoomed.transform_from(&painted, 800.0),
            "translate(0.00px, 0.00px) scale(2.00000)"
        );
        let c = Camera::fit(0.0, 0.0, 100.0, 100.0).with_aspect((800.0, 400.0));
        assert!((c.w / c.h - 2.0).abs() < 1e-9);
    }

    #[test]
    fn a_fitted_camera_shows_the_whole_drawing() {
        let c = Camera::fit(0.0, 0.0, 3000.0, 200.0);
        assert!(c.x <= 0.0 && c.y <= 0.0 && c.x + c.w >= 3000.0 && c.y + c.h >= 200.0);
    }

    #[test]
    fn a_follower_shows_a_small_map_whole_and_a_big_one_around_the_reader() {
        let vp = (1000.0, 800.0);
        let start = Camera {
            x: 0.0,
            y: 0.0,
            w: 1.0,
            h: 1.0,
        };
        // A small map: the whole of it.
        let small = start
            .follow(
                [0.0, 0.0, 600.0, 400.0],
                Some((50.0, 50.0)),
                vp,
                110.0,
                false,
            )
            .expect("a fresh view moves");
        assert!(small.x <= 0.0 && small.x + small.w >= 600.0);
        assert!(small.y <= 0.0 && small.y + small.h >= 400.0);
        // Unchanged map, same view: no move.
        assert_eq!(
            small.follow([0.0, 0.0, 600.0, 400.0], None, vp, 110.0, false),
            None
        );
        // A map too big to read whole: a readable view centred on the reader's room.
        let big = [0.0, 0.0, 40_000.0, 90_000.0];
        let f = start
            .follow(big, Some((20_000.0, 70_000.0)), vp, 110.0, false)
            .expect("moves");
        assert!((f.x + f.w / 2.0 - 20_000.0).abs() < 1e-6);
        assert!((f.y + f.h / 2.0 - 70_000.0).abs() < 1e-6);
        assert!((f.scale(vp) * 110.0 - FOLLOW_ROOM_PX).abs() < 1e-6);
        // The reader moves a little: the view stays; far: it follows.
        assert_eq!(
            f.follow(big, Some((20_100.0, 70_000.0)), vp, 110.0, false),
            None
        );
        let g = f
            .follow(big, Some((30_000.0, 70_000.0)), vp, 110.0, false)
            .expect("follows");
        assert!((g.x + g.w / 2.0 - 30_000.0).abs() < 1e-6);
        // A reader at the drawing's corner: the view stays on the drawing, the reader in it,
        // and stays put while the reader does.
        let corner = start
            .follow(big, Some((100.0, 89_900.0)), vp, 110.0, false)
            .expect("moves");
        assert!(corner.x >= -66.0 - 1e-6 && corner.y + corner.h <= 90_066.0 + 1e-6);
        assert!(corner.x < 100.0 && corner.x + corner.w > 100.0);
        assert!(corner.y < 89_900.0 && corner.y + corner.h > 89_900.0);
        assert_eq!(
            corner.follow(big, Some((100.0, 89_900.0)), vp, 110.0, false),
            None
        );
        // A drawing narrower than the readable view: centred on the drawing across.
        let tall = [0.0, 0.0, 300.0, 90_000.0];
        let t = start
            .follow(tall, Some((10.0, 45_000.0)), vp, 110.0, false)
            .expect("moves");
        assert!((t.x + t.w / 2.0 - 150.0).abs() < 1e-6);
        // With no reader's room, the whole map however small it shows.
        let whole = f.follow(big, None, vp, 110.0, false).expect("fits");
        assert!(whole.w >= 40_000.0 && whole.h >= 90_000.0);
    }
}
