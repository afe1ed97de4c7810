//! The evidence that a move started somewhere other than where the player was: the text before
//! the title names the room left, the arrival's description or name puts a known room the way
//! back, the player passed through a thing another room describes that way, or the steps a
//! transcript of moves skipped could reach a room with this way out unwalked.

use super::text_cues::{holds_run, mentions, only_way, passed_things, stems, the_only};
use super::{Seen, Tracker};
use crate::domain::automap::identity::{joined, target};
use crate::domain::automap::movement::mentioned_ways;
use crate::domain::automap::naming::context_fit;
use crate::domain::automap::title::words;
use crate::domain::automap::weights::{SKIP_DEPTH, SLOT_CUE};
use crate::domain::direction::{Direction, Label};
use crate::domain::map::{Origin, RoomId};
use crate::domain::names::{title_key, without_article};

impl Tracker<'_> {
    /// In a transcript of moves only (each exit's first walk kept, re-walks dropped), when the
    /// current room's way `label` was walked before to elsewhere: the nearest room the dropped
    /// steps could have reached along known exits whose way `label` is still unwalked, not
    /// known to lead back elsewhere (a move the opposite way arrived there from another room
    /// than `dst`) and not ruled out by its listed exits, and which the lattice does not place
    /// elsewhere than one step back from `dst` — the nearest such room whose printed text speaks
    /// of the way ([`Self::printed_of`]), if one does.
    pub(super) fn skipped_to(&self, cur: RoomId, dst: RoomId, label: &Label) -> Option<RoomId> {
        if !self.rules.on("skipped-to") {
            return None;
        }
        if !self.all_moves || target(&self.map, cur, label).is_none_or(|t| t == dst) {
            return None;
        }
        let geo = self.geo.current();
        let want = label.vector().and_then(|v| {
            let p = geo.position(dst)?;
            Some((geo.frame_of(dst)?, [p[0] - v[0], p[1] - v[1], p[2] - v[2]]))
        });
        let fits = |r: RoomId| match (want, geo.frame_of(r), geo.position(r)) {
            (Some((f, w)), Some(g), Some(p)) if f == g => p == w,
            _ => true,
        };
        let mut seen = std::collections::HashSet::from([cur]);
        let mut queue = std::collections::VecDeque::from([(cur, 0usize)]);
        let mut first = None;
        while let Some((r, d)) = queue.pop_front() {
            if r != cur && r != dst && self.way_free_to(r, dst, label) && fits(r) {
                if self.printed_of(r, label) {
                    return Some(r);
                }
                first = first.or(Some(r));
            }
            if d >= SKIP_DEPTH {
                continue;
            }
            let next: Vec<RoomId> = self
                .map
                .exits_from(r)
                .map(|e| e.to)
                .chain(self.map.exits_to(r).map(|e| e.from))
                .collect();
            for n in next {
                if seen.insert(n) {
                    queue.push_back((n, d + 1));
                }
            }
        }
        first
    }

    /// Where a move that cannot have left `cur` started (its listed exits or sole way leave out
    /// this way, or it is a dead end, see [`Self::dead_end_bars`]): among the known rooms whose
    /// text speaks of this way ([`Self::printed_of`]) — with the way unwalked, not known to lead
    /// back elsewhere and not ruled out by its listed exits — the only one, else the only one
    /// that shares a word other than a way with `dst`'s description ("four stairways leaving
    /// the room at the four compass points" and "a landing on the stairway"): a way is
    /// described by what it is at both ends. Nothing when `dst`'s way back already leads
    /// somewhere. Only where the current room is ruled out: that a room merely speaks of a
    /// free way is too weak a sign to move a start the text does not contradict.
    pub(super) fn speaker_of(&self, cur: RoomId, dst: RoomId, label: &Label) -> Option<RoomId> {
        if !self.rules.on("speaker-of") {
            return None;
        }
        if label
            .opposite()
            .is_some_and(|b| target(&self.map, dst, &b).is_some())
        {
            return None;
        }
        let found: Vec<RoomId> = self
            .map
            .rooms()
            .map(|r| r.id)
            .filter(|&r| {
                r != cur
                    && r != dst
                    && !self.is_slot(r)
                    && self.printed_of(r, label)
                    && self.way_free_to(r, dst, label)
            })
            .collect();
        let thing_words = |r: RoomId| {
            stems(
                &self
                    .info(r)
                    .and_then(|i| i.desc_text.as_deref())
                    .map(words)
                    .unwrap_or_default(),
            )
        };
        if let Some(r) = the_only(found.iter().copied()) {
            return Some(r);
        }
        let own = thing_words(dst);
        the_only(
            found
                .into_iter()
                .filter(|&r| !thing_words(r).is_disjoint(&own)),
        )
    }

    /// When the current room cannot be where a move started and no nearer room tells: the one
    /// known room listed as the inside of a thing ("inside stump") that this move's reply shows
    /// ("hollow stump and remains of a felled tree" in the Dismal Swamp), whose way is unwalked
    /// and not ruled out by its listed exits. One climbs out of a thing into the room it stands
    /// in — the mirror of [`Self::enclosing_room`].
    pub(super) fn left_inside(
        &self,
        cur: RoomId,
        dst: RoomId,
        label: &Label,
        obs: &str,
    ) -> Option<RoomId> {
        if !self.rules.on("left-inside") {
            return None;
        }
        let printed = words(obs);
        // The room's listed name; without a list, its title (rule `inside-titled`).
        let name = |r: RoomId| -> Option<String> {
            match self.info(r).and_then(|i| i.place) {
                Some(p) => self.gaz.place(p).map(|p| p.base.clone()),
                None if self.gaz.is_empty() && self.rules.on("inside-titled") => {
                    self.map.room(r).map(|room| room.name.to_lowercase())
                }
                None => None,
            }
        };
        let inside_shown = |r: RoomId| {
            name(r)
                .as_deref()
                .and_then(|base| {
                    base.strip_prefix("inside ")
                        .or_else(|| base.strip_prefix("in "))
                })
                .is_some_and(|thing| {
                    let ws = words(thing);
                    !ws.is_empty() && ws.iter().all(|w| printed.contains(w))
                })
        };
        the_only(self.map.rooms().map(|r| r.id).filter(|&r| {
            r != cur
                && r != dst
                && !self.is_slot(r)
                && target(&self.map, r, label).is_none()
                && !self.rules_out(r, label)
                && inside_shown(r)
        }))
    }

    /// True when anything printed under `r`'s title, on any visit, speaks of this compass way
    /// ("The heavy wooden door to the north is closed." below a blank line under the title,
    /// where [`description_after`] reads no description).
    pub(super) fn printed_of(&self, r: RoomId, label: &Label) -> bool {
        self.info(r).is_some_and(|i| {
            label
                .direction()
                .filter(|d| d.vector().is_some())
                .is_some_and(|d| i.printed_ways.contains(&d))
        })
    }

    /// True when this way out of `r` is free to have led to `dst`: not walked yet, not known to
    /// lead back elsewhere ([`Self::returns_elsewhere`]) and not ruled out by `r`'s listed exits
    /// or sole way ([`Self::rules_out`]).
    pub(super) fn way_free_to(&self, r: RoomId, dst: RoomId, label: &Label) -> bool {
        target(&self.map, r, label).is_none()
            && !self.returns_elsewhere(r, dst, label)
            && !self.rules_out(r, label)
    }

    /// True when a move the opposite way arrived in `r` from a room other than `dst`: going
    /// this way from `r` leads back there, not to `dst`.
    pub(super) fn returns_elsewhere(&self, r: RoomId, dst: RoomId, label: &Label) -> bool {
        let Some(back) = label.opposite() else {
            return false;
        };
        self.map.exits_to(r).any(|e| {
            e.label == back && e.origin == Origin::Observed && e.from != dst && e.from != r
        })
    }

    /// A listed room that the text before the title names ("You get off the bench.", "You get
    /// out of the rail car."), if the room was never shown by a title: the move started there —
    /// unless the room the player is in answers to the text as well.
    pub(super) fn origin_named_before(&self, seen: &Seen) -> Option<usize> {
        if !self.rules.on("named-before") {
            return None;
        }
        if seen.before.is_empty() {
            return None;
        }
        let mut best: Option<(usize, f64)> = None;
        for (p, place) in self.gaz.places().iter().enumerate() {
            if self.gaz.group_of(p).is_some()
                || self.titled.get(p).copied().unwrap_or(true)
                || seen.places.iter().any(|q| q.0 == p)
            {
                continue;
            }
            if let Some(r) = self.by_place.get(p).copied().flatten() {
                if self.info(r).is_some_and(|i| i.title.is_some()) {
                    continue;
                }
            }
            let f = context_fit(place, &seen.before);
            if f >= SLOT_CUE && best.is_none_or(|b| f > b.1 + 1e-9) {
                best = Some((p, f));
            }
        }
        // The room the player is in answers to the text as well ("You climb out of the pit."
        // in the Glue Pit): the move started there.
        let here = self
            .cur
            .and_then(|c| self.info(c))
            .and_then(|i| i.place)
            .and_then(|p| self.gaz.place(p))
            .map_or(0.0, |place| context_fit(place, &seen.before));
        best.filter(|_| here < SLOT_CUE).map(|b| b.0)
    }

    /// For a move in (`in`, `enter`) to a room listed as being inside or on something in
    /// another listed room ("the main hall, by the fireplace (in the large fireplace)"): that
    /// other room ("main hall, by the fireplace"), if it is on the map. One climbs into a thing
    /// from the room it stands in, whatever steps the transcript skipped before.
    pub(super) fn enclosing_room(&self, dst: RoomId, label: &Label) -> Option<RoomId> {
        if !self.rules.on("enclosing-room") {
            return None;
        }
        if !matches!(label.direction(), Some(Direction::In | Direction::Enter)) {
            return None;
        }
        // Without a list, the title shown says the same ("The Main Hall, by the Fireplace (in
        // the Large Fireplace)").
        let info = self.info(dst)?;
        let name = match info.place {
            Some(own) => self.gaz.place(own)?.name.to_lowercase(),
            None if self.gaz.is_empty() && self.rules.on("inside-titled") => {
                info.title.as_deref()?.to_lowercase()
            }
            None => return None,
        };
        let (base, inner) = name.split_once('(')?;
        let inner = inner.trim_start();
        if !["in ", "on ", "inside ", "aboard "]
            .iter()
            .any(|p| inner.starts_with(p))
        {
            return None;
        }
        let base = title_key(base);
        let base = without_article(&base).to_string();
        if base.is_empty() {
            return None;
        }
        // The room listed by that name, or shown by that title.
        let named = |r: RoomId| {
            r != dst
                && self.info(r).is_some_and(|i| {
                    i.place
                        .and_then(|p| self.gaz.place(p))
                        .is_some_and(|p| without_article(&p.key) == base)
                        || (i.place.is_none()
                            && i.title
                                .as_deref()
                                .is_some_and(|t| without_article(&title_key(t)) == base))
                })
        };
        the_only(self.map.rooms().map(|r| r.id).filter(|&r| named(r)))
    }

    /// A same-titled listed room the arrival's description puts the way back, told from the
    /// others of its title by the arrival's own name: after a move west into the Soldiers'
    /// Barracks, "To the east is the Railway Station" among "railway station (smithy court)",
    /// "railway station (soldiers' barracks)", … names the station by the barracks. The clause
    /// (between commas) must name the way back and no other way, and the whole title; the
    /// arrival must have no known way back, nor a room of that title beside it already (the
    /// one met before).
    pub(super) fn sibling_named_back(
        &self,
        seen: &Seen,
        dst: RoomId,
        label: &Label,
    ) -> Option<usize> {
        if !self.rules.on("sibling-named-back") {
            return None;
        }
        let back = label.opposite()?.direction()?;
        back.vector()?;
        // A way back already known speaks for itself.
        if target(&self.map, dst, &Label::Dir(back)).is_some() {
            return None;
        }
        let own = self.room_words(dst);
        if own.is_empty() {
            return None;
        }
        let mut found = None;
        for ws in only_way(
            &seen.desc_text,
            &['.', '!', '?', ';', ','],
            back,
            self.rules.on("capital-ways"),
        ) {
            for g in 0..self.gaz.group_count() {
                let members = self.gaz.group(g);
                let Some(title) = members.first().and_then(|&p| self.gaz.place(p)) else {
                    continue;
                };
                let t = &title.base_words;
                if !holds_run(&ws, t) {
                    continue;
                }
                // A room of the title already beside the arrival is the one met before.
                if self
                    .map
                    .rooms()
                    .any(|x| self.group_of_room(x.id) == Some(g) && joined(&self.map, x.id, dst))
                {
                    continue;
                }
                let by_own = members
                    .iter()
                    .copied()
                    .filter(|&p| self.gaz.place(p).is_some_and(|pl| pl.qualifier == own));
                if let Some(p) = the_only(by_own) {
                    if found.is_some_and(|f| f != p) {
                        return None;
                    }
                    found = Some(p);
                }
            }
        }
        found
    }

    /// The room the move started in when the text before the title says the player went
    /// through a thing ("You pass through the creaky turnstile.") that the current room's
    /// description does not speak of this way, and exactly one other room's description does
    /// ("You're standing in front of the turnstile entrance to a fenced-in area, which is
    /// south." before a move south): a doorway is described from the side one leaves by.
    pub(super) fn passed_from(
        &self,
        seen: &Seen,
        cur: Option<RoomId>,
        dst: RoomId,
        label: &Label,
    ) -> Option<RoomId> {
        if !self.rules.on("passed-through") {
            return None;
        }
        let things = passed_things(&seen.lead);
        if things.is_empty() {
            return None;
        }
        let speaks = |r: RoomId| {
            self.info(r)
                .filter(|i| things.iter().any(|t| i.desc_words.binary_search(t).is_ok()))
                .and_then(|i| i.desc_text.as_deref())
                .is_some_and(|d| {
                    d.split(['.', '!', '?', ';']).any(|sentence| {
                        let ws = words(sentence);
                        things.iter().any(|t| ws.contains(t)) && mentions(sentence, label)
                    })
                })
        };
        if cur.is_some_and(speaks) {
            return None;
        }
        the_only(
            self.map
                .rooms()
                .map(|r| r.id)
                .filter(|&r| r != dst && Some(r) != cur && !self.is_slot(r) && speaks(r)),
        )
    }

    /// The room the arrival's description places the way back towards ("To the west is the
    /// stairway to the round room." after a move east): a sentence that names the way back and
    /// no other way, and the whole name of exactly one other known room. The sentence may stand
    /// in any paragraph below the title ("To the southeast, a gentle slope leads to a hilltop
    /// covered with wild grass." below the Schoolyard's first paragraph). A name the
    /// destination's own name contains ("the north end of the stalagmite room") does not count.
    pub(super) fn origin_named_back(
        &self,
        seen: &Seen,
        dst: RoomId,
        label: &Label,
    ) -> Option<RoomId> {
        if !self.rules.on("named-back") {
            return None;
        }
        let back = label.opposite()?.direction()?;
        back.vector()?;
        let own = self.room_words(dst);
        // A name inside a longer listed name ("main street" in "extreme south main street")
        // may be that room.
        let counts = |r: RoomId, w: &[String]| {
            r != dst
                && !w.iter().all(|x| own.contains(x))
                && !self.gaz.places().iter().any(|p| {
                    p.base_words.len() > w.len() && p.base_words.windows(w.len()).any(|x| x == w)
                })
        };
        let mut found: Option<RoomId> = None;
        // The way must be said outside the name: "the north tower" names a room, not a way.
        let way_outside = |ws: &[String], at: usize, len: usize| {
            ws.iter()
                .enumerate()
                .any(|(i, w)| (i < at || i >= at + len) && Direction::from_word(w) == Some(back))
        };
        for ws in only_way(
            &seen.below,
            &['.', '!', '?', ';'],
            back,
            self.rules.on("capital-ways"),
        ) {
            for len in 1..=ws.len().min(self.roster.longest()) {
                for (at, win) in ws.windows(len).enumerate() {
                    for &r in self.roster.named(win) {
                        if counts(r, win) && way_outside(&ws, at, len) {
                            if found.is_some_and(|f| f != r) {
                                return None;
                            }
                            found = Some(r);
                        }
                    }
                }
            }
        }
        found
    }

    /// The one known room whose description names `dst` ahead, this way: in a transcript of
    /// moves only (a cleaned walkthrough, whose dropped steps may have led anywhere), a move
    /// into a room met for the first time, whose title no other room bears, started in the room
    /// whose first telling description names that title whole in a sentence that speaks of this
    /// way ("A track diverges to east." in the Crest of Hill, then "east" shows "Track, outside
    /// Temple"; "A rickety staircase leads to small balcony outside Nikolai's office loft."),
    /// when the room the player was in names it nowhere. The mirror of
    /// [`Self::origin_named_back`]: a room's description names its neighbours from either end.
    /// A title's part before a comma ("Track") counts when no known room bears that name; the
    /// way out must be free ([`Self::way_free_to`]), and the room must not share the title.
    pub(super) fn named_ahead(&self, cur: RoomId, dst: RoomId, label: &Label) -> Option<RoomId> {
        if !self.rules.on("named-ahead") || !self.all_moves {
            return None;
        }
        let way = label.direction().filter(|d| d.vector().is_some())?;
        // A room met before is known by more than its title.
        if self.map.exits_from(dst).next().is_some() || self.map.exits_to(dst).next().is_some() {
            return None;
        }
        let title = self.info(dst)?.title.as_deref()?;
        if self
            .roster
            .titled(&title_key(title))
            .iter()
            .any(|&r| r != dst)
        {
            return None;
        }
        let mut names = vec![self.room_words(dst)];
        if let Some((head, _)) = title.split_once(',') {
            let head = words(head);
            if self.roster.named(&head).is_empty() {
                names.push(head);
            }
        }
        let within = |ws: &[String]| names.iter().any(|n| holds_run(ws, n));
        let sentences = |r: RoomId| -> Vec<&str> {
            self.info(r)
                .and_then(|i| i.desc_text.as_deref())
                .map(|t| t.split(['.', '!', '?', ';', '\n']).collect())
                .unwrap_or_default()
        };
        if sentences(cur).iter().any(|x| within(&words(x))) {
            return None;
        }
        let key = title_key(title);
        the_only(self.map.rooms().map(|r| r.id).filter(|&r| {
            r != cur
                && r != dst
                && !self.is_slot(r)
                && self
                    .info(r)
                    .and_then(|i| i.title.as_deref())
                    .is_none_or(|t| title_key(t) != key)
                && sentences(r)
                    .iter()
                    .any(|x| within(&words(x)) && mentioned_ways(x).contains(&way))
                && self.way_free_to(r, dst, label)
        }))
    }

    /// True when the text before a title says the player got out of or off a thing ("You get
    /// out of the rail car.", "You slide down the smooth, polished sides of the saucer.") that
    /// the title of `cur`, the room last shown, does not name ("Glue Pit" names the pit one
    /// climbs out of): the move started in or on the thing, a place no kept step showed. Only
    /// without a list (with one, `named-before` finds the listed place) and in a transcript of
    /// moves only, whose dropped steps may have put the player there.
    pub(super) fn left_untitled_thing(&self, lead: &str, cur: RoomId) -> bool {
        if !self.rules.on("left-thing") || !self.all_moves || !self.gaz.is_empty() {
            return false;
        }
        const OUT_OF: &[&str] = &[
            "get out of ",
            "climb out of ",
            "get off ",
            "climb off ",
            "step off ",
        ];
        let lower = lead.to_lowercase();
        // The thing's phrase ends where the way on begins ("off the platform to the west hall").
        let phrase = |t: &str| {
            let end = [" to ", " into ", " onto ", " and ", " toward", ","]
                .iter()
                .filter_map(|m| t.find(m))
                .min()
                .unwrap_or(t.len());
            words(&t[..end])
        };
        let mut things: Vec<Vec<String>> = Vec::new();
        for sentence in lower.split(['.', ';', '!', '?', '\n']) {
            for m in OUT_OF {
                if let Some(i) = sentence.find(m) {
                    things.push(phrase(&sentence[i + m.len()..]));
                }
            }
            // "You slide down the … sides of the saucer": the player was on top of it.
            if let Some(d) = sentence.find(" down the ") {
                let tail = &sentence[d..];
                if let Some(i) = [" sides of ", " side of "]
                    .iter()
                    .find_map(|m| tail.find(m).map(|i| i + m.len()))
                {
                    things.push(phrase(&tail[i..]));
                }
            }
        }
        let title = self
            .info(cur)
            .and_then(|i| i.title.as_deref())
            .map(words)
            .unwrap_or_default();
        // The thing's head noun: the last word of the phrase ("rail car" → car).
        things
            .iter()
            .filter_map(|t| t.last())
            .any(|head| !title.contains(head))
    }

    /// The one other room whose name puts it the way back from `dst`: the destination's name
    /// with the way back added ("admin corridor south" after a move north into "admin
    /// corridor"), or without this way ("mech corridor" for a move north into "mech corridor
    /// north").
    pub(super) fn named_beside(&self, dst: RoomId, label: &Label) -> Option<RoomId> {
        if !self.rules.on("named-beside") {
            return None;
        }
        let way = label.direction().filter(|d| d.vector().is_some())?;
        let back = way.opposite();
        let own = self.room_words(dst);
        if own.is_empty() {
            return None;
        }
        let beside = |w: &[String]| {
            let extra = |longer: &[String], shorter: &[String], d: Direction| {
                longer.len() == shorter.len() + 1
                    && ((longer[1..] == *shorter && Direction::from_word(&longer[0]) == Some(d))
                        || (longer[..shorter.len()] == *shorter
                            && Direction::from_word(&longer[shorter.len()]) == Some(d)))
            };
            extra(w, &own, back) || extra(&own, w, way)
        };
        // The names one compass word longer than this one, and this one less a compass word.
        let mut near: Vec<RoomId> = self.roster.named_with_way(&own).to_vec();
        if let (Some(first), Some(last)) = (own.first(), own.last()) {
            if own.len() >= 2 && Direction::from_word(first) == Some(way) {
                near.extend_from_slice(self.roster.named(&own[1..]));
            }
            if own.len() >= 2 && Direction::from_word(last) == Some(way) {
                near.extend_from_slice(self.roster.named(&own[..own.len() - 1]));
            }
        }
        near.sort_unstable();
        near.dedup();
        the_only(
            near.into_iter()
                .filter(|&r| r != dst && self.roster.words_of(r).is_some_and(&beside)),
        )
    }
}
