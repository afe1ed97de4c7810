//! TC2: a directional conflict, the degenerate case where the lowest common ancestor is the
//! room the two exits leave from.

use super::{exit, wrong, Scenario, Step};
use crate::domain::direction::Direction::{East, North, West};

/// The scenario.
pub const SCENARIO: Scenario = Scenario {
    id: "tc2",
    title: "TC2: two doors marked north",
    source: "paper appendix B, TC2 (Directional Conflict, Degenerate Case)",
    teaching: "The explorer walks north from A through B to C, north again to D, and explores \
the rooms beyond D (F and G). Back in C, a second passage is written down as \"north\" too, to E \
— it really leaves east. The moment it is recorded the map holds a directional conflict: one \
doorway of C cannot lead to two different rooms. No long search is needed: both exits start in \
C, so C is the lowest common ancestor and the paths are zero-length — the degenerate case. The \
candidates are exactly C's two north exits. The Edge Impact Score puts C → D first, because \
three rooms (D, F, G) hang on it against two (E, H) on C → E; both carry the same conflict. So \
the true error comes last: the score is a prioritization, and the repair loop checks each \
candidate against the recorded observations. Recalling the step that added C → E shows the text \
said east; relabelling it east resolves the conflict and moves E and H to their true places.",
    paper: "8 rooms, 7 exits; LCA = C; 6 candidates (14.3 % reduction); C → E ranked 3rd of 6.",
    differs: "Candidates: 2 of 7 (71.4 % reduction), not 6 (14.3 %). A duplicated label \
localizes to its own room with zero-length paths, so only the two exits that share the label are \
candidates; the paper's own TC4 says the same of directional conflicts (\"limiting candidates to \
immediately adjacent edges\", 3 candidates), which 6 of 7 contradicts. Rank: C → E is last (2nd \
of 2); the paper's 3rd of 6 is also not first.",
    descriptions: &[],
    steps: STEPS,
    errors: &[wrong("C", "E", North, East)],
};

const STEPS: &[Step] = &[
    exit("A", North, "B", "You walk north from A into B."),
    exit(
        "B",
        North,
        "C",
        "North again, a short passage brings you to C.",
    ),
    exit("C", North, "D", "From C you head north into D."),
    exit("D", West, "F", "D opens west onto F."),
    exit("F", North, "G", "North of F lies G, a dead end."),
    exit(
        "C",
        North,
        "E",
        "Back in C, you take the passage east and arrive in E.",
    ),
    exit("E", East, "H", "East of E is H."),
];
