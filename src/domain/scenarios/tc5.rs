//! TC5: a slip two exits from the start that shows only ten exits later, at the far end of
//! another trail.

use super::{exit, walk, wrong, Scenario, Step};
use crate::domain::direction::Direction::{East, North, Northeast, Northwest, South};

/// The scenario.
pub const SCENARIO: Scenario = Scenario {
    id: "tc5",
    title: "TC5: the long way round",
    source: "paper appendix B, TC5 (Long-Range Conflict)",
    teaching: "Two trails leave the camp N0. The explorer follows the northern one to its end: \
N1, then N2 — the exit N1 → N2 is written \"northeast\" though the trail runs north — and on \
through N3 to N5, over a rope bridge and round to N9, ten exits from camp. Every room from N2 on \
is now one square east of where it belongs, yet nothing contradicts it. The explorer walks all \
the way back and takes the eastern trail, M0 to M7; only at its last step does M7 land on N9. \
The conflict is at depth 10, the error at depth 2. Localization still finds it: the two rooms' \
positions come from paths that part at the camp, N0, so the lowest common ancestor is N0 and \
every exit of both trails is a candidate — 18 of 18, no reduction at all: long-range conflicts \
are the worst case for filtering. Scoring rescues it: N1 → N2 carries nine rooms and was walked \
twice (out and back), so it ranks 3rd of 18, behind the exit out of camp and the conflicting \
exit into N9. Relabelling it north moves N2 to N9 back and the conflict disappears.",
    paper: "19 rooms, 18 exits; error N1 → N2 at depth 2; conflict M7/N9 at depth 10; LCA N0; 18 \
candidates (0 % reduction); the error ranked 3rd of 18.",
    differs: "The 19th room is the Rope Bridge on the northern trail (the paper names only N0–N9 \
and M0–M7, 18 rooms, yet counts 19 and puts N9 at depth 10). The ranking uses the explorer's \
walk back along the northern trail as usage evidence.",
    descriptions: &[("Rope Bridge", "A swaying rope bridge over a deep gorge.")],
    steps: STEPS,
    errors: &[wrong("N1", "N2", Northeast, North)],
};

const STEPS: &[Step] = &[
    exit(
        "N0",
        North,
        "N1",
        "The northern trail leaves N0 and climbs north to N1.",
    ),
    exit(
        "N1",
        Northeast,
        "N2",
        "From N1 the trail goes on north to N2.",
    ),
    exit("N2", North, "N3", "You go north from N2 to N3."),
    exit("N3", North, "N4", "You go north from N3 to N4."),
    exit("N4", North, "N5", "You go north from N4 to N5."),
    exit(
        "N5",
        East,
        "Rope Bridge",
        "East of N5 a rope bridge spans a gorge.",
    ),
    exit(
        "Rope Bridge",
        East,
        "N6",
        "You cross the bridge east to N6.",
    ),
    exit("N6", East, "N7", "You go east from N6 to N7."),
    exit("N7", South, "N8", "You go south from N7 to N8."),
    exit("N8", South, "N9", "You go south from N8 to N9."),
    walk(
        &[
            "N9",
            "N8",
            "N7",
            "N6",
            "Rope Bridge",
            "N5",
            "N4",
            "N3",
            "N2",
            "N1",
            "N0",
        ],
        "You retrace the whole northern trail back to N0.",
    ),
    exit(
        "N0",
        East,
        "M0",
        "Back at N0, the eastern trail starts at M0.",
    ),
    exit("M0", East, "M1", "You go east from M0 to M1."),
    exit("M1", East, "M2", "You go east from M1 to M2."),
    exit("M2", East, "M3", "You go east from M2 to M3."),
    exit("M3", East, "M4", "You go east from M3 to M4."),
    exit("M4", North, "M5", "You go north from M4 to M5."),
    exit("M5", North, "M6", "You go north from M5 to M6."),
    exit(
        "M6",
        Northwest,
        "M7",
        "A last scramble northwest brings you from M6 to M7.",
    ),
];
