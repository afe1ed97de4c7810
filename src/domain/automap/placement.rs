//! What a listed name's qualifier says about where its room lies, for telling same-titled rooms
//! apart once the map is finished ([`super::naming`] reads the words of the rooms' texts; this
//! reads the map).
//!
//! Three kinds of qualifier speak of the map rather than of the text:
//! * **the exits** — "maze (exit west, up)", "mountain trail (up west, down east)",
//!   "t-intersection (east/west/south, …)": a room whose walked exits go the ways the qualifier
//!   lists fits it, one with exits it does not list fits it less;
//! * **a side or an end** — "platform (east side)", "ocean road (north end of north/south
//!   road)", "barge chamber (northwest corner)", "stairwell (top)": among the title's rooms on
//!   one lattice, the one farthest that way fits it;
//! * **a floor** — "hall (3rd floor, middle of north/south hall)": a room on the lattice level
//!   of rooms already known to be on that floor ("stairwell (third floor)") fits it, one on the
//!   level of another floor does not;
//! * **a neighbour** — "railway station (smithy court)": a room next to the room so named fits
//!   it.
//!
//! Every score lies in −1..=1; zero means the qualifier says nothing of this kind.

use super::title::same_word;
use crate::domain::direction::{Direction, Vector};

/// What the finished map says of one room.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Whereabouts {
    /// The lattice frame and position, if placed.
    pub at: Option<(u32, Vector)>,
    /// The ways its walked exits leave it (not the ways back along exits into it: a maze's way
    /// back is not the opposite way), sorted, distinct.
    pub exits: Vec<Direction>,
    /// The words of its neighbours' names (rooms one exit away, either way).
    pub neighbours: Vec<Vec<String>>,
}

/// A floor known on a lattice: frame, level (z) and the floor's number.
pub type Floor = (u32, i32, i32);

/// The compass and vertical directions named in a qualifier's words, distinct.
pub fn named_directions(q: &[String]) -> Vec<Direction> {
    let mut out: Vec<Direction> = q
        .iter()
        .filter_map(|w| Direction::from_word(w))
        .filter(|d| d.vector().is_some())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// True if a qualifier is a list of exits: it says "exit", or most of its words are
/// directions and they name two or more ("up west, down east"), not pointers to rooms ("sauna
/// to west, pool a to east").
pub fn lists_exits(q: &[String]) -> bool {
    let named = named_directions(q);
    let dirs = q
        .iter()
        .filter(|w| Direction::from_word(w).is_some())
        .count();
    named.len() >= 2 && (q.iter().any(|w| w == "exit" || w == "exits") || 2 * dirs > q.len())
}

/// How well a room's walked exits fit the directions a qualifier lists: the share of its exits
/// the qualifier names, less the share it does not. Zero when the qualifier is not a list of
/// exits ([`lists_exits`]) or the room has no exit.
pub fn exit_fit(q: &[String], exits: &[Direction]) -> f64 {
    let named = named_directions(q);
    if !lists_exits(q) || exits.is_empty() {
        return 0.0;
    }
    let hit = exits.iter().filter(|d| named.contains(d)).count() as f64;
    let miss = exits.len() as f64 - hit;
    (hit - miss) / exits.len() as f64
}

/// The way a qualifier's side or end points: "east side", "north end", "northwest corner",
/// "top", "bottom", "upper", "lower".
pub fn pole(q: &[String]) -> Option<Vector> {
    for (i, w) in q.iter().enumerate() {
        match w.as_str() {
            "top" | "upper" => return Some([0, 0, 1]),
            "bottom" | "lower" => return Some([0, 0, -1]),
            _ => {}
        }
        let next = q.get(i + 1).map(String::as_str);
        if matches!(next, Some("side" | "end" | "corner")) {
            if let Some(v) = Direction::from_word(w).and_then(Direction::vector) {
                return Some(v);
            }
        }
    }
    None
}

/// The floor a qualifier names ("1st floor", "third floor" read as "3rd", "basement" as 0).
pub fn floor(q: &[String]) -> Option<i32> {
    if q.iter().any(|w| w == "basement") {
        return Some(0);
    }
    if !q.iter().any(|w| w == "floor") {
        return None;
    }
    q.iter().find_map(|w| {
        let digits = w
            .strip_suffix("st")
            .or_else(|| w.strip_suffix("nd"))
            .or_else(|| w.strip_suffix("rd"))
            .or_else(|| w.strip_suffix("th"))?;
        digits.parse::<i32>().ok()
    })
}

/// How far `at` lies towards `v` among `all` (the title's rooms): 1 for the farthest, −1 for
/// the nearest, in between linearly; zero when fewer than two are on its lattice or they do not
/// differ that way.
fn towards(v: Vector, at: Option<(u32, Vector)>, all: &[Whereabouts]) -> f64 {
    let Some((frame, p)) = at else {
        return 0.0;
    };
    let proj = |p: Vector| p[0] * v[0] + p[1] * v[1] + p[2] * v[2];
    let along: Vec<i32> = all
        .iter()
        .filter_map(|w| w.at)
        .filter(|(f, _)| *f == frame)
        .map(|(_, p)| proj(p))
        .collect();
    let (Some(&lo), Some(&hi)) = (along.iter().min(), along.iter().max()) else {
        return 0.0;
    };
    if along.len() < 2 || hi == lo {
        return 0.0;
    }
    2.0 * f64::from(proj(p) - lo) / f64::from(hi - lo) - 1.0
}

/// How well a room's level fits floor `k`: 1 if a room known to be on floor `k` shares its
/// level, −1 if only rooms of other floors do, zero if none does.
fn floor_fit(k: i32, at: Option<(u32, Vector)>, floors: &[Floor]) -> f64 {
    let Some((frame, p)) = at else {
        return 0.0;
    };
    // One floor known on a lattice says nothing of which level is which.
    let mut known: Vec<i32> = floors
        .iter()
        .filter(|x| x.0 == frame)
        .map(|x| x.2)
        .collect();
    known.sort_unstable();
    known.dedup();
    if known.len() < 2 {
        return 0.0;
    }
    let level: Vec<i32> = floors
        .iter()
        .filter(|(f, z, _)| *f == frame && *z == p[2])
        .map(|x| x.2)
        .collect();
    if level.contains(&k) {
        1.0
    } else if level.is_empty() {
        0.0
    } else {
        -1.0
    }
}

/// `values` less their mean over the entries that apply (`Some`); zero where none applies.
fn centred(values: &[Option<f64>]) -> Vec<f64> {
    let applied: Vec<f64> = values.iter().flatten().copied().collect();
    let mean = if applied.is_empty() {
        0.0
    } else {
        applied.iter().sum::<f64>() / applied.len() as f64
    };
    values.iter().map(|v| v.map_or(0.0, |v| v - mean)).collect()
}

/// 1 if a neighbour's whole name appears in the qualifier ("railway station (smithy court)"
/// beside "smithy court"), else zero.
fn neighbour_fit(q: &[String], neighbours: &[Vec<String>]) -> f64 {
    let found = neighbours
        .iter()
        .any(|n| !n.is_empty() && n.iter().all(|w| q.iter().any(|x| same_word(x, w))));
    if found {
        1.0
    } else {
        0.0
    }
}

/// Scores every room (rows) against every qualifier (columns) by what the map says of where
/// the room lies: the sum of the four fits above. The exit and floor fits are centred on their
/// mean over the qualifiers that list exits or name a floor, so that naming them is no
/// advantage in itself. `pointers[j]` is true when qualifier `j` already says where it lies
/// relative to a named room ("west to round room"), which [`super::tracker`] scores itself; its
/// neighbour fit is then left out.
pub fn placement_scores(
    qualifiers: &[&[String]],
    pointers: &[bool],
    rooms: &[Whereabouts],
    floors: &[Floor],
) -> Vec<Vec<f64>> {
    rooms
        .iter()
        .map(|r| {
            let exits: Vec<Option<f64>> = qualifiers
                .iter()
                .map(|q| lists_exits(q).then(|| exit_fit(q, &r.exits)))
                .collect();
            let levels: Vec<Option<f64>> = qualifiers
                .iter()
                .map(|q| floor(q).map(|k| floor_fit(k, r.at, floors)))
                .collect();
            let (exits, levels) = (centred(&exits), centred(&levels));
            // A lone end among names that say nothing of ends ("east end" beside "room 1-7")
            // may be the end of anything; ends are compared only among ends and middles.
            let ends = qualifiers
                .iter()
                .filter(|q| pole(q).is_some() || q.iter().any(|w| w == "middle" || w == "halfway"))
                .count();
            qualifiers
                .iter()
                .enumerate()
                .map(|(j, q)| {
                    let mut s = exits[j] + levels[j];
                    if let Some(v) = pole(q).filter(|_| ends >= 2) {
                        s += towards(v, r.at, rooms);
                    }
                    if !pointers.get(j).copied().unwrap_or(false) {
                        s += neighbour_fit(q, &r.neighbours);
                    }
                    s
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::automap::title::words;
    use Direction::*;

    #[test]
    fn qualifiers_name_exits_sides_and_floors() {
        assert_eq!(named_directions(&words("exit west, up")), vec![West, Up]);
        assert!(exit_fit(&words("exit west, up"), &[Up, West]) > 0.99);
        assert!(exit_fit(&words("exit north, south, east, down"), &[Up, West]) < -0.99);
        assert_eq!(exit_fit(&words("north to mcginty salvage"), &[North]), 0.0);
        assert!(lists_exits(&words("up west, down east")));
        assert!(!lists_exits(&words("sauna to west, pool a to east")));
        assert_eq!(pole(&words("east side")), Some([1, 0, 0]));
        assert_eq!(
            pole(&words("north end of north/south road")),
            Some([0, 1, 0])
        );
        assert_eq!(pole(&words("middle of north/south hall")), None);
        assert_eq!(
            floor(&words("3rd floor, middle of north/south hall")),
            Some(3)
        );
        assert_eq!(floor(&words("second floor")), Some(2));
        assert_eq!(floor(&words("stop 5")), None);
    }

    #[test]
    fn the_east_side_is_the_room_farther_east() {
        let west = Whereabouts {
            at: Some((0, [0, 0, 1])),
            ..Whereabouts::default()
        };
        let east = Whereabouts {
            at: Some((0, [2, 0, 1])),
            ..Whereabouts::default()
        };
        let (e, w) = (words("east side"), words("west side"));
        let s = placement_scores(&[&e, &w], &[false, false], &[west, east], &[]);
        assert!(s[0][1] > s[0][0] && s[1][0] > s[1][1]);
    }

    #[test]
    fn a_floor_is_the_level_of_rooms_known_to_be_on_it() {
        let hall = Whereabouts {
            at: Some((0, [1, -1, 0])),
            ..Whereabouts::default()
        };
        let (first, third) = (words("1st floor"), words("3rd floor"));
        let floors = [(0, 0, 3), (0, -2, 1)];
        let s = placement_scores(
            &[&first, &third],
            &[false, false],
            std::slice::from_ref(&hall),
            &floors,
        );
        assert!(s[0][1] > 0.99 && s[0][0] < -0.99);
        // A single known floor does not tell levels apart.
        let s = placement_scores(&[&first, &third], &[false, false], &[hall], &floors[..1]);
        assert_eq!(s[0], vec![0.0, 0.0]);
    }
}
