//! A drawing rasterised: the far levels of detail of a big map (rooms as dots or plain boxes,
//! exits as lines, coloured by the same classes the SVG styles) painted into an RGBA bitmap
//! that the canvas hands to the browser in one call. A hundred thousand rooms cost one pass
//! over plain numbers, not a node or a call each. Also paints the minimap. Pure.

use super::camera::Camera;
use super::detail::Detail;
use super::drawing::{Drawing, CELL, ROOM_HEIGHT, ROOM_WIDTH};

/// An RGBA colour.
pub type Rgba = [u8; 4];

/// An RGBA bitmap, rows top to bottom, transparent where nothing is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Raster {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// `width * height * 4` bytes.
    pub pixels: Vec<u8>,
}

/// Lines between rooms are drawn only when neighbouring cells are at least this many pixels
/// apart: closer, the lines of a lattice fill every pixel between the dots and hide them.
const LINE_CELL_PX: f64 = 4.0;

/// The side of a room's dot, in pixels, for a room with a mark (the reader's room, the
/// selection, a search match, a route's end): findable on a map of a hundred thousand dots.
const MARKED_DOT_PX: i64 = 7;

/// The exit colours of the map's style sheet ([`super::svg::MAP_STYLE`]), later entries
/// winning as later rules do there, with whether the class draws a thick line.
const EXIT_COLOURS: [(&str, Rgba, bool); 12] = [
    ("added", [0x2e, 0x9d, 0x57, 255], true),
    ("clash", [0xd3, 0x2f, 0x2f, 255], true),
    ("loop", [0x8e, 0x24, 0xaa, 255], true),
    ("truth-correct", [0x2e, 0x7d, 0x32, 255], false),
    ("truth-wrong", [0xef, 0x6c, 0x00, 255], true),
    ("truth-spurious", [0x6a, 0x1b, 0x9a, 255], false),
    ("truth-missing", [0x9e, 0x9e, 0x9e, 255], false),
    ("removed", [0xd3, 0x2f, 0x2f, 180], false),
    ("path", [0x15, 0x65, 0xc0, 255], true),
    ("candidate", [0xf9, 0xa8, 0x25, 255], true),
    ("route", [0x00, 0x89, 0x7b, 255], true),
    ("conflicted", [0xd3, 0x2f, 0x2f, 255], true),
];
/// An exit with none of those classes.
const EXIT: Rgba = [0x87, 0x94, 0xa1, 255];

/// Room fill and outline colours by class, later entries winning (as in the style sheet).
const ROOM_COLOURS: [(&str, Rgba, Rgba); 9] = [
    ("added", [0xe3, 0xf5, 0xe9, 255], [0x2e, 0x9d, 0x57, 255]),
    ("naming", [0xff, 0xf4, 0xe0, 255], [0xe6, 0x51, 0x00, 255]),
    ("overlap", [0xe4, 0xec, 0xf5, 255], [0xc6, 0x28, 0x28, 255]),
    ("lca", [0xe3, 0xf0, 0xfd, 255], [0x15, 0x65, 0xc0, 255]),
    ("match", [0xff, 0xf5, 0x9d, 255], [0xf5, 0x7f, 0x17, 255]),
    ("selected", [0xe4, 0xec, 0xf5, 255], [0x0d, 0x47, 0xa1, 255]),
    ("route", [0xe4, 0xec, 0xf5, 255], [0x00, 0x89, 0x7b, 255]),
    (
        "route-end",
        [0xe0, 0xf2, 0xf1, 255],
        [0x00, 0x69, 0x5c, 255],
    ),
    ("here", [0xe4, 0xec, 0xf5, 255], [0x2e, 0x7d, 0x32, 255]),
];
/// A room with none of those classes.
const ROOM: (Rgba, Rgba) = ([0xe4, 0xec, 0xf5, 255], [0x52, 0x60, 0x6d, 255]);
/// The classes that make a room's dot big.
const MARKED: [&str; 5] = ["here", "selected", "match", "route-end", "lca"];

fn has(class: &str, word: &str) -> bool {
    class.split(' ').any(|w| w == word)
}

/// An exit's colour and whether its line is thick.
fn exit_colour(class: &str) -> (Rgba, bool) {
    EXIT_COLOURS
        .iter()
        .rev()
        .find(|(w, _, _)| has(class, w))
        .map_or((EXIT, false), |&(_, c, thick)| (c, thick))
}

/// A room's fill and outline.
fn room_colours(class: &str) -> (Rgba, Rgba) {
    ROOM_COLOURS
        .iter()
        .rev()
        .find(|(w, _, _)| has(class, w))
        .map_or(ROOM, |&(_, f, o)| (f, o))
}

/// Faded towards the paper colour (what the SVG's `.focused` does with opacity .28).
fn faded(c: Rgba) -> Rgba {
    let mix = |v: u8, paper: u8| ((u16::from(v) * 28 + u16::from(paper) * 72) / 100) as u8;
    [mix(c[0], 0xfb), mix(c[1], 0xfa), mix(c[2], 0xf7), c[3]]
}

impl Raster {
    /// A transparent bitmap.
    pub fn new(width: usize, height: usize) -> Raster {
        Raster {
            width,
            height,
            pixels: vec![0; width * height * 4],
        }
    }

    /// The colour at `(x, y)` (transparent outside).
    pub fn at(&self, x: usize, y: usize) -> Rgba {
        if x >= self.width || y >= self.height {
            return [0; 4];
        }
        let i = (y * self.width + x) * 4;
        [
            self.pixels[i],
            self.pixels[i + 1],
            self.pixels[i + 2],
            self.pixels[i + 3],
        ]
    }

    fn put(&mut self, x: i64, y: i64, c: Rgba) {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            return;
        }
        let i = (y as usize * self.width + x as usize) * 4;
        self.pixels[i..i + 4].copy_from_slice(&c);
    }

    /// Fills the pixels of `[x0, y0, x1, y1)`, clipped to the bitmap.
    fn fill(&mut self, [x0, y0, x1, y1]: [i64; 4], c: Rgba) {
        let (w, h) = (self.width as i64, self.height as i64);
        let (x0, x1) = (x0.clamp(0, w), x1.clamp(0, w));
        let (y0, y1) = (y0.clamp(0, h), y1.clamp(0, h));
        for y in y0..y1 {
            let row = y as usize * self.width;
            for x in x0..x1 {
                let i = (row + x as usize) * 4;
                self.pixels[i..i + 4].copy_from_slice(&c);
            }
        }
    }

    /// A line from `a` to `b` (pixels), `thick` pixels wide, clipped to the bitmap.
    fn line(&mut self, a: (f64, f64), b: (f64, f64), thick: i64, c: Rgba) {
        let Some((a, b)) = clip_segment(a, b, self.width as f64, self.height as f64) else {
            return;
        };
        let steps = (b.0 - a.0).abs().max((b.1 - a.1).abs()).ceil().max(1.0) as i64;
        let steep = (b.1 - a.1).abs() > (b.0 - a.0).abs();
        let (from, to) = (-(thick - 1) / 2, thick / 2);
        for i in 0..=steps {
            let t = i as f64 / steps as f64;
            let x = (a.0 + (b.0 - a.0) * t).floor() as i64;
            let y = (a.1 + (b.1 - a.1) * t).floor() as i64;
            for o in from..=to {
                if steep {
                    self.put(x + o, y, c);
                } else {
                    self.put(x, y + o, c);
                }
            }
        }
    }
}

/// The part of segment a–b inside `[0, w] × [0, h]` (Liang–Barsky), if any.
fn clip_segment(a: (f64, f64), b: (f64, f64), w: f64, h: f64) -> Option<((f64, f64), (f64, f64))> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    for (p, q) in [(-dx, a.0), (dx, w - a.0), (-dy, a.1), (dy, h - a.1)] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
        }
    }
    (t0 <= t1).then_some((
        (a.0 + dx * t0, a.1 + dy * t0),
        (a.0 + dx * t1, a.1 + dy * t1),
    ))
}

/// `d` as seen by `view` (which has the bitmap's aspect), at `detail`, in a `width` × `height`
/// bitmap: exits as lines (when cells are far enough apart to tell them from the rooms), then
/// rooms as outlined boxes or as dots, marked rooms last and bigger.
pub fn paint(d: &Drawing, view: &Camera, width: usize, height: usize, detail: Detail) -> Raster {
    let mut r = Raster::new(width, height);
    let s = view.scale((width as f64, height as f64));
    let px = |(x, y): (f64, f64)| ((x - view.x) * s, (y - view.y) * s);
    let dim = |involved: bool, c: Rgba| if d.focused && !involved { faded(c) } else { c };
    if CELL * s >= LINE_CELL_PX {
        let base = ((3.0 * s).round() as i64).max(1);
        for e in &d.exits {
            let (c, thick) = exit_colour(&e.class);
            let c = dim(has(&e.class, "involved") || has(&e.class, "path"), c);
            let w = if thick { base + 1 } else { base };
            r.line(px(e.ends[0]), px(e.ends[1]), w, c);
        }
    }
    let (bw, bh) = (ROOM_WIDTH * s, ROOM_HEIGHT * s);
    let mut marked = Vec::new();
    for room in &d.rooms {
        let (fill, outline) = room_colours(&room.class);
        let involved = has(&room.class, "involved") || has(&room.class, "lca");
        let (fill, outline) = (dim(involved, fill), dim(involved, outline));
        let (cx, cy) = px((room.x, room.y));
        if MARKED.iter().any(|w| has(&room.class, w)) {
            marked.push((cx, cy, outline));
            continue;
        }
        match detail {
            Detail::Dots => {
                // Never wider than the gap between neighbours: a lattice stays a lattice.
                let side = (bw.floor() as i64).clamp(1, 3);
                let (x, y) = (
                    (cx - side as f64 / 2.0) as i64,
                    (cy - side as f64 / 2.0) as i64,
                );
                r.fill([x, y, x + side, y + side], outline);
            }
            Detail::Boxes | Detail::Labels => {
                let x0 = (cx - bw / 2.0).round() as i64;
                let y0 = (cy - bh / 2.0).round() as i64;
                let (x1, y1) = (
                    (cx + bw / 2.0).round() as i64,
                    (cy + bh / 2.0).round() as i64,
                );
                r.fill([x0, y0, x1, y1], outline);
                r.fill([x0 + 1, y0 + 1, x1 - 1, y1 - 1], fill);
            }
        }
    }
    for (cx, cy, c) in marked {
        let side = MARKED_DOT_PX.max(bh.round() as i64);
        let half = side / 2;
        let (x, y) = (cx.round() as i64, cy.round() as i64);
        r.fill(
            [x - half - 1, y - half - 1, x + half + 2, y + half + 2],
            [255; 4],
        );
        r.fill([x - half, y - half, x + half + 1, y + half + 1], c);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::drawing::{ExitLine, RoomSpot};

    fn room(id: u32, x: f64, y: f64, class: &str) -> RoomSpot {
        RoomSpot {
            id,
            name: format!("R{id}"),
            x,
            y,
            class: class.into(),
        }
    }

    /// Two rooms, the second `cells` cells east of the first and in `class`, with a clash
    /// between them.
    fn two_rooms(class: &str, cells: f64) -> Drawing {
        Drawing {
            width: 2.0 * CELL,
            height: CELL,
            rooms: vec![room(0, 0.0, 0.0, ""), room(1, cells * CELL, 0.0, class)],
            exits: vec![ExitLine {
                id: Some(0),
                ends: [(55.0, 0.0), (CELL - 55.0, 0.0)],
                label: None,
                class: "clash conflicted".into(),
                arrow: false,
            }],
            ..Drawing::default()
        }
    }

    /// A view of the drawing from x = -150 at `scale` pixels per unit, 100 pixels tall.
    fn view(scale: f64, width: usize) -> Camera {
        let w = width as f64 / scale;
        Camera {
            x: -CELL,
            y: -50.0 / scale,
            w,
            h: 100.0 / scale,
        }
    }

    #[test]
    fn boxes_and_lines_land_where_the_view_puts_them_in_their_classes_colours() {
        let d = two_rooms("", 1.0);
        // 0.2 px per unit: rooms 22 px wide, 30 px apart.
        let r = paint(&d, &view(0.2, 120), 120, 100, Detail::Boxes);
        // Room 0's centre is at x = 150 · 0.2 = 30, y = 50: its fill; its outline at the edge.
        assert_eq!(r.at(30, 50), ROOM.0);
        assert_eq!(r.at(30 - 11, 50), ROOM.1);
        // The clash between them, red, half way.
        assert_eq!(r.at(45, 50), [0xd3, 0x2f, 0x2f, 255]);
        // Nothing above the rooms.
        assert_eq!(r.at(30, 10), [0; 4]);
    }

    #[test]
    fn far_away_rooms_are_dots_without_lines_and_a_marked_room_stands_out() {
        let d = two_rooms("here", 2.0);
        // 0.02 px per unit: cells 3 px apart, below the line threshold.
        let r = paint(&d, &view(0.02, 20), 20, 100, Detail::Dots);
        assert_eq!(r.at(3, 50), ROOM.1, "an ordinary room is a dot");
        assert_eq!(r.at(4, 50), [0; 4], "no line and no box beyond the dot");
        let green = [0x2e, 0x7d, 0x32, 255];
        let (hx, hy) = (9, 50);
        assert_eq!(r.at(hx, hy), green, "the reader's room is a big green dot");
        assert_eq!(r.at(hx + 3, hy + 3), green);
    }

    #[test]
    fn a_focused_drawing_fades_what_is_not_involved() {
        let mut d = two_rooms("", 1.0);
        d.focused = true;
        let r = paint(&d, &view(0.2, 120), 120, 100, Detail::Boxes);
        assert_ne!(r.at(45, 50), [0xd3, 0x2f, 0x2f, 255]);
        assert_eq!(r.at(45, 50), faded([0xd3, 0x2f, 0x2f, 255]));
    }

    #[test]
    fn lines_are_clipped_to_the_bitmap() {
        assert_eq!(
            clip_segment((-10.0, 5.0), (30.0, 5.0), 20.0, 10.0),
            Some(((0.0, 5.0), (20.0, 5.0)))
        );
        assert_eq!(clip_segment((-10.0, -5.0), (-1.0, -1.0), 20.0, 10.0), None);
        let mut r = Raster::new(4, 4);
        r.line((-1e9, 2.0), (1e9, 2.0), 1, [1, 2, 3, 4]);
        assert!((0..4).all(|x| r.at(x, 2) == [1, 2, 3, 4]));
    }
}
