//! Contradictions between observed exits: the local rules a game map almost always keeps, read
//! without positions.
//!
//! From a room one way leads to one room (*one doorway, one destination*); a room is entered a
//! given way from one room (*one way in*); and the way back (the opposite direction) leads back,
//! both from the end (*the way back from the end*) and into the start (*the way back into the
//! start*). Two observed exits that break one of these contradict each other: at least one of
//! them is probably wrong (a move taken to start where the previous step left the player when
//! the transcript skipped a step, a misnamed arrival), or the passage is a twist.
//!
//! An exit that contradicts several others, each of which is itself contradicted less, is the
//! odd one out: the others agree with the rest of the map and it does not. On the 42
//! conflict-bearing LLM-built MANGO maps that rule singles out 22 wrong records for 1 correct
//! one, where a single contradiction is a coin toss (68 wrong, 82 correct).
//!
//! Inferred ways back are not claims of the text and take no part; exits with a free-text
//! label only meet the first two rules.

use crate::domain::direction::Label;
use crate::domain::map::{ExitId, Map, Origin, RoomId};
use rustc_hash::FxHashMap;

/// Which rule two exits break, as seen from the first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// Both leave the same room the same way for different rooms.
    Doorway,
    /// Both enter the same room the same way from different rooms.
    WayIn,
    /// The other leaves this exit's end the opposite way, for another room than its start.
    WayBackFromEnd,
    /// The other enters this exit's start the opposite way, from another room than its end.
    WayBackIntoStart,
}

/// One contradiction: the other exit and the rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Contradiction {
    /// The other observed exit.
    pub other: ExitId,
    /// The rule the two break.
    pub rule: Rule,
}

/// For every exit id of `map`, the observed exits its claim contradicts (empty for inferred
/// exits, self-loops and exits nothing contradicts), each listed once, in id order.
///
/// # Complexity
/// O(E · k) for E exits and k exits sharing a room and a label.
pub fn contradictions(map: &Map) -> Vec<Vec<ExitId>> {
    contradictions_by_rule(map)
        .iter()
        .map(|list| others(list))
        .collect()
}

/// The distinct exits a list of contradictions names, in id order.
pub fn others(list: &[Contradiction]) -> Vec<ExitId> {
    let mut ids: Vec<ExitId> = list.iter().map(|c| c.other).collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// [`contradictions`] with the rule each pair breaks (a pair breaking two rules is listed
/// under both), sorted by the other exit's id, then the rule.
///
/// # Complexity
/// O(E · k) for E exits and k exits sharing a room and a label.
pub fn contradictions_by_rule(map: &Map) -> Vec<Vec<Contradiction>> {
    let mut out: Vec<Vec<Contradiction>> = vec![Vec::new(); map.exit_bound()];
    let observed: Vec<_> = map
        .exits()
        .filter(|e| e.origin == Origin::Observed && e.from != e.to)
        .collect();
    // (room, label) -> exits leaving / entering it that way.
    let mut leaving: FxHashMap<(RoomId, &Label), Vec<usize>> = FxHashMap::default();
    let mut entering: FxHashMap<(RoomId, &Label), Vec<usize>> = FxHashMap::default();
    for (i, e) in observed.iter().enumerate() {
        leaving.entry((e.from, &e.label)).or_default().push(i);
        entering.entry((e.to, &e.label)).or_default().push(i);
    }
    let none: Vec<usize> = Vec::new();
    for (i, e) in observed.iter().enumerate() {
        let back = e.label.opposite();
        let mut found: Vec<Contradiction> = Vec::new();
        let mut check = |list: Option<&Vec<usize>>, rule: Rule, breaks: &dyn Fn(usize) -> bool| {
            for &j in list.unwrap_or(&none) {
                if j != i && breaks(j) {
                    found.push(Contradiction {
                        other: observed[j].id,
                        rule,
                    });
                }
            }
        };
        // One doorway, one destination.
        check(leaving.get(&(e.from, &e.label)), Rule::Doorway, &|j| {
            observed[j].to != e.to
        });
        // One way in.
        check(entering.get(&(e.to, &e.label)), Rule::WayIn, &|j| {
            observed[j].from != e.from
        });
        if let Some(back) = back.as_ref() {
            // The way back from the end leads to the start.
            check(leaving.get(&(e.to, back)), Rule::WayBackFromEnd, &|j| {
                observed[j].to != e.from
            });
            // The way back into the start comes from the end.
            check(
                entering.get(&(e.from, back)),
                Rule::WayBackIntoStart,
                &|j| observed[j].from != e.to,
            );
        }
        found.sort_unstable();
        found.dedup();
        if let Some(slot) = out.get_mut(e.id.0 as usize) {
            *slot = found;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::direction::Direction::*;

    #[test]
    fn a_way_back_that_leads_elsewhere_contradicts_both_ways() {
        let mut m = Map::new();
        let (a, b, c) = (m.add_room("a"), m.add_room("b"), m.add_room("c"));
        let ab = m.add_exit(a, b, North, Origin::Observed).unwrap();
        let bc = m.add_exit(b, c, South, Origin::Observed).unwrap();
        let c_of = contradictions(&m);
        assert_eq!(c_of[ab.0 as usize], vec![bc]);
        assert_eq!(c_of[bc.0 as usize], vec![ab]);
        let typed = contradictions_by_rule(&m);
        assert_eq!(typed[ab.0 as usize][0].rule, Rule::WayBackFromEnd);
        assert_eq!(typed[bc.0 as usize][0].rule, Rule::WayBackIntoStart);
    }

    #[test]
    fn agreeing_exits_and_inferred_ways_back_contradict_nothing() {
        let mut m = Map::new();
        let (a, b, c) = (m.add_room("a"), m.add_room("b"), m.add_room("c"));
        m.add_exit(a, b, North, Origin::Observed).unwrap();
        m.add_exit(b, a, South, Origin::Observed).unwrap();
        m.add_exit(b, c, East, Origin::Observed).unwrap();
        m.add_exit(b, c, South, Origin::InferredReverse).unwrap();
        assert!(contradictions(&m).iter().all(Vec::is_empty));
    }
}
