//! Motion: a mover's clause with a verb of going, read as a path.
//!
//! The path is the clause's dependents: prepositional phrases whose preposition gives the part
//! of the path ("from", "out of" → where it starts; "through", "across", "along", "past",
//! "up", "down" → a place passed; "into", "to", "towards", "at" → where it ends), the verb's
//! own object where the verb says which part it is ("reached the gate", "crossed the hall",
//! "left the room"), coordinated phrases keeping the part before them, and a "from" phrase
//! fronted before the subject. "It" after a preposition is the place it stands for ("he led the
//! way to it across the park"). A phrase that names no place ("into a room magnificent in
//! size") takes the place another name after it gives ("—the real drawing-room") for its part
//! of the path.
//!
//! What did not happen does not move anyone: a modal ("could go", "would go"), a plan ("they
//! were to return"), or an infinitive after a verb of intention ("intending to descend"; after
//! "proceeded to", it did happen).
//! Being somewhere ("we were now on a sort of common", "she found herself in a billiard-room")
//! says where the reader is.
//!
//! A compass or vertical word before a place (or a verb that carries one: ascend, climb,
//! descend) gives that step its direction.

use super::clause::{Clause, Dependent, Form, Subject, Target, Via, REFLEXIVES};
use super::event::{Event, Sentence, Stop};
use super::lexicon::{
    direction_word, is_aspectual_verb, is_being_verb, is_go_verb, is_pass_by_verb, is_person_head,
    object_role, preposition, verb_base, verb_direction, PathRole,
};
use super::place::PlaceId;
use crate::domain::Direction;

/// Verbs that move someone only with "way" for object ("made our way to the stream"); with
/// any other object they do not ("the impression made by the hall").
const LIGHT_VERBS: &[&str] = &["make", "take", "find"];

/// Object pronouns of people a light verb takes along ("took me into the library", "brought
/// us to the gate"): with one, "take" is a move.
const TAKEN: &[&str] = &["me", "us", "him", "her", "them"];

/// Pronouns for the people a story follows: a move with no place said ("I went in", "we
/// descended") leaves where the reader is only when they make it.
pub const FOLLOWED: &[&str] = &["i", "we", "he", "she", "they"];

/// Prepositions that say where something is, not where a path goes: after a stop they place
/// the stop ("the window in the gallery").
const LOCATIVES: &[&str] = &["in", "at", "on", "upon", "within", "inside"];

/// Adverbs by which being somewhere says the mover has got there ("we were now in a large
/// cavern", "we were at last on the road").
const ARRIVAL_ADVERBS: &[&str] = &["now"];

/// Vehicles that carry the people the story follows: one stopping somewhere ("the car stopped
/// at the front door") has brought them there.
const VEHICLES: &[&str] = &[
    "car",
    "carriage",
    "coach",
    "cab",
    "chaise",
    "caleche",
    "calèche",
    "diligence",
    "wagon",
    "waggon",
    "cart",
    "gig",
    "boat",
];

/// Verbs by which a vehicle, being somewhere, says it has arrived there ("stopped at").
const VEHICLE_ARRIVALS: &[&str] = &["stop", "halt"];

/// True when a vehicle ([`VEHICLES`]) stops at a place ([`VEHICLE_ARRIVALS`]): it has brought
/// the followed party there from where they were.
fn vehicle_arrived(s: &Sentence<'_>, c: &Clause, base: &str) -> bool {
    VEHICLE_ARRIVALS.contains(&base)
        && matches!(c.subject, Subject::Phrase(p) if s.phrases.get(p).is_some_and(|ph|
            VEHICLES.contains(&s.words[ph.head].to_lowercase().as_str())))
}

/// True when the clause's subject is one the story follows ([`FOLLOWED`]).
fn followed(s: &Sentence<'_>, c: &Clause) -> bool {
    matches!(c.subject, Subject::Pronoun(k)
        if FOLLOWED.contains(&s.words[k].to_lowercase().as_str()))
}

/// True when the clause's subject is someone, who can be somewhere: a pronoun for a person,
/// a name ("Mrs. Fairfax"), a titled person ("the Count") or a word for people ("the men").
/// A thing's being somewhere ("the lowest known depth … was in the mines of Kitzbuhel") is
/// no visit of the story's.
fn someone(s: &Sentence<'_>, c: &Clause) -> bool {
    match c.subject {
        Subject::Phrase(p) => s.phrases.get(p).is_some_and(|ph| {
            let head = s.words[ph.head];
            let lower = head.to_lowercase();
            ph.proper
                || head.chars().next().is_some_and(char::is_uppercase)
                || is_person_head(&lower)
                || VEHICLES.contains(&lower.as_str())
        }),
        _ => true,
    }
}

/// The place a dependent points at.
pub fn target_place(s: &Sentence<'_>, target: Target) -> Option<PlaceId> {
    match target {
        Target::Phrase(p) => s.place(p),
        Target::Pronoun(k) if s.words[k].eq_ignore_ascii_case("here") => s.observer,
        Target::Pronoun(k) => s.referent(k),
    }
}

/// Token span of a dependent's target.
pub fn target_span(s: &Sentence<'_>, target: Target) -> (usize, usize) {
    match target {
        Target::Phrase(p) => s.phrases.get(p).map_or((0, 0), |ph| (ph.start, ph.end)),
        Target::Pronoun(k) => (k, k + 1),
    }
}

/// The words a dependent rests on: its preposition, then its target.
pub fn dependent_words(s: &Sentence<'_>, d: &Dependent) -> impl Iterator<Item = usize> {
    let (a, b) = target_span(s, d.target);
    (d.prep.0..d.prep.1).chain(a..b)
}

/// Sources first, then the path in text order; a single goal named before the places passed
/// on the way to it ("led the way to it across the park") goes last.
fn order(mut stops: Vec<Stop>) -> Vec<Stop> {
    stops.sort_by_key(|st| st.role != PathRole::Source);
    let goals: Vec<usize> = (0..stops.len())
        .filter(|&i| stops[i].role == PathRole::Goal)
        .collect();
    if let [g] = goals[..] {
        if g + 1 < stops.len() {
            let goal = stops.remove(g);
            stops.push(goal);
        }
    }
    stops
}

/// The stops of the dependents, in order, and the words they rest on.
fn stops_of(
    s: &Sentence<'_>,
    deps: &[Dependent],
    object: Option<PathRole>,
    beside: bool,
    mut pending: Option<Direction>,
    used: &mut Vec<usize>,
) -> Vec<Stop> {
    let mut stops = Vec::new();
    let mut last_end: Option<usize> = None;
    // The part of the path a dependent named with no place ("into a room magnificent in
    // size"): another name for it after ("—the real drawing-room") is that stop.
    let mut unplaced: Option<PathRole> = None;
    for d in deps {
        if d.apposition {
            let place = target_place(s, d.target);
            if let (Some(role), Some(place)) = (unplaced.take(), place) {
                used.extend(dependent_words(s, d));
                stops.push(Stop {
                    role,
                    place,
                    direction: pending.take(),
                    within: None,
                    beside: false,
                });
            }
            continue;
        }
        let words = s.span(d.prep);
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        let reading = preposition(&refs);
        let role = if d.prep.0 == d.prep.1 {
            object
        } else {
            reading.role
        };
        // "Flew over the lawn", "climbed over the wall": a path over a place goes across it,
        // not up; "over" is up only for a position ("the room over the hall").
        let across = role == Some(PathRole::Via) && refs.last() == Some(&"over");
        let direction = reading.direction.filter(|_| !across).or(pending);
        let place = target_place(s, d.target);
        // "to the window in the gallery", "to the doorway at the top of the stairs": a place
        // said where the stop is, not a further stop.
        let modifier = !d.coordinated
            && last_end == Some(d.prep.0)
            && (reading.position || refs.last().is_some_and(|w| LOCATIVES.contains(w)));
        last_end = Some(target_span(s, d.target).1);
        if modifier {
            if let (Some(place), Some(last)) = (place, stops.last_mut()) {
                let last: &mut Stop = last;
                last.within = Some(place);
            }
            continue;
        }
        match (role, place) {
            (Some(role), Some(place)) => {
                used.extend(dependent_words(s, d));
                stops.push(Stop {
                    role,
                    place,
                    direction,
                    within: None,
                    beside: beside && d.prep.0 == d.prep.1,
                });
                pending = None;
                unplaced = None;
            }
            (Some(role), None) => {
                unplaced = unplaced.or(Some(role));
                pending = direction;
            }
            // "down the wall, as before, into the Count's room": the direction goes on.
            _ => pending = direction,
        }
    }
    stops
}

/// Prepositions that, standing after a verb of going with no object, still say the place
/// passed: the place just named ("opened the gates: we passed through").
const STRANDED: &[&str] = &["through", "across", "over"];

/// "The keeper opened the gates: we passed through": a path preposition with no object after
/// a verb of going passes the last place the sentence named before the verb, outside speech.
fn stranded(s: &Sentence<'_>, c: &Clause, used: &mut Vec<usize>) -> Option<Stop> {
    let k = c.particles.iter().copied().find(|&k| {
        STRANDED.contains(&s.words[k].to_lowercase().as_str())
            && !s.phrases.iter().any(|p| p.start == k + 1)
    })?;
    let (i, place) = s
        .phrases
        .iter()
        .enumerate()
        .rev()
        .filter(|(_, p)| p.end <= c.group.0 && !s.quoted.get(p.start).copied().unwrap_or(false))
        .find_map(|(i, _)| Some((i, s.place(i)?)))?;
    used.push(k);
    used.extend(s.phrases[i].start..s.phrases[i].end);
    Some(Stop {
        role: PathRole::Via,
        place,
        direction: None,
        within: None,
        beside: false,
    })
}

/// "From the dining-room, of which much was said, they proceeded to the kitchen": a "from"
/// phrase opening the sentence is where the first move of the sentence starts, though a
/// relative clause stands between it and the move's subject.
fn fronted_source(s: &Sentence<'_>, c: &Clause, used: &mut Vec<usize>) -> Option<Stop> {
    let first_move = s
        .clauses
        .iter()
        .take_while(|d| d.verb < c.verb)
        .all(|d| !is_go_verb(&verb_base(s.words[d.verb])) || d.via == Via::Relative);
    let opens = s.words.first()?.eq_ignore_ascii_case("from");
    let i = s.phrases.iter().position(|p| p.start == 1)?;
    if !(first_move && opens)
        || c.before
            .iter()
            .any(|d| s.span(d.prep).iter().any(|w| w == "from"))
    {
        return None;
    }
    let place = s.place(i)?;
    used.push(0);
    used.extend(s.phrases[i].start..s.phrases[i].end);
    Some(Stop {
        role: PathRole::Source,
        place,
        direction: None,
        within: None,
        beside: false,
    })
}

/// The way in or out a particle says of a move with no place ("I went in", "we came out").
fn inward(s: &Sentence<'_>, c: &Clause, used: &mut Vec<usize>) -> Option<Direction> {
    c.particles.iter().find_map(|&k| {
        let w = s.words[k].to_lowercase();
        let d = match w.as_str() {
            "in" | "inside" | "indoors" | "within" => Some(Direction::In),
            "out" | "outside" | "outdoors" | "forth" => Some(Direction::Out),
            _ => None,
        };
        if d.is_some() {
            used.push(k);
        }
        d
    })
}

/// The events of a mover's clause.
pub fn read(s: &Sentence<'_>, c: &Clause, governing: Option<&str>) -> Vec<(Event, Vec<usize>)> {
    let base = verb_base(s.words[c.verb]);
    // "found herself in …", "found myself standing on …".
    let reflexive = (c.group.1..c.end.min(c.group.1 + 2))
        .any(|k| REFLEXIVES.contains(&s.words[k].to_lowercase().as_str()));
    let arriving = base == "find" && reflexive;
    // "made our way to", not "the impression made by"; a past participle on its own is
    // something done to its noun, not a move.
    // "He took me into the library": a person taken along moves with the taker.
    let along = c.after.iter().any(|d| {
        d.prep.0 == d.prep.1
            && matches!(d.target, Target::Pronoun(k)
                if TAKEN.contains(&s.words[k].to_lowercase().as_str()))
    });
    let light = LIGHT_VERBS.contains(&base.as_str())
        && !along
        && !c.after.iter().any(|d| {
            d.prep.0 == d.prep.1
                && matches!(d.target, Target::Phrase(p) if s.words[s.phrases[p].head].eq_ignore_ascii_case("way"))
        });
    let done_to = c.form == Form::Participle && s.tags.get(c.verb) == Some(&"VBN");
    let going = (is_go_verb(&base) && !light && !done_to) || arriving;
    let happened =
        !c.modal && (c.form != Form::Infinitive || governing.is_some_and(is_aspectual_verb));
    if s.quoted.get(c.verb).copied().unwrap_or(false) || !happened {
        return Vec::new();
    }
    let mut used = vec![c.verb];
    let pending = c.particles.iter().find_map(|&k| {
        let d = direction_word(s.words[k]);
        if d.is_some() {
            used.push(k);
        }
        d
    });
    if going {
        let mut stops = Vec::new();
        // A "from" phrase before the subject: where the move starts.
        let sources: Vec<Dependent> = c
            .before
            .iter()
            .filter(|d| {
                let w = s.span(d.prep);
                w.iter().any(|x| x == "from")
            })
            .copied()
            .collect();
        stops.extend(stops_of(s, &sources, None, false, None, &mut used));
        if stops.is_empty() {
            stops.extend(fronted_source(s, c, &mut used));
        }
        let object = if arriving { None } else { object_role(&base) };
        // "We were passing a church": the object of a verb of passing by is beside the path.
        let after = stops_of(
            s,
            &c.after,
            object,
            is_pass_by_verb(&base),
            pending,
            &mut used,
        );
        stops.extend(after);
        if stops.iter().all(|st| st.role == PathRole::Source) {
            stops.extend(stranded(s, c, &mut used));
        }
        if stops.is_empty() {
            let inward = inward(s, c, &mut used);
            let direction = pending.or(verb_direction(&base)).or(inward);
            // Only the people the story follows: "the driver got down" moves the driver.
            let followed = followed(s, c);
            let departs =
                (direction.is_some() || base == "enter") && !light && !done_to && followed;
            return if departs {
                vec![(Event::Leave { direction }, used)]
            } else {
                Vec::new()
            };
        }
        let followed = followed(s, c);
        return vec![(
            Event::Move {
                path: order(stops),
                verb: c.verb,
                direction: verb_direction(&base),
                followed,
            },
            used,
        )];
    }
    // "There are thousands of them in Hungary": an existential clause brings something into
    // the story where it is; it does not say where the story is.
    if is_being_verb(&base) && c.via != Via::Inverted && someone(s, c) {
        // "We were in the hall": being there, no way.
        let stops = stops_of(s, &located(s, c), None, false, None, &mut used);
        if let Some(st) = stops.iter().find(|st| st.role == PathRole::Goal) {
            let reached = (followed(s, c)
                && (c.group.0.saturating_sub(1)..(c.group.1 + 1).min(s.words.len()))
                    .any(|k| ARRIVAL_ADVERBS.contains(&s.words[k].to_lowercase().as_str())))
                || vehicle_arrived(s, c, &base);
            return vec![(
                Event::At {
                    place: st.place,
                    reached,
                },
                used,
            )];
        }
    }
    Vec::new()
}

/// The dependents of a verb of being that can say where one is: "to" says what a thing is
/// compared with or where it leads, never where one is ("we were in a different region to
/// Lowood").
fn located(s: &Sentence<'_>, c: &Clause) -> Vec<Dependent> {
    c.after
        .iter()
        .filter(|d| !matches!(s.span(d.prep).as_slice(), [w] if w == "to"))
        .copied()
        .collect()
}

/// "They returned to the hall, that the chief staircase might be ascended": a place that is
/// the subject of a passive verb of going whose object is part of a path ("ascended",
/// "crossed", "entered") is that part of the path of the people the story follows. Said in
/// the passive, it is said of the tour in hand, so a modal does not stop it.
pub fn read_passive(s: &Sentence<'_>, c: &Clause, place: PlaceId) -> Vec<(Event, Vec<usize>)> {
    let base = verb_base(s.words[c.verb]);
    let Some(role) = object_role(&base).filter(|_| c.passive && is_go_verb(&base)) else {
        return Vec::new();
    };
    if s.quoted.get(c.verb).copied().unwrap_or(false) || s.is_way(place) {
        return Vec::new();
    }
    let mut used = vec![c.verb];
    if let Subject::Phrase(p) = c.subject {
        let (a, b) = target_span(s, Target::Phrase(p));
        used.extend(a..b);
    }
    let direction = verb_direction(&base);
    vec![(
        Event::Move {
            path: vec![Stop {
                role,
                place,
                direction,
                within: None,
                beside: false,
            }],
            verb: c.verb,
            direction,
            followed: true,
        },
        used,
    )]
}
