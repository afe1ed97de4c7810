//! Hindsight: once the whole transcript is read, every move's start is judged again, in a
//! listed pipeline of named stages ([`HINDSIGHT`]), each with the whole map before it.

use super::text_cues::LEAVING;
use super::{SlotKind, Tracker, FIRM_MARK};
use crate::domain::analysis::Geometry;
use crate::domain::automap::cells::Cells;
use crate::domain::automap::consistency::{resolve_sources, Move, Said};
use crate::domain::automap::identity::{has_exit, target};
use crate::domain::automap::misfit::{misfits, Candidate};
use crate::domain::automap::weights::{HINDSIGHT_MISS, WALK_BACK_DEPTH};
use crate::domain::direction::{Direction, Label, Vector};
use crate::domain::formats::Step;
use crate::domain::map::{ExitId, Map, Origin, RoomId};

/// One stage of hindsight: a pass over the finished reading, given the steps observed (whose
/// replies name a start found only then).
type Stage = for<'t, 'g> fn(&'t mut Tracker<'g>, &[Step]);

/// The stages of hindsight, in the order they run, each named after what it decides.
pub const HINDSIGHT: &[(&str, Stage)] = &[
    // Moves whose replies open with one sentence about leaving, word for word, left one room.
    ("left alike", |t, steps| t.left_alike(steps)),
    // A move the finished lattice places away from its destination, with another room (or the
    // destination's way back) where its start should be, started there.
    ("revisit sources", |t, _| t.revisit_sources()),
    // Two moves that would be each other's way back had each started where the other ended.
    ("crossed ways back", |t, _| t.crossed_ways_back()),
    // A move retraced through the rooms walked just before it.
    ("walked back", |t, _| t.walked_back()),
    // Every start judged again by how well all the moves agree (`consistency`).
    ("second look", |t, _| t.reconsider_sources()),
    // A move the map cannot hold started elsewhere (`misfit`).
    ("detach misfits", |t, steps| t.detach_misfits(steps)),
    // A move one walk of a bent way the transcript walks both ways, whose start the reply
    // before it showed, started there (`bent_ways`).
    ("walked bent", |t, _| t.keep_bent_walks()),
    // A word the transcript moves by with no compass name ("fore") is the one compass way the
    // map's moves between the same rooms show (`learned_ways`).
    ("learned ways", |t, steps| t.learned_ways(steps)),
    // The rooms met in the dark that the same way from (or to) the same room shows are one
    // room (`dark_rooms`).
    ("dark rooms joined", |t, _| t.join_dark_rooms()),
    // The rooms met under the darkness heading that the finished lattice places on one cell
    // holding no other room are one room (`dark_cells`).
    ("dark rooms placed", |t, steps| t.join_dark_cells(steps)),
    // A move out of the dark that the reading restarted in a lit room the dark room cannot be
    // started in the dark room (`dark_start`).
    ("dark start", |t, steps| t.keep_dark_starts(steps)),
    // The transcript's own words for ways read again on the map `dark start` left, a way the
    // map leads elsewhere from one of a word's starts ruled out (`learned_ways`).
    ("ways ruled out", |t, steps| t.learned_ways(steps)),
    // A relocation by a word of the game's own with no compass meaning ("aft", "forward
    // left") is a way by that name (`own_ways`).
    ("own ways", |t, steps| t.own_ways(steps)),
];

/// The finished map's lattice, with what removing one exit would do to it, found without
/// rebuilding it for most exits (see [`Tracker::revisit_sources`]): a tree exit that no other
/// exit bypasses splits the lattice; one bypassed only by loops that close changes nothing; one
/// on a loop that does not close needs the lattice rebuilt without it; any other exit changes
/// nothing.
pub(super) struct Lattice {
    pub(super) geo: Geometry,
    /// The rooms on each cell of `geo`.
    pub(super) cells: Cells,
    /// Tree exits that some other geometric exit bypasses.
    pub(super) bypassed: std::collections::HashSet<ExitId>,
    /// Tree exits on a loop that does not close.
    pub(super) doubtful: std::collections::HashSet<ExitId>,
}

impl Lattice {
    pub(super) fn of(map: &Map) -> Lattice {
        let geo = Geometry::infer(map);
        let mut bypassed = std::collections::HashSet::new();
        let mut doubtful = std::collections::HashSet::new();
        let bad: std::collections::HashSet<ExitId> = geo.loops.iter().map(|l| l.exit).collect();
        for e in map.exits() {
            let tree = geo
                .tree_child
                .get(e.id.0 as usize)
                .copied()
                .flatten()
                .is_some();
            if tree || !e.carries_geometry() || e.origin != Origin::Observed || e.from == e.to {
                continue;
            }
            let Some(top) = geo.lca(e.from, e.to) else {
                continue;
            };
            let path = geo
                .path_from(top, e.from)
                .into_iter()
                .chain(geo.path_from(top, e.to));
            if bad.contains(&e.id) {
                for x in path {
                    bypassed.insert(x);
                    doubtful.insert(x);
                }
            } else {
                bypassed.extend(path);
            }
        }
        Lattice {
            cells: Cells::of(&geo),
            geo,
            bypassed,
            doubtful,
        }
    }

    /// How far the lattice without exit `eid` puts `to` from one step `v` beyond `from` (`None`
    /// when they are not placed together, or `v` is none), and, when the lattice had to be
    /// rebuilt without the exit, that lattice with its cells and the map without the exit
    /// (otherwise this lattice stands). `None` overall when the exit is not on the map.
    #[allow(clippy::type_complexity)]
    pub(super) fn without(
        &self,
        map: &Map,
        eid: ExitId,
        from: RoomId,
        to: RoomId,
        v: Option<Vector>,
    ) -> Option<(Option<i32>, Option<(Geometry, Cells, Map)>)> {
        map.exit(eid)?;
        let tree = self
            .geo
            .tree_child
            .get(eid.0 as usize)
            .copied()
            .flatten()
            .is_some();
        if tree && !self.bypassed.contains(&eid) {
            // Without it the two rooms fall into separate frames.
            return Some((None, None));
        }
        let rebuilt = (tree && self.doubtful.contains(&eid)).then(|| {
            let mut m = map.clone();
            let _ = m.remove_exit(eid);
            let geo = Geometry::infer(&m);
            (Cells::of(&geo), geo, m)
        });
        let geo = rebuilt.as_ref().map_or(&self.geo, |r| &r.1);
        let miss = v.and_then(|v| {
            if geo.frame_of(from) != geo.frame_of(to) {
                return None;
            }
            let (pf, pt) = (geo.position(from)?, geo.position(to)?);
            Some((0..3).map(|i| (pf[i] + v[i] - pt[i]).abs()).sum::<i32>())
        });
        Some((miss, rebuilt.map(|(c, g, m)| (g, c, m))))
    }
}

impl Tracker<'_> {
    /// How many steps made each move (start, end, direction).
    pub(super) fn moves_made(&self) -> std::collections::HashMap<(RoomId, RoomId, Label), usize> {
        let mut made = std::collections::HashMap::new();
        for o in &self.outcomes {
            if let (true, Some(f), Some(t), Some(l)) = (o.moved, o.from, o.to, o.label.clone()) {
                *made.entry((f, t, l)).or_default() += 1;
            }
        }
        made
    }

    /// True when, in a whole transcript (not one of moves only, with steps dropped), the reply
    /// before step `k` showed the player in `from`: a move from there did start there. Replies
    /// between that showed no room and moved no one ("You can't go that way.", "You are
    /// carrying nothing.") leave the player where the last room shown was, in a game that
    /// describes every room on every visit (`verbose`), where a reply without a room arrived
    /// nowhere (rule `shown-past-stays`).
    pub(super) fn shown_in(&self, k: usize, from: RoomId) -> bool {
        if self.all_moves {
            return false;
        }
        let mut j = k;
        while let Some(i) = j.checked_sub(1) {
            let o = self.outcomes.get(i);
            if self.showed.get(i).copied().unwrap_or(false) {
                return o.is_some_and(|p| p.to == Some(from));
            }
            let stayed = self.refused.get(i).copied().unwrap_or(false)
                && o.is_some_and(|p| !p.moved && p.to == Some(from));
            if !stayed || !self.verbose || !self.rules.on("shown-past-stays") {
                return false;
            }
            j = i;
        }
        false
    }

    /// Step `k`'s move started in `s`, as the text or a way back says: its exit leaves `s`
    /// instead of the old start (whose exit goes unless another step made it too).
    pub(super) fn restart(&mut self, k: usize, s: RoomId, why: &str) {
        let Some((Some(from), Some(to), Some(label))) = self
            .outcomes
            .get(k)
            .map(|o| (o.from, o.to, o.label.clone()))
        else {
            return;
        };
        let made_again = self.outcomes.iter().enumerate().any(|(j, o)| {
            j != k
                && o.moved
                && o.from == Some(from)
                && o.to == Some(to)
                && o.label.as_ref() == Some(&label)
        });
        if !made_again {
            let gone: Vec<ExitId> = self
                .map
                .exits_between(from, to)
                .filter(|e| e.label == label && e.origin == Origin::Observed)
                .map(|e| e.id)
                .collect();
            for id in gone {
                let _ = self.map.remove_exit(id);
            }
        }
        if !has_exit(&self.map, s, to, &label) {
            let _ = self.map.add_exit(s, to, label, Origin::Observed);
        }
        self.firm.insert(k);
        let cont = k
            .checked_sub(1)
            .and_then(|j| self.outcomes.get(j))
            .and_then(|p| p.to);
        let name = if self.is_slot(s) {
            SlotKind::Source.as_str().to_string()
        } else {
            self.name_of(s)
        };
        if let Some(o) = self.outcomes.get_mut(k) {
            o.from = Some(s);
            o.continued = cont == Some(s);
            o.note = format!("{}; {why}: came from {name}, {FIRM_MARK}", o.note);
        }
    }

    /// Moves whose replies open with one sentence about leaving, word for word ("As you leave,
    /// the "1" cube reappears in your hand."), left one room: the game says the same thing
    /// whenever the player leaves it. When the tracker started them in different rooms (a
    /// transcript of moves only, whose dropped steps took the player back there each time),
    /// they all start in the one room the text or a way back vouches for among their starts
    /// (in a whole transcript, a reply that showed the player there too), else in a room the
    /// transcript never showed; starts vouched for in two rooms leave them as they are. A move
    /// whose sentence differs from such a repeated one in one word only ("the "2" cube") left
    /// another room of the kind: a room of its own, never shown. `steps` are the steps
    /// observed; the words of their replies name that room.
    pub(super) fn left_alike(&mut self, steps: &[Step]) {
        let about_leaving = |ws: &[String]| ws.iter().any(|w| LEAVING.contains(&w.as_str()));
        let mut by_lead: std::collections::BTreeMap<&[String], Vec<usize>> =
            std::collections::BTreeMap::new();
        for (k, o) in self.outcomes.iter().enumerate() {
            let Some(lead) = self.leads.get(k).filter(|l| about_leaving(l)) else {
                continue;
            };
            if o.moved && o.from.is_some() && o.to.is_some() {
                by_lead.entry(lead.as_slice()).or_default().push(k);
            }
        }
        let repeated: Vec<&[String]> = by_lead
            .iter()
            .filter(|(_, ks)| ks.len() > 1)
            .map(|(l, _)| *l)
            .collect();
        let one_word_off = |a: &[String], b: &[String]| {
            a.len() == b.len() && a.iter().zip(b).filter(|(x, y)| x != y).count() == 1
        };
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (lead, ks) in &by_lead {
            let starts: std::collections::BTreeSet<RoomId> =
                ks.iter().filter_map(|&k| self.outcomes[k].from).collect();
            let apart = ks.len() > 1 && starts.len() > 1;
            let variant = ks.len() == 1 && repeated.iter().any(|r| one_word_off(r, lead));
            if apart || variant {
                groups.push(ks.clone());
            }
        }
        for ks in groups {
            // A reply that showed the player in a start vouches for it too.
            let firm: std::collections::BTreeSet<RoomId> = ks
                .iter()
                .filter_map(|&k| self.outcomes[k].from.map(|f| (k, f)))
                .filter(|&(k, f)| self.firm.contains(&k) || self.shown_in(k, f))
                .map(|(_, f)| f)
                .collect();
            // Starts vouched for in more than one room: the sentence is not about the room.
            let shared = match firm.first().copied() {
                Some(_) if firm.len() > 1 => continue,
                Some(r) => r,
                None => {
                    let context: Vec<&str> = ks
                        .iter()
                        .filter_map(|&k| steps.get(k).map(|s| s.observation.as_str()))
                        .collect();
                    self.slot(SlotKind::Source, &context.join("\n"))
                }
            };
            for &k in &ks {
                let o = &self.outcomes[k];
                if o.from != Some(shared) && o.to != Some(shared) {
                    self.restart(
                        k,
                        shared,
                        "its reply opens as other moves' do that left one room",
                    );
                }
            }
        }
    }

    /// True when a step made the move `from --way--> to` still taken to start where the
    /// previous step left the player, its reply described `to` in full (a room shown by its
    /// title alone had been visited before), and a move leaves `to` the way back to a third
    /// room: the move's own way back leads elsewhere, so it is the move that started elsewhere.
    pub(super) fn went_on_elsewhere(
        &self,
        from: RoomId,
        to: RoomId,
        way: &Label,
        back: &Label,
        made: &std::collections::HashMap<(RoomId, RoomId, Label), usize>,
    ) -> bool {
        let described = self.outcomes.iter().enumerate().any(|(j, o)| {
            o.moved
                && o.continued
                && o.from == Some(from)
                && o.to == Some(to)
                && o.label.as_ref() == Some(way)
                && self.described.get(j).copied().unwrap_or(false)
        });
        described
            && self.map.exits_from(to).any(|x| {
                &x.label == back
                    && x.to != from
                    && x.to != to
                    && made.contains_key(&(to, x.to, back.clone()))
            })
    }

    /// Hindsight: a move taken to start where the previous step left the player, which the
    /// finished map places elsewhere — the lattice, built from every other move, puts another
    /// room one step back from its destination — started in that room: the transcript skipped
    /// the steps that led there.
    pub(super) fn revisit_sources(&mut self) {
        // A whole transcript of a verbose game (`verbose`) confirms the room before every move
        // by its title and its description printed again: the lattice, which a game's bent
        // ways break, does not move a start there (rule `verbose-returns`).
        if self.verbose && !self.all_moves {
            return;
        }
        // How many steps made each move (a move two steps made is not in doubt).
        let mut made = self.moves_made();
        let mut lattice = Lattice::of(&self.map);
        for k in 0..self.outcomes.len() {
            let o = &self.outcomes[k];
            let (true, true, Some(from), Some(to), Some(label)) =
                (o.moved, o.continued, o.from, o.to, o.label.clone())
            else {
                continue;
            };
            if made.get(&(from, to, label.clone())).copied().unwrap_or(0) > 1 {
                continue;
            }
            let Some(eid) = self
                .map
                .exits_between(from, to)
                .find(|e| e.label == label && e.origin == Origin::Observed)
                .map(|e| e.id)
            else {
                continue;
            };
            // Memory: another step went back from the destination the opposite way, to
            // another room — unless that step showed the room in full (it may be new there)
            // and its own way back leads elsewhere again: then that step is the one that
            // started elsewhere, and it says nothing of this move.
            let back = label.opposite();
            let way_back = back.as_ref().and_then(|b| {
                self.map
                    .exits_from(to)
                    .find(|e| {
                        &e.label == b
                            && e.to != from
                            && e.to != to
                            && made.contains_key(&(to, e.to, b.clone()))
                            && !self.went_on_elsewhere(to, e.to, b, &label, &made)
                    })
                    .map(|e| e.to)
            });
            // The finished map without this move: does it place the move's start one step
            // back from its destination, or somewhere else?
            let v = label.vector();
            let Some((miss, rebuilt)) = lattice.without(&self.map, eid, from, to, v) else {
                continue;
            };
            if miss.is_some_and(|m| m < HINDSIGHT_MISS) {
                continue;
            }
            let (s, why) = if let Some(y) = way_back {
                self.firm.insert(k);
                (y, "its way back leads there")
            } else {
                let (Some(v), Some(_)) = (v, miss) else {
                    continue;
                };
                // Only where steps may be missing (every step a move: a cleaned walkthrough)
                // can the player have been elsewhere than the text left them; where every step
                // is kept, the lattice alone does not move a start (a game's map need not be
                // flat: the paths around a church).
                if !self.all_moves {
                    continue;
                }
                // Between two rooms of one title (a maze's), the lattice is no guide: a maze's
                // passages twist, and its moves are what place its rooms.
                if self.group_of_room(from).is_some()
                    && self.group_of_room(from) == self.group_of_room(to)
                {
                    continue;
                }
                let (geo, cells) = match &rebuilt {
                    Some((geo, cells, _)) => (geo, cells),
                    None => (&lattice.geo, &lattice.cells),
                };
                let Some(s) = cells.room_at(geo, to, [-v[0], -v[1], -v[2]], Some(from)) else {
                    continue;
                };
                self.firm.remove(&k);
                (s, "which lies that way")
            };
            let _ = self.map.remove_exit(eid);
            if !has_exit(&self.map, s, to, &label) {
                let _ = self.map.add_exit(s, to, label.clone(), Origin::Observed);
            }
            lattice = Lattice::of(&self.map);
            if let Some(c) = made.get_mut(&(from, to, label.clone())) {
                *c -= 1;
            }
            *made.entry((s, to, label.clone())).or_default() += 1;
            let name = self.name_of(s);
            let o = &mut self.outcomes[k];
            o.from = Some(s);
            o.continued = false;
            o.note = format!("{}; in hindsight it started in {name}, {why}", o.note);
        }
    }

    /// Two moves, each taken to start where the previous step left the player, made once, and
    /// vouched for by nothing (in a whole transcript, not by a reply that showed the player
    /// there), in rooms whose descriptions speak of several other ways but not of the move's,
    /// that would be each other's way back had each started where the other ended (opposite
    /// ways, each free there): they did. Reverb's parlor ("To the south is an exit to the
    /// street.") and clothing department ("You may exit to the north. ...") left by east and
    /// west: the two streets are each other's way back.
    pub(super) fn crossed_ways_back(&mut self) {
        let made = self.moves_made();
        let cands: Vec<(usize, RoomId, RoomId, Label)> = self
            .outcomes
            .iter()
            .enumerate()
            .filter_map(|(k, o)| {
                let (true, true, Some(f), Some(t), Some(l)) =
                    (o.moved, o.continued, o.from, o.to, o.label.clone())
                else {
                    return None;
                };
                let once = made.get(&(f, t, l.clone())).copied().unwrap_or(0) == 1;
                let vouched = self.firm.contains(&k) || self.shown_in(k, f);
                (once && !vouched && f != t && self.silent_on(f, &l)).then_some((k, f, t, l))
            })
            .collect();
        let mut done = std::collections::HashSet::new();
        for (i, (k1, a, b, l1)) in cands.iter().enumerate() {
            for (k2, c, d, l2) in cands.iter().skip(i + 1) {
                if done.contains(k1) || done.contains(k2) || l1.opposite().as_ref() != Some(l2) {
                    continue;
                }
                if b == d || a == d || c == b {
                    continue;
                }
                // Each start's way is free where the other move ended.
                if target(&self.map, *d, l1).is_some() || target(&self.map, *b, l2).is_some() {
                    continue;
                }
                let why = "it and the move back the other way would be each other's way back";
                self.restart(*k1, *d, why);
                self.restart(*k2, *b, why);
                done.insert(*k1);
                done.insert(*k2);
            }
        }
    }

    /// A compass move, made once and vouched for by nothing, out of the room the previous step
    /// left the player in, whose description speaks of other ways but not of this one, started
    /// further back along the way the player came: in the first room whose text speaks of the
    /// way (unwalked there, not ruled out, not known to lead back elsewhere), when every room
    /// walked through since names the way back of the move into it ("Below it is the shaft
    /// that you entered this room by", "To the south is the stairway up") and is silent on the
    /// way itself. The transcript skipped the walk back. The room must lie two or more moves
    /// back: a room one move back that speaks of the way is as often a near miss as the start
    /// (the player stepped elsewhere from there), while two rooms in a row that say how to go
    /// back and not onward are strong evidence that the player went back.
    pub(super) fn walked_back(&mut self) {
        let made = self.moves_made();
        for k in 0..self.outcomes.len() {
            let o = &self.outcomes[k];
            let (true, true, Some(c), Some(d), Some(label)) =
                (o.moved, o.continued, o.from, o.to, o.label.clone())
            else {
                continue;
            };
            if !label.direction().is_some_and(Direction::is_level) {
                continue;
            }
            if made.get(&(c, d, label.clone())).copied().unwrap_or(0) != 1
                || self.firm.contains(&k)
                || c == d
                || !self.silent_on(c, &label)
            {
                continue;
            }
            if label
                .opposite()
                .is_some_and(|b| target(&self.map, d, &b).is_some_and(|t| t != c))
            {
                continue;
            }
            let mut room = c;
            let mut j = k;
            let mut found = None;
            for depth in 1..=WALK_BACK_DEPTH {
                let Some(p) = j.checked_sub(1).and_then(|i| self.outcomes.get(i)) else {
                    break;
                };
                let (true, Some(a), Some(b), Some(l)) = (p.moved, p.from, p.to, p.label.clone())
                else {
                    break;
                };
                if b != room || a == room {
                    break;
                }
                if !l.opposite().is_some_and(|back| self.speaks_of(room, &back)) {
                    break;
                }
                if self.printed_of(a, &label) {
                    if depth >= 2 && a != d && !self.is_slot(a) && self.way_free_to(a, d, &label) {
                        found = Some(a);
                    }
                    break;
                }
                if !self.silent_on(a, &label) {
                    break;
                }
                room = a;
                j -= 1;
                if !p.continued {
                    break;
                }
            }
            if let Some(a) = found {
                self.restart(k, a, "the player walked back to it");
            }
        }
    }

    /// Every move's start judged again by how well all moves agree (see [`super::consistency`]);
    /// the map's exits are rebuilt from the moves, and a slot no move starts or ends in any
    /// more is dropped.
    pub(super) fn reconsider_sources(&mut self) {
        let mut at = Vec::new();
        let mut moves = Vec::new();
        let geo = Geometry::infer(&self.map);
        let cells = Cells::of(&geo);
        for (k, o) in self.outcomes.iter().enumerate() {
            if let (true, Some(from), Some(to), Some(label)) = (o.moved, o.from, o.to, &o.label) {
                let cont = k
                    .checked_sub(1)
                    .and_then(|j| self.outcomes.get(j))
                    .and_then(|p| p.to);
                let placed = label
                    .vector()
                    .and_then(|v| cells.room_at(&geo, to, [-v[0], -v[1], -v[2]], Some(from)));
                at.push(k);
                moves.push(Move {
                    from,
                    to,
                    label: label.clone(),
                    cont,
                    placed,
                    firm: self.firm.contains(&k),
                    shown: self.shown_in(k, from),
                });
            }
        }
        let starts = resolve_sources(&moves, |r, label| {
            if self.map.room(r).is_none() {
                Said::Nothing
            } else if self.rules_out(r, label) {
                Said::Barred
            } else if self.silent_on(r, label) {
                Said::Silent
            } else {
                Said::Nothing
            }
        });
        let mut changed = false;
        for ((&k, m), s) in at.iter().zip(&moves).zip(starts) {
            if s == m.from {
                continue;
            }
            changed = true;
            let name = self.name_of(s);
            let o = &mut self.outcomes[k];
            o.from = Some(s);
            o.continued = m.cont == Some(s);
            o.note = format!("{}; on second look it started in {name}", o.note);
        }
        if !changed {
            return;
        }
        let old: Vec<ExitId> = self.map.exits().map(|e| e.id).collect();
        for id in old {
            let _ = self.map.remove_exit(id);
        }
        let mut used = std::collections::HashSet::new();
        for o in &self.outcomes {
            used.extend(o.to);
            if let (true, Some(from), Some(to), Some(label)) = (o.moved, o.from, o.to, &o.label) {
                used.insert(from);
                if from != to && !has_exit(&self.map, from, to, label) {
                    let _ = self.map.add_exit(from, to, label.clone(), Origin::Observed);
                }
            }
        }
        let orphans: Vec<RoomId> = self
            .map
            .rooms()
            .map(|r| r.id)
            .filter(|&r| self.is_slot(r) && !used.contains(&r))
            .collect();
        for r in orphans {
            let _ = self.map.remove_room(r);
        }
    }

    /// A move the map cannot hold (see [`super::misfit`]) started elsewhere: in the known room the
    /// lattice puts one step back from its end once the move is gone, if that room's way is
    /// free, else in a room the transcript never showed (a slot, named later from the words of
    /// the move's reply).
    pub(super) fn detach_misfits(&mut self, steps: &[Step]) {
        let made = self.moves_made();
        let walks = self.shown_walks();
        let candidates: Vec<Candidate> = self
            .outcomes
            .iter()
            .enumerate()
            .filter_map(|(k, o)| {
                let (true, true, Some(from), Some(to), Some(label)) =
                    (o.moved, o.continued, o.from, o.to, o.label.clone())
                else {
                    return None;
                };
                let back = label.opposite();
                let vouched = self.firm.contains(&k)
                    || from == to
                    || label.vector().is_none()
                    || self.speaks_of(from, &label)
                    // In a whole transcript, a reply that showed the player in the start.
                    || self.shown_in(k, from)
                    || made.get(&(from, to, label.clone())).copied().unwrap_or(0) > 1
                    || back.is_some_and(|b| made.contains_key(&(to, from, b)))
                    || (self.group_of_room(from).is_some()
                        && self.group_of_room(from) == self.group_of_room(to))
                    // One walk of a bent way the transcript walks both ways (`walked-bent`).
                    || self.walked_bent(&walks, k, from, to, &label);
                (!vouched).then_some(Candidate {
                    key: k,
                    from,
                    to,
                    label,
                })
            })
            .collect();
        for k in misfits(&self.map, &candidates) {
            let Some((Some(from), Some(to), Some(label))) = self
                .outcomes
                .get(k)
                .map(|o| (o.from, o.to, o.label.clone()))
            else {
                continue;
            };
            let gone: Vec<ExitId> = self
                .map
                .exits_between(from, to)
                .filter(|e| e.label == label)
                .map(|e| e.id)
                .collect();
            for id in gone {
                let _ = self.map.remove_exit(id);
            }
            // A known room the lattice now puts one step back, with that way free, else a room
            // never shown, named later from its own reply (not the one before: it shows the
            // room the move did not start in).
            let geo = Geometry::infer(&self.map);
            let placed = label
                .vector()
                .and_then(|v| Cells::of(&geo).room_at(&geo, to, [-v[0], -v[1], -v[2]], Some(from)))
                .filter(|&r| {
                    !self
                        .map
                        .exits_from(r)
                        .any(|e| e.label == label && e.to != to)
                });
            let (s, why) = match placed {
                Some(r) => (
                    r,
                    format!("started in {}, which lies that way", self.name_of(r)),
                ),
                None => {
                    let context = steps.get(k).map_or("", |x| x.observation.as_str());
                    let s = self.slot(SlotKind::Source, context);
                    (s, format!("started in {}", SlotKind::Source.as_str()))
                }
            };
            if !has_exit(&self.map, s, to, &label) {
                let _ = self.map.add_exit(s, to, label, Origin::Observed);
            }
            let name = self.name_of(from);
            if let Some(o) = self.outcomes.get_mut(k) {
                o.from = Some(s);
                o.continued = false;
                o.note = format!(
                    "{}; the map cannot hold it starting in {name}: {why}",
                    o.note
                );
            }
        }
    }

    /// Runs hindsight ([`HINDSIGHT`]), then names the rooms: a final name per tracker room
    /// (`None` for a room that could not be named).
    pub fn finish(&mut self, steps: &[Step]) -> Vec<Option<String>> {
        for (name, stage) in HINDSIGHT {
            if self.rules.on(name) {
                stage(self, steps);
            }
        }
        self.name_rooms()
    }
}
