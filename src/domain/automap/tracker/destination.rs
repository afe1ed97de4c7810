//! Which room a reply shows: the candidates for a title (rooms already met under it, or a new
//! one) and the evidence that scores them (memory of earlier moves, the lattice, descriptions,
//! the words below a bare title, the listed names' qualifiers).

use super::text_cues::{mentions, slope, stems, the_only};
use super::{Cand, EnteredBy, Outcome, Seen, SlotKind, Tracker};
use crate::domain::automap::gazetteer::MatchKind;
use crate::domain::automap::identity::{has_exit, local_conflicts, target};
use crate::domain::automap::movement::mentioned_ways;
use crate::domain::automap::naming::named_member;
use crate::domain::automap::title::{is_note, words};
use crate::domain::automap::weights::{
    DISTINCTIVE, SAME_DESC, TOLD_LEAD, W_CONFLICT, W_DESC, W_HERE, W_LEVEL, W_LOOP, W_NOVEL,
    W_QUALIFIER, W_SAME_WAY, W_SILENT, W_TEXT, W_WAY_BACK,
};
use crate::domain::direction::{Direction, Label};
use crate::domain::map::{Origin, RoomId};
use crate::domain::names::title_key;

impl Tracker<'_> {
    /// True when `r`'s description speaks of several ways out but not of this one.
    pub(super) fn silent_on(&self, r: RoomId, label: &Label) -> bool {
        let Some(d) = label.direction().filter(|d| d.vector().is_some()) else {
            return false;
        };
        let Some(info) = self.info(r).filter(|i| i.desc_text.is_some()) else {
            return false;
        };
        info.desc_ways.len() >= 2 && !info.desc_ways.contains(&d)
    }

    /// True when a reply cannot show the unseen room `s`: the text under its title speaks of two
    /// or more compass ways out ("The street continues north and south, and the entrance to
    /// Scotland Yard is to the east."), but not of the compass way back along a move seen to
    /// enter `s` (east into it: back west). A room entered from a street to the west whose own text
    /// names every way but west is another room, whatever way the player later came back to
    /// it. Up and down count for nothing here: a reply speaks of them through things ("wind
    /// coming down the chimney") as often as through ways.
    pub(super) fn cannot_be_slot(&self, s: RoomId, seen: &Seen) -> bool {
        if !self.rules.on("cannot-be-slot") {
            return false;
        }
        // Some games leave a blank line between a title and its description.
        let text = if seen.desc_text.is_empty() {
            &seen.below
        } else {
            &seen.desc_text
        };
        let ways: Vec<Direction> = mentioned_ways(text)
            .into_iter()
            .filter(|d| d.is_level())
            .collect();
        ways.len() >= 2
            && self.map.exits_to(s).any(|e| {
                e.origin == Origin::Observed
                    && e.from != s
                    && e.label
                        .opposite()
                        .and_then(|b| b.direction())
                        .filter(|d| d.is_level())
                        .is_some_and(|d| !ways.contains(&d))
            })
    }

    /// True when `from`'s description says this compass way climbs (or descends) and `to`'s says
    /// its way back does the same ([`slope`]): the two cannot be joined this way.
    pub(super) fn same_slope(&self, from: RoomId, to: RoomId, label: &Label) -> bool {
        if !self.rules.on("same-slope") {
            return false;
        }
        let Some(way) = label.direction().filter(|d| d.is_level()) else {
            return false;
        };
        let text = |r: RoomId| self.info(r).and_then(|i| i.desc_text.as_deref());
        match (text(from), text(to)) {
            (Some(a), Some(b)) => slope(a, way)
                .zip(slope(b, way.opposite()))
                .is_some_and(|(x, y)| x == y),
            _ => false,
        }
    }

    /// True when `r`'s description speaks of this way out.
    pub(super) fn speaks_of(&self, r: RoomId, label: &Label) -> bool {
        self.info(r)
            .and_then(|i| i.desc_text.as_deref())
            .is_some_and(|text| mentions(text, label))
    }

    /// The rooms a reply may show. `from` is the room a move left (`None` for a step that is
    /// no move).
    pub(super) fn candidates(&self, seen: &Seen, from: Option<RoomId>) -> Vec<Cand> {
        if self.gaz.is_empty() {
            // A title the walk splits: the room the walk gives this arrival (`alike-walked`).
            if let Some(c) = self.alike_candidate() {
                return vec![c];
            }
            let key = title_key(&seen.shown);
            let mut out: Vec<Cand> = self
                .roster
                .titled(&key)
                .iter()
                .map(|&r| Cand {
                    room: Some(r),
                    place: None,
                    group: None,
                    text: 1.0,
                })
                .collect();
            // Two descriptions under one title that place the ways out on different compass
            // points describe two rooms: "Railway Station … To the east is the Main Hall." and
            // "Railway Station … To the northwest is the Smithy Court." are stations of one line.
            if seen.desc.is_telling() {
                out.retain(|c| c.room.is_none_or(|r| !self.ways_apart(r, seen)));
            }
            // A long description printed again is the room it was printed for, however the
            // lattice disagrees (a game's map need not be flat). Short ones are not: every
            // room of a maze is "a maze of twisty little passages, all alike".
            // In a verbose transcript (`verbose`) any description printed again is that.
            if seen.desc.words.len() >= DISTINCTIVE || (self.verbose && seen.desc.is_telling()) {
                let same: Vec<Cand> = out
                    .iter()
                    .filter(|c| {
                        c.room
                            .and_then(|r| self.info(r))
                            .and_then(|i| i.desc.as_ref())
                            .is_some_and(|d| d.similarity(&seen.desc) >= SAME_DESC)
                    })
                    .cloned()
                    .collect();
                if !same.is_empty() {
                    return same;
                }
            }
            // Games print a room's description on the first visit only: a title shown bare is
            // a room already seen. Without a list of names, that is the only word on it.
            if out.is_empty()
                || (seen.desc.is_telling() && !self.event_under_title(&out, seen))
                || self.next_alike(&out, seen, from)
            {
                out.push(Cand {
                    room: None,
                    place: None,
                    group: None,
                    text: 1.0,
                });
            }
            return out;
        }
        if let Some(g) = seen.group {
            let members = self.gaz.group(g);
            let mut out: Vec<Cand> = self
                .map
                .rooms()
                .filter(|r| self.group_of_room(r.id) == Some(g))
                .map(|r| Cand {
                    room: Some(r.id),
                    place: None,
                    group: Some(g),
                    text: 1.0,
                })
                .collect();
            if out.len() < members.len() {
                out.push(Cand {
                    room: None,
                    place: members.first().copied(),
                    group: Some(g),
                    text: 1.0,
                });
            }
            return out;
        }
        seen.places
            .iter()
            .map(|&(p, text)| Cand {
                room: self.by_place.get(p).copied().flatten(),
                place: Some(p),
                group: None,
                text,
            })
            .collect()
    }

    /// True when the description `seen` prints and the one room `r` was met with both speak of
    /// compass ways out, and each names a way the other does not (the rule `ways-apart`). A
    /// room's prose names its ways the same on every visit; what changes between visits (a door
    /// opened, a thing dropped) adds a way or a sentence but leaves the ways already named, so
    /// texts whose ways one holds all of the other's are one room's, and texts that swap ways
    /// ("south, southwest and west" / "south, southeast and east": rooms of one kind printing
    /// one name) are two rooms'. (Until session 39 the texts had to share no way at all.)
    fn ways_apart(&self, r: RoomId, seen: &Seen) -> bool {
        if !self.rules.on("ways-apart") {
            return false;
        }
        let level = |text: &str| -> Vec<Direction> {
            mentioned_ways(text)
                .into_iter()
                .filter(|d| d.is_level())
                .collect()
        };
        let Some(before) = self.info(r).and_then(|i| i.desc_text.as_deref()).map(level) else {
            return false;
        };
        let now = level(&seen.desc_text);
        !before.is_empty()
            && !now.is_empty()
            && !before.iter().all(|d| now.contains(d))
            && !now.iter().all(|d| before.contains(d))
    }

    /// True when a move leaves one of a title's rooms and the reply shows the same title with
    /// other listed exits: the rooms of a maze share a title and a one-line description ("Maze"
    /// / "You're in a maze of pits."), and the exits the game lists ("Obvious exits: North,
    /// South, East, Down." then "West, Up.") are what tells the room reached from the room
    /// left. A room whose listed exits change over the game (a tree cut down) is met again from
    /// elsewhere, not from itself.
    pub(super) fn next_alike(&self, known: &[Cand], seen: &Seen, from: Option<RoomId>) -> bool {
        if !self.rules.on("next-alike") {
            return false;
        }
        let Some(f) = from.filter(|&f| known.iter().any(|c| c.room == Some(f))) else {
            return false;
        };
        match (self.info(f).and_then(|i| i.exits.as_ref()), &seen.exits) {
            (Some(a), Some(b)) => a != b,
            _ => false,
        }
    }

    /// True when the text under a known title is no room's description but what happens there
    /// ("Deep Ford" / "A huge dead dragon is lying half blocking the stream."): the rooms met
    /// under this title were described in words of the title ("You are fording the stream at a
    /// deep but not impossible spot."), and this text holds none of them. A room that shares
    /// its title with another is described as what the title names ("This is a dimly lit
    /// forest", "a maze of twisty little passages"), so such a text shows a room already met.
    pub(super) fn event_under_title(&self, known: &[Cand], seen: &Seen) -> bool {
        if !self.rules.on("title-words") {
            return false;
        }
        let title: Vec<String> = words(&seen.shown)
            .into_iter()
            .filter(|w| Direction::from_word(w).is_none() && !w.chars().all(|c| c.is_ascii_digit()))
            .collect();
        if title.is_empty() || seen.desc.coverage(&title) > 0.0 {
            return false;
        }
        known.iter().filter_map(|c| c.room).any(|r| {
            self.info(r)
                .and_then(|i| i.desc.as_ref())
                .is_some_and(|d| d.coverage(&title) > 0.0)
        })
    }

    /// The one room a reply entered without naming it (an unnamed slot) whose reply's arrival
    /// phrase ends on the words of this new title, whole ("You step into the brightly lit gray
    /// kitchen where …", then a reply titled "Kitchen"): a title names its room only whole,
    /// and a room first entered without a title is the one that reply said the player went
    /// into.
    pub(super) fn named_unseen(&self, c: &Cand, seen: &Seen) -> Option<RoomId> {
        if !self.rules.on("named-unseen") || c.room.is_some() || c.group.is_some() {
            return None;
        }
        let title = words(&seen.shown);
        let entered = self.entered_unnamed.get(title.last()?)?;
        let mut entered = entered.clone();
        entered.dedup();
        the_only(entered.into_iter().filter(|&s| {
            self.info(s).is_some_and(|i| {
                i.slot == Some(SlotKind::Unseen) && i.arrival.iter().any(|p| p.ends_with(&title))
            })
        }))
    }

    /// Scores a destination candidate for a move `cur --label-->`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn score_dest(
        &self,
        c: &Cand,
        seen: &Seen,
        cur: Option<RoomId>,
        label: Option<&Label>,
        here: Option<RoomId>,
    ) -> f64 {
        let geo = self.geo.current();
        let mut s = W_TEXT * c.text;
        if c.group.is_none() {
            if let Some(p) = c.place.and_then(|p| self.gaz.place(p)) {
                if p.is_qualified() {
                    s += W_QUALIFIER * seen.desc.coverage(&p.qualifier);
                } else if seen.kind == MatchKind::Fuzzy {
                    // A title that several longer names contain ("Narrow Hallway" in "at a
                    // bend in the narrow hallway"): a name's words beyond the title tell its
                    // room as a qualifier does. Not its compass words ("west of office"): a
                    // description's compass words speak of its exits.
                    let shown = words(&seen.shown);
                    let extra: Vec<String> = p
                        .base_words
                        .iter()
                        .filter(|w| !shown.contains(w) && Direction::from_word(w).is_none())
                        .cloned()
                        .collect();
                    if !extra.is_empty() {
                        s += W_QUALIFIER * seen.desc.coverage(&extra);
                    }
                }
            }
        }
        let telling = seen.desc.is_telling();
        match c.room {
            Some(r) => {
                if Some(r) == cur {
                    s -= W_LOOP;
                }
                // A maze's rooms share title, description and exits; what tells them apart is
                // what the list's qualifiers name ("rock aladdin", "arrow down"): a reply that
                // names another member than the room's earlier texts did is another room.
                if let (Some(g), Some(info)) = (c.group, self.info(r)) {
                    if self.names_another_member(g, &info.text, &seen.text) {
                        s -= W_QUALIFIER;
                    }
                }
                if here == Some(r) {
                    s += W_HERE;
                }
                if let (Some(cur), Some(label)) = (cur, label) {
                    if has_exit(&self.map, cur, r, label) {
                        s += W_SAME_WAY;
                    }
                    if let Some(back) = label.opposite() {
                        if has_exit(&self.map, r, cur, &back) {
                            s += W_WAY_BACK;
                        }
                    }
                    s -= W_CONFLICT
                        * local_conflicts(&self.map, geo, &self.cells, cur, r, label) as f64;
                    // The move arrives by the way back: a room whose description speaks of
                    // several ways out, but not of that one, is another room.
                    if !telling {
                        if let Some(b) = label.opposite() {
                            if self.silent_on(r, &b) {
                                s -= W_SILENT;
                            } else if self.speaks_of(r, &b) {
                                s += W_SILENT / 2.0;
                            }
                        }
                        // A way that climbs from here descends back from there: a room whose
                        // description says its way back climbs too (or both descend) is another
                        // room.
                        if self.same_slope(cur, r, label) {
                            s -= W_LEVEL;
                        }
                    }
                    // Same-titled rooms on different floors: a candidate the lattice puts on
                    // another level than this move reaches is another room.
                    if let (Some(v), Some(pc), Some(pr)) =
                        (label.vector(), geo.position(cur), geo.position(r))
                    {
                        if geo.frame_of(cur) == geo.frame_of(r) && pc[2] + v[2] != pr[2] {
                            s -= W_LEVEL;
                        }
                    }
                }
                if let Some(d) = self.info(r).and_then(|i| i.desc.as_ref()) {
                    if telling {
                        // The same room prints the same description; a different one,
                        // however alike in style, shares fewer words.
                        let sim = d.similarity(&seen.desc);
                        s += if sim >= SAME_DESC {
                            W_DESC
                        } else {
                            -W_DESC * (SAME_DESC - sim) / SAME_DESC
                        };
                    }
                }
                if !telling {
                    s += W_NOVEL;
                }
                // Games that list exits name a room by them as surely as by its description.
                if let (Some(a), Some(b)) =
                    (self.info(r).and_then(|i| i.exits.as_ref()), &seen.exits)
                {
                    s += if a == b { W_DESC } else { -W_DESC };
                }
            }
            None => {
                s += if telling { W_NOVEL } else { -W_NOVEL };
                if let (Some(cur), Some(label)) = (cur, label) {
                    if target(&self.map, cur, label).is_some() {
                        s -= W_CONFLICT;
                    }
                    if here.is_some_and(|h| !self.is_slot(h)) {
                        s -= W_CONFLICT / 2.0;
                    }
                }
                let _ = geo;
            }
        }
        s
    }

    /// True when `old` and `new` (a room's earlier words, a reply's words) each name one
    /// member of group `g` by its own qualifier words ([`named_member`]), and not the same one.
    pub(super) fn names_another_member(&self, g: usize, old: &[String], new: &[String]) -> bool {
        let members = self.gaz.group(g);
        match (
            named_member(self.gaz, members, old),
            named_member(self.gaz, members, new),
        ) {
            (Some(a), Some(b)) => a != b,
            _ => false,
        }
    }

    /// For a reply that shows a title without a description ("Hall", then "To one side, a
    /// buzzing water fountain has been moved…"), the one known candidate whose earlier texts
    /// share the most of what is printed below the title, each shared word (by its stem:
    /// "buzzing" / "buzzes") weighing more the fewer candidates' texts hold it — the rooms of
    /// one title share their stock phrases ("To one side, a water fountain hums quietly."),
    /// not their own. It must lead the next candidate by [`TOLD_LEAD`].
    pub(super) fn told_by_words(&self, cands: &[Cand], seen: &Seen) -> Option<RoomId> {
        if !self.rules.on("told-by-words") {
            return None;
        }
        use std::collections::{BTreeMap, BTreeSet};
        if seen.desc.is_telling() {
            return None;
        }
        let printed = stems(&seen.text);
        if printed.is_empty() {
            return None;
        }
        let rooms: Vec<(RoomId, &BTreeSet<String>)> = cands
            .iter()
            .filter_map(|c| c.room)
            .filter_map(|r| self.info(r).map(|i| (r, &i.text_stems)))
            .collect();
        if rooms.len() < 2 {
            return None;
        }
        let mut df: BTreeMap<&str, usize> = BTreeMap::new();
        for (_, ws) in &rooms {
            for w in *ws {
                *df.entry(w.as_str()).or_default() += 1;
            }
        }
        let m = rooms.len() as f64;
        let mut scored: Vec<(RoomId, f64)> = rooms
            .iter()
            .map(|(r, ws)| {
                let s = printed
                    .iter()
                    .filter(|w| ws.contains(*w))
                    .map(|w| (1.0 + m / df.get(w.as_str()).copied().unwrap_or(1) as f64).ln())
                    .sum();
                (*r, s)
            })
            .collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        (scored[0].1 >= scored[1].1 + TOLD_LEAD).then_some(scored[0].0)
    }

    pub(super) fn choose(
        &self,
        cands: &[Cand],
        seen: &Seen,
        cur: Option<RoomId>,
        label: Option<&Label>,
        here: Option<RoomId>,
    ) -> Option<usize> {
        if cands.len() <= 1 {
            return (!cands.is_empty()).then_some(0);
        }
        let told = self.told_by_words(cands, seen);
        let mut best: Option<(usize, f64)> = None;
        for (i, c) in cands.iter().enumerate() {
            let mut s = self.score_dest(c, seen, cur, label, here);
            // Words below a bare title tell its room as a description would.
            if let (Some(t), Some(r)) = (told, c.room) {
                s += if r == t { W_DESC } else { -W_DESC };
            }
            if best.is_none_or(|(_, b)| s > b + 1e-9) {
                best = Some((i, s));
            }
        }
        best.map(|b| b.0)
    }

    /// A non-compass action ("enter gatehouse", "fore", "climb ladder") whose reply is the
    /// game's heading for a dark room ("Darkness" over "It is pitch dark, …") took the player
    /// from a lit room into a dark one: a game prints that heading only where it prints a
    /// room's title, on arrival or on a look, and a light going out is told in a sentence
    /// ("It is now pitch dark in here!"). The player is then in a room of its own, unnamed, and
    /// no exit is drawn: the action names no compass way (rule `entered-dark`).
    pub(super) fn entered_dark(
        &mut self,
        index: usize,
        obs: &str,
        verb: &str,
        titled: bool,
    ) -> Option<Outcome> {
        let looked = matches!(verb, "look" | "l" | "look around" | "redescribe");
        let lit = self.cur.filter(|&c| !self.is_slot(c))?;
        if titled || looked || !self.rules.on("entered-dark") || !darkness_heading(obs) {
            return None;
        }
        let r = self.slot(SlotKind::Dark, &format!("{}\n{obs}", self.prev_obs));
        self.cur = Some(r);
        self.entered_by.push(EnteredBy {
            from: lit,
            verb: verb.to_string(),
            slot: r,
        });
        Some(Outcome {
            index,
            from: None,
            to: Some(r),
            label: None,
            moved: false,
            continued: false,
            note: format!(
                "not a compass move, but it left {} for a dark room",
                self.name_of(lit)
            ),
        })
    }

    pub(super) fn stay_or_relocate(
        &mut self,
        index: usize,
        verb: &str,
        seen: Option<Seen>,
    ) -> Outcome {
        let stay = |note: String, cur| Outcome {
            index,
            from: None,
            to: cur,
            label: None,
            moved: false,
            continued: false,
            note,
        };
        let Some(seen) = seen.filter(|s| s.kind <= MatchKind::Base) else {
            return stay("not a move; the room is unchanged".into(), self.cur);
        };
        let cands = self.candidates(&seen, None);
        // Without a list of rooms, a title-like line in the reply to a non-move is a room only
        // if the room is known or described, or if the game describes every room on every
        // visit (`verbose`) and a description stands under the title, however few its words
        // ("Dust lies everywhere here." after "go through red door"; rule `verbose-entered`).
        // A line alone is no room: TextWorld's "examine keycard" says "The keycard looks
        // useful", a title-like line with nothing under it.
        if self.gaz.is_empty()
            && cands.len() == 1
            && cands.first().is_some_and(|c| c.room.is_none())
            && !seen.desc.is_telling()
            && !(self.verbose
                && !seen.desc_text.trim().is_empty()
                && self.rules.on("verbose-entered"))
            && !(self.entered_titled(verb, &seen))
            && !(self.own_words.contains(verb) && seen.lead.trim().is_empty())
            && self.cur.is_some()
        {
            return stay("not a move; the room is unchanged".into(), self.cur);
        }
        // Staying put is the likeliest reading of a non-move.
        if let Some(cur) = self.cur {
            if cands.iter().any(|c| c.room == Some(cur)) {
                self.remember(cur, &seen);
                return stay("not a move; still here".into(), Some(cur));
            }
        }
        let Some(i) = self.choose(&cands, &seen, None, None, None) else {
            return stay("not a move".into(), self.cur);
        };
        let c = cands[i].clone();
        // A dark room lit up: the slot gets its name. Not when a word of one's own ("fore",
        // "aft": one word, no object, not a look) is answered by a title with nothing before
        // it: that is a move out of the dark by the transcript's word for a way, while a light
        // coming on is an action on a thing ("light lamp", "turn on flashlight") or is told
        // before the title ("The lamp is now on."); rule `dark-word-leaves`.
        if let (Some(cur), None) = (self.cur, c.room) {
            if self.is_slot(cur) && !(self.word_of_way(verb, &seen)) {
                self.claim(cur, &c, &seen);
                return stay(
                    format!("the room is lit: it is {}", self.name_of(cur)),
                    Some(cur),
                );
            }
        }
        let r = self.realize(&c, &seen, None);
        let note = format!(
            "not a compass move, but the player is now in {}",
            self.name_of(r)
        );
        self.cur = Some(r);
        stay(note, Some(r))
    }
}

impl Tracker<'_> {
    /// True when the action enters a thing ("enter gatehouse", "go through gatehouse") and the
    /// reply's title names that thing whole, with a description under it ("Gatehouse Hall"
    /// over "Dust lies everywhere here."): the room inside the thing, however few words its
    /// description keeps (rule `entered-titled`); or the reply opens with the title (rule
    /// `entered-new-title`). Only verbs of entering: "examine keycard"
    /// answered "The keycard looks useful" is no room.
    fn entered_titled(&self, verb: &str, seen: &Seen) -> bool {
        const ENTERING: &[&str] = &["enter", "go", "get", "climb", "board", "walk"];
        let Some(thing) = thing_acted_on(verb) else {
            return false;
        };
        let entering = verb
            .split_whitespace()
            .next()
            .is_some_and(|v| ENTERING.contains(&v));
        let title = words(&seen.shown);
        let named = words(&thing);
        let described = entering && !seen.desc_text.trim().is_empty();
        let names_thing = self.rules.on("entered-titled")
            && !named.is_empty()
            && named.iter().all(|w| title.contains(w));
        // "enter tent" answered by "Dovecote, West End" over "The air is cool.": the reply
        // opens with the new title, nothing before it but the game's own notes in parentheses
        // ("(first opening the trapdoor)"). Getting into a thing that is no room is told first
        // ("You get into the wardrobe."), and its room's title, if printed, is known (rule
        // `entered-new-title`).
        let opens_with_title = self.rules.on("entered-new-title")
            && seen
                .lead
                .lines()
                .map(str::trim)
                .all(|l| l.is_empty() || is_note(l));
        described && (names_thing || opens_with_title)
    }

    /// True when `verb` is a word of the transcript's own typed with no object ("fore") and the
    /// reply opens with the title it shows: a move by a word the game understands as a way,
    /// which `learned-ways` later reads (rule `dark-word-leaves`).
    fn word_of_way(&self, verb: &str, seen: &Seen) -> bool {
        let looked = matches!(verb, "look" | "l" | "redescribe" | "undo");
        self.rules.on("dark-word-leaves")
            && !looked
            && !verb.is_empty()
            && !verb.contains(char::is_whitespace)
            && seen.lead.trim().is_empty()
    }
}

/// True when a line of the reply is the heading a game prints over a dark room ("Darkness").
pub(super) fn darkness_heading(obs: &str) -> bool {
    obs.lines().any(|l| title_key(l) == "darkness")
}

/// The words of an action after its verb, short of the little words that join them ("tent" of
/// "go through tent" and of "enter the tent"), or `None` for an action of one word ("fore").
pub(super) fn thing_acted_on(verb: &str) -> Option<String> {
    const JOINING: &[&str] = &[
        "go", "through", "into", "in", "inside", "to", "on", "onto", "the", "a", "an",
    ];
    let rest: Vec<&str> = verb
        .split_whitespace()
        .skip(1)
        .filter(|w| !JOINING.contains(w))
        .collect();
    (!rest.is_empty()).then(|| rest.join(" "))
}
