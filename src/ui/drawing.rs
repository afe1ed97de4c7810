//! A map as something to draw: each room on its lattice cell (x east, y north, north up), each
//! exit as a line between room centres. Rooms and exits that a conflict names are marked.
//!
//! Only the horizontal plane is drawn: `up`/`down` move a room to another cell in z, which lands
//! on the same spot here. Rooms of different frames (parts of the map no geometric exit joins)
//! share one origin and may overlap; the demo has a single frame.

use crate::domain::map::{Map, Origin};
use crate::domain::Analysis;
use rustc_hash::FxHashSet;

/// Distance between neighbouring cell centres, in SVG units.
pub const CELL: f64 = 150.0;
/// A room box's width.
pub const ROOM_WIDTH: f64 = 110.0;
/// A room box's height.
pub const ROOM_HEIGHT: f64 = 44.0;
/// How far the two directions of a two-way link are pulled apart.
const LANE: f64 = 5.0;

/// A room's box.
#[derive(Debug, Clone, PartialEq)]
pub struct RoomSpot {
    /// The room id.
    pub id: u32,
    /// The name shown in the box.
    pub name: String,
    /// Centre, in SVG units.
    pub x: f64,
    /// Centre, in SVG units (down is south).
    pub y: f64,
    /// True if a conflict names this room.
    pub conflicted: bool,
}

/// An exit's line, from its start room's centre towards its target's, shifted to its right-hand
/// lane so that a way there and a way back show as two lines.
#[derive(Debug, Clone, PartialEq)]
pub struct ExitLine {
    /// The exit id.
    pub id: u32,
    /// The direction or free text, for the tooltip.
    pub label: String,
    /// Start and end points, in SVG units.
    pub ends: [(f64, f64); 2],
    /// True for an assumed way back rather than an observed move.
    pub inferred: bool,
    /// True if a conflict names this exit.
    pub conflicted: bool,
}

/// Everything the canvas draws, in SVG units.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Drawing {
    /// Width of the drawing.
    pub width: f64,
    /// Height of the drawing.
    pub height: f64,
    /// Room boxes, in room id order.
    pub rooms: Vec<RoomSpot>,
    /// Exit lines, in exit id order.
    pub exits: Vec<ExitLine>,
}

impl Drawing {
    /// Lays out `map` on the positions `analysis` inferred for it.
    pub fn of(map: &Map, analysis: &Analysis) -> Drawing {
        let cells: Vec<(u32, [i32; 3])> =
            map.rooms().filter_map(|r| Some((r.id.0, analysis.geometry.position(r.id)?))).collect();
        let (min_x, max_x) = bounds(cells.iter().map(|(_, p)| p[0]));
        let (min_y, max_y) = bounds(cells.iter().map(|(_, p)| p[1]));
        let centre = |p: [i32; 3]| {
            (CELL * (f64::from(p[0] - min_x) + 0.5), CELL * (f64::from(max_y - p[1]) + 0.5))
        };
        let hot_rooms: FxHashSet<u32> = analysis.conflicts.iter().flat_map(|c| c.rooms.iter().map(|r| r.0)).collect();
        let hot_exits: FxHashSet<u32> = analysis.conflicts.iter().flat_map(|c| c.exits.iter().map(|e| e.0)).collect();
        let rooms = map
            .rooms()
            .filter_map(|r| {
                let (x, y) = centre(analysis.geometry.position(r.id)?);
                Some(RoomSpot { id: r.id.0, name: r.name.clone(), x, y, conflicted: hot_rooms.contains(&r.id.0) })
            })
            .collect();
        let exits = map
            .exits()
            .filter_map(|e| {
                let a = centre(analysis.geometry.position(e.from)?);
                let b = centre(analysis.geometry.position(e.to)?);
                Some(ExitLine {
                    id: e.id.0,
                    label: e.label.to_string(),
                    ends: right_lane(a, b),
                    inferred: e.origin == Origin::InferredReverse,
                    conflicted: hot_exits.contains(&e.id.0),
                })
            })
            .collect();
        let columns = f64::from(max_x - min_x + 1);
        let rows = f64::from(max_y - min_y + 1);
        Drawing { width: CELL * columns, height: CELL * rows, rooms, exits }
    }
}

/// The smallest and largest of some coordinates; (0, 0) when there are none.
fn bounds(values: impl Iterator<Item = i32>) -> (i32, i32) {
    values.fold(None, |acc: Option<(i32, i32)>, v| Some(acc.map_or((v, v), |(lo, hi)| (lo.min(v), hi.max(v)))))
        .unwrap_or((0, 0))
}

/// The segment a→b moved [`LANE`] units to its right (unchanged when a = b).
fn right_lane(a: (f64, f64), b: (f64, f64)) -> [(f64, f64); 2] {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = dx.hypot(dy);
    if length == 0.0 {
        return [a, b];
    }
    // Screen y points down, so (-dy, dx) is the right-hand normal.
    let (nx, ny) = (-dy / length * LANE, dx / length * LANE);
    [(a.0 + nx, a.1 + ny), (b.0 + nx, b.1 + ny)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::demo::demo_project;

    #[test]
    fn the_demo_is_drawn_north_up_with_every_room_and_exit() {
        let project = demo_project();
        let map = project.history.head();
        let drawing = Drawing::of(map, &Analysis::of(map));
        assert_eq!(drawing.rooms.len(), map.room_count());
        assert_eq!(drawing.exits.len(), map.exit_count());
        let spot = |name: &str| drawing.rooms.iter().find(|r| r.name == name).cloned().unwrap();
        assert!(spot("Hall").y < spot("Porch").y, "north is up");
        assert!(spot("Kitchen").x > spot("Hall").x, "east is right");
        assert!(drawing.exits.iter().any(|e| e.conflicted));
    }

    #[test]
    fn two_directions_of_a_link_get_separate_lanes() {
        let there = right_lane((0.0, 0.0), (0.0, 100.0));
        let back = right_lane((0.0, 100.0), (0.0, 0.0));
        assert!((there[0].0 - back[1].0).abs() > 1.0);
    }
}
