//! Conflict records in default semantics.

use crate::domain::direction::{Label, Vector};
use crate::domain::map::{ExitId, RoomId};
use serde::Serialize;

/// The three families the paper teaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum ConflictType {
    /// Same name for two places (or two names for one).
    Naming,
    /// One doorway, two destinations; or a way there and a way back that disagree.
    Directional,
    /// The lattice does not close: loops that do not add up, two rooms on one cell.
    Topological,
}

impl ConflictType {
    /// The wire name: `naming`, `directional`, `topological`.
    pub fn as_str(self) -> &'static str {
        match self {
            ConflictType::Naming => "naming",
            ConflictType::Directional => "directional",
            ConflictType::Topological => "topological",
        }
    }
}

/// What exactly fired.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum ConflictKind {
    /// `room` has two or more exits labelled `label` leading to different rooms.
    DuplicateLabel {
        /// The room.
        room: RoomId,
        /// The shared label.
        label: Label,
    },
    /// `a → b` and `b → a` exist, and no label of one is the opposite of a label of the other.
    ReverseMismatch {
        /// One end.
        a: RoomId,
        /// The other end.
        b: RoomId,
    },
    /// `exit` closes a loop whose displacement is `error` instead of zero.
    Loop {
        /// The closing exit.
        exit: ExitId,
        /// Where the exit says its target is minus where the tree put it.
        error: Vector,
    },
    /// Several rooms on one cell.
    Overlap {
        /// The cell (in its frame).
        cell: Vector,
    },
    /// Several rooms share a canonical name.
    NameCollision {
        /// The shared name.
        canonical: String,
    },
}

/// One conflict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Conflict {
    /// Stable identity: the rule and the rooms/exits involved, never coordinates, so a
    /// conflict keeps its id when positions shift.
    pub id: String,
    /// Family.
    #[serde(rename = "type")]
    pub ctype: ConflictType,
    /// Rule and its data.
    pub kind: ConflictKind,
    /// Rooms involved.
    pub rooms: Vec<RoomId>,
    /// Exits involved (the ones the rule names).
    pub exits: Vec<ExitId>,
}

/// Counts by family.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Directional.
    pub direction: usize,
    /// Topological.
    pub topology: usize,
    /// Naming.
    pub naming: usize,
    /// All.
    pub total: usize,
}

impl Counts {
    /// Counts a list.
    pub fn of(conflicts: &[Conflict]) -> Counts {
        let mut c = Counts::default();
        for x in conflicts {
            match x.ctype {
                ConflictType::Directional => c.direction += 1,
                ConflictType::Topological => c.topology += 1,
                ConflictType::Naming => c.naming += 1,
            }
        }
        c.total = conflicts.len();
        c
    }
}
