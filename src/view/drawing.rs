//! A snapshot as something to draw: room boxes at their layout spots, exit lines clipped to the
//! boxes, overlap halos, floor panels, and the marks that explain the map — conflicts, the
//! selected conflict's paths, LCA and ranked candidates, what the shown commit added or removed,
//! search matches and the ground-truth verdicts. Pure: [`draw`] turns data into data, and
//! [`super::svg`] turns that into SVG text.

use super::snapshot::Snapshot;
use super::truth::TruthView;
use crate::domain::analysis::{ConflictKind, ConflictType};
use crate::domain::direction::{Direction, Label};
use crate::domain::layout::Layout;
use crate::domain::map::{Exit, Origin, RoomId};
use crate::domain::route::Route;
use rustc_hash::{FxHashMap, FxHashSet};

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
    /// CSS classes after `room` (`naming`, `added`, `selected`, `lca`, …).
    pub class: String,
}

/// An exit's line (or a ghost of a removed exit, or a link the truth has and the map lacks).
#[derive(Debug, Clone, PartialEq)]
pub struct ExitLine {
    /// The exit id (`None` for ghosts and missing links, which are not exits of the map).
    pub id: Option<u32>,
    /// Start and end points, in SVG units.
    pub ends: [(f64, f64); 2],
    /// Text drawn at the middle (non-compass labels, ranks of candidates).
    pub label: Option<String>,
    /// CSS classes after `exit`.
    pub class: String,
    /// True for a one-way exit (drawn with an arrowhead).
    pub arrow: bool,
}

/// A ring around a cell that holds several rooms.
#[derive(Debug, Clone, PartialEq)]
pub struct HaloRing {
    /// Centre, in SVG units.
    pub x: f64,
    /// Centre, in SVG units.
    pub y: f64,
    /// Half-height, in SVG units.
    pub ry: f64,
}

/// The label of the panel that gathers the rooms no direction places beside any other
/// ([`crate::domain::layout::Panel::lone`]): linked by no way at all, or only by ways with
/// no direction (a prose reading's "they went into the shed"), on whatever floor each is.
pub const LONE_LABEL: &str = "No direction known";

/// A floor panel.
#[derive(Debug, Clone, PartialEq)]
pub struct PanelBox {
    /// Top-left corner and size, in SVG units.
    pub rect: [f64; 4],
    /// "Floor 1", "Ground floor", …, or [`LONE_LABEL`].
    pub label: String,
}

/// Everything the canvas draws, in SVG units.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Drawing {
    /// Left edge of the drawing.
    pub left: f64,
    /// Top edge of the drawing.
    pub top: f64,
    /// Width of the drawing.
    pub width: f64,
    /// Height of the drawing.
    pub height: f64,
    /// Room boxes.
    pub rooms: Vec<RoomSpot>,
    /// Exit lines, ghosts and missing links.
    pub exits: Vec<ExitLine>,
    /// Overlap halos.
    pub halos: Vec<HaloRing>,
    /// Floor panels.
    pub panels: Vec<PanelBox>,
    /// True when a conflict is selected (everything not involved is dimmed).
    pub focused: bool,
    /// Centre of the room the shown step left the reader in, if drawn (the camera follows it
    /// on maps too big to read whole).
    pub here: Option<(f64, f64)>,
}

/// What to mark besides the map itself.
#[derive(Debug, Clone, Copy, Default)]
pub struct Marks<'a> {
    /// Index of the selected conflict in the snapshot's analysis.
    pub conflict: Option<usize>,
    /// The selected room.
    pub room: Option<RoomId>,
    /// Search text (rooms whose name contains it, ignoring case, are marked).
    pub search: &'a str,
    /// Verdicts against the ground truth, when shown.
    pub truth: Option<&'a TruthView>,
    /// Rooms the user dragged: room id → spot in cells.
    pub moved: Option<&'a FxHashMap<u32, (f64, f64)>>,
    /// The route finder's route (its rooms and exits are marked, its moves numbered).
    pub route: Option<&'a Route>,
}

/// The name of a floor.
pub fn floor_name(z: i32) -> String {
    match z {
        0 => "Ground floor".to_string(),
        z if z > 0 => format!("Floor +{z}"),
        z => format!("Floor {z}"),
    }
}

/// Per-room and per-exit class words gathered from the analysis and the marks.
#[derive(Default)]
struct Classes {
    rooms: FxHashMap<u32, Vec<&'static str>>,
    exits: FxHashMap<u32, Vec<&'static str>>,
    ranks: FxHashMap<u32, usize>,
    /// Exit id → its move number on the route.
    moves: FxHashMap<u32, usize>,
}

impl Classes {
    fn room(&mut self, id: RoomId, class: &'static str) {
        self.rooms.entry(id.0).or_default().push(class);
    }
    fn exit(&mut self, id: crate::domain::ExitId, class: &'static str) {
        self.exits.entry(id.0).or_default().push(class);
    }
}

fn gather(snap: &Snapshot, marks: &Marks<'_>) -> Classes {
    let mut k = Classes::default();
    let a = &snap.analysis;
    for c in &a.conflicts {
        c.exits.iter().for_each(|e| k.exit(*e, "conflicted"));
        match (&c.ctype, &c.kind) {
            (ConflictType::Naming, _) => c.rooms.iter().for_each(|r| k.room(*r, "naming")),
            (_, ConflictKind::Overlap { .. }) => c.rooms.iter().for_each(|r| k.room(*r, "overlap")),
            (_, ConflictKind::Loop { exit, .. }) => k.exit(*exit, "loop"),
            (ConflictType::Directional, _) => c.exits.iter().for_each(|e| k.exit(*e, "clash")),
            _ => {}
        }
    }
    if let Some((i, loc)) = marks
        .conflict
        .and_then(|i| a.localization(&snap.map, i).map(|l| (i, l)))
    {
        a.conflicts[i]
            .rooms
            .iter()
            .for_each(|r| k.room(*r, "involved"));
        if let Some(l) = loc.lca {
            k.room(l, "lca");
            k.room(l, "involved");
        }
        for e in loc.path_a.iter().chain(&loc.path_b) {
            k.exit(*e, "path");
        }
        let ranked = a.ranked(&snap.map, i, &snap.usage);
        for (rank, s) in ranked.iter().enumerate() {
            k.exit(s.exit, "candidate");
            k.ranks.insert(s.exit.0, rank + 1);
        }
        for e in a.conflicts[i].exits.iter().chain(&loc.candidates) {
            k.exit(*e, "involved");
        }
    }
    snap.added_rooms.iter().for_each(|r| k.room(*r, "added"));
    if let Some(r) = snap.here {
        k.room(r, "here");
    }
    snap.added_exits.iter().for_each(|e| k.exit(*e, "added"));
    if let Some(r) = marks.room {
        k.room(r, "selected");
    }
    let needle = marks.search.trim().to_lowercase();
    if !needle.is_empty() {
        for r in snap.map.rooms() {
            if r.name.to_lowercase().contains(&needle) {
                k.room(r.id, "match");
            }
        }
    }
    if let Some(t) = marks.truth {
        for (e, v) in &t.verdicts {
            k.exit(*e, v.class());
        }
    }
    if let Some(route) = marks.route {
        route.rooms.iter().for_each(|r| k.room(*r, "route"));
        for end in [route.rooms.first(), route.rooms.last()]
            .into_iter()
            .flatten()
        {
            k.room(*end, "route-end");
        }
        for (n, e) in route.exits.iter().enumerate() {
            k.exit(*e, "route");
            k.moves.insert(e.0, n + 1);
        }
    }
    k
}

/// True for labels the drawn line already shows (the eight compass directions).
fn is_compass(label: &Label) -> bool {
    label.direction().is_some_and(Direction::is_level)
}

/// Lays out a snapshot. See the module docs.
pub fn draw(snap: &Snapshot, layout: &Layout, marks: &Marks<'_>) -> Drawing {
    let classes = gather(snap, marks);
    let map = &snap.map;
    let centre = |room: RoomId| -> Option<(f64, f64)> {
        if let Some(&(x, y)) = marks.moved.and_then(|m| m.get(&room.0)) {
            return Some((x * CELL, y * CELL));
        }
        layout.spot(room).map(|s| (s.x * CELL, s.y * CELL))
    };
    let mut d = Drawing {
        left: layout.left * CELL,
        top: layout.top * CELL,
        width: layout.width * CELL,
        height: layout.height * CELL,
        focused: marks.conflict.is_some(),
        ..Drawing::default()
    };
    let labelled = layout.floors.len() > 1;
    for p in layout.panels.iter().filter(|_| labelled) {
        d.panels.push(PanelBox {
            rect: [p.x * CELL, p.y * CELL, p.width * CELL, p.height * CELL],
            label: if p.lone {
                LONE_LABEL.to_string()
            } else {
                floor_name(p.floor)
            },
        });
    }
    for h in &layout.halos {
        d.halos.push(HaloRing {
            x: h.x * CELL,
            y: h.y * CELL,
            ry: (h.rooms.len() as f64 * 0.32 * CELL).min(0.62 * CELL) / 2.0 + ROOM_HEIGHT * 0.8,
        });
    }
    for e in map.exits() {
        let words = classes
            .exits
            .get(&e.id.0)
            .map(|v| v.join(" "))
            .unwrap_or_default();
        let rank = match (classes.moves.get(&e.id.0), classes.ranks.get(&e.id.0)) {
            (Some(n), _) => Some(format!("{n}.")),
            (None, Some(r)) => Some(format!("#{r}")),
            (None, None) => None,
        };
        if let Some(line) = exit_line(snap, e, &centre, words, rank) {
            d.exits.push(line);
        }
    }
    removed_and_missing_lines(snap, marks, &centre, &mut d.exits);
    for r in map.rooms() {
        if let Some((x, y)) = centre(r.id) {
            let class = classes
                .rooms
                .get(&r.id.0)
                .map(|v| v.join(" "))
                .unwrap_or_default();
            if snap.here == Some(r.id) {
                d.here = Some((x, y));
            }
            d.rooms.push(RoomSpot {
                id: r.id.0,
                name: r.name.clone(),
                x,
                y,
                class,
            });
        }
    }
    d
}

/// The dashed lines of what is not on the map: the exits this commit removed and, against a
/// truth, the links the map misses (a removed link the truth has gets one label saying both).
fn removed_and_missing_lines(
    snap: &Snapshot,
    marks: &Marks<'_>,
    centre: &dyn Fn(RoomId) -> Option<(f64, f64)>,
    exits: &mut Vec<ExitLine>,
) {
    let missing = marks.truth.map(|t| t.missing.as_slice()).unwrap_or(&[]);
    // A link this commit removed that the truth has: one label says both.
    let removed_and_missing = |from: RoomId, to: RoomId, label: &str| {
        missing
            .iter()
            .any(|(f, t, l)| *f == from && *t == to && l == label)
            && snap
                .removed_exits
                .iter()
                .any(|e| e.from == from && e.to == to && e.label.as_str() == label)
    };
    for e in &snap.removed_exits {
        if let (Some(a), Some(b)) = (centre(e.from), centre(e.to)) {
            let truth_has = removed_and_missing(e.from, e.to, e.label.as_str());
            exits.push(ExitLine {
                id: None,
                ends: clip(right_lane(a, b)),
                label: Some(if truth_has {
                    format!("removed, a true link: {}", e.label)
                } else {
                    format!("removed: {}", e.label)
                }),
                class: "removed".into(),
                arrow: false,
            });
        }
    }
    for (from, to, label) in missing {
        if let (Some(a), Some(b)) = (centre(*from), centre(*to)) {
            exits.push(ExitLine {
                id: None,
                ends: clip(right_lane(a, b)),
                label: (!removed_and_missing(*from, *to, label))
                    .then(|| format!("missing: {label}")),
                class: "truth-missing".into(),
                arrow: false,
            });
        }
    }
}

/// One exit's line: clipped between two drawn rooms, a stub when only its start is drawn, a
/// small hook for a self-loop, nothing when its start is not drawn.
fn exit_line(
    snap: &Snapshot,
    e: &Exit,
    centre: &dyn Fn(RoomId) -> Option<(f64, f64)>,
    mut class: String,
    rank: Option<String>,
) -> Option<ExitLine> {
    let map = &snap.map;
    let a = centre(e.from)?;
    let to_name = map.room(e.to).map_or("?", |r| r.name.as_str());
    let one_way = map.exits_between(e.to, e.from).next().is_none();
    if e.origin == Origin::InferredReverse {
        add_word(&mut class, "inferred");
    }
    if !e.geometric {
        add_word(&mut class, "non-geometric");
    }
    let (ends, stub) = match centre(e.to) {
        Some(b) if e.from != e.to => (clip(right_lane(a, b)), false),
        _ => {
            let dir = stub_direction(&e.label);
            let start = (
                a.0 + dir.0 * ROOM_WIDTH / 2.0,
                a.1 + dir.1 * ROOM_HEIGHT / 2.0,
            );
            (
                ([start, (start.0 + dir.0 * 28.0, start.1 + dir.1 * 28.0)]),
                true,
            )
        }
    };
    if stub {
        add_word(&mut class, "stub");
    } else if matches!(e.label.direction(), Some(Direction::Up | Direction::Down)) {
        // Its label sits between the floors' panels, clear of their names.
        add_word(&mut class, "vertical");
    }
    let shown = !is_compass(&e.label) || class.contains("clash") || class.contains("candidate");
    let text = match (rank, shown, stub) {
        (Some(r), _, _) => Some(format!("{r} {}", e.label)),
        (None, _, true) => Some(format!("{}: {to_name}", e.label)),
        (None, true, false) => Some(e.label.to_string()),
        (None, false, false) => None,
    };
    Some(ExitLine {
        id: Some(e.id.0),
        ends,
        label: text,
        class,
        arrow: one_way && !stub,
    })
}

/// Adds a word to a class list (a space before it unless the list is empty).
fn add_word(class: &mut String, word: &str) {
    if !class.is_empty() {
        class.push(' ');
    }
    class.push_str(word);
}

/// Which way a stub points: up and down diagonally, everything else to the right.
fn stub_direction(label: &Label) -> (f64, f64) {
    match label.direction() {
        Some(Direction::Up) => (0.7, -0.7),
        Some(Direction::Down) => (0.7, 0.7),
        Some(d) => match d.vector() {
            Some([x, y, _]) if (x, y) != (0, 0) => {
                let (x, y) = (f64::from(x), -f64::from(y));
                let n = x.hypot(y);
                (x / n, y / n)
            }
            _ => (1.0, 0.0),
        },
        None => (1.0, 0.0),
    }
}

/// The segment a→b moved [`LANE`] units to its right (unchanged when a = b).
pub fn right_lane(a: (f64, f64), b: (f64, f64)) -> [(f64, f64); 2] {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = dx.hypot(dy);
    if length == 0.0 {
        return [a, b];
    }
    // Screen y points down, so (-dy, dx) is the right-hand normal.
    let (nx, ny) = (-dy / length * LANE, dx / length * LANE);
    [(a.0 + nx, a.1 + ny), (b.0 + nx, b.1 + ny)]
}

/// Shortens a segment between two room centres so it runs from box edge to box edge.
fn clip([a, b]: [(f64, f64); 2]) -> [(f64, f64); 2] {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let tx = if dx == 0.0 {
        f64::INFINITY
    } else {
        ROOM_WIDTH / 2.0 / dx.abs()
    };
    let ty = if dy == 0.0 {
        f64::INFINITY
    } else {
        ROOM_HEIGHT / 2.0 / dy.abs()
    };
    let t = tx.min(ty);
    if !t.is_finite() || t >= 0.45 {
        return [a, b];
    }
    [(a.0 + dx * t, a.1 + dy * t), (b.0 - dx * t, b.1 - dy * t)]
}

/// The set of rooms a drawing shows (for tests and fitting).
pub fn drawn_rooms(d: &Drawing) -> FxHashSet<u32> {
    d.rooms.iter().map(|r| r.id).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::layout::{grid, Floors};
    use crate::view::demo::demo_project;

    fn demo_drawing(marks: &Marks<'_>) -> (Snapshot, Drawing) {
        let p = demo_project();
        let snap = Snapshot::of(&p.history, None);
        let layout = grid(&snap.map, &snap.analysis.geometry, Floors::Stacked);
        let d = draw(&snap, &layout, marks);
        (snap, d)
    }

    #[test]
    fn the_demo_is_drawn_north_up_with_every_room_and_exit() {
        let (snap, d) = demo_drawing(&Marks::default());
        assert_eq!(d.rooms.len(), snap.map.room_count());
        assert_eq!(
            d.exits.iter().filter(|e| e.id.is_some()).count(),
            snap.map.exit_count()
        );
        let spot = |name: &str| d.rooms.iter().find(|r| r.name == name).cloned().unwrap();
        assert!(spot("Hall").y < spot("Porch").y, "north is up");
        assert!(spot("Kitchen").x > spot("Hall").x, "east is right");
        assert!(d
            .exits
            .iter()
            .any(|e| e.class.contains("clash") || e.class.contains("loop")));
    }

    #[test]
    fn a_route_is_marked_room_by_room_with_its_moves_numbered() {
        let (snap, _) = demo_drawing(&Marks::default());
        let m = &snap.map;
        let (hall, kitchen) = (
            m.find_room("Hall").map(|r| r.id),
            m.find_room("Kitchen").map(|r| r.id),
        );
        let route = crate::domain::route::shortest_route(m, hall.unwrap(), kitchen.unwrap())
            .expect("the demo house connects the hall and the kitchen");
        let (_, d) = demo_drawing(&Marks {
            route: Some(&route),
            ..Marks::default()
        });
        let marked: Vec<&ExitLine> = d
            .exits
            .iter()
            .filter(|e| e.class.contains("route"))
            .collect();
        assert_eq!(marked.len(), route.len());
        assert!(marked
            .iter()
            .any(|e| e.label.as_deref().is_some_and(|l| l.starts_with("1. "))));
        let ends: Vec<&str> = d
            .rooms
            .iter()
            .filter(|r| r.class.contains("route-end"))
            .map(|r| r.name.as_str())
            .collect();
        assert_eq!(ends.len(), 2, "{ends:?}");
        assert!(ends.contains(&"Hall") && ends.contains(&"Kitchen"));
        let on_route = d.rooms.iter().filter(|r| r.class.contains("route")).count();
        assert_eq!(on_route, route.rooms.len());
    }

    #[test]
    fn selecting_a_conflict_marks_its_candidates_with_ranks() {
        let (_, d) = demo_drawing(&Marks {
            conflict: Some(0),
            ..Marks::default()
        });
        assert!(d.focused);
        let ranked: Vec<_> = d
            .exits
            .iter()
            .filter(|e| e.class.contains("candidate"))
            .collect();
        assert!(!ranked.is_empty());
        assert!(ranked
            .iter()
            .any(|e| e.label.as_deref().is_some_and(|l| l.starts_with("#1"))));
    }

    #[test]
    fn a_removed_link_the_truth_has_gets_one_label() {
        use crate::domain::formats::EdgeRecord;
        use crate::domain::history::{Change, CommitInfo};
        use crate::view::truth::TruthView;
        let mut p = demo_project();
        let m = p.history.head().clone();
        let (hall, library) = (
            m.find_room("Hall").map(|r| r.id).unwrap(),
            m.find_room("Library").map(|r| r.id).unwrap(),
        );
        let gone: Vec<_> = m.exits_between(hall, library).cloned().collect();
        assert!(!gone.is_empty(), "the demo has Hall to Library");
        let label = gone[0].label.to_string();
        p.history
            .commit(
                Change {
                    removed_exits: gone,
                    ..Change::default()
                },
                CommitInfo {
                    step: 99,
                    trigger: None,
                    observation_id: None,
                    observation: String::new(),
                    analysis: String::new(),
                    traversed: Vec::new(),
                },
            )
            .unwrap();
        let snap = Snapshot::of(&p.history, None);
        let truth = TruthView::of(
            &snap.map,
            &[EdgeRecord {
                src: "Hall".into(),
                dst: "Library".into(),
                action: label.clone(),
                seen_in_forward: Some(1),
                seen_in_reversed: None,
                extra: Default::default(),
            }],
        );
        let layout = grid(&snap.map, &snap.analysis.geometry, Floors::Stacked);
        let d = draw(
            &snap,
            &layout,
            &Marks {
                truth: Some(&truth),
                ..Marks::default()
            },
        );
        let labels: Vec<&str> = d.exits.iter().filter_map(|e| e.label.as_deref()).collect();
        assert!(
            labels.contains(&format!("removed, a true link: {label}").as_str()),
            "{labels:?}"
        );
        assert!(
            !labels.iter().any(|l| l.starts_with("missing:")),
            "{labels:?}"
        );
        assert!(
            d.exits.iter().any(|e| e.class == "truth-missing"),
            "the missing link is still drawn"
        );
    }

    #[test]
    fn two_directions_of_a_link_get_separate_lanes() {
        let there = right_lane((0.0, 0.0), (0.0, 100.0));
        let back = right_lane((0.0, 100.0), (0.0, 0.0));
        assert!((there[0].0 - back[1].0).abs() > 1.0);
    }
}
