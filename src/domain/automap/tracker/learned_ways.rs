//! The transcript's own words for compass ways: a game may understand "fore" as north or "aft"
//! as south, and print nothing that says so. Such an action is read as a relocation (no compass
//! word, another room shown); once the whole transcript is read, the map itself tells which way
//! the word goes — the compass moves that join the same two rooms (the way back walked by
//! compass, or the same way walked by its compass name). A word whose every such witness agrees
//! on one way is that way wherever it took the player, also between rooms no compass move joins.

use super::Tracker;
use crate::domain::analysis::Geometry;
use crate::domain::automap::identity::target;
use crate::domain::automap::movement::{is_refusal, move_label};
use crate::domain::automap::weights::LEARNED_WAY_WITNESSES;
use crate::domain::direction::{Direction, Label};
use crate::domain::formats::Step;
use crate::domain::map::{Origin, RoomId};
use std::collections::{BTreeMap, BTreeSet};

/// One relocation: the step, the action as typed (lowercase), where it left and where it led.
struct Relocation {
    step: usize,
    from: RoomId,
    to: RoomId,
}

impl Tracker<'_> {
    /// The relocations of the reading by a word of its own ("fore"), not a verb with an object
    /// ("enter tardis", "jump lake"), whose every use took the player to another room or was
    /// refused as a move is ("yes" after "Do you really want to go west?" stays as often as it
    /// goes): per word, the steps where it moved the player.
    fn relocations(&self, steps: &[Step]) -> BTreeMap<String, Vec<Relocation>> {
        let mut out: BTreeMap<String, Vec<Relocation>> = BTreeMap::new();
        let mut stayed: BTreeSet<String> = BTreeSet::new();
        for (k, (step, o)) in steps.iter().zip(&self.outcomes).enumerate() {
            let action = step.action.trim().to_lowercase();
            if o.moved
                || action.is_empty()
                || action.contains(' ')
                || move_label(&action, self.verbs).is_some()
            {
                continue;
            }
            let from = k
                .checked_sub(1)
                .and_then(|j| self.outcomes.get(j))
                .and_then(|p| p.to);
            match (from, o.to) {
                (Some(from), Some(to)) if from != to => {
                    out.entry(action)
                        .or_default()
                        .push(Relocation { step: k, from, to });
                }
                _ if is_refusal(&step.observation) => {}
                _ => {
                    stayed.insert(action);
                }
            }
        }
        out.retain(|action, _| !stayed.contains(action));
        out
    }

    /// The compass ways the map's observed exits between `from` and `to` say a move from
    /// `from` to `to` went.
    fn witnessed_ways(&self, from: RoomId, to: RoomId) -> Vec<Direction> {
        let compass = |l: &Label| l.direction().filter(|d| d.vector().is_some());
        let there = self
            .map
            .exits_between(from, to)
            .filter(|e| e.origin == Origin::Observed)
            .filter_map(|e| compass(&e.label));
        let back = self
            .map
            .exits_between(to, from)
            .filter(|e| e.origin == Origin::Observed)
            .filter_map(|e| compass(&e.label).map(Direction::opposite));
        there.chain(back).collect()
    }

    /// The compass way the finished lattice puts `to` one step from `from`, when no observed
    /// exit already leads from `from` that way (rule `placed-ways`): a word's move between two
    /// rooms no compass move joins ("fore" from the taproom to the gatehouse, reached otherwise
    /// by the cloister and the marsh) is witnessed by where the other moves place the two rooms.
    fn placed_way(&self, geo: &Geometry, from: RoomId, to: RoomId) -> Option<Direction> {
        if geo.frame_of(from).is_none() || geo.frame_of(from) != geo.frame_of(to) {
            return None;
        }
        let (pf, pt) = (geo.position(from)?, geo.position(to)?);
        let step = [pt[0] - pf[0], pt[1] - pf[1], pt[2] - pf[2]];
        let way = Direction::ALL
            .into_iter()
            .find(|d| d.vector() == Some(step))?;
        target(&self.map, from, &Label::Dir(way))
            .is_none()
            .then_some(way)
    }

    /// Hindsight stage `learned ways`: every relocation by a word the map shows to be one
    /// compass way becomes a move that way (unless its start already leads elsewhere that way).
    pub(super) fn learned_ways(&mut self, steps: &[Step]) {
        let geo = self
            .rules
            .on("placed-ways")
            .then(|| Geometry::infer(&self.map));
        for (action, moves) in self.relocations(steps) {
            let witnessed: Vec<Vec<Direction>> = moves
                .iter()
                .map(|m| {
                    let seen = self.witnessed_ways(m.from, m.to);
                    match &geo {
                        Some(g) if seen.is_empty() => {
                            self.placed_way(g, m.from, m.to).into_iter().collect()
                        }
                        _ => seen,
                    }
                })
                .filter(|w| !w.is_empty())
                .collect();
            let mut ways: Vec<Direction> = witnessed.iter().flatten().copied().collect();
            ways.sort();
            ways.dedup();
            // Witnesses that disagree (one connection bends): a way the finished map already
            // leads elsewhere from one of the word's starts cannot be the word's way (rule
            // `ways-ruled-out`: "fore" from the tower reached the pump room, whose "west" leads
            // back to the tower, but the tower's "east" is the kitchen's way in).
            if ways.len() > 1 && self.rules.on("ways-ruled-out") {
                ways.retain(|&w| {
                    let label = Label::Dir(w);
                    moves
                        .iter()
                        .all(|m| target(&self.map, m.from, &label).is_none_or(|t| t == m.to))
                });
            }
            // Two witnesses at least: one way back can mislead where a connection bends
            // ("north" to the tack room, "north" again back).
            let [way] = ways[..] else {
                continue;
            };
            // A word used once has one move to witness it: its one witness is all there is
            // (rule `used-once`; "fore" from the marsh, placed north of it by the walk round).
            let once = moves.len() == 1 && witnessed.len() == 1 && self.rules.on("used-once");
            if witnessed.len() < LEARNED_WAY_WITNESSES && !once {
                continue;
            }
            let label = Label::Dir(way);
            for m in moves {
                if target(&self.map, m.from, &label).is_some_and(|t| t != m.to) {
                    continue;
                }
                if target(&self.map, m.from, &label).is_none() {
                    self.add_observed(m.from, m.to, &label);
                }
                if let Some(o) = self.outcomes.get_mut(m.step) {
                    o.from = Some(m.from);
                    o.label = Some(label.clone());
                    o.moved = true;
                    o.note = format!(
                        "{}; \"{action}\" is this transcript's word for {}",
                        o.note,
                        way.as_str()
                    );
                }
            }
        }
    }
}
