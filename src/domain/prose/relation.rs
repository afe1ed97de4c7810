//! Motion and static relations in one tagged sentence.
//!
//! * **Motion**: a verb of going (tagged as a verb) with the path after it: prepositional
//!   phrases whose preposition gives the part of the path ("from", "out of" → where it starts;
//!   "through", "across", "along", "past", "up", "down" → a place passed; "into", "to",
//!   "towards", "at" → where it ends), the verb's own object where the verb says which part it is
//!   ("reached the gate", "crossed the hall", "left the room"), and coordinated phrases after
//!   them ("through the drawing-room and one useless antechamber"). The path runs to the next
//!   finite verb or the end of the sentence. Inside quotation marks nothing moves.
//! * **A way with a place for subject**: "the door led into the hall", "a window opened upon
//!   the lawn": a link from the subject to the path's places.
//! * **Static**: "X lay north of Y", "the stables beyond the court", "at the end of the gallery
//!   was a door": a link between the place named before the relation words and the one after.
//! * **Being somewhere**: "we were in the hall", "I stood at the door": where the reader is,
//!   without a link.
//!
//! A compass or vertical word in the path, or a verb that carries one (ascend, descend,
//! climb), gives the link a direction; anything else leaves it a link with no direction.

use super::chunk::{Determiner, Phrase};
use super::lexicon::{
    direction_word, is_go_verb, is_static_way_verb, object_role, path_role, verb_base,
    verb_direction, PathRole, STATIC_RELATIONS,
};
use super::place::PlaceId;
use crate::domain::Direction;

/// Verbs of being somewhere ("we were in the hall", "I stood at the door").
const BEING_VERBS: &[&str] = &[
    "be", "is", "was", "were", "am", "are", "stand", "sit", "stay", "remain", "wait", "stop",
    "halt", "find", "lie", "sleep", "dine", "live",
];

/// How many tokens back a static relation looks for the place it relates (a noun phrase and a
/// short verb group: "the stables, which lay beyond").
pub const STATIC_REACH: usize = 8;

/// A tagged sentence with its phrases read as places.
#[derive(Debug, Clone, Copy)]
pub struct Sentence<'a> {
    /// Token texts.
    pub words: &'a [&'a str],
    /// Penn tags.
    pub tags: &'a [&'a str],
    /// Inside quotation marks.
    pub quoted: &'a [bool],
    /// Noun phrases.
    pub phrases: &'a [Phrase],
    /// The place each phrase names, if any (same length as `phrases`).
    pub places: &'a [Option<PlaceId>],
}

/// One place on a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stop {
    /// Part of the path.
    pub role: PathRole,
    /// The place.
    pub place: PlaceId,
    /// The phrase's index in the sentence.
    pub phrase: usize,
    /// A direction stated just before it ("up the stairs").
    pub direction: Option<Direction>,
}

/// What a sentence says about places.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// Someone moved along `path`; the reader follows.
    Move {
        /// Places in path order (sources first).
        path: Vec<Stop>,
        /// The verb's token index.
        verb: usize,
        /// The verb's own direction (ascend → up).
        direction: Option<Direction>,
    },
    /// A fixed way between two places.
    Static {
        /// Where the way starts.
        from: PlaceId,
        /// Where it leads.
        to: PlaceId,
        /// Stated direction, if any.
        direction: Option<Direction>,
        /// Token indices of the words that state it.
        words: Vec<usize>,
    },
    /// The reader is at a place.
    At {
        /// The place.
        place: PlaceId,
        /// The verb's token index.
        verb: usize,
    },
}

fn is_verb(tag: &str) -> bool {
    tag.starts_with("VB")
}

fn is_finite(tag: &str) -> bool {
    matches!(tag, "VBD" | "VBZ" | "VBP" | "MD")
}

/// The phrase starting exactly at token `at`, if any.
fn phrase_at(s: &Sentence<'_>, at: usize) -> Option<usize> {
    s.phrases.iter().position(|p| p.start == at)
}

/// The phrase whose span holds token `at`.
fn phrase_over(s: &Sentence<'_>, at: usize) -> Option<usize> {
    s.phrases.iter().position(|p| p.start <= at && at < p.end)
}

/// The subject of the verb at `v`: the phrase or pronoun nearest before it in its clause, read
/// through a relative pronoun to its antecedent ("the door which led …").
fn subject_place(s: &Sentence<'_>, v: usize) -> Option<PlaceId> {
    let mut k = v;
    while k > 0 {
        k -= 1;
        let w = s.words[k].to_lowercase();
        let t = s.tags[k];
        if matches!(w.as_str(), "which" | "that")
            || matches!(t, "RB" | "MD" | "VBD" | "VBZ" | "VBN" | "," | "WDT")
        {
            continue;
        }
        if t == "PRP" || t == "NNP" && phrase_over(s, k).is_none() {
            return None;
        }
        return phrase_over(s, k).and_then(|p| s.places[p]);
    }
    None
}

/// The path after the verb at `v`, up to the next finite verb or the sentence's end, and the
/// token index where it stopped.
fn path_after(s: &Sentence<'_>, v: usize, base: &str, used: &mut Vec<usize>) -> (Vec<Stop>, usize) {
    let mut stops: Vec<Stop> = Vec::new();
    let mut k = v + 1;
    let mut pending_dir: Option<Direction> = None;
    let mut last_role: Option<PathRole> = None;
    let n = s.words.len();
    // The verb's own object ("reached the gate").
    let mut j = k;
    while j < n
        && matches!(s.tags[j], "RB" | "RP")
        && path_role(&s.words[j].to_lowercase()).is_none()
    {
        if let Some(d) = direction_word(s.words[j]) {
            pending_dir = Some(d);
            used.push(j);
        }
        j += 1;
    }
    if let (Some(role), Some(p)) = (object_role(base), phrase_at(s, j)) {
        if let Some(place) = s.places[p] {
            stops.push(Stop {
                role,
                place,
                phrase: p,
                direction: pending_dir.take(),
            });
            last_role = Some(role);
            k = s.phrases[p].end;
        }
    }
    while k < n {
        let w = s.words[k].to_lowercase();
        let t = s.tags[k];
        let infinitive = t == "VB" && k > 0 && s.tags[k - 1] == "TO";
        if ((is_finite(t) || infinitive) && k > v + 1)
            || matches!(t, ":" | ";")
            || s.quoted[k] != s.quoted[v]
        {
            break;
        }
        if let Some(d) = direction_word(&w).filter(|_| !matches!(t, "NN" | "NNP" | "JJ")) {
            pending_dir = Some(d);
            used.push(k);
        }
        // "out of": the phrase after "of" is where the move starts.
        let (role, skip) = if w == "out"
            && s.words
                .get(k + 1)
                .is_some_and(|x| x.eq_ignore_ascii_case("of"))
        {
            (Some(PathRole::Source), 2)
        } else if matches!(t, "IN" | "TO" | "RP" | "RB") {
            (path_role(&w), 1)
        } else {
            (None, 1)
        };
        if let Some(role) = role {
            if let Some(p) = phrase_at(s, k + skip) {
                if let Some(place) = s.places[p] {
                    used.extend(k..k + skip);
                    stops.push(Stop {
                        role,
                        place,
                        phrase: p,
                        direction: pending_dir.take(),
                    });
                    last_role = Some(role);
                    k = s.phrases[p].end;
                    continue;
                }
                k = s.phrases[p].end;
                last_role = None;
                continue;
            }
        }
        // "… and one useless antechamber": a coordinated phrase keeps the role before it.
        // After a comma an indefinite phrase is an apposition ("the library, an apartment"),
        // not a further place.
        if matches!(w.as_str(), "and" | "," | "or") {
            let apposition =
                |p: usize| w == "," && s.phrases[p].determiner == Determiner::Indefinite;
            if let (Some(role), Some(p)) =
                (last_role, phrase_at(s, k + 1).filter(|&p| !apposition(p)))
            {
                if let Some(place) = s.places[p] {
                    stops.push(Stop {
                        role,
                        place,
                        phrase: p,
                        direction: pending_dir.take(),
                    });
                    k = s.phrases[p].end;
                    continue;
                }
            }
        }
        if let Some(p) = phrase_at(s, k) {
            k = s.phrases[p].end;
            last_role = None;
            continue;
        }
        k += 1;
    }
    if let (Some(d), Some(last)) = (pending_dir, stops.last_mut()) {
        last.direction = last.direction.or(Some(d));
    }
    // Sources first, then the rest in the order the text gives them.
    stops.sort_by_key(|st| st.role != PathRole::Source);
    (stops, k)
}

/// "From the dining-room … they proceeded to the kitchen": a "from" phrase before the verb, in
/// its clause, is where the move starts.
fn source_before(s: &Sentence<'_>, v: usize, used: &mut Vec<usize>) -> Option<Stop> {
    let mut k = v;
    while k > 0 {
        k -= 1;
        if matches!(s.tags[k], ":" | ";")
            || (is_finite(s.tags[k]) && k + 1 < v)
            || s.quoted[k] != s.quoted[v]
        {
            return None;
        }
        if s.words[k].eq_ignore_ascii_case("from") {
            let p = phrase_at(s, k + 1)?;
            let place = s.places[p]?;
            used.push(k);
            return Some(Stop {
                role: PathRole::Source,
                place,
                phrase: p,
                direction: None,
            });
        }
    }
    None
}

/// Every event of one sentence, with the token indices each rests on.
pub fn events(s: &Sentence<'_>) -> Vec<(Event, Vec<usize>)> {
    let mut out = Vec::new();
    let mut in_path = vec![false; s.words.len()];
    for v in 0..s.words.len() {
        if !is_verb(s.tags[v]) {
            continue;
        }
        let base = verb_base(s.words[v]);
        let going = is_go_verb(&base);
        let static_way = is_static_way_verb(&base);
        if !going
            && !static_way
            && !BEING_VERBS.contains(&base.as_str())
            && !BEING_VERBS.contains(&s.words[v].to_lowercase().as_str())
        {
            continue;
        }
        let mut used = vec![v];
        let (mut path, end) = path_after(s, v, &base, &mut used);
        if going {
            if let Some(source) = source_before(s, v, &mut used) {
                path.insert(0, source);
            }
        }
        if path.is_empty() {
            continue;
        }
        for flag in in_path.iter_mut().take(end).skip(v) {
            *flag = true;
        }
        used.extend(
            path.iter()
                .flat_map(|st| s.phrases[st.phrase].start..s.phrases[st.phrase].end),
        );
        let subject = subject_place(s, v);
        if let Some(from) = subject.filter(|_| static_way) {
            // A place is the subject: a fixed way from it.
            for st in path.iter().filter(|st| st.place != from) {
                out.push((
                    Event::Static {
                        from,
                        to: st.place,
                        direction: st.direction.or(verb_direction(&base)),
                        words: used.clone(),
                    },
                    used.clone(),
                ));
            }
            continue;
        }
        if s.quoted[v] {
            continue;
        }
        if going {
            out.push((
                Event::Move {
                    path,
                    verb: v,
                    direction: verb_direction(&base),
                },
                used,
            ));
        } else if let Some(st) = path.iter().find(|st| st.role == PathRole::Goal) {
            // "We were in the hall": being there, no way.
            if subject.is_none() {
                out.push((
                    Event::At {
                        place: st.place,
                        verb: v,
                    },
                    used,
                ));
            }
        }
    }
    out.extend(static_relations(s, &in_path));
    out
}

/// "X beyond Y", "X lay north of Y": links between the place before the relation words and the
/// place after them.
fn static_relations(s: &Sentence<'_>, in_path: &[bool]) -> Vec<(Event, Vec<usize>)> {
    let mut out = Vec::new();
    let lower: Vec<String> = s.words.iter().map(|w| w.to_lowercase()).collect();
    for k in 0..s.words.len() {
        if in_path[k] {
            continue;
        }
        for rel in STATIC_RELATIONS {
            let n = rel.words.len();
            if k + n > lower.len() || lower[k..k + n].iter().zip(rel.words).any(|(a, b)| a != b) {
                continue;
            }
            let Some(obj) = phrase_at(s, k + n).and_then(|p| s.places[p].map(|pl| (p, pl))) else {
                continue;
            };
            // The place named before, within reach and not across a clause break.
            let mut anchor = None;
            let mut j = k;
            while j > 0 && k - j < STATIC_REACH {
                j -= 1;
                if matches!(s.tags[j], ":" | ";") || s.words[j] == "." {
                    break;
                }
                if let Some(p) = phrase_over(s, j) {
                    if let Some(pl) = s.places[p] {
                        anchor = Some((p, pl));
                        break;
                    }
                    j = s.phrases[p].start;
                }
            }
            let Some((ap, a)) = anchor else { continue };
            if a == obj.1 {
                continue;
            }
            let mut words: Vec<usize> = (k..k + n).collect();
            words.extend(s.phrases[ap].start..s.phrases[ap].end);
            words.extend(s.phrases[obj.0].start..s.phrases[obj.0].end);
            out.push((
                Event::Static {
                    from: obj.1,
                    to: a,
                    direction: rel.direction,
                    words: words.clone(),
                },
                words,
            ));
            break;
        }
    }
    out
}
