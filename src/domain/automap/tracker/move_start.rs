//! Following one move: the room it arrives in ([`super::destination`]) and where it started —
//! the room the player was in unless the text, the way back or the lattice says otherwise
//! ([`super::start_evidence`]).

use super::text_cues::{
    arrival_phrases, listed_exits, listed_ways, mentions, says_dead_end, the_only, unlisted,
};
use super::{Outcome, RoomInfo, Seen, SlotKind, Tracker, FIRM_MARK};
use crate::domain::automap::identity::{has_exit, joined, local_conflicts, target};
use crate::domain::automap::movement::{is_disoriented, is_refusal};
use crate::domain::automap::refusals::refusal_key;
use crate::domain::automap::title::is_dark;
use crate::domain::automap::weights::{BREAK_BACK, BREAK_POSITION, BREAK_SLOT, W_CONFLICT};
use crate::domain::direction::Label;
use crate::domain::map::{Origin, RoomId};

impl Tracker<'_> {
    /// True when `r`'s description says it is a dead end ([`says_dead_end`]) and speaks of no way
    /// out, and this compass way is not the way back of a move into it (nor walked out of it
    /// before): a dead end is left by the way the player came, so a move another way started
    /// elsewhere. Up and down stay open, as with [`sole_ways`] (a trapdoor, a chimney).
    pub(super) fn dead_end_bars(&self, r: RoomId, label: &Label) -> bool {
        if !self.rules.on("dead-end") {
            return false;
        }
        let Some(d) = label.direction().filter(|d| d.is_level()) else {
            return false;
        };
        let Some(text) = self.info(r).and_then(|i| i.desc_text.as_deref()) else {
            return false;
        };
        let way = Label::Dir(d);
        says_dead_end(text)
            && !mentions(text, &way)
            && !self
                .map
                .exits_to(r)
                .any(|e| e.from != r && e.label.opposite().as_ref() == Some(&way))
            && !self.map.exits_from(r).any(|e| e.label == way)
    }

    #[allow(clippy::too_many_lines)] // One move read in order (refusal, arrival, identity, the exit); the steps share the move's state and each is a named helper already.
    pub(super) fn move_along(
        &mut self,
        index: usize,
        obs: &str,
        label: Label,
        seen: Option<Seen>,
    ) -> Outcome {
        let cur = self.cur;
        let here = match (cur, label.vector()) {
            (Some(c), Some(v)) => self.cells.room_at(self.geo.current(), c, v, None),
            _ => None,
        };
        let mut note;
        let mut origin = None;
        let mut named_back = None;
        let mut inside = None;
        // "You're not sure which direction is which.": the move started here, wherever it led.
        let scrambled =
            self.rules.on("scrambled") && seen.as_ref().is_some_and(|x| is_disoriented(&x.lead));
        // "You get out of the rail car.": the move started in the thing, which no step showed.
        let left_thing = cur.is_some_and(|c| {
            seen.as_ref()
                .is_some_and(|x| self.left_untitled_thing(&x.lead, c))
        });
        let dst = match seen {
            Some(seen) => {
                origin = self.origin_named_before(&seen);
                let cands = self.candidates(&seen, cur);
                let Some(i) = self.choose(&cands, &seen, cur, Some(&label), here) else {
                    return self.no_move(index, "no candidate room");
                };
                let c = cands[i].clone();
                // A slot this very move is known to lead to (its way back, or this way).
                // Unless the reply says the room it shows has no way back to where the slot was
                // entered from.
                let slot = cur.and_then(|cur| {
                    let back = label.opposite();
                    let observed = |e: &&crate::domain::map::Exit| e.origin == Origin::Observed;
                    self.map
                        .exits_from(cur)
                        .filter(observed)
                        .filter(|e| e.label == label)
                        .map(|e| e.to)
                        .chain(
                            self.map
                                .exits_to(cur)
                                .filter(observed)
                                .filter(|e| Some(&e.label) == back.as_ref())
                                .map(|e| e.from),
                        )
                        .filter(|&s| self.is_slot(s))
                        .min()
                });
                let slot = slot.filter(|&s| !self.cannot_be_slot(s, &seen));
                // A room never met before that prints no description (games print it on the
                // first visit only) was visited before: the one room entered this same way,
                // up or down, in the dark, if it is still unnamed.
                let slot = slot.or_else(|| {
                    let vertical = label.vector().is_some_and(|v| v[2] != 0);
                    if !self.rules.on("dark-vertical")
                        || c.room.is_some()
                        || c.group.is_some()
                        || !vertical
                        || !seen.desc.words.is_empty()
                    {
                        return None;
                    }
                    the_only(self.dark_slots().filter(|&s| {
                        Some(s) != cur && self.map.exits_to(s).any(|e| e.label == label)
                    }))
                });
                // A title never met before may show the room an earlier reply entered without
                // naming it, but for its name, whole ("You step into the brightly lit gray
                // kitchen …", then "Kitchen").
                let slot = slot.or_else(|| self.named_unseen(&c, &seen));
                let r = self.realize(&c, &seen, slot);
                named_back = self.origin_named_back(&seen, r, &label);
                inside = self
                    .enclosing_room(r, &label)
                    .or_else(|| self.passed_from(&seen, cur, r, &label));
                origin = origin.or_else(|| self.sibling_named_back(&seen, r, &label));
                note = if cands.len() > 1 {
                    format!(
                        "{} ({} candidates for \"{}\")",
                        self.name_of(r),
                        cands.len(),
                        seen.shown
                    )
                } else {
                    self.name_of(r)
                };
                r
            }
            None => {
                let dark = is_dark(obs);
                let learned = || self.refusals.contains(&refusal_key(obs));
                if !dark && (is_refusal(obs) || !self.all_moves || learned()) {
                    return self.no_move(index, "the move was refused or showed no room");
                }
                // A room this very move is known to reach: this way from here, or the way
                // back from there.
                let known = cur.and_then(|c| {
                    target(&self.map, c, &label).or_else(|| {
                        let back = label.opposite()?;
                        self.map
                            .exits_to(c)
                            .find(|e| {
                                e.label == back && e.origin == Origin::Observed && e.from != c
                            })
                            .map(|e| e.from)
                    })
                });
                match known {
                    Some(r) => {
                        note = format!("{} (unseen, but this way was known)", self.name_of(r));
                        r
                    }
                    None => {
                        let kind = if dark {
                            SlotKind::Dark
                        } else {
                            SlotKind::Unseen
                        };
                        let context = format!("{}\n{}", self.prev_obs, obs);
                        let r = self.slot(kind, &context);
                        let phrases = arrival_phrases(obs);
                        for last in phrases.iter().filter_map(|p| p.last()) {
                            self.entered_unnamed
                                .entry(last.clone())
                                .or_default()
                                .push(r);
                        }
                        if let Some(i) = self.info.get_mut(r.0 as usize) {
                            i.arrival = phrases;
                        }
                        note = format!("{} (named later)", kind.as_str());
                        r
                    }
                }
            }
        };
        let (src, why) = match inside.filter(|&e| e != dst) {
            Some(e) => (
                e,
                Some(format!("came from {}, {FIRM_MARK}", self.name_of(e))),
            ),
            None if left_thing && cur != Some(dst) => {
                let context = format!("{}\n{}", self.prev_obs, obs);
                (
                    self.slot(SlotKind::Source, &context),
                    Some(format!(
                        "the reply says the player got out of a thing the room last shown is not titled after: started in {}",
                        SlotKind::Source.as_str()
                    )),
                )
            }
            None => match cur.filter(|&c| scrambled && c != dst) {
                Some(c) => (
                    c,
                    Some(format!(
                        "came from {}, {FIRM_MARK}: the game scrambled the way",
                        self.name_of(c)
                    )),
                ),
                None => self.choose_source(cur, dst, &label, obs, origin, named_back),
            },
        };
        if why.as_ref().is_some_and(|w| w.contains(FIRM_MARK)) {
            self.firm.insert(index);
        }
        if let Some(w) = why {
            note = format!("{note}; {w}");
        }
        if src != dst && !has_exit(&self.map, src, dst, &label) {
            self.add_observed(src, dst, &label);
        }
        self.cur = Some(dst);
        Outcome {
            index,
            from: Some(src),
            to: Some(dst),
            label: Some(label),
            moved: true,
            continued: cur == Some(src),
            note,
        }
    }

    /// Where did the move start? The current room unless the evidence says otherwise.
    #[allow(clippy::too_many_lines)] // The start evidence weighed in one place (weights.rs names each weight); split, the comparison of the candidates would be spread over files.
    pub(super) fn choose_source(
        &mut self,
        cur: Option<RoomId>,
        dst: RoomId,
        label: &Label,
        obs: &str,
        origin: Option<usize>,
        named_back: Option<RoomId>,
    ) -> (RoomId, Option<String>) {
        if let Some(p) = origin {
            let r = match self.by_place.get(p).copied().flatten() {
                Some(r) => r,
                None => {
                    let name = self
                        .gaz
                        .place(p)
                        .map(|x| x.name.clone())
                        .unwrap_or_default();
                    self.new_room(
                        &name,
                        RoomInfo {
                            place: Some(p),
                            ..RoomInfo::default()
                        },
                    )
                }
            };
            if r != dst {
                return (
                    r,
                    Some(format!("came from {}, {FIRM_MARK}", self.name_of(r))),
                );
            }
        }
        // A game that describes the room on every visit (`verbose`) showed the player in the
        // current room in the reply just before this move, in a whole transcript: the move
        // started there, whatever a way back, a room's name or the lattice says. Two rooms may
        // lead the same way into one (Inform 7: "southwest" from the scullery and from the
        // pantry both reach the conservatory, whose way back leads to the pantry alone).
        if let Some(c) = cur.filter(|&c| {
            c != dst
                && self.rules.on("shown-before")
                && self.verbose
                && self.shown_in(self.outcomes.len(), c)
        }) {
            return (c, None);
        }
        let back = label.opposite();
        // A way back to a room whose same way out leads here, where the player is, cannot be
        // right (one room, one way, one destination): it is no evidence either way.
        let way_back = back
            .as_ref()
            .and_then(|b| target(&self.map, dst, b))
            .filter(|&y| cur.is_none_or(|c| target(&self.map, y, label) != Some(c)));
        let behind = label.vector().and_then(|v| {
            self.cells
                .room_at(self.geo.current(), dst, [-v[0], -v[1], -v[2]], None)
        });
        let mut best: Option<(RoomId, f64, String)> = None;
        let offer = |r: RoomId, s: f64, why: String, best: &mut Option<(RoomId, f64, String)>| {
            if best.as_ref().is_none_or(|b| s > b.1 + 1e-9) {
                *best = Some((r, s, why));
            }
        };
        let named_ahead = cur.and_then(|c| self.named_ahead(c, dst, label));
        let mut cur_barred = false;
        if let Some(c) = cur.filter(|&c| c != dst) {
            let mut s = -W_CONFLICT
                * local_conflicts(&self.map, self.geo.current(), &self.cells, c, dst, label) as f64;
            if way_back.is_some_and(|y| y != c) {
                s -= BREAK_BACK + 1.0;
            }
            // The description puts another room the way back, and no known exit joins the
            // two: the player was not here.
            if named_back.is_some_and(|n| n != c && !joined(&self.map, c, n)) {
                s -= BREAK_BACK + 1.0;
            }
            // Another room's description names the arrival this way, and this one's nowhere.
            if named_ahead.is_some() {
                s -= BREAK_BACK + 1.0;
            }
            // A transcript of moves only keeps each exit's first walk (a cleaned walkthrough):
            // a way out of the current room already walked to elsewhere is not walked again
            // here, so the steps that led elsewhere were skipped.
            if self.all_moves
                && self.rules.on("first-walk")
                && target(&self.map, c, label).is_some_and(|t| t != dst)
            {
                s -= BREAK_SLOT;
            }
            // The exits the game listed here (last time shown, else on any visit) do not
            // include this way: the steps that led elsewhere were skipped.
            let barred = match listed_exits(&self.prev_obs)
                .as_deref()
                .and_then(listed_ways)
            {
                Some(ways) => unlisted(&ways, label),
                None => self.rules_out(c, label),
            };
            // Or the description says the place is a dead end, and this is not the way back.
            let barred = barred || (self.all_moves && self.dead_end_bars(c, label));
            cur_barred = barred;
            if barred {
                s -= BREAK_SLOT;
            }
            offer(c, s, String::new(), &mut best);
        }
        if let Some(y) =
            way_back.filter(|&y| Some(y) != cur && y != dst && !self.rules_out(y, label))
        {
            offer(
                y,
                -BREAK_BACK,
                format!("came from {}: {FIRM_MARK}", self.name_of(y)),
                &mut best,
            );
        }
        if let Some(n) =
            named_back.filter(|&n| Some(n) != cur && n != dst && !self.rules_out(n, label))
        {
            offer(
                n,
                -BREAK_BACK - 0.5,
                format!(
                    "came from {}: the description puts it the way back",
                    self.name_of(n)
                ),
                &mut best,
            );
        }
        if let Some(n) = named_ahead.filter(|&n| !self.rules_out(n, label)) {
            offer(
                n,
                -BREAK_BACK - 0.5,
                format!(
                    "came from {}: its description names this room that way",
                    self.name_of(n)
                ),
                &mut best,
            );
        }
        if let Some(n) = self
            .named_beside(dst, label)
            .filter(|&n| Some(n) != cur && !self.rules_out(n, label))
        {
            offer(
                n,
                -BREAK_BACK - 0.5,
                format!(
                    "came from {}: its name puts it the way back",
                    self.name_of(n)
                ),
                &mut best,
            );
        }
        if let Some(z) = behind.filter(|&z| Some(z) != cur && z != dst && !self.rules_out(z, label))
        {
            offer(
                z,
                -BREAK_POSITION,
                format!("came from {}: it lies that way", self.name_of(z)),
                &mut best,
            );
        }
        if let Some((r, _, why)) = best.filter(|b| b.1 > -BREAK_SLOT) {
            return (r, (!why.is_empty()).then_some(why));
        }
        if let Some(r) = cur.and_then(|c| self.skipped_to(c, dst, label)) {
            return (
                r,
                Some(format!(
                    "came from {}, the nearest room the skipped steps could reach with this way out unwalked",
                    self.name_of(r)
                )),
            );
        }
        if let Some(r) = cur
            .filter(|_| self.all_moves && cur_barred)
            .and_then(|c| self.speaker_of(c, dst, label))
        {
            return (
                r,
                Some(format!(
                    "came from {}: the current room's text or listed exits rule this way out, and it is the one known room whose text speaks of the way with the way unwalked (or the one of those that shares a word with the arrival's description)",
                    self.name_of(r)
                )),
            );
        }
        if let Some(r) = cur
            .filter(|&c| c != dst)
            .and_then(|c| self.left_inside(c, dst, label, obs))
        {
            return (
                r,
                Some(format!(
                    "came from {}, inside a thing the reply shows here",
                    self.name_of(r)
                )),
            );
        }
        let why = if cur.is_none() {
            "the starting room is unknown".to_string()
        } else if cur == Some(dst) {
            "the move cannot start where it ends".to_string()
        } else {
            "the move cannot have started in the current room".to_string()
        };
        let context = format!("{}\n{}", self.prev_obs, obs);
        let s = self.slot(SlotKind::Source, &context);
        (
            s,
            Some(format!("{why}; started in {}", SlotKind::Source.as_str())),
        )
    }
}
