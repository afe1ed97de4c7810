//! The built-in demo map: a small house walked room by room, with one exit written the wrong
//! way round so the page has conflicts to show.

use crate::domain::formats::EdgeRecord;
use crate::domain::Project;

/// The demo's title.
pub const DEMO_NAME: &str = "A small house";

/// The walk, in the order it was made: (from, move, to). On the true map the library is north
/// of the hall. The step from the library back to the hall says "north" where it should say
/// "south": its loop does not close (topological), and it disagrees with the later, correct
/// step from the hall to the library (directional).
const DEMO_WALK: &[(&str, &str, &str)] = &[
    ("Porch", "north", "Hall"),
    ("Hall", "east", "Kitchen"),
    ("Kitchen", "north", "Dining Room"),
    ("Hall", "west", "Living Room"),
    ("Living Room", "north", "Study"),
    ("Study", "east", "Library"),
    ("Library", "east", "Dining Room"),
    ("Library", "north", "Hall"),
    ("Hall", "north", "Library"),
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
            extra: Default::default(),
        })
        .collect()
}

/// The true house: the walk with the wrong step put right ("south" from the library).
pub fn demo_truth() -> Vec<EdgeRecord> {
    let mut records = demo_records();
    for r in &mut records {
        if r.src == "Library" && r.dst == "Hall" {
            r.action = "south".to_string();
        }
    }
    records
}

/// The demo as a project: one commit per step, with the true house as its ground truth.
pub fn demo_project() -> Project {
    let mut project = Project::from_edge_records(DEMO_NAME, &demo_records());
    project.ground_truth = Some(demo_truth());
    project
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Analysis, Counts};

    #[test]
    fn the_wrong_step_in_the_demo_house_gives_one_directional_and_one_topological_conflict() {
        let project = demo_project();
        let map = project.history.head();
        let counts = Analysis::of(map).counts();
        assert_eq!(map.room_count(), 7);
        let expected = Counts {
            direction: 1,
            topology: 1,
            naming: 0,
            total: 2,
        };
        assert_eq!(counts, expected);
    }
}
