//! The solver's passes judged one exit or one conflict at a time: the rules, shared by the
//! solver that analyses the map afresh at every decision ([`super::solver::Solver`]) and the
//! one that keeps its figures across decisions ([`super::solver_state`]). See
//! [`super::solver`] for what each pass is for.

use super::contradiction::{Contradiction, Rule};
use super::evidence::{naming_rank, Evidence, TextVerdict};
use super::{Action, Decision};
use crate::domain::direction::Label;
use crate::domain::map::{Exit, ExitId, Map, Origin};

/// Evidence weights closer than this are equal (the odd-one-out pass's tie tolerance).
const WEIGHT_TIE: f64 = 1e-12;

/// Pass 1 for one implicated exit: its text arrives elsewhere (remove it) or moved another way
/// (relabel it, if that doorway is free).
pub(super) fn refute(map: &Map, e: &Exit, ev: &Evidence) -> Option<Decision> {
    match &ev.text {
        TextVerdict::ArrivesElsewhere(room) => {
            let reason = format!(
                "the text of version {} arrives in {room}, not here: the exit is spurious",
                ev.first_seen
            );
            Some(Decision {
                action: Action::RemoveEdge { exit: e.id },
                reason,
            })
        }
        TextVerdict::OtherDirection(d) => {
            let label = Label::Dir(*d);
            let free = !map
                .exits_from(e.from)
                .any(|x| x.id != e.id && x.label == label);
            if label == e.label || !free {
                return None;
            }
            let reason = format!(
                "the text of version {} moved {d}, not {}",
                ev.first_seen, e.label
            );
            Some(Decision {
                action: Action::ModifyEdge {
                    exit: e.id,
                    to: label,
                },
                reason,
            })
        }
        TextVerdict::Unknown | TextVerdict::Confirms | TextVerdict::FitsTitle => None,
    }
}

/// Pass 2: how many exits `against` (what an exit contradicts) holds, if the exit is the odd
/// one out: two or more, each contradicted less (`count_of`) than it is.
pub(super) fn odd_count(against: &[ExitId], count_of: impl Fn(ExitId) -> usize) -> Option<usize> {
    let n = against.len();
    (n >= 2 && against.iter().all(|x| count_of(*x) < n)).then_some(n)
}

/// Pass 2's order, as exits are met in id order: the most contradicted, then the weakest, then
/// the later.
pub(super) fn odd_better(best: Option<(usize, f64, ExitId)>, n: usize, w: f64, id: ExitId) -> bool {
    best.is_none_or(|(bn, bw, bid)| {
        n > bn || (n == bn && (w < bw - WEIGHT_TIE || ((w - bw).abs() <= WEIGHT_TIE && id > bid)))
    })
}

/// Pass 2's decision: remove the odd one out.
pub(super) fn odd_one_out_decision(map: &Map, exit: ExitId, n: usize) -> Option<Decision> {
    let e = map.exit(exit)?;
    let name = |r| map.room(r).map_or_else(String::new, |r| r.name.clone());
    let reason = format!(
        "{} --{}--> {} disagrees with {n} other exits (the same doorway, the same way in, or the way back), each of which agrees better with the rest of the map: the exit is spurious",
        name(e.from),
        e.label,
        name(e.to)
    );
    Some(Decision {
        action: Action::RemoveEdge { exit },
        reason,
    })
}

/// Pass 3 for one observed exit `e` whose only contradiction is `only`, with `other`, which
/// contradicts `e` alone: which of the two started somewhere else (see
/// [`super::solver::Solver`]'s `one_to_one`). `None` when the pair is judged from its other
/// exit or no rule tells.
pub(super) fn one_to_one_for(
    map: &Map,
    e: &Exit,
    only: &Contradiction,
    other: &Exit,
    mine: &Evidence,
    theirs: &Evidence,
) -> Option<Decision> {
    let name = |r| map.room(r).map_or_else(String::new, |r| r.name.clone());
    if theirs.step <= mine.step {
        // Each pair is judged once, from its earlier exit.
        return None;
    }
    let (spurious, reason) = match only.rule {
        Rule::WayBackFromEnd
            if theirs.text != TextVerdict::Confirms
                && theirs.step != mine.step.saturating_add(1)
                && naming_rank(&mine.text) > naming_rank(&theirs.text) =>
        {
            let reason = format!(
                "the way back from {} does not lead to {}: the text of step {} names {} more firmly than the text of step {} names {}, so the later move started somewhere else (a skipped step) and {} --{}--> {} is spurious",
                name(e.to), name(e.from), mine.step, name(e.to), theirs.step,
                name(other.to), name(other.from), other.label, name(other.to)
            );
            (other.id, reason)
        }
        Rule::WayBackFromEnd
            if theirs.step == mine.step.saturating_add(1)
                || theirs.text == TextVerdict::Confirms =>
        {
            let when = if theirs.step == mine.step.saturating_add(1) {
                "the very next move".to_string()
            } else {
                format!("the move of step {}", theirs.step)
            };
            let reason = format!(
                "{when} went back {} from {} and arrived in {}, not {}: the move of step {} started in {} (a skipped step), so {} --{}--> {} is spurious",
                other.label, name(e.to), name(other.to), name(e.from), mine.step,
                name(other.to), name(e.from), e.label, name(e.to)
            );
            (e.id, reason)
        }
        Rule::WayBackIntoStart
            if matches!(mine.text, TextVerdict::Confirms | TextVerdict::FitsTitle) =>
        {
            let reason = format!(
                "{} --{}--> {} (step {}, its text names where it arrived) makes {} the way back into {}; the later move of step {} arriving there {} from {} started somewhere else (a skipped step): spurious",
                name(e.from), e.label, name(e.to), mine.step, other.label, name(e.from),
                theirs.step, other.label, name(other.from)
            );
            (other.id, reason)
        }
        Rule::WayIn => {
            let reason = format!(
                "{} is entered {} from {} again at step {}: the move of step {} from {} started elsewhere (a skipped step), so {} --{}--> {} is spurious",
                name(e.to), e.label, name(other.from), theirs.step, mine.step,
                name(e.from), name(e.from), e.label, name(e.to)
            );
            (e.id, reason)
        }
        _ => return None,
    };
    Some(Decision {
        action: Action::RemoveEdge { exit: spurious },
        reason,
    })
}

/// Pass 4 for a duplicated label: of the exits sharing the doorway, the weakest goes.
pub(super) fn duplicate_decision(
    map: &Map,
    label: &Label,
    exits: &[ExitId],
    evidence: impl Fn(ExitId) -> Evidence,
) -> Option<Decision> {
    let mut exits: Vec<ExitId> = exits.to_vec();
    exits.sort_by(|a, b| {
        let (ea, eb) = (evidence(*a), evidence(*b));
        eb.weight()
            .total_cmp(&ea.weight())
            .then(ea.first_seen.cmp(&eb.first_seen))
            .then(a.cmp(b))
    });
    let keep = *exits.first()?;
    let drop = *exits.last()?;
    let name = |e: ExitId| {
        map.exit(e)
            .and_then(|x| map.room(x.to))
            .map_or_else(String::new, |r| r.name.clone())
    };
    let reason = format!(
        "one doorway ({label}) cannot lead to both {} and {}; {} is better supported (evidence {:.2} vs {:.2})",
        name(keep), name(drop), name(keep), evidence(keep).weight(), evidence(drop).weight()
    );
    Some(Decision {
        action: Action::RemoveEdge { exit: drop },
        reason,
    })
}

/// Pass 4 for a reverse mismatch: an inferred way back goes; otherwise the pair is a twist, kept
/// but no longer used for positions.
pub(super) fn mismatch_decision(map: &Map, exits: &[ExitId]) -> Option<Decision> {
    let exits: Vec<&Exit> = exits
        .iter()
        .filter_map(|e| map.exit(*e))
        .filter(|e| e.geometric)
        .collect();
    if let Some(inferred) = exits.iter().find(|e| e.origin == Origin::InferredReverse) {
        let reason = "an inferred way back contradicts what was observed".to_string();
        return Some(Decision {
            action: Action::RemoveEdge { exit: inferred.id },
            reason,
        });
    }
    let first = exits.first()?;
    let reason = "this passage does not come back the opposite way (a twist, as in a maze): kept, but no longer used for positions".to_string();
    Some(Decision {
        action: Action::MarkNonGeometric { exit: first.id },
        reason,
    })
}

/// Pass 5's decision: flatten the exit that resolves `resolved` conflicts.
pub(super) fn flatten_decision(exit: ExitId, resolved: usize, ev: &Evidence) -> Decision {
    let reason = format!(
        "the lattice does not close here: keeping this exit but no longer using it for positions (a long corridor or a twist) resolves {} conflict(s); evidence {:.2}",
        resolved,
        ev.weight()
    );
    Decision {
        action: Action::MarkNonGeometric { exit },
        reason,
    }
}
