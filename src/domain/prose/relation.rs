//! What a sentence says about places, read clause by clause ([`super::clause`]).
//!
//! Who a clause is about decides how it is read:
//! * a **mover** (a person, a pronoun, a carriage, a pack of wolves) with a verb of going moves
//!   along a path ([`super::motion`]); with a verb of being at a place, says where the reader
//!   is;
//! * a **place** (a noun phrase that names one, "it" standing for one, the antecedent of
//!   "which", the phrase a participle describes) with a verb of way or position says how it
//!   lies beside the places in its clause ([`super::layout`]); as the subject of a passive verb
//!   of going ("the chief staircase might be ascended") it is on the followed party's path;
//! * besides clauses, a place phrase followed by a preposition of position and another place
//!   ("the rocky path beyond the courtyard", "the church at the gates") relates the two, and a
//!   place said to lie behind, over or below "us" relates to where the reader is.
//!
//! A negated clause says nothing; inside quotation marks nothing moves, though a layout stated
//! in speech is still a layout.

use super::clause::{Clause, Form, Subject, Target, Via};
use super::event::{Event, Sentence, Who};
use super::lexicon::{is_position_verb, is_way_verb, object_role, preposition, verb_base};
use super::place::PlaceId;

/// Which dependents and subjects of a sentence's clauses stand in a role: a phrase after no
/// preposition is tested by its clause's verb (`object_of`), one after a preposition by the
/// preposition's words (`after_preposition`), a clause's subject phrase by its verb
/// (`subject_of`); verbs come as their base form.
pub struct RoleTests {
    pub object_of: fn(&str) -> bool,
    pub after_preposition: fn(&[&str]) -> bool,
    pub subject_of: fn(&str) -> bool,
}

/// The phrases of a sentence that pass `tests`, clause by clause: its dependents in order, then
/// its subject.
pub fn phrases_in_role(s: &Sentence<'_>, tests: &RoleTests) -> Vec<usize> {
    let mut out = Vec::new();
    for c in s.clauses {
        let base = verb_base(s.words[c.verb]);
        for d in c.before.iter().chain(&c.after) {
            let Target::Phrase(p) = d.target else {
                continue;
            };
            let passes = if d.prep.0 == d.prep.1 {
                (tests.object_of)(&base)
            } else {
                let words = s.span(d.prep);
                let refs: Vec<&str> = words.iter().map(String::as_str).collect();
                (tests.after_preposition)(&refs)
            };
            if passes {
                out.push(p);
            }
        }
        if let Subject::Phrase(p) = c.subject {
            if (tests.subject_of)(&base) {
                out.push(p);
            }
        }
    }
    out
}

/// The phrases a sentence names in a spatial role: the object of a preposition of path or
/// position, the object of a verb that says which part of a path it is ("reached the gate"),
/// the subject of a verb of way or position about a place.
pub fn spatial_phrases(s: &Sentence<'_>) -> Vec<usize> {
    phrases_in_role(
        s,
        &RoleTests {
            object_of: |base| object_role(base).is_some(),
            after_preposition: |words| {
                let r = preposition(words);
                r.role.is_some() || r.position
            },
            subject_of: |base| is_way_verb(base) || (is_position_verb(base) && base != "be"),
        },
    )
}

/// Who or what a clause is about ([`Sentence::who`]), with one more reading: a subject that
/// names no place but a region or an extent with no "of" ("this expanse appeared to be ringed
/// in by mountains", "the whole stretch lay below the ridge") is the place the story is about
/// (the sentence's ground), as a region or a collective with its "of" names that place.
fn who(s: &Sentence<'_>, c: &Clause) -> Who {
    let region = |p: usize| {
        s.phrases.get(p).is_some_and(|ph| {
            let head = s.words[ph.head].to_lowercase();
            matches!(
                super::chunk::part_of(&head),
                Some(super::chunk::Part::Region | super::chunk::Part::Collective)
            ) && ph.determiner == super::chunk::Determiner::Definite
                && ph.of_head.is_none()
                && ph.complement_end.is_none()
        })
    };
    match (s.who(c), c.subject) {
        // Not a subject found after its verb: "which, with occasional passages, connected
        // the different sides" has its subject elsewhere, and the phrase after is the object.
        (Who::Mover, Subject::Phrase(p))
            if c.via != Via::Inverted && s.place(p).is_none() && region(p) =>
        {
            s.ground.map_or(Who::Mover, Who::Place)
        }
        (w, _) => w,
    }
}

/// Every event of one sentence, with the token indices each rests on.
pub fn events(s: &Sentence<'_>) -> Vec<(Event, Vec<usize>)> {
    let cs = s.clauses;
    let mut out = Vec::new();
    // The window or door a followed mover last went to in this sentence, with the words of
    // that move: what a later look with no viewpoint of its own is taken from.
    let mut went_to: Option<(PlaceId, Vec<usize>)> = None;
    for (i, c) in cs.iter().enumerate() {
        if c.negated {
            continue;
        }
        // The verb an infinitive depends on: the clause before it, past the infinitives it is
        // joined to ("proceeded to descend and enter").
        let governing = cs[..i]
            .iter()
            .rev()
            .find(|g| g.form != Form::Infinitive)
            .map(|g| verb_base(s.words[g.verb]));
        match who(s, c) {
            Who::Mover if !c.reported => {
                let moves = super::motion::read(s, c, governing.as_deref());
                let window = went_to.as_ref().map(|(w, k)| (*w, k.as_slice()));
                let views = super::layout::read_view(s, c, window);
                for (e, used) in &moves {
                    if let Event::Move {
                        path,
                        followed: true,
                        ..
                    } = e
                    {
                        went_to = path
                            .last()
                            .filter(|st| s.is_way(st.place))
                            .map(|st| (st.place, used.clone()));
                    }
                }
                out.extend(moves);
                out.extend(views);
            }
            Who::Mover => {}
            Who::Place(p) => {
                out.extend(super::layout::read_clause(s, c, p));
                out.extend(super::motion::read_passive(s, c, p));
            }
            Who::Unknown => {}
        }
    }
    // "On reaching the top of the rise, we found the road at our feet": after a followed
    // mover's move, "us" and "our feet" are where it arrived.
    let arrived = out.iter().rev().find_map(|(e, _)| match e {
        Event::Move {
            path,
            verb,
            followed: true,
            ..
        } => path.last().map(|st| (*verb, st.place)),
        _ => None,
    });
    let s = Sentence { arrived, ..*s };
    // Where a way is ("the door at the end of the passage") is known before the clause that
    // goes through it is read.
    let (hosts, phrases): (Vec<_>, Vec<_>) = super::layout::read_phrases(&s, cs)
        .into_iter()
        .partition(|(e, _)| matches!(e, Event::Host { .. }));
    out.splice(0..0, hosts);
    out.extend(phrases);
    out
}
