//! TC6: five silent errors of different cascade sizes, and whether the Edge Impact Score
//! predicts which matter most.

use super::{exit, silent, Scenario, Step};
use crate::domain::direction::Direction::{
    East, North, Northeast, Northwest, South, Southeast, Southwest, West,
};

/// The scenario.
pub const SCENARIO: Scenario = Scenario {
    id: "tc6",
    title: "TC6: which error matters most?",
    source: "paper appendix B, TC6 (Cascade Potential Prediction)",
    teaching: "A forum R with six wings, 37 rooms and 36 exits, mapped wing by wing. Five exits \
are written one compass point off: E → F, J → K, L → M, N → O and P → Q. None of them causes a \
conflict yet — every displaced room happens to land on an empty square — but each silently moves \
every room beyond it: 10 rooms for E → F, 5 for J → K, 3 for L → M, 2 for N → O, 1 for P → Q. \
That is the error's cascade: what goes wrong downstream, and the conflicts it will cause when \
later exits tie those rooms to the rest. The Edge Impact Score's reach is exactly the number of \
rooms whose position hangs on an exit in the Reasoning History Tree, so it ranks the five errors \
in the order of their cascades (Spearman ρ = 1). An auditor who inspects exits in score order \
finds both errors with a cascade of 5 or more after 10 exits and 80 % of the total impact after \
17; inspecting in random order takes 24.7 and 25.9 exits on average. Repairing means relabelling \
each exit to the direction its observation gave.",
    paper: "36 exits; errors E → F, J → K, L → M, N → O, P → Q with cascades 10, 5, 3, 2, 1; \
Spearman ρ = 1 between reach and cascade; score order finds both cascade ≥ 5 errors after 10 \
exits (random: 23; 2.3× faster) and 80 % of the impact after 17 (random: 31; 1.82×).",
    differs: "The random baseline is the exact expectation over all inspection orders (24.7 and \
25.9 exits, so 2.47× and 1.52× faster), not one random draw (the paper's 23 and 31).",
    descriptions: &[],
    steps: STEPS,
    errors: &[
        silent("E", "F", Northeast, North),
        silent("J", "K", Southeast, South),
        silent("L", "M", Northwest, West),
        silent("N", "O", Northwest, West),
        silent("P", "Q", Northeast, North),
    ],
};

const STEPS: &[Step] = &[
    exit("R", North, "E", "You go north from R to E."),
    exit("E", Northeast, "F", "You go north from E to F."),
    exit("F", North, "F1", "You go north from F to F1."),
    exit("F1", West, "F2", "You go west from F1 to F2."),
    exit("F2", North, "F3", "You go north from F2 to F3."),
    exit("F3", West, "F4", "You go west from F3 to F4."),
    exit("F4", West, "F5", "You go west from F4 to F5."),
    exit("F4", South, "F6", "You go south from F4 to F6."),
    exit("F3", North, "F7", "You go north from F3 to F7."),
    exit("F", East, "F8", "You go east from F to F8."),
    exit("F8", South, "F9", "You go south from F8 to F9."),
    exit("R", East, "G", "You go east from R to G."),
    exit("G", East, "G1", "You go east from G to G1."),
    exit("G1", East, "G2", "You go east from G1 to G2."),
    exit("G2", North, "G3", "You go north from G2 to G3."),
    exit("G3", East, "G4", "You go east from G3 to G4."),
    exit("G4", South, "G5", "You go south from G4 to G5."),
    exit("G5", South, "G6", "You go south from G5 to G6."),
    exit("G", South, "G7", "You go south from G to G7."),
    exit("G7", East, "G8", "You go east from G7 to G8."),
    exit("G8", East, "G9", "You go east from G8 to G9."),
    exit("R", South, "J", "You go south from R to J."),
    exit("J", Southeast, "K", "You go south from J to K."),
    exit("K", South, "K1", "You go south from K to K1."),
    exit("K1", South, "K2", "You go south from K1 to K2."),
    exit("K", West, "K3", "You go west from K to K3."),
    exit("K1", West, "K4", "You go west from K1 to K4."),
    exit("R", West, "L", "You go west from R to L."),
    exit("L", Northwest, "M", "You go west from L to M."),
    exit("M", North, "M1", "You go north from M to M1."),
    exit("M", West, "M2", "You go west from M to M2."),
    exit("R", Southwest, "N", "You go southwest from R to N."),
    exit("N", Northwest, "O", "You go west from N to O."),
    exit("O", South, "O1", "You go south from O to O1."),
    exit("R", Northwest, "P", "You go northwest from R to P."),
    exit("P", Northeast, "Q", "You go north from P to Q."),
];
