//! The challenge scenario of the paper's Figure 3(b), which the appendix's TC1 reconstructs:
//! a delayed conflict, an entangled fix and a silent error in eleven rooms.

use super::{exit, silent, walk, wrong, Scenario, Step};
use crate::domain::direction::Direction::{East, North, Northeast, South, Southeast, West};

/// The scenario.
pub const SCENARIO: Scenario = Scenario {
    id: "challenge",
    title: "Figure 3(b) / TC1: the challenge scenario",
    source: "paper Figure 3(b) and §3.2; appendix B, TC1 (Topological Conflict)",
    teaching: "The explorer enters B from A and maps its side rooms C, D and F, walking back to \
B after each. Then southeast to E, and from E to G: the text says east, the map says northeast. \
Nothing contradicts it yet — G, and then H beyond it, simply sit one square too far north. The \
contradiction surfaces two exits later, when I (west of H) lands on D: a delayed conflict. \
Localization traces both rooms' positions back through the Reasoning History Tree: D via B → C → \
D, I via B → E → G → H → I. The paths part at B, the lowest common ancestor, so the six exits \
below B are the candidates, and A → B, B → F and E's later branch are cleared. The Edge Impact \
Score ranks the two exits that placed D and I first (each carries the conflict), then E → G, \
which moves three rooms and was walked twice. The fix must be the right one: relabelling E → G \
east resolves the overlap, while the plausible-looking southwest only trades it for a new one, H \
on A — an entangled conflict. Meanwhile E → J was written southeast though the door is on the \
south side: a silent error that no conflict will ever point to.",
    paper: "11 rooms, 9 exits; E → G misdirected, D and I overlap; paths B → C → D and B → E → G \
→ H → I; LCA B; 8 candidates of 9 (11.1 % reduction: the six path exits plus two \
conflict-adjacent fallback exits); E → G ranked 3rd of 8; fixing E → G may make H and A collide; \
E → J a silent error.",
    differs: "Exits: 10, not 9 — 11 rooms cannot be connected by 9 exits. Candidates: the six \
exits of the two paths (40 % reduction), not 8: the paper's two \"conflict-adjacent fallback\" \
exits are defined by no rule of either implementation, and the default semantics adds none. \
E → G ranks 3rd of 6, and 4th without the explorer's walks back, which count as usage.",
    descriptions: &[],
    steps: STEPS,
    errors: &[
        wrong("E", "G", Northeast, East),
        silent("E", "J", Southeast, South),
    ],
};

const STEPS: &[Step] = &[
    exit("A", North, "B", "You walk north from A into B."),
    exit("B", North, "C", "A passage leads north from B to C."),
    exit("C", East, "D", "East of C lies D, a dead end."),
    walk(&["D", "C", "B"], "You walk back through C to B."),
    exit("B", West, "F", "West of B is a small room, F."),
    walk(&["F", "B"], "You return east to B."),
    exit(
        "B",
        Southeast,
        "E",
        "A corridor runs southeast from B to E.",
    ),
    exit("E", Northeast, "G", "From E you head east to G."),
    exit("G", North, "H", "North of G is H."),
    exit("H", West, "I", "West of H you come to I."),
    walk(&["I", "H", "G", "E"], "You retrace your steps to E."),
    exit(
        "E",
        Southeast,
        "J",
        "A door on the south side of E opens into J.",
    ),
    exit("J", East, "K", "East of J is K."),
];
