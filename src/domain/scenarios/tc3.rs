//! TC3: one wrong exit, two cascading overlaps, both traced to the same root cause.

use super::{exit, wrong, Scenario, Step};
use crate::domain::direction::Direction::{East, North, Northeast};

/// The scenario.
pub const SCENARIO: Scenario = Scenario {
    id: "tc3",
    title: "TC3: one slip, two collisions",
    source: "paper appendix B, TC3 (Cascading Secondary Conflicts)",
    teaching: "From the Gate the explorer enters the Hub and maps two parallel galleries: the L \
gallery one row north (L0 to L3, with a Lookout above L3), then the R gallery running east from \
the Hub (R1, R2, R3). One exit of the R gallery, R1 → R2, is written \"northeast\" instead of \
\"east\". R2 therefore lands on L2 — a first overlap — and when R3 is mapped one step later it \
lands on L3: a second, secondary conflict caused by the same slip. Localizing each overlap on \
the Reasoning History Tree gives the same divergence point, the Hub, and paths down both \
galleries: 5 candidates for R2/L2, 7 for R3/L3, 7 of the 9 exits in all. In both ranked lists R1 \
→ R2 comes third, behind exits with more rooms hanging on them or more conflicts. Fixing that \
one exit (east) clears both conflicts at once, which is why repairing root causes beats patching \
symptoms.",
    paper: "13 rooms, 9 exits; R1 → R2 wrong; overlaps R2/L2 and R3/L3; both trace to R1 → R2; 7 \
candidates (22.2 % reduction); the error ranked 3rd in both analyses.",
    differs: "Rooms: 10, not 13 — 13 rooms cannot be connected by 9 exits; the 9 exits, the 7 \
candidates, the reduction and both ranks are the paper's.",
    descriptions: &[],
    steps: STEPS,
    errors: &[wrong("R1", "R2", Northeast, East)],
};

const STEPS: &[Step] = &[
    exit(
        "Gate",
        North,
        "Hub",
        "Through the Gate you walk north into the Hub.",
    ),
    exit(
        "Hub",
        North,
        "L0",
        "North of the Hub, L0 begins the upper gallery.",
    ),
    exit("L0", East, "L1", "The gallery runs east to L1."),
    exit("L1", East, "L2", "Further east: L2."),
    exit("L2", East, "L3", "And east again: L3."),
    exit(
        "L3",
        North,
        "Lookout",
        "A stair climbs north from L3 to the Lookout.",
    ),
    exit(
        "Hub",
        East,
        "R1",
        "Back at the Hub, the lower gallery leads east to R1.",
    ),
    exit("R1", Northeast, "R2", "You continue east from R1 to R2."),
    exit("R2", East, "R3", "East of R2 the gallery ends in R3."),
];
