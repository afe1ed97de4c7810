//! TC4: a topological and a directional conflict in one map, localized each its own way.

use super::{exit, wrong, Scenario, Step};
use crate::domain::direction::Direction::{East, In, North, Northeast, South, Southwest, West};

/// The scenario.
pub const SCENARIO: Scenario = Scenario {
    id: "tc4",
    title: "TC4: a collision and a contradiction",
    source: "paper appendix B, TC4 (Mixed Conflict Types)",
    teaching: "From S the explorer reaches the square P0 and first walks the Q lane: east to Q1, \
east to Q2 — written \"northeast\" by mistake — then north, north and west to Q5. Later the P \
lane goes north from P0: P1, then P2, a chapel you can reach by walking north or by going in. \
Leaving the chapel, the way back to P1 is written \"southwest\"; it is south. That contradicts \
the two ways in at once — a directional conflict (reverse mismatch) between P1 and P2, local by \
nature: its candidates are the three exits joining the pair, 3 of 12 (75 % reduction). The wrong \
way back ranks last of the three: the north exit carries the rooms beyond, and the way in, which \
scores the same as the way back, is listed first. Then P4 lands on Q5: a topological conflict \
whose lowest common ancestor is P0 and whose candidates are the nine exits of both lanes (25 % \
reduction); the slip Q1 → Q2 ranks 5th of 9. Each conflict is repaired by relabelling its own \
error (Q1 → Q2 east, P2 → P1 south).",
    paper: "12 rooms, 12 exits; topological part 9 candidates (25 % reduction), error ranked 5th \
of 9; directional part 3 candidates (75 % reduction), error ranked 3rd of 3.",
    differs: "Rooms: 11, not 12. The directional part needs three exits joining one pair of \
rooms (north and in, and the way back) and a map of 12 rooms needs 11 exits to be connected, so \
12 rooms would need 13 exits; the exit count, both candidate counts, both reductions and both \
ranks are the paper's.",
    descriptions: &[(
        "P2",
        "A small chapel; the door you came in by is behind you.",
    )],
    steps: STEPS,
    errors: &[
        wrong("Q1", "Q2", Northeast, East),
        wrong("P2", "P1", Southwest, South),
    ],
};

const STEPS: &[Step] = &[
    exit(
        "S",
        North,
        "P0",
        "You walk north from S into the square, P0.",
    ),
    exit("P0", East, "Q1", "The Q lane starts east of P0 at Q1."),
    exit("Q1", Northeast, "Q2", "The lane continues east to Q2."),
    exit("Q2", North, "Q3", "It turns north: Q3."),
    exit("Q3", North, "Q4", "North again to Q4."),
    exit("Q4", West, "Q5", "The lane ends west of Q4, in Q5."),
    exit(
        "P0",
        North,
        "P1",
        "Back at P0, you take the P lane north to P1.",
    ),
    exit(
        "P1",
        North,
        "P2",
        "North of P1 stands a chapel, P2; you walk up to it.",
    ),
    exit(
        "P1",
        In,
        "P2",
        "From P1 you can also simply go in: it is the same chapel.",
    ),
    exit(
        "P2",
        Southwest,
        "P1",
        "You leave the chapel south, back to P1.",
    ),
    exit(
        "P2",
        North,
        "P3",
        "A door at the back of the chapel leads north to P3.",
    ),
    exit("P3", East, "P4", "East of P3 is P4."),
];
