//! A map as something to draw: each room on its lattice cell (x east, y north, north up), each
//! exit as a line between room centres. Rooms and exits that a conflict names are marked.
//!
//! Only the horizontal plane is drawn: `up`/`down` move a room to another cell in z, which lands
//! on the same spot here. Rooms of different frames (parts of the map no geometric exit joins)
//! share one origin and may overlap; the demo has a single frame.

use crate::domain::map::{Map, Origin};
use crate::domain::{Analysis, Conflict, Vector};
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
        let geometry = &analysis.geometry;
        let grid = Grid::around(map.rooms().filter_map(|r| geometry.position(r.id)));
        let named = |pick: fn(&Conflict) -> Vec<u32>| -> FxHashSet<u32> {
            analysis.conflicts.iter().flat_map(pick).collect()
        };
        let hot_rooms = named(|c| c.rooms.iter().map(|r| r.0).collect());
        let hot_exits = named(|c| c.exits.iter().map(|e| e.0).collect());
        let rooms = map
            .rooms()
            .filter_map(|r| {
                let (x, y) = grid.centre(geometry.position(r.id)?);
                let conflicted = hot_rooms.contains(&r.id.0);
                Some(RoomSpot {
                    id: r.id.0,
                    name: r.name.clone(),
                    x,
                    y,
                    conflicted,
                })
            })
            .collect();
        let exits = map
            .exits()
            .filter_map(|e| {
                let from = grid.centre(geometry.position(e.from)?);
                let to = grid.centre(geometry.position(e.to)?);
                Some(ExitLine {
                    id: e.id.0,
                    label: e.label.to_string(),
                    ends: right_lane(from, to),
                    inferred: e.origin == Origin::InferredReverse,
                    conflicted: hot_exits.contains(&e.id.0),
                })
            })
            .collect();
        Drawing {
            width: grid.width(),
            height: grid.height(),
            rooms,
            exits,
        }
    }
}

/// The lattice cells a drawing spans: x from `min_x` to `max_x`, y from `min_y` to `max_y`.
struct Grid {
    min_x: i32,
    max_x: i32,
    min_y: i32,
    max_y: i32,
}

impl Grid {
    /// The smallest grid holding every position (one cell at the origin when there are none).
    fn around(positions: impl Iterator<Item = Vector>) -> Grid {
        let mut grid: Option<Grid> = None;
        for [x, y, _] in positions {
            grid = Some(match grid {
                None => Grid {
                    min_x: x,
                    max_x: x,
                    min_y: y,
                    max_y: y,
                },
                Some(g) => Grid {
                    min_x: g.min_x.min(x),
                    max_x: g.max_x.max(x),
                    min_y: g.min_y.min(y),
                    max_y: g.max_y.max(y),
                },
            });
        }
        grid.unwrap_or(Grid {
            min_x: 0,
            max_x: 0,
            min_y: 0,
            max_y: 0,
        })
    }

    /// The centre of a position's cell, in SVG units, north up.
    fn centre(&self, [x, y, _]: Vector) -> (f64, f64) {
        let column = f64::from(x - self.min_x) + 0.5;
        let row = f64::from(self.max_y - y) + 0.5;
        (CELL * column, CELL * row)
    }

    fn width(&self) -> f64 {
        CELL * f64::from(self.max_x - self.min_x + 1)
    }

    fn height(&self) -> f64 {
        CELL * f64::from(self.max_y - self.min_y + 1)
    }
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
        let spot = |name: &str| {
            drawing
                .rooms
                .iter()
                .find(|r| r.name == name)
                .cloned()
                .unwrap()
        };
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
