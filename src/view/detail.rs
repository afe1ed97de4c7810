//! How much of a drawing the canvas shows, and on what: the level of detail a zoom affords
//! (rooms as dots, as boxes, or as boxes with their names), the surface that draws it (the
//! whole drawing as SVG, only the part in view as SVG, or the part in view rasterised onto a
//! bitmap), the part of a drawing in a view, and which room lies under a point. Pure: the
//! canvas ([`crate::ui`]) asks [`plan`] what to draw and draws exactly that.

use super::camera::Camera;
use super::drawing::{Drawing, ExitLine, RoomSpot, ROOM_HEIGHT, ROOM_WIDTH};

/// On screen, a room box at least this many pixels wide is drawn with its name: the width at
/// which a camera following the reader calls a room readable
/// ([`Camera::follow`]'s threshold), so the view the app opens a big map at shows names.
pub const LABEL_PX: f64 = 40.0;

/// On screen, a room box narrower than this is drawn as a dot: below it a box's outline and
/// fill merge into one blot, and the gap between neighbours (a cell is 150 / 110 of a box)
/// is under three pixels.
pub const BOX_PX: f64 = 8.0;

/// A drawing with at most this many rooms is kept whole in the SVG, at every zoom: panning
/// then never repaints, and a small map looks exactly as it always has. Measured in headless
/// Chromium on the release bundle: 2,000 rooms whole pan and zoom at 60 frames/s, 20,000 at
/// 20 and 100,000 at 6 — frames fall with the count of nodes, so 4,000 keeps well above 30.
pub const WHOLE_SVG_ROOMS: usize = 4_000;

/// How a room is drawn at a zoom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Detail {
    /// A dot per room, thin lines (or none) for exits.
    Dots,
    /// A box per room, exits as lines, no text.
    Boxes,
    /// Boxes with names, exit labels, marks: the full drawing.
    Labels,
}

impl Detail {
    /// Its name (`dots`, `boxes`, `labels`).
    pub fn name(self) -> &'static str {
        match self {
            Detail::Dots => "dots",
            Detail::Boxes => "boxes",
            Detail::Labels => "labels",
        }
    }

    /// The detail at `scale` screen pixels per drawing unit.
    pub fn at(scale: f64) -> Detail {
        let room = ROOM_WIDTH * scale;
        if room >= LABEL_PX {
            Detail::Labels
        } else if room >= BOX_PX {
            Detail::Boxes
        } else {
            Detail::Dots
        }
    }
}

/// What draws the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surface {
    /// The whole drawing, as SVG (a small map).
    Whole,
    /// The part of the drawing in the painted view, as SVG (a big map at a readable zoom).
    Culled,
    /// The part of the drawing in the painted view, rasterised onto a bitmap (a big map seen
    /// from afar, where an SVG node per room would be far too many).
    Raster,
}

impl Surface {
    /// Its name (`whole`, `culled`, `raster`).
    pub fn name(self) -> &'static str {
        match self {
            Surface::Whole => "whole",
            Surface::Culled => "culled",
            Surface::Raster => "raster",
        }
    }
}

/// The canvas's decision for one paint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    /// How rooms are drawn.
    pub detail: Detail,
    /// What draws them.
    pub surface: Surface,
}

/// What to draw for `d` painted for view `painted` in an element of `viewport` pixels.
pub fn plan(d: &Drawing, painted: &Camera, viewport: (f64, f64)) -> Plan {
    let detail = Detail::at(painted.scale(viewport));
    let surface = if d.rooms.len() <= WHOLE_SVG_ROOMS {
        Surface::Whole
    } else if detail == Detail::Labels {
        Surface::Culled
    } else {
        Surface::Raster
    };
    Plan { detail, surface }
}

/// True when the rectangles `[x0, y0, x1, y1]` overlap.
fn overlaps(a: [f64; 4], b: [f64; 4]) -> bool {
    a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]
}

fn rect(view: &Camera) -> [f64; 4] {
    [view.x, view.y, view.x + view.w, view.y + view.h]
}

/// A room box's rectangle.
pub fn room_rect(r: &RoomSpot) -> [f64; 4] {
    [
        r.x - ROOM_WIDTH / 2.0,
        r.y - ROOM_HEIGHT / 2.0,
        r.x + ROOM_WIDTH / 2.0,
        r.y + ROOM_HEIGHT / 2.0,
    ]
}

/// An exit line's bounding rectangle.
fn line_rect(e: &ExitLine) -> [f64; 4] {
    let [(x1, y1), (x2, y2)] = e.ends;
    [x1.min(x2), y1.min(y2), x1.max(x2), y1.max(y2)]
}

/// The part of `d` that `view` shows: the rooms whose boxes and the lines whose extents meet
/// it, the panels and halos that meet it; the drawing's bounds, focus and reader's spot kept
/// (the camera follows the whole drawing, not the part painted).
pub fn cull(d: &Drawing, view: &Camera) -> Drawing {
    let v = rect(view);
    Drawing {
        left: d.left,
        top: d.top,
        width: d.width,
        height: d.height,
        rooms: d
            .rooms
            .iter()
            .filter(|r| overlaps(room_rect(r), v))
            .cloned()
            .collect(),
        exits: d
            .exits
            .iter()
            .filter(|e| overlaps(line_rect(e), v))
            .cloned()
            .collect(),
        halos: d
            .halos
            .iter()
            .filter(|h| {
                overlaps(
                    [h.x - ROOM_WIDTH, h.y - h.ry, h.x + ROOM_WIDTH, h.y + h.ry],
                    v,
                )
            })
            .cloned()
            .collect(),
        panels: d
            .panels
            .iter()
            .filter(|p| {
                let [x, y, w, h] = p.rect;
                overlaps([x, y, x + w, y + h], v)
            })
            .cloned()
            .collect(),
        focused: d.focused,
        here: d.here,
    }
}

/// On screen, a press this many pixels outside a room's box still takes that room. On a map
/// seen from afar boxes are a few pixels tall: at the boxes level a box is 8 to 40 pixels wide
/// and 0.4 of that tall, and the gap between rows is 106 of a cell's 150 units (7.7 pixels at
/// the far end of the level), so a press aimed at a box met a gap about two times in three in
/// the browser test on a 100,000-room lattice. Five pixels covers that gap whole at the far end
/// of the level and most of it nearer, and is about the precision of a pointer.
pub const HIT_SLOP_PX: f64 = 5.0;

/// The room whose box, grown by `slop` drawing units on every side, holds drawing point `p`:
/// of several, the one whose centre is nearest (on a tie, the one drawn last, on top).
pub fn room_at(d: &Drawing, p: (f64, f64), slop: f64) -> Option<u32> {
    let distance = |r: &RoomSpot| (r.x - p.0).powi(2) + (r.y - p.1).powi(2);
    d.rooms
        .iter()
        .rev()
        .filter(|r| {
            let [x0, y0, x1, y1] = room_rect(r);
            overlaps(
                [x0 - slop, y0 - slop, x1 + slop, y1 + slop],
                [p.0, p.1, p.0, p.1],
            )
        })
        .min_by(|a, b| distance(a).total_cmp(&distance(b)))
        .map(|r| r.id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::drawing::CELL;

    /// A `side` × `side` lattice of rooms with an exit east from each.
    fn lattice(side: u32) -> Drawing {
        let mut d = Drawing {
            width: f64::from(side) * CELL,
            height: f64::from(side) * CELL,
            ..Drawing::default()
        };
        for y in 0..side {
            for x in 0..side {
                let (cx, cy) = (f64::from(x) * CELL, f64::from(y) * CELL);
                d.rooms.push(RoomSpot {
                    id: y * side + x,
                    name: format!("Room {x}-{y}"),
                    x: cx,
                    y: cy,
                    class: String::new(),
                });
                if x + 1 < side {
                    d.exits.push(ExitLine {
                        id: Some(y * side + x),
                        ends: [(cx + 55.0, cy), (cx + CELL - 55.0, cy)],
                        label: None,
                        class: String::new(),
                        arrow: false,
                    });
                }
            }
        }
        d
    }

    #[test]
    fn the_detail_grows_with_the_zoom() {
        assert_eq!(Detail::at(1.0), Detail::Labels);
        assert_eq!(Detail::at(LABEL_PX / ROOM_WIDTH), Detail::Labels);
        assert_eq!(Detail::at(0.99 * LABEL_PX / ROOM_WIDTH), Detail::Boxes);
        assert_eq!(Detail::at(BOX_PX / ROOM_WIDTH), Detail::Boxes);
        assert_eq!(Detail::at(0.5 * BOX_PX / ROOM_WIDTH), Detail::Dots);
    }

    #[test]
    fn a_small_map_stays_whole_and_a_big_one_is_culled_then_rasterised_as_it_recedes() {
        let vp = (1000.0, 600.0);
        let close = Camera::default().with_aspect(vp);
        let far = close.zoom(0.02);
        let small = lattice(20);
        assert_eq!(plan(&small, &close, vp).surface, Surface::Whole);
        assert_eq!(plan(&small, &far, vp).surface, Surface::Whole);
        assert_eq!(plan(&small, &far, vp).detail, Detail::Dots);
        let big = lattice(70);
        assert!(big.rooms.len() > WHOLE_SVG_ROOMS);
        assert_eq!(
            plan(&big, &close, vp),
            Plan {
                detail: Detail::Labels,
                surface: Surface::Culled
            }
        );
        assert_eq!(plan(&big, &far, vp).surface, Surface::Raster);
    }

    #[test]
    fn culling_keeps_what_the_view_meets_and_nothing_else() {
        let d = lattice(30);
        let view = Camera {
            x: 1000.0,
            y: 1000.0,
            w: 600.0,
            h: 400.0,
        };
        let c = cull(&d, &view);
        assert!(
            !c.rooms.is_empty() && c.rooms.len() < 40,
            "{}",
            c.rooms.len()
        );
        for r in &d.rooms {
            let [x0, y0, x1, y1] = room_rect(r);
            let meets = x1 >= 1000.0 && x0 <= 1600.0 && y1 >= 1000.0 && y0 <= 1400.0;
            assert_eq!(meets, c.rooms.iter().any(|k| k.id == r.id), "room {}", r.id);
        }
        assert!(!c.exits.is_empty());
        assert!(c
            .exits
            .iter()
            .all(|e| e.ends.iter().any(|p| p.1 >= 1000.0 && p.1 <= 1400.0)));
        assert_eq!((c.width, c.height), (d.width, d.height));
        // A view that holds the whole drawing keeps all of it.
        let all = cull(&d, &Camera::fit(d.left, d.top, d.width, d.height));
        assert_eq!(all, d);
    }

    #[test]
    fn the_room_under_a_point_is_found_and_the_gaps_between_rooms_are_empty() {
        let d = lattice(10);
        assert_eq!(
            room_at(&d, (3.0 * CELL + 50.0, 2.0 * CELL - 20.0), 0.0),
            Some(23)
        );
        assert_eq!(room_at(&d, (3.0 * CELL + 75.0, 2.0 * CELL), 0.0), None);
        assert_eq!(room_at(&d, (-500.0, 0.0), 0.0), None);
    }

    #[test]
    fn a_press_in_a_gap_within_the_slop_takes_the_nearer_room() {
        let d = lattice(10);
        // In the gap right of room 23's box (its half-width is ROOM_WIDTH / 2): 5 units past
        // its edge, and farther from room 24's.
        let gap = (3.0 * CELL + ROOM_WIDTH / 2.0 + 5.0, 2.0 * CELL);
        assert_eq!(room_at(&d, gap, 0.0), None);
        assert_eq!(room_at(&d, gap, 10.0), Some(23));
        // Just left of room 24's box: the nearer room is 24, though 23's grown box holds it too.
        let near_24 = (4.0 * CELL - ROOM_WIDTH / 2.0 - 2.0, 2.0 * CELL);
        assert_eq!(room_at(&d, near_24, CELL), Some(24));
        // Far from every room, no slop this size reaches one.
        assert_eq!(room_at(&d, (-500.0, 0.0), 10.0), None);
    }
}
