//! A [`Drawing`] as SVG text: the same text fills the live canvas and the exported file, so
//! what you export is what you see. Writing the markup as one string and handing it to the
//! browser's parser is what lets a 2,000-room map appear in a fraction of a second (building the
//! same nodes one by one through the framework takes several times longer). Pure.

use super::drawing::{Drawing, ExitLine, RoomSpot, ROOM_HEIGHT, ROOM_WIDTH};
use std::fmt::Write;

/// The map's own style sheet, embedded in both the canvas and exported files.
pub const MAP_STYLE: &str = r#"
.exit{stroke:#8794a1;stroke-width:3;stroke-linecap:round;fill:none}
.exit.inferred{stroke-dasharray:7 6;stroke-width:2.2}
.exit.non-geometric{stroke-dasharray:2 5}
.exit.stub{stroke-width:2.5}
.exit.added{stroke:#2e9d57;stroke-width:4.5}
.exit.clash{stroke:#d32f2f;stroke-width:4.5}
.exit.loop{stroke:#8e24aa;stroke-width:4.5}
.exit.truth-correct{stroke:#2e7d32}
.exit.truth-wrong{stroke:#ef6c00;stroke-width:4.5}
.exit.truth-spurious{stroke:#6a1b9a;stroke-dasharray:3 4}
.exit.truth-missing{stroke:#9e9e9e;stroke-dasharray:1 6;stroke-width:3}
.exit.removed{stroke:#d32f2f;stroke-dasharray:2 6;opacity:.7}
.exit.path{stroke:#1565c0;stroke-width:5}
.exit.candidate{stroke:#f9a825;stroke-width:6}
.exit.route{stroke:#00897b;stroke-width:6}
.focused .exit:not(.involved):not(.path),.focused .room:not(.involved):not(.lca){opacity:.28}
.exit-label{pointer-events:none;font:600 12px system-ui,sans-serif;fill:#37474f;text-anchor:middle;paint-order:stroke;stroke:#fbfaf7;stroke-width:4px;stroke-linejoin:round}
.exit-label.to-right{text-anchor:start}.exit-label.to-left{text-anchor:end}
.exit-label.candidate{fill:#8d6e00}
.exit-label.route{fill:#00695c}
.exit-label.removed,.exit-label.clash{fill:#b71c1c}
.room rect{fill:#e4ecf5;stroke:#52606d;stroke-width:1.5}
.room text{font:13px system-ui,sans-serif;fill:#1f2933;text-anchor:middle;dominant-baseline:central}
.room.added rect{fill:#e3f5e9;stroke:#2e9d57;stroke-width:3}
.room.naming rect{fill:#fff4e0;stroke:#e65100;stroke-width:2.5}
.room .here-dot{fill:#2e7d32;stroke:#fff;stroke-width:2.5}
.room .mark{fill:#e65100}
.room .mark-text{font:700 12px system-ui,sans-serif;fill:#fff;text-anchor:middle;dominant-baseline:central}
.room.overlap rect{stroke:#c62828;stroke-width:2}
.room.lca rect{stroke:#1565c0;stroke-width:4;fill:#e3f0fd}
.room.involved rect{stroke-width:3}
.room.match rect{fill:#fff59d;stroke:#f57f17;stroke-width:3}
.room.selected rect{stroke:#0d47a1;stroke-width:4}
.selection rect{fill:none;stroke:#0d47a1;stroke-width:4;vector-effect:non-scaling-stroke;pointer-events:none}
.room.route rect{stroke:#00897b;stroke-width:3}
.room.route-end rect{fill:#e0f2f1;stroke:#00695c;stroke-width:4}
.halo{fill:rgba(198,40,40,.08);stroke:#c62828;stroke-width:2.5;stroke-dasharray:8 6}
.panel{fill:none;stroke:#cfd6dd;stroke-width:1.5;stroke-dasharray:4 4}
.panel-label{font:600 13px system-ui,sans-serif;fill:#7b8794}
.far text,.far .exit-label{display:none}
.far .exit{stroke-dasharray:none;stroke-width:4}
"#;

/// Escapes text for XML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Shortens a long room name for its box.
/// The longest name a room box shows whole.
const MAX_NAME: usize = 16;

fn short(name: &str) -> String {
    if name.chars().count() <= MAX_NAME {
        name.to_string()
    } else {
        let cut: String = name.chars().take(MAX_NAME - 1).collect();
        format!("{cut}…")
    }
}

/// The style sheet and the arrowhead marker.
pub fn head() -> String {
    format!("<style>{MAP_STYLE}</style><defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto-start-reverse\"><path d=\"M0 0L10 5L0 10z\" fill=\"#52606d\"/></marker></defs>")
}

/// A drawing split for keyed updates: the few unkeyed marks (panels, halos, ghosts, missing
/// links), then one `(key, markup)` per exit, per room and per exit label. The labels are
/// drawn last, over the rooms, so that no box hides one.
#[derive(Debug, Clone, Default)]
pub struct Parts {
    /// Panels, halos, and lines that are not exits of the map.
    pub misc: String,
    /// The labels of those lines, drawn over everything ([`misc_labels`]).
    pub notes: String,
    /// Exits, keyed `e<id>`.
    pub exits: Vec<(String, String)>,
    /// Rooms, keyed `r<id>`.
    pub rooms: Vec<(String, String)>,
    /// Labels of exits, keyed `l<id>`.
    pub labels: Vec<(String, String)>,
}

/// Splits a drawing into [`Parts`].
pub fn parts(d: &Drawing) -> Parts {
    let exits = d
        .exits
        .iter()
        .filter_map(|e| Some((format!("e{}", e.id?), exit_markup(e))))
        .collect();
    let labels = d
        .exits
        .iter()
        .filter_map(|e| Some((format!("l{}", e.id?), label_markup(e)?)))
        .collect();
    let rooms = d
        .rooms
        .iter()
        .map(|r| (format!("r{}", r.id), room_markup(r)))
        .collect();
    Parts {
        misc: misc(d),
        notes: misc_labels(d),
        exits,
        rooms,
        labels,
    }
}

/// The unkeyed marks alone (what [`Parts::misc`] holds): panels, halos, ghosts and missing
/// links.
pub fn misc(d: &Drawing) -> String {
    let mut misc = String::new();
    for p in &d.panels {
        let [x, y, w, h] = p.rect;
        let _ = write!(
            misc,
            "<rect class=\"panel\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" rx=\"10\"/><text class=\"panel-label\" x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            x + 10.0,
            y + 22.0,
            escape(&p.label)
        );
    }
    for h in &d.halos {
        let _ = write!(
            misc,
            "<ellipse class=\"halo\" cx=\"{:.1}\" cy=\"{:.1}\" rx=\"{:.1}\" ry=\"{:.1}\"><title>Several rooms landed on this spot</title></ellipse>",
            h.x,
            h.y,
            ROOM_WIDTH * 0.68,
            h.ry
        );
    }
    for e in d.exits.iter().filter(|e| e.id.is_none()) {
        exit(&mut misc, e);
    }
    misc
}

/// The labels of the lines that are not exits of the map (ghosts of removed exits, missing
/// links), drawn over the rooms like the exits' labels.
pub fn misc_labels(d: &Drawing) -> String {
    let mut s = String::new();
    for e in d.exits.iter().filter(|e| e.id.is_none()) {
        label(&mut s, e);
    }
    s
}

/// One exit's line (as keyed in [`Parts::exits`]).
pub fn exit_markup(e: &ExitLine) -> String {
    let mut s = String::with_capacity(200);
    exit(&mut s, e);
    s
}

/// One exit's label, if it has one (as keyed in [`Parts::labels`]).
pub fn label_markup(e: &ExitLine) -> Option<String> {
    e.label.as_ref()?;
    let mut s = String::with_capacity(120);
    label(&mut s, e);
    Some(s)
}

/// One room's markup (as keyed in [`Parts::rooms`]).
pub fn room_markup(r: &RoomSpot) -> String {
    let mut s = String::with_capacity(300);
    room(&mut s, r);
    s
}

/// The selected room's ring, drawn over the rooms in a layer of its own, so that selecting a
/// room redraws that layer only ([`crate::ui::map::canvas_dom`]): the ring a `selected` room's
/// box has ([`room_markup`]), by itself.
pub fn selection_markup(r: &RoomSpot) -> String {
    let (x, y) = (r.x - ROOM_WIDTH / 2.0, r.y - ROOM_HEIGHT / 2.0);
    format!(
        "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{ROOM_WIDTH}\" height=\"{ROOM_HEIGHT}\" rx=\"8\"/>"
    )
}

/// The class of the drawing's root group.
pub fn root_class(d: &Drawing) -> &'static str {
    if d.focused {
        "drawing focused"
    } else {
        "drawing"
    }
}

/// The inside of the map's `<svg>`: style, arrow marker, panels, halos, exits, rooms, exit
/// labels.
pub fn render(d: &Drawing) -> String {
    let p = parts(d);
    let mut s = head();
    let _ = write!(
        s,
        "<g class=\"{}\"><g class=\"misc\">{}</g><g class=\"exits\">",
        root_class(d),
        p.misc
    );
    p.exits.iter().for_each(|(_, m)| s.push_str(m));
    s.push_str("</g><g class=\"rooms\">");
    p.rooms.iter().for_each(|(_, m)| s.push_str(m));
    s.push_str("</g><g class=\"labels\">");
    p.labels.iter().for_each(|(_, m)| s.push_str(m));
    let _ = write!(s, "</g><g class=\"notes\">{}</g></g>", p.notes);
    s
}

/// An exit's line. Lines carry no tooltip: the map holds thousands of them, and every node
/// costs paint time.
fn exit(s: &mut String, e: &ExitLine) {
    let [(x1, y1), (x2, y2)] = e.ends;
    let id = match e.id {
        Some(id) => format!(" data-testid=\"exit\" data-exit-id=\"{id}\""),
        None => String::new(),
    };
    let arrow = if e.arrow {
        " marker-end=\"url(#arrow)\""
    } else {
        ""
    };
    let _ = write!(
        s,
        "<line class=\"exit {}\"{id} x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\"{arrow}/>",
        e.class
    );
}

/// An exit's label, if it has one.
fn label(s: &mut String, e: &ExitLine) {
    let Some(text) = e.label.as_deref() else {
        return;
    };
    let [(x1, y1), (x2, y2)] = e.ends;
    // A third of the way along, pushed to the right of the lane: the labels of a way there and
    // a way back land apart. A route's numbered move sits at the middle (a route never takes
    // both ways of a link), and so does an up or down label, in the gap between the floors'
    // panels rather than over a panel's name. A label wider than a short level gap between two
    // boxes sits at the middle, beside the boxes (the boxes are drawn over the exits).
    let (dx, dy) = (x2 - x1, y2 - y1);
    let n = dx.hypot(dy).max(1e-9);
    let has = |c: &str| e.class.split(' ').any(|w| w == c);
    let beside = dx.abs() > dy.abs() && n < text.chars().count() as f64 * 7.0 + 8.0;
    let along = if beside || has("route") || has("vertical") {
        0.5
    } else {
        0.3
    };
    // Beside the boxes, a label goes on the left of the way travelled (above for a move east):
    // the boxes' own lines up and down leave from their middles, clear of it, but a line
    // down from the box ahead is often labelled on its left, just where the right side is.
    let push = if beside {
        -(ROOM_HEIGHT / 2.0 + 12.0)
    } else {
        12.0
    };
    let (mut x, y) = (
        x1 + dx * along - dy / n * push,
        y1 + dy * along + dx / n * push + 4.0,
    );
    let mut words: Vec<&str> = e
        .class
        .split(' ')
        .filter(|w| matches!(*w, "candidate" | "removed" | "clash" | "route"))
        .collect();
    // Beside a steep line the text runs away from it rather than across it.
    if dy.abs() > dx.abs() {
        let side = -dy.signum();
        x = x1 + dx * along + side * 6.0;
        words.push(if side > 0.0 { "to-right" } else { "to-left" });
    }
    let _ = write!(
        s,
        "<text class=\"exit-label {}\" x=\"{x:.1}\" y=\"{y:.1}\">{}</text>",
        words.join(" "),
        escape(text)
    );
}

fn room(s: &mut String, r: &RoomSpot) {
    let (x, y) = (r.x - ROOM_WIDTH / 2.0, r.y - ROOM_HEIGHT / 2.0);
    let _ = write!(
        s,
        "<g class=\"room {}\" data-testid=\"room\" data-room-id=\"{}\"><rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{ROOM_WIDTH}\" height=\"{ROOM_HEIGHT}\" rx=\"8\"/><text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
        r.class,
        r.id,
        r.x,
        r.y,
        escape(&short(&r.name)),
    );
    // Where the shown step left the reader: a token on the top-left corner.
    if r.class.split(' ').any(|c| c == "here") {
        let _ = write!(
            s,
            "<circle class=\"here-dot\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"7\"/>"
        );
    }
    // The naming mark: a badge on the corner of rooms that share a name.
    if r.class.contains("naming") {
        let cx = x + ROOM_WIDTH;
        let _ = write!(s, "<circle class=\"mark\" cx=\"{cx:.1}\" cy=\"{y:.1}\" r=\"9\"/><text class=\"mark-text\" x=\"{cx:.1}\" y=\"{y:.1}\">=</text>");
    }
    // The full name as a tooltip, when the box shows it shortened.
    if r.name.chars().count() > MAX_NAME {
        let _ = write!(s, "<title>{}</title>", escape(&r.name));
    }
    s.push_str("</g>");
}

/// A standalone SVG file of the drawing, with a margin and a paper-coloured background.
pub fn document(d: &Drawing, title: &str) -> String {
    let (w, h) = (d.width.max(1.0) + 40.0, d.height.max(1.0) + 40.0);
    let (x, y) = (d.left - 20.0, d.top - 20.0);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{x:.0} {y:.0} {w:.0} {h:.0}\" width=\"{w:.0}\" height=\"{h:.0}\"><title>{}</title><rect x=\"{x:.0}\" y=\"{y:.0}\" width=\"{w:.0}\" height=\"{h:.0}\" fill=\"#fbfaf7\"/>{}</svg>",
        escape(title),
        render(d)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::layout::{grid, Floors};
    use crate::view::demo::demo_project;
    use crate::view::drawing::{draw, Marks};
    use crate::view::snapshot::Snapshot;

    #[test]
    fn every_room_and_exit_carries_its_test_hook() {
        let p = demo_project();
        let snap = Snapshot::of(&p.history, None);
        let layout = grid(&snap.map, &snap.analysis.geometry, Floors::Stacked);
        let svg = document(&draw(&snap, &layout, &Marks::default()), "a <house>");
        assert_eq!(
            svg.matches("data-testid=\"room\"").count(),
            snap.map.room_count()
        );
        assert_eq!(
            svg.matches("data-testid=\"exit\"").count(),
            snap.map.exit_count()
        );
        assert!(svg.contains("a &lt;house&gt;"));
    }

    fn line(ends: [(f64, f64); 2], text: &str, class: &str) -> ExitLine {
        ExitLine {
            id: Some(1),
            ends,
            label: Some(text.into()),
            class: class.into(),
            arrow: false,
        }
    }

    fn label(e: &ExitLine) -> String {
        label_markup(e).unwrap_or_default()
    }

    /// The (x, y) and classes of the one label in `markup`.
    fn placed(markup: &str) -> (f64, f64, String) {
        let at = markup.find("<text").unwrap_or(0);
        let text = &markup[at..];
        let get = |name: &str| -> String {
            let from = text.find(&format!(" {name}=\"")).unwrap_or(0) + name.len() + 3;
            text[from..].split('"').next().unwrap_or("").to_string()
        };
        (
            get("x").parse().unwrap_or(f64::NAN),
            get("y").parse().unwrap_or(f64::NAN),
            get("class"),
        )
    }

    #[test]
    fn labels_keep_clear_of_boxes_and_lines() {
        // A short gap between two boxes on a level: the label goes above the boxes.
        let (x, y, _) = placed(&label(&line(
            [(55.0, 0.0), (85.0, 0.0)],
            "2. east",
            "route",
        )));
        assert!((x - 70.0).abs() < 1e-6, "{x}");
        assert!(y < -ROOM_HEIGHT / 2.0, "{y}");
        // A long level line keeps its label close, a third of the way along.
        let (x, y, _) = placed(&label(&line([(0.0, 0.0), (300.0, 0.0)], "in", "")));
        assert!((x - 90.0).abs() < 1e-6 && y < ROOM_HEIGHT / 2.0, "{x} {y}");
        // Beside a steep line the text runs away from it, on the right of the way travelled.
        let (x, _, class) = placed(&label(&line(
            [(0.0, 0.0), (0.0, 200.0)],
            "down",
            "vertical",
        )));
        assert!(x < 0.0 && class.contains("to-left"), "{x} {class}");
        let (x, y, class) = placed(&label(&line([(0.0, 200.0), (0.0, 0.0)], "up", "vertical")));
        assert!(x > 0.0 && class.contains("to-right"), "{x} {class}");
        assert!((y - 104.0).abs() < 1e-6, "an up label sits half way: {y}");
    }
}
