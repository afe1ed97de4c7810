//! The solver's evidence kept up to date across its own commits: how often each exit was walked,
//! which observed exits contradict which ([`super::contradiction`]), the evidence per exit
//! ([`super::evidence`]), and the exits the contradiction passes look at (the odd ones out, the
//! pairs that contradict only each other, the exits their text refutes).
//!
//! A commit that edits exits costs the exits sharing a room and a label with them (those are
//! the only ones whose contradictions can change); one that touches rooms, or more than one
//! commit at once, reads the history again. The figures always equal [`super::evidence::gather`]
//! and [`super::contradiction::contradictions_by_rule`] on the same history (a property test of
//! the solver checks the decisions they lead to).

use super::contradiction::{contradictions_by_rule, others, Contradiction, Rule};
use super::evidence::{judge_text, unknown, Evidence, TextVerdict};
use super::passes::odd_count;
use crate::domain::direction::Label;
use crate::domain::history::{Commit, History, Trigger};
use crate::domain::map::{Exit, ExitId, Map, Origin, RoomId};
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;

type Key = (RoomId, Label);
type Judged = (RoomId, RoomId, Label, u32);

/// See the module docs.
#[derive(Debug, Clone, Default)]
pub struct Ledger {
    seen: usize,
    usage: Vec<u32>,
    /// The first commit that added each exit id: its version and step.
    first: Vec<Option<(u32, u32)>>,
    /// The commit whose text judges each exit id (the first that observed it, with text).
    judge: Vec<Option<u32>>,
    rules: Vec<Vec<Contradiction>>,
    against: Vec<Vec<ExitId>>,
    leaving: FxHashMap<Key, Vec<ExitId>>,
    entering: FxHashMap<Key, Vec<ExitId>>,
    evidence: Vec<Option<Evidence>>,
    /// Text verdicts read so far, with the exit's rooms and label and the commit they were
    /// read against (a verdict stands while those do).
    verdicts: FxHashMap<ExitId, (Judged, TextVerdict)>,
    odd: BTreeSet<ExitId>,
    pairs: BTreeSet<ExitId>,
    refuting: BTreeSet<ExitId>,
}

/// True for an exit whose claim can contradict another's.
fn claims(e: &Exit) -> bool {
    e.origin == Origin::Observed && e.from != e.to
}

fn grow<T: Clone + Default>(v: &mut Vec<T>, len: usize) {
    if v.len() < len {
        v.resize(len, T::default());
    }
}

impl Ledger {
    /// The ledger of a history.
    pub fn of(history: &History) -> Ledger {
        let map = history.head();
        let n = map.exit_bound();
        let mut l = Ledger {
            seen: history.len(),
            usage: history.usage(),
            first: vec![None; n],
            judge: vec![None; n],
            ..Ledger::default()
        };
        for c in history.commits() {
            l.note_firsts(c);
        }
        l.rules = contradictions_by_rule(map);
        l.against = l.rules.iter().map(|r| others(r)).collect();
        for e in map.exits().filter(|e| claims(e)) {
            l.leaving
                .entry((e.from, e.label.clone()))
                .or_default()
                .push(e.id);
            l.entering
                .entry((e.to, e.label.clone()))
                .or_default()
                .push(e.id);
        }
        l.evidence = vec![None; n];
        let ids: Vec<ExitId> = map.exits().map(|e| e.id).collect();
        for &e in &ids {
            l.set_evidence(history, e);
        }
        for e in ids {
            l.set_lists(map, e);
        }
        l
    }

    /// The evidence for an exit (what the solver assumes for one the history has none for).
    pub fn evidence(&self, e: ExitId) -> Evidence {
        self.evidence
            .get(e.0 as usize)
            .cloned()
            .flatten()
            .unwrap_or_else(unknown)
    }

    /// An exit's evidence weight.
    pub fn weight(&self, e: ExitId) -> f64 {
        match self.evidence.get(e.0 as usize) {
            Some(Some(ev)) => ev.weight(),
            _ => unknown().weight(),
        }
    }

    /// The observed exits an exit contradicts.
    pub fn against(&self, e: ExitId) -> &[ExitId] {
        self.against.get(e.0 as usize).map_or(&[], Vec::as_slice)
    }

    /// The exit's contradictions with their rules.
    pub fn rules(&self, e: ExitId) -> &[Contradiction] {
        self.rules.get(e.0 as usize).map_or(&[], Vec::as_slice)
    }

    /// The odd ones out (pass 2's candidates), in id order.
    pub fn odd(&self) -> impl Iterator<Item = ExitId> + '_ {
        self.odd.iter().copied()
    }

    /// The exits whose only contradiction is an exit that contradicts them alone (pass 3's
    /// candidates), in id order.
    pub fn pairs(&self) -> impl Iterator<Item = ExitId> + '_ {
        self.pairs.iter().copied()
    }

    /// The exits whose text refutes them (pass 1's candidates), in id order.
    pub fn refuting(&self) -> impl Iterator<Item = ExitId> + '_ {
        self.refuting.iter().copied()
    }

    /// Takes in the commits made since the last call. Returns the exits whose evidence weight
    /// may have changed (`None`: everything was read again).
    pub fn sync(&mut self, history: &History) -> Option<Vec<ExitId>> {
        let commits = history.commits();
        let pending = commits.get(self.seen..).unwrap_or_default();
        let rooms_kept = |c: &Commit| {
            c.change.added_rooms.is_empty()
                && c.change.removed_rooms.is_empty()
                && c.change.updated_rooms.is_empty()
        };
        match pending {
            [] if commits.len() == self.seen => Some(Vec::new()),
            [c] if rooms_kept(c) => Some(self.take(history, c)),
            _ => {
                *self = Ledger::of(history);
                None
            }
        }
    }

    fn note_firsts(&mut self, c: &Commit) {
        for e in &c.change.added_exits {
            let i = e.id.0 as usize;
            grow(&mut self.first, i + 1);
            grow(&mut self.judge, i + 1);
            self.first[i].get_or_insert((c.id, c.step));
            let observed_here =
                e.origin == Origin::Observed && c.trigger != Trigger::ConflictRepair;
            if observed_here && self.judge[i].is_none() && !c.observation.is_empty() {
                self.judge[i] = Some(c.id);
            }
        }
    }

    /// One commit, the last of `history`.
    fn take(&mut self, history: &History, c: &Commit) -> Vec<ExitId> {
        let map = history.head();
        let n = map.exit_bound();
        grow(&mut self.usage, n);
        grow(&mut self.rules, n);
        grow(&mut self.against, n);
        grow(&mut self.evidence, n);
        self.seen += 1;
        self.note_firsts(c);
        let mut touched: Vec<ExitId> = Vec::new();
        for e in c.used_exits() {
            if let Some(u) = self.usage.get_mut(e.0 as usize) {
                *u += 1;
                touched.push(e);
            }
        }
        // The claim index, then every exit that shares a room and a label with a changed one.
        let changed: Vec<&Exit> = c
            .change
            .removed_exits
            .iter()
            .chain(&c.change.added_exits)
            .collect();
        let mut affected: Vec<ExitId> = Vec::new();
        for e in &changed {
            affected.push(e.id);
            affected.extend(self.neighbours(e));
        }
        for e in c.change.removed_exits.iter().filter(|e| claims(e)) {
            for (index, key) in [
                (&mut self.leaving, (e.from, e.label.clone())),
                (&mut self.entering, (e.to, e.label.clone())),
            ] {
                if let Some(list) = index.get_mut(&key) {
                    list.retain(|x| *x != e.id);
                    if list.is_empty() {
                        index.remove(&key);
                    }
                }
            }
        }
        for e in c.change.added_exits.iter().filter(|e| claims(e)) {
            if map.exit(e.id) == Some(e) {
                self.leaving
                    .entry((e.from, e.label.clone()))
                    .or_default()
                    .push(e.id);
                self.entering
                    .entry((e.to, e.label.clone()))
                    .or_default()
                    .push(e.id);
            }
        }
        for e in &changed {
            affected.extend(self.neighbours(e));
        }
        affected.sort_unstable();
        affected.dedup();
        let mut recheck: Vec<ExitId> = Vec::new();
        for &y in &affected {
            let new = self.rules_of(map, y);
            let i = y.0 as usize;
            if self.rules[i] != new {
                recheck.extend(&self.against[i]);
                self.against[i] = others(&new);
                self.rules[i] = new;
                recheck.extend(&self.against[i]);
                recheck.push(y);
                touched.push(y);
            }
        }
        touched.extend(changed.iter().map(|e| e.id));
        touched.sort_unstable();
        touched.dedup();
        for &e in &touched {
            self.set_evidence(history, e);
        }
        recheck.extend(&touched);
        recheck.sort_unstable();
        recheck.dedup();
        for e in recheck {
            self.set_lists(map, e);
        }
        touched
    }

    /// The exits whose contradictions an exit's claim can take part in: those leaving or
    /// entering its rooms by its label or the opposite one.
    fn neighbours(&self, e: &Exit) -> Vec<ExitId> {
        if !claims(e) {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut take = |index: &FxHashMap<Key, Vec<ExitId>>, key: Key| {
            out.extend(index.get(&key).into_iter().flatten());
        };
        take(&self.leaving, (e.from, e.label.clone()));
        take(&self.entering, (e.to, e.label.clone()));
        if let Some(back) = e.label.opposite() {
            take(&self.leaving, (e.to, back.clone()));
            take(&self.entering, (e.from, back));
        }
        out
    }

    /// One exit's contradictions, as [`contradictions_by_rule`] finds them.
    fn rules_of(&self, map: &Map, y: ExitId) -> Vec<Contradiction> {
        let Some(e) = map.exit(y).filter(|e| claims(e)) else {
            return Vec::new();
        };
        let mut found: Vec<Contradiction> = Vec::new();
        let mut check = |index: &FxHashMap<Key, Vec<ExitId>>,
                         key: Key,
                         rule: Rule,
                         breaks: &dyn Fn(&Exit) -> bool| {
            for &j in index.get(&key).into_iter().flatten() {
                if j != y && map.exit(j).is_some_and(breaks) {
                    found.push(Contradiction { other: j, rule });
                }
            }
        };
        // One doorway, one destination; one way in.
        check(
            &self.leaving,
            (e.from, e.label.clone()),
            Rule::Doorway,
            &|x| x.to != e.to,
        );
        check(&self.entering, (e.to, e.label.clone()), Rule::WayIn, &|x| {
            x.from != e.from
        });
        if let Some(back) = e.label.opposite() {
            // The way back from the end leads to the start; into the start, from the end.
            check(
                &self.leaving,
                (e.to, back.clone()),
                Rule::WayBackFromEnd,
                &|x| x.to != e.from,
            );
            check(
                &self.entering,
                (e.from, back),
                Rule::WayBackIntoStart,
                &|x| x.from != e.to,
            );
        }
        found.sort_unstable();
        found.dedup();
        found
    }

    /// One exit's evidence, as [`super::evidence::gather`] reads it.
    fn set_evidence(&mut self, history: &History, e: ExitId) {
        let map = history.head();
        let i = e.0 as usize;
        let Some(current) = map.exit(e) else {
            if let Some(slot) = self.evidence.get_mut(i) {
                *slot = None;
            }
            self.refuting.remove(&e);
            return;
        };
        let Some((mut first_seen, mut step)) = self.first.get(i).copied().flatten() else {
            if let Some(slot) = self.evidence.get_mut(i) {
                *slot = None;
            }
            self.refuting.remove(&e);
            return;
        };
        let mut text = TextVerdict::Unknown;
        if let Some(c) = self
            .judge
            .get(i)
            .copied()
            .flatten()
            .and_then(|v| history.get(v))
        {
            let key: Judged = (current.from, current.to, current.label.clone(), c.id);
            text = match self.verdicts.get(&e) {
                Some((k, verdict)) if *k == key => verdict.clone(),
                _ => {
                    let verdict = judge_text(map, current, &c.observation);
                    self.verdicts.insert(e, (key, verdict.clone()));
                    verdict
                }
            };
            first_seen = c.id;
            step = c.step;
        }
        let ev = Evidence {
            observed: current.origin == Origin::Observed,
            walked: self.usage.get(i).copied().unwrap_or(1),
            first_seen,
            step,
            text,
            contradicted: u32::try_from(self.against(e).len()).unwrap_or(u32::MAX),
        };
        let refutes = matches!(
            ev.text,
            TextVerdict::ArrivesElsewhere(_) | TextVerdict::OtherDirection(_)
        );
        if refutes {
            self.refuting.insert(e);
        } else {
            self.refuting.remove(&e);
        }
        self.evidence[i] = Some(ev);
    }

    /// Whether an exit is among pass 2's and pass 3's candidates.
    fn set_lists(&mut self, map: &Map, e: ExitId) {
        let observed = map.exit(e).is_some_and(|x| x.origin == Origin::Observed);
        let odd = observed && odd_count(self.against(e), |x| self.against(x).len()).is_some();
        let pair = observed
            && match self.rules(e) {
                [only] => self.against(only.other) == [e] && map.exit(only.other).is_some(),
                _ => false,
            };
        if odd {
            self.odd.insert(e);
        } else {
            self.odd.remove(&e);
        }
        if pair {
            self.pairs.insert(e);
        } else {
            self.pairs.remove(&e);
        }
    }
}
