//! The built-in demo map: a small house walked room by room, with one exit written the wrong
//! way round so the page has conflicts to show.

use crate::domain::formats::EdgeRecord;
use crate::domain::Project;

/// The demo's title.
pub const DEMO_NAME: &str = "A small house";

/// The walk, in the order it was made: (from, move, to). On the true map the library is north
/// of the hall; the last move says "north" where it should say "south".
const DEMO_WALK: &[(&str, &str, &str)] = &[
    ("Porch", "north", "Hall"),
    ("Hall", "east", "Kitchen"),
    ("Kitchen", "north", "Dining Room"),
    ("Hall", "west", "Living Room"),
    ("Living Room", "north", "Study"),
    ("Study", "east", "Library"),
    ("Library", "east", "Dining Room"),
    ("Library", "north", "Hall"),
];

/// The demo walk as MANGO edge records, one step each.
pub fn demo_records() -> Vec<EdgeRecord> {
    DEMO_WALK
        .iter()
        .zip(0_i64..)
        .map(|(&(src, action, dst), step)| EdgeRecord {
            src: src.to_string(),
            dst: dst.to_string(),
            action: action.to_string(),
            seen_in_forward: Some(step),
            seen_in_reversed: None,
        })
        .collect()
}

/// The demo as a project: one commit per step.
pub fn demo_project() -> Project {
    Project::from_edge_records(DEMO_NAME, &demo_records())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Analysis;

    #[test]
    fn the_demo_house_has_seven_rooms_and_some_conflicts() {
        let project = demo_project();
        let map = project.history.head();
        let analysis = Analysis::of(map);
        let counts = analysis.counts();
        println!("{counts:?} {:#?}", analysis.conflicts);
        assert_eq!(map.room_count(), 7);
        assert!(counts.total > 0);
        assert!(counts.topology > 0);
    }
}
