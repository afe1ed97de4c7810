//! Layout: how places lie beside each other, as the text states it in passing.
//!
//! * **A place as subject.** A clause about a place (its subject a place phrase, "it" standing
//!   for one, the antecedent of "which", the phrase a participle describes) with a verb of way
//!   ("the door led through a stone passage to a circular stairway", "it turned behind some
//!   broken country") makes a path from the subject through the places in the clause; with a
//!   verb of position ("the steep woody hills rising behind", "the lawn girdling the base of the
//!   mansion", "offices enclosed behind by stable-yards", "the gallery in which her room lay")
//!   it links the subject to each place the clause places it by: a prepositional object, the
//!   object of a verb like "girdle" or "separate", the agent of such a verb in the passive.
//!   "Be" relates only by a preposition of position ("was beyond", "is north of").
//! * **A place phrase with a preposition of position** ("the rocky path beyond the courtyard",
//!   "the church at the gates", "a knoll between the house and gates"), wherever it stands.
//! * **A compass part of the place the story is about**: "on the south side where the porch
//!   was", "the woods on the north side": a side or a spot told by a compass word, with no
//!   "of", is of the last place named before it (else the sentence's ground), and the place
//!   there lies that way from it ([`compass_part`]).
//! * **Relative to the reader**: "behind us", "over us", "at our feet" is where the reader is.
//! * **A way in a place**: "at one corner of the room was a heavy door" puts the door in the
//!   room, so a way through the door is a way out of the room ([`Event::Host`]); so does a
//!   place at a way ("there was a porch at the door": the door opens into the porch).
//!
//! A direction stated by the preposition ("above", "north of") or by the clause ("to the
//! east", "on the north side") goes from the other place to the subject for a position; the
//! way's own direction words go from the subject for a way verb.
//!
//! Measured and not kept (2026-11-27; pairs right/truth of built, six development passages
//! 51/135 of 67 and all eight 61/183 of 87 before):
//! - "in front of" read as a preposition of position ("in front of us rose the moor"): no
//!   figure moved on either set (the reader was elsewhere when the moor was named).
//! - in a view, a place after a preposition of position counted as seen ("looked over the
//!   lawn from the leads"): no figure moved.
//! - a viewpoint carried to a later look in the sentence, stated by the first look ("I looked
//!   out of the window, and saw the courtyard") or by a move to a window or a door ("I hurried
//!   to the window, and saw … into the yard": from the room the reader is in): no figure moved
//!   on either set (2026-11-27, 51/135 of 67 and 61/183 of 87); where it would fire the reader's
//!   place has faded (Dracula's 17 June entry). Kept since (2026-11-28) in another form: the
//!   window gone to is the viewpoint, settled by the reader to the room the text put it in
//!   when the reader's place is unknown ([`read_view`]).
//! - (2026-11-28, development twelve 65/176 of 96 pairs with the coordinated way stages
//!   kept) a past participle of a verb of going after a comma closing a mover's finite clause
//!   read as the next verb of a series ("he descended some steps, advanced along a paved
//!   walk"): +1 right place, pairs 65 of 97 (one wrong: the walk carried into the next
//!   sentence's move); and a participle right after "and"/"or"/"but" joined to the verb
//!   before instead of describing the phrase before ("they left the track, and following a
//!   footpath"): no pair moved (one more directed pair matched, its direction wrong).
//! - (2026-11-28, round 22, the twelve 65/176 of 96 before) a way's own ends after its noun
//!   ("the path from Thorpe to Hardlands", "the path to the mill", "that path to it") read
//!   as its chain wherever the phrase stands, and put at either end of the clause's chain when
//!   the phrase is the subject of a verb of way or position ("… lay across the fields"), the
//!   subject found over a run of prepositional phrases ("the path from X to Y lay"): 65/176 of
//!   97, one false pair (the path to its source, a path the truth keeps no place); the subject
//!   walk alone moved nothing. On the twelve the shape is rare (a dozen way nouns with "to" or
//!   "from" after them, most already read as a mover's path), "that path to it" takes the path
//!   itself for "it", and "Hardlands" as no phrase and "across" tagged a particle lose the
//!   Thorpe Regis sentence's fields. The diff is in the round's notes.
//! - a followed mover hearing something at a place ("I heard a sound in the courtyard", "on
//!   the tower, I heard …") linked to where the reader is: no link added on either set, the
//!   reader's place faded each time.

use super::chunk::Phrase;
use super::clause::{Clause, Dependent, Form, Target};
use super::event::{Event, Sentence};
use super::lexicon::{
    direction_word, is_material, is_position_verb, is_transitive_position_verb, is_view_verb,
    is_way_verb, preposition, verb_base, PathRole, Preposition,
};
use super::motion::{dependent_words, target_span};
use super::place::PlaceId;
use crate::domain::Direction;

/// Body words by which a place is said to lie by the reader ("at our feet", "at my side").
const BODY_SIDES: &[&str] = &[
    "feet", "foot", "side", "elbow", "back", "left", "right", "heels",
];

/// Prepositions that describe a place's extent, not what it adjoins ("the ledge which runs
/// around the building").
const EXTENT: &[&str] = &[
    "around",
    "round",
    "about",
    "throughout",
    "by",
    "past",
    "via",
    "up",
    "down",
    "all",
];

/// Prepositions by which a way (a door, a window) is said to be in a place ("the door at the
/// end of the passage", "the window in the gallery"), not beside it.
const HOST_PREPOSITIONS: &[&str] = &["at", "in", "on", "within", "of"];

/// A place a clause relates its subject to.
struct Related {
    place: PlaceId,
    reading: Preposition,
    /// Joined by "and", "or" or a comma to the dependent before, keeping its preposition
    /// ([`Dependent::coordinated`]).
    coordinated: bool,
    /// Token indices the relation rests on.
    words: Vec<usize>,
}

/// The place a dependent points at, for a position: the whole for a spot, the reader's place
/// for "us" or "our feet".
fn anchor_of(s: &Sentence<'_>, target: Target) -> Option<PlaceId> {
    match target {
        Target::Phrase(p) => {
            let ph = s.phrases.get(p)?;
            if observer_phrase(s, ph) {
                s.observer_at(ph.start)
            } else {
                s.anchor(p)
            }
        }
        Target::Pronoun(k) => {
            let w = s.words[k].to_lowercase();
            if matches!(w.as_str(), "us" | "me" | "here") {
                s.observer_at(k)
            } else {
                s.referent(k)
            }
        }
    }
}

fn observer_phrase(s: &Sentence<'_>, ph: &Phrase) -> bool {
    ph.possessor
        .as_deref()
        .is_some_and(|o| matches!(o, "our" | "my"))
        && BODY_SIDES.contains(&s.words[ph.head].to_lowercase().as_str())
}

/// A direction the clause states for its subject's position: "to the east", "on the north
/// side", "eastward".
fn clause_direction(s: &Sentence<'_>, from: usize, to: usize) -> Option<Direction> {
    let w: Vec<String> = s.span((from, to));
    (0..w.len()).find_map(|i| {
        let next = |k: usize| w.get(i + k).map(String::as_str);
        let pattern = matches!(w[i].as_str(), "to" | "towards" | "toward" | "on")
            && next(1) == Some("the")
            && next(2).and_then(direction_word).is_some()
            && !matches!(next(2), Some("up" | "down" | "below"))
            && next(3) != Some("of");
        if pattern {
            return next(2).and_then(direction_word);
        }
        w[i].ends_with("ward")
            .then(|| direction_word(&w[i]))
            .flatten()
            .filter(|d| !matches!(d, Direction::Up | Direction::Down))
    })
}

fn related(
    s: &Sentence<'_>,
    c: &Clause,
    d: &Dependent,
    base: &str,
    subject: PlaceId,
) -> Option<Related> {
    let object = d.prep.0 == d.prep.1;
    let words = s.span(d.prep);
    let refs: Vec<&str> = words.iter().map(String::as_str).collect();
    // "Its tower looked over a knoll": a view across a place, not a place beside it.
    if base == "look" && refs.last() == Some(&"over") {
        return None;
    }
    let mut reading = preposition(&refs);
    if object {
        if d.coordinated || !is_transitive_position_verb(base) || c.passive {
            return None;
        }
        reading.position = true;
    } else if (c.passive || (c.form == Form::Participle && s.tags.get(c.verb) == Some(&"VBN")))
        && refs.last() == Some(&"by")
    {
        // A past participle with "by" is passive on its own ("the wood, dun and sere,
        // divided by a path").
        // "enclosed behind by stable-yards", "divided by a path".
        if !is_transitive_position_verb(base) && base != "shut" {
            return None;
        }
        reading.position = true;
    } else if refs.last().is_some_and(|w| {
        // "Of" alone relates no place ("the side of"); "out of" a place or a part of one is a
        // source ("the dining-room which opened out of the hall", "it was cut out of the side
        // of a precipice": the way starts there), but "cut out of the solid rock" names what
        // the way is made of (a material), not where it lies.
        let place = match d.target {
            Target::Phrase(p) => s.phrases.get(p).is_some_and(|ph| {
                ph.part.is_some() || !is_material(&s.words[ph.head].to_lowercase())
            }),
            Target::Pronoun(_) => false,
        };
        let source = reading.role == Some(PathRole::Source) && place;
        !reading.position && ((*w == "of" && !source) || EXTENT.contains(w))
    }) {
        return None;
    }
    // "On the left was a library", "to the right lay the chapel": a side of the place the
    // story is about is a position beside it.
    let mut compass = None;
    if let Target::Phrase(p) = d.target {
        let side = s
            .phrases
            .get(p)
            .is_some_and(|ph| super::event::is_side(&s.words[ph.head].to_lowercase()));
        if side && s.implicit_part(p) && matches!(refs.last(), Some(&("on" | "to"))) {
            reading.position = true;
            reading.role = None;
        }
        compass = compass_part(s, p, subject)
            .filter(|_| refs.last().is_some_and(|w| COMPASS_PARTS_AFTER.contains(w)));
        if let Some(dir) = compass.map(|(_, dir)| dir) {
            reading.position = true;
            reading.role = None;
            reading.direction = Some(dir);
        }
    }
    let place = if let Some((anchor, _)) = compass {
        anchor
    } else if reading.position {
        anchor_of(s, d.target)?
    } else {
        super::motion::target_place(s, d.target)?
    };
    let used: Vec<usize> = dependent_words(s, d).collect();
    Some(Related {
        place,
        reading,
        coordinated: d.coordinated,
        words: used,
    })
}

/// Prepositions after which a compass part of a place says where something lies beside it
/// ("on the south side", "to the west end", "at the north corner"); "in the north corner" is
/// inside the place, which is no link.
const COMPASS_PARTS_AFTER: &[&str] = &["on", "upon", "to", "at"];

/// "On the south side where the porch was", "at the west end stood the chapel": a spot or a
/// region of a place told by a compass word, with no "of" to say whose, is of the place the
/// story is about (the last place its sentence names before it that is not a door or a
/// window, else the sentence's ground), and what stands there lies that way from it. Returns
/// that place (never `of`, the place said to stand there) and the direction.
fn compass_part(s: &Sentence<'_>, phrase: usize, of: PlaceId) -> Option<(PlaceId, Direction)> {
    let ph = s.phrases.get(phrase)?;
    let head = s.words.get(ph.head)?.to_lowercase();
    let part = super::chunk::part_of(&head);
    let spot_or_region = matches!(
        part,
        Some(super::chunk::Part::Spot | super::chunk::Part::Region)
    );
    if !spot_or_region
        || ph.of_head.is_some()
        || ph.complement_end.is_some()
        || ph.determiner != super::chunk::Determiner::Definite
    {
        return None;
    }
    let dir = s
        .words
        .get(ph.body..ph.head)?
        .iter()
        .find_map(|w| direction_word(w))
        .filter(|d| !matches!(d, Direction::Up | Direction::Down))?;
    let anchor = s.places[..phrase.min(s.places.len())]
        .iter()
        .rev()
        .flatten()
        .find(|&&p| p != of && !s.is_way(p))
        .copied()
        .or(s.ground)
        .filter(|&g| g != of)?;
    Some((anchor, dir))
}

/// "Its tower looked over a knoll between the house and gates": a preposition of position
/// right after another dependent's place, not coordinated, says where that place is
/// ([`read_phrases`] reads it), not where the clause's subject is. Only for a position: a way
/// keeps its chain ("led through a stone passage to a circular stairway").
fn places_last(s: &Sentence<'_>, c: &Clause, d: &Dependent) -> bool {
    if d.coordinated || d.prep.0 == d.prep.1 {
        return false;
    }
    let after_last = c
        .after
        .iter()
        .any(|e| e.prep != d.prep && !e.apposition && target_span(s, e.target).1 == d.prep.0);
    after_last && s.preposition_of(d.prep).position
}

/// The events of a clause about a place.
pub fn read_clause(s: &Sentence<'_>, c: &Clause, subject: PlaceId) -> Vec<(Event, Vec<usize>)> {
    let base = verb_base(s.words[c.verb]);
    let way = is_way_verb(&base);
    let position = is_position_verb(&base);
    if !way && !position {
        return fronted_position(s, c, subject).into_iter().collect();
    }
    let be = base == "be";
    let stated = clause_direction(s, c.group.1, c.end);
    let found: Vec<Related> = c
        .before
        .iter()
        .chain(&c.after)
        .filter(|d| way || !places_last(s, c, d))
        .filter_map(|d| related(s, c, d, &base, subject))
        .filter(|r| r.place != subject)
        .collect();
    let mut out = Vec::new();
    // A door or a window in a place.
    if s.is_way(subject) && !way {
        if let Some(r) = found.iter().find(|r| !s.is_way(r.place)) {
            out.push((
                Event::Host {
                    way: subject,
                    place: r.place,
                },
                r.words.clone(),
            ));
        }
        return out;
    }
    // "The hills rising behind": a verb of way with no place after it may still say where
    // its subject lies ([`bare_position`]).
    if way && !be && !found.is_empty() {
        // A path from the subject: sources before it, the rest after it, in text order.
        let mut chain: Vec<Stage> = Vec::new();
        let mut rest = Vec::new();
        for r in &found {
            let entry = (r.place, r.reading.direction, r.words.clone(), r.coordinated);
            if r.reading.role == Some(PathRole::Source) {
                chain.push(entry);
            } else {
                rest.push(entry);
            }
        }
        // "From the library a narrow door led east into the study", "from the garden a path
        // leads east to the orchard": what leads from one place to another is the way between
        // them, not a place between them.
        let through = !chain.is_empty() && !rest.is_empty();
        if !through {
            chain.push((subject, None, vec![c.verb], false));
        } else if !s.is_way(subject) {
            out.push((Event::Way { place: subject }, vec![c.verb]));
        }
        chain.extend(rest);
        // "Led east", "opened west": a compass word right after the verb, whatever its tag.
        let compass = s
            .words
            .get(c.group.1)
            .and_then(|w| direction_word(w))
            .filter(|d| !matches!(d, Direction::Up | Direction::Down));
        let particle = c
            .particles
            .iter()
            .find_map(|&k| direction_word(s.words[k]))
            .or(compass);
        for (from, to) in chain_links(&chain) {
            let (from, _, ref wa, _) = *from;
            let (to, d, ref wb, _) = *to;
            let mut words = wa.clone();
            words.extend(wb);
            words.push(c.verb);
            out.push((
                Event::Static {
                    from,
                    to,
                    direction: d.or(particle),
                },
                words,
            ));
        }
        return out;
    }
    if found.is_empty() {
        out.extend(bare_position(s, c, subject, stated));
    }
    for r in found {
        if be && !r.reading.position {
            continue;
        }
        let mut words = r.words;
        words.push(c.verb);
        out.push((
            Event::Static {
                from: r.place,
                to: subject,
                direction: r.reading.direction.or(stated),
            },
            words,
        ));
    }
    out
}

/// One stage of a way's chain: its place, the direction its preposition states, the words
/// it rests on, and whether it is joined by "and", "or" or a comma to the stage before.
type Stage = (PlaceId, Option<Direction>, Vec<usize>, bool);

/// The links of a way's chain, stage to stage in text order, except that a stage joined by
/// "and", "or" or a comma to the one before (keeping its preposition) is a second end of the same step ("a passage leading to
/// the chapter-house and the chamber": the passage leads to both, the chapter-house does not
/// lead to the chamber), so it links to the stage the one it is joined to came from.
fn chain_links(chain: &[Stage]) -> Vec<(&Stage, &Stage)> {
    let mut out = Vec::new();
    let mut step_from: Option<&Stage> = None;
    let mut last: Option<&Stage> = None;
    for stage in chain {
        let from = if stage.3 { step_from } else { last };
        if let Some(from) = from {
            out.push((from, stage));
        }
        if !stage.3 {
            step_from = last;
        }
        last = Some(stage);
    }
    out
}

/// Prepositions of position that, fronted, place a thing in or at a place rather than beside
/// it ("at the door stood a man", "within the walls was a well"): no link.
const FRONTED_CONTAINMENT: &[&str] = &["at", "within", "off", "against"];

/// "Under this porch the little spring welled up", "behind the house the hills rose": a
/// preposition of position fronted before a place subject places it beside that place,
/// whatever the verb says it does there.
fn fronted_position(s: &Sentence<'_>, c: &Clause, subject: PlaceId) -> Option<(Event, Vec<usize>)> {
    c.before.iter().find_map(|d| {
        if d.prep.0 == d.prep.1 || d.coordinated {
            return None;
        }
        let reading = s.preposition_of(d.prep);
        let last = s.words.get(d.prep.1.checked_sub(1)?)?.to_lowercase();
        if !reading.position || FRONTED_CONTAINMENT.contains(&last.as_str()) {
            return None;
        }
        let place = anchor_of(s, d.target).filter(|&p| p != subject)?;
        let mut used: Vec<usize> = dependent_words(s, d).collect();
        used.push(c.verb);
        Some((
            Event::Static {
                from: place,
                to: subject,
                direction: reading.direction,
            },
            used,
        ))
    })
}

/// "The hills rising behind", "a lane lay beyond": a preposition of position with no object
/// is said of the place the story is about (the last other place its clause names before the
/// verb, else the sentence's ground).
fn bare_position(
    s: &Sentence<'_>,
    c: &Clause,
    subject: PlaceId,
    stated: Option<Direction>,
) -> Option<(Event, Vec<usize>)> {
    let (k, r) = c.particles.iter().find_map(|&k| {
        let w = s.words[k].to_lowercase();
        let r = preposition(&[w.as_str()]);
        (r.position && !matches!(w.as_str(), "at" | "within" | "off" | "outside" | "against"))
            .then_some((k, r))
    })?;
    let before = s.phrases.iter().take_while(|p| p.start < c.verb).count();
    // Only places of the clause itself: "shut off by knolls of old trees, and the hills
    // rising behind" are behind what the story is about, not behind the knolls of the clause
    // before.
    let ground = s.places[..before.min(s.places.len())]
        .iter()
        .zip(s.phrases)
        .rev()
        .filter(|(_, ph)| ph.start >= c.start)
        .filter_map(|(p, _)| *p)
        .find(|&p| p != subject && !s.is_way(p))
        .or(s.ground)
        .filter(|&g| g != subject)?;
    Some((
        Event::Static {
            from: ground,
            to: subject,
            direction: r.direction.or(stated),
        },
        vec![c.verb, k],
    ))
}

/// The run of preposition words starting at `k`, up to the next phrase.
fn prep_run(s: &Sentence<'_>, k: usize) -> Option<(usize, usize)> {
    let mut j = k;
    while j < s.words.len() && matches!(s.tags[j], "IN" | "TO" | "RP" | "RB") {
        j += 1;
    }
    (j > k).then_some((k, j))
}

fn phrase_at(s: &Sentence<'_>, at: usize) -> Option<usize> {
    s.phrases.iter().position(|p| p.start == at)
}

/// Place phrases with a preposition of position after them, wherever they stand.
pub fn read_phrases(s: &Sentence<'_>, clauses: &[Clause]) -> Vec<(Event, Vec<usize>)> {
    // "The kitchen is not north of the hall": a position a negated clause states is denied.
    let denied = |k: usize| {
        clauses
            .iter()
            .any(|c| c.negated && c.start <= k && k < c.end)
    };
    let mut out = Vec::new();
    for (i, p) in s.phrases.iter().enumerate() {
        let after = p.complement_end.unwrap_or(p.end);
        let Some(run) = prep_run(s, after) else {
            continue;
        };
        if denied(run.0) {
            continue;
        }
        let words = s.span(run);
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        let reading = preposition(&refs);
        let first = s.anchor(i);
        // "The woods on the north side": a place at a compass part of the place the story is
        // about ([`compass_part`]).
        let compass = first
            .filter(|&a| !s.is_way(a))
            .filter(|_| refs.last().is_some_and(|w| COMPASS_PARTS_AFTER.contains(w)))
            .zip(phrase_at(s, run.1))
            .and_then(|(a, q)| Some((a, q, compass_part(s, q, a)?)));
        if let Some((a, q, (b, direction))) = compass {
            let ph = &s.phrases[q];
            let mut used: Vec<usize> = (p.start..p.end).collect();
            used.extend(run.0..ph.end);
            out.push((
                Event::Static {
                    from: b,
                    to: a,
                    direction: Some(direction),
                },
                used,
            ));
            continue;
        }
        if !reading.position {
            continue;
        }
        let mut objects: Vec<usize> = Vec::new();
        if let Some(q) = phrase_at(s, run.1) {
            objects.push(q);
            // "between the house and gates".
            if refs.last() == Some(&"between") {
                let end = s.phrases[q].end;
                if s.words.get(end).is_some_and(|w| *w == "and") {
                    objects.extend(phrase_at(s, end + 1));
                }
            }
        }
        for q in objects {
            let ph = &s.phrases[q];
            let other = if observer_phrase(s, ph) {
                s.observer_at(ph.start)
            } else {
                s.anchor(q)
            };
            let (Some(a), Some(b)) = (first, other) else {
                continue;
            };
            if a == b {
                continue;
            }
            let mut used: Vec<usize> = (p.start..p.end).collect();
            used.extend(run.0..run.1);
            used.extend(ph.start..ph.end);
            // "The door at the end of the passage": a way where a place is, is in it.
            let locative = refs.last().is_some_and(|w| HOST_PREPOSITIONS.contains(w));
            let event = if s.is_way(a) && !s.is_way(b) && locative {
                Event::Host { way: a, place: b }
            } else if s.is_way(b) && !s.is_way(a) && refs.last() == Some(&"at") {
                // "There was a porch at the door": a place at a way is where the way opens,
                // so the way is in it (not a place of its own).
                Event::Host { way: b, place: a }
            } else {
                Event::Static {
                    from: b,
                    to: a,
                    direction: reading.direction,
                }
            };
            out.push((event, used));
        }
    }
    out
}

/// Prepositions that name the place a mover looks from ("from the lawn", "out of the window",
/// "through the window").
const VIEWPOINTS: &[&[&str]] = &[&["from"], &["out", "of"], &["out", "from"], &["through"]];

/// "She saw it for the first time from the lawn", "she gazed out of the window across to the
/// moor": a mover looking from a place (or from a window or a door of the place the reader is
/// in) at another place puts the two in sight of each other. Only with the place looked from
/// stated in the clause, or, for a look with none, the window or door the mover went to
/// earlier in the sentence (`went_to`: "I hurried to the window, and saw … into the yard"):
/// what someone merely sees ("I saw a church") may be far off.
///
/// A window or a door looked out of stands for the room the reader is in; with the reader's
/// place unknown it is given as the way itself, which the reader settles to the room the text
/// put it in (and links nothing when the text put it nowhere).
pub fn read_view(
    s: &Sentence<'_>,
    c: &Clause,
    went_to: Option<(PlaceId, &[usize])>,
) -> Vec<(Event, Vec<usize>)> {
    if !is_view_verb(s.words[c.verb]) {
        return Vec::new();
    }
    // The room a window or a door looked out of is in: where the reader is, else the way
    // itself for the reader to settle.
    let through = |way: PlaceId, k: usize| s.observer_at(k).or(Some(way));
    let mut from = None;
    let mut seen = Vec::new();
    for d in c.before.iter().chain(&c.after) {
        let words = s.span(d.prep);
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        let Some(place) = super::motion::target_place(s, d.target) else {
            continue;
        };
        let used: Vec<usize> = dependent_words(s, d).collect();
        if VIEWPOINTS.iter().any(|v| refs.ends_with(v)) {
            if from.is_none() {
                let at = if s.is_way(place) {
                    through(place, d.prep.0)
                } else {
                    Some(place)
                };
                from = at.map(|p| (p, used));
            }
        } else if !s.is_way(place) && !preposition(&refs).position {
            seen.push((place, used));
        }
    }
    let from = from.or_else(|| {
        let (way, words) = went_to?;
        Some((through(way, c.verb)?, words.to_vec()))
    });
    let Some((from, fw)) = from else {
        return Vec::new();
    };
    seen.into_iter()
        .filter(|(p, _)| *p != from)
        .map(|(to, mut words)| {
            words.extend(fw.iter().copied());
            words.push(c.verb);
            (
                Event::Static {
                    from,
                    to,
                    direction: None,
                },
                words,
            )
        })
        .collect()
}
