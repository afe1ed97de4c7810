//! Case Study B: a delayed overlap in a small office building, traced back through the
//! Reasoning History Tree to an exit recorded three steps before the conflict shows.

use super::{exit, wrong, Scenario, Step};
use crate::domain::direction::Direction::{East, North, South, West};

/// The scenario.
pub const SCENARIO: Scenario = Scenario {
    id: "case_study_b",
    title: "Case Study B: the meeting room that moved",
    source: "paper appendix, Case Study B (the authors' interactive case study)",
    teaching: "An explorer maps an office building from the Entrance Hall, one exit per step. At \
step 5 the passage from the Office to the Meeting Room is written down as \"south\"; it really \
runs east. Nothing looks wrong yet: the Meeting Room and the Archive beyond it simply land one \
square too far south. The contradiction only appears at the last step, when the Lab, reached \
honestly from the Corridor, lands on the very square the Meeting Room already occupies: a \
topological conflict (two rooms in one place). Localization asks the Reasoning History Tree how \
each room got its position: the Lab via Entrance Hall → Corridor → Lab, the Meeting Room via \
Entrance Hall → Office → Meeting Room. The two paths part at the Entrance Hall, their lowest \
common ancestor, so only the four exits below it can be to blame — half the map. The Edge Impact \
Score ranks them: Office → Meeting Room is involved in the conflict and has the most rooms \
hanging on it (the Meeting Room and the Archive), so it comes first. Recalling step 5 shows the \
text said east; relabelling the exit east moves both rooms back and the conflict is gone.",
    paper: "LCA Entrance Hall; 4 candidates of 8 exits (50 % reduction); the wrong exit ranked \
first (the authors' root-code replay; their web page shows it second).",
    differs: "",
    descriptions: &[
        ("Entrance Hall", "A bright hall with a reception desk."),
        ("Office", "A cramped office full of filing cabinets."),
        ("Corridor", "A long corridor with doors on both sides."),
        ("Porch", "A covered porch facing the street."),
        ("Library", "Shelves of binders and a reading table."),
        ("Meeting Room", "A long table and a wall-sized whiteboard."),
        ("Archive", "Boxes of old records, stacked to the ceiling."),
        ("Garden", "A small walled garden with a bench."),
        ("Lab", "Benches, sinks and a humming fume hood."),
    ],
    steps: STEPS,
    errors: &[wrong("Office", "Meeting Room", South, East)],
};

const STEPS: &[Step] = &[
    exit(
        "Entrance Hall",
        East,
        "Office",
        "You walk east from the Entrance Hall into a cramped office.",
    ),
    exit(
        "Entrance Hall",
        South,
        "Corridor",
        "Back in the hall, you take the door south into a long corridor.",
    ),
    exit(
        "Entrance Hall",
        North,
        "Porch",
        "North of the Entrance Hall, glass doors open onto the porch.",
    ),
    exit(
        "Corridor",
        West,
        "Library",
        "From the corridor you turn west into the library.",
    ),
    exit(
        "Office",
        South,
        "Meeting Room",
        "A connecting door leads east from the Office into the meeting room.",
    ),
    exit(
        "Meeting Room",
        South,
        "Archive",
        "South of the meeting room, a narrow door opens into the archive.",
    ),
    exit(
        "Library",
        South,
        "Garden",
        "The library's south door lets you out into a walled garden.",
    ),
    exit(
        "Corridor",
        East,
        "Lab",
        "At the corridor's east end you step into the lab.",
    ),
];
