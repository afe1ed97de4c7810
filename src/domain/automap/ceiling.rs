//! How well can any mapper do on a cleaned walkthrough? The cleaning (§1.2, [`super::clean`])
//! keeps only the steps the ground truth cites, so a kept move may start somewhere the previous
//! kept step did not leave the player: the dropped steps walked the player elsewhere (a corridor
//! walked again, a death, `enter gazebo`). Such a *restart* can be told from the kept text only
//! when the move, taken to start where the previous step left the player (its *continuation*),
//! would contradict something the text shows:
//!
//! * [`Tell::Doorway`] — another kept move leaves the continuation the same way to another room;
//! * [`Tell::WayIn`] — another kept move enters the destination the same way from another room;
//! * [`Tell::WayBack`] — a kept move leaves the destination the opposite way to another room;
//! * [`Tell::WayBackIntoStart`] — a kept move enters the continuation the opposite way from
//!   another room;
//! * [`Tell::Unlisted`] — the continuation's reply speaks of two or more ways out, not this one;
//! * [`Tell::SameRoom`] — the move would start where it ends.
//!
//! A restart with none of these is *untold*: the kept text is equally well explained by a map in
//! which the move started at its continuation, and a mapper can only guess the real start among
//! every room on the map. [`ceiling`] lists the restarts and builds that alternative map (the
//! truth with each untold restart's move started at its continuation); scoring it against the
//! truth gives what a mapper that gets everything else right reaches (`maprepair bench
//! ceiling`).
//!
//! The ground truth is read here, as in [`super::clean`], to know where each kept move really
//! started; the automapper never sees it.

use super::clean::referenced_steps;
use crate::domain::direction::Label;
use crate::domain::formats::{EdgeRecord, Step};
use crate::domain::names::canonical_name;

/// What in the kept text tells a restart from a move that started at its continuation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tell {
    /// Another kept move leaves the continuation the same way to another room.
    Doorway,
    /// Another kept move enters the destination the same way from another room.
    WayIn,
    /// A kept move leaves the destination the opposite way to another room.
    WayBack,
    /// A kept move enters the continuation the opposite way from another room.
    WayBackIntoStart,
    /// The continuation's reply speaks of two or more ways out, not of this one.
    Unlisted,
    /// The move would start where it ends.
    SameRoom,
}

impl Tell {
    /// A short name for reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Tell::Doorway => "doorway",
            Tell::WayIn => "way in",
            Tell::WayBack => "way back",
            Tell::WayBackIntoStart => "way back into the start",
            Tell::Unlisted => "ways listed",
            Tell::SameRoom => "same room",
        }
    }
}

/// One kept move that did not start where the previous kept step left the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restart {
    /// The move's step number in the raw walkthrough.
    pub step: i64,
    /// Where the previous kept step left the player.
    pub continuation: String,
    /// Where the move really started.
    pub start: String,
    /// Where it ended.
    pub end: String,
    /// The move.
    pub action: String,
    /// What in the kept text tells it (empty: untold).
    pub tells: Vec<Tell>,
}

/// The restarts of a cleaned walkthrough and the map its kept text equally supports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ceiling {
    /// Kept steps the truth gives a move for.
    pub kept_moves: usize,
    /// Kept moves that did not start where the previous kept step left the player.
    pub restarts: Vec<Restart>,
    /// The truth with every untold restart's move started at its continuation.
    pub alternative: Vec<EdgeRecord>,
    /// Rooms of the truth no kept move arrives in (as the truth writes them, lowercased,
    /// sorted, as `eval` compares names): the kept text
    /// never shows them, so a mapper can only name them from the location list (the room a
    /// transcript opens in, the start of a restart). The alternative counts them found.
    pub unshown: Vec<String>,
}

impl Ceiling {
    /// The restarts nothing in the kept text tells.
    pub fn untold(&self) -> impl Iterator<Item = &Restart> {
        self.restarts.iter().filter(|r| r.tells.is_empty())
    }
}

/// One kept move as the truth has it.
#[derive(Debug, Clone)]
struct Walked {
    step: i64,
    from: String,
    label: Label,
    to: String,
    /// The truth record, and whether the move walked it backwards.
    record: usize,
    reversed: bool,
}

/// The kept moves in walkthrough order: for each referenced step, the record it walked forward,
/// else one it walked backwards.
fn walked(truth: &[EdgeRecord]) -> Vec<Walked> {
    referenced_steps(truth)
        .into_iter()
        .filter_map(|step| {
            let forward = truth.iter().enumerate().find_map(|(i, r)| {
                (r.seen_in_forward == Some(step)).then(|| Walked {
                    step,
                    from: canonical_name(&r.src),
                    label: Label::parse(&r.action),
                    to: canonical_name(&r.dst),
                    record: i,
                    reversed: false,
                })
            });
            forward.or_else(|| {
                truth.iter().enumerate().find_map(|(i, r)| {
                    let back = Label::parse(&r.action).opposite()?;
                    (r.seen_in_reversed == Some(step)).then(|| Walked {
                        step,
                        from: canonical_name(&r.dst),
                        label: back,
                        to: canonical_name(&r.src),
                        record: i,
                        reversed: true,
                    })
                })
            })
        })
        .collect()
}

/// What in the kept text tells that `m` did not start at `cont` (see [`Tell`]).
fn tells(m: &Walked, cont: &str, moves: &[Walked], cont_reply: &str) -> Vec<Tell> {
    let mut out = Vec::new();
    let others = || moves.iter().filter(|o| o.step != m.step);
    if others().any(|o| o.from == cont && o.label == m.label && o.to != m.to) {
        out.push(Tell::Doorway);
    }
    if others().any(|o| o.to == m.to && o.label == m.label && o.from != cont && o.from != m.from) {
        out.push(Tell::WayIn);
    }
    if let Some(back) = m.label.opposite() {
        if others().any(|o| o.from == m.to && o.label == back && o.to != cont) {
            out.push(Tell::WayBack);
        }
        if others().any(|o| o.to == cont && o.label == back && o.from != m.to) {
            out.push(Tell::WayBackIntoStart);
        }
    }
    if let Some(d) = m.label.direction() {
        let ways = super::movement::mentioned_ways(cont_reply);
        if ways.len() >= 2 && !ways.contains(&d) {
            out.push(Tell::Unlisted);
        }
    }
    if cont == m.to {
        out.push(Tell::SameRoom);
    }
    out
}

/// The restarts of the walkthrough `raw` once cleaned with `truth`, and the map its kept text
/// equally supports. See the module docs.
///
/// # Complexity
/// O(K · (K + R)) for K kept steps and R truth records.
pub fn ceiling(truth: &[EdgeRecord], raw: &[Step]) -> Ceiling {
    let moves = walked(truth);
    let reply = |step: i64| {
        raw.iter()
            .find(|s| s.num == step)
            .map_or("", |s| s.observation.as_str())
    };
    let mut restarts = Vec::new();
    let mut alternative = truth.to_vec();
    for pair in moves.windows(2) {
        let (prev, m) = (&pair[0], &pair[1]);
        if prev.to == m.from {
            continue;
        }
        let found = tells(m, &prev.to, &moves, reply(prev.step));
        if found.is_empty() {
            if let Some(r) = alternative.get_mut(m.record) {
                let continuation = truth
                    .iter()
                    .flat_map(|t| [&t.src, &t.dst])
                    .find(|n| canonical_name(n) == prev.to)
                    .cloned()
                    .unwrap_or_else(|| prev.to.clone());
                if m.reversed {
                    r.dst = continuation;
                } else {
                    r.src = continuation;
                }
            }
        }
        restarts.push(Restart {
            step: m.step,
            continuation: prev.to.clone(),
            start: m.from.clone(),
            end: m.to.clone(),
            action: m.label.to_string(),
            tells: found,
        });
    }
    Ceiling {
        unshown: unshown_in(truth, &moves),
        kept_moves: moves.len(),
        restarts,
        alternative,
    }
}

/// The truth's rooms no kept move of the cleaned walkthrough arrives in ([`Ceiling::unshown`]):
/// they depend on the truth alone, which says which steps the cleaning keeps.
pub fn unshown(truth: &[EdgeRecord]) -> Vec<String> {
    unshown_in(truth, &walked(truth))
}

fn unshown_in(truth: &[EdgeRecord], moves: &[Walked]) -> Vec<String> {
    let mut out: Vec<String> = truth
        .iter()
        .flat_map(|r| [&r.src, &r.dst])
        .filter(|n| !moves.iter().any(|m| m.to == canonical_name(n)))
        .map(|n| n.trim().to_lowercase())
        .collect();
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(src: &str, action: &str, dst: &str, fwd: i64, rev: Option<i64>) -> EdgeRecord {
        EdgeRecord {
            src: src.into(),
            dst: dst.into(),
            action: action.into(),
            seen_in_forward: Some(fwd),
            seen_in_reversed: rev,
            extra: Default::default(),
        }
    }

    fn step(num: i64, observation: &str) -> Step {
        Step {
            num,
            action: "x".into(),
            observation: observation.into(),
        }
    }

    #[test]
    fn a_restart_nothing_contradicts_is_untold_and_the_alternative_starts_it_at_the_continuation() {
        // Hall -north-> Kitchen (step 1); the player walks back (step 2, dropped: its exit was
        // walked before); Hall -east-> Study (step 3) is kept — but say the truth has it from a
        // Porch the player reached by dropped steps.
        let truth = vec![
            rec("hall", "north", "kitchen", 1, None),
            rec("porch", "east", "study", 3, None),
        ];
        let raw = [step(1, "Kitchen\nA kitchen."), step(3, "Study\nA study.")];
        let c = ceiling(&truth, &raw);
        assert_eq!(c.kept_moves, 2);
        assert_eq!(c.restarts.len(), 1);
        assert!(c.restarts[0].tells.is_empty());
        assert_eq!(c.untold().count(), 1);
        assert_eq!(c.alternative[1].src, "kitchen");
        assert_eq!(c.alternative[0], truth[0]);
        // No kept move arrives in the hall (where the text opens) or the porch.
        assert_eq!(c.unshown, vec!["hall".to_string(), "porch".to_string()]);
        assert_eq!(unshown(&truth), c.unshown);
    }

    #[test]
    fn a_way_back_walked_elsewhere_or_listed_exits_tell_a_restart() {
        // The study's way back west was walked, to the porch: the move did not start in the
        // kitchen.
        let truth = vec![
            rec("hall", "north", "kitchen", 1, None),
            rec("porch", "east", "study", 3, Some(4)),
        ];
        let raw = [step(1, "Kitchen\nA kitchen."), step(3, "Study")];
        let c = ceiling(&truth, &raw);
        assert_eq!(c.restarts[0].tells, vec![Tell::WayBack]);
        assert_eq!(c.alternative, truth);
        // The kitchen's reply lists its ways, and east is not one of them.
        let truth = vec![
            rec("hall", "north", "kitchen", 1, None),
            rec("porch", "east", "study", 3, None),
        ];
        let raw = [
            step(1, "Kitchen\nDoors lead south and west."),
            step(3, "Study"),
        ];
        let c = ceiling(&truth, &raw);
        assert_eq!(c.restarts[0].tells, vec![Tell::Unlisted]);
    }
}
