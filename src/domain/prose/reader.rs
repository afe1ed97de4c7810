//! The reader: paragraphs in, places and links with their evidence out.
//!
//! Two passes over the text. The first ([`super::tagged`]) tokenizes, tags and chunks every
//! sentence and learns who the people are (a proper name after a title, or a proper name that speaks or acts), so no
//! person becomes a place. The second reads the paragraphs in order: every phrase that can be a
//! place is resolved in the [`PlaceBook`](super::place::PlaceBook), every sentence's
//! [`events`] move the [`Position`] and make links ([`super::links`]), and each link keeps its
//! sentence and the words it rests on.
//!
//! Which places go on the map is [`super::salience`]'s decision: the evidence of their mentions,
//! links and visits (a place the story mentions once, in passing, in speech or as a kind, "a
//! house like this", "villages", is not on the map).

use super::candidate::{candidate, Candidate, PlaceKind, Text};
use super::chunk::Determiner;
use super::clause::{clauses, Clause, Subject, Target, Via};
use super::comparison;
use super::coreference::{apposition, named_room, predicate_subject, referent, same_sort, Earlier};
use super::event::{Event, Sentence};
use super::lexicon::{is_way_verb, verb_base, PathRole};
use super::links::{add_link, fold_with_links};
pub use super::links::{FoundLink, ParagraphReading, Reading};
use super::motion::FOLLOWED;
use super::person::placed_names;
use super::place::PlaceId;
use super::position::{Departure, Position};
use super::relation::{events, spatial_phrases};
use super::salience::{of_place, present_at, Mention, Passage, COMPLEMENT};
use super::tagged::{people, tag_paragraph, TaggedParagraph};
use super::tagger::{Tagger, TaggerError};
use super::token::Token;
use crate::domain::Direction;

fn merge_spans(mut spans: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    spans.sort_unstable();
    let mut out: Vec<(usize, usize)> = Vec::new();
    for (a, b) in spans {
        match out.last_mut() {
            Some(last) if a <= last.1 + 1 => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}

/// Prepositions that put someone on a road ("on the road", "along that pathway"): a road
/// after one of them, while nobody moves, is where the reader is, as a road that is the
/// sentence's subject. On the six development passages (2026-11-27) it moved the reader onto
/// the road before "we came to a ravine" (one wrong link fewer) and changed nothing else.
const ON_ROUTE: &[&str] = &["on", "upon", "along"];

/// Share of a sentence's words inside quotation marks from which it is talk, not narration
/// ("“You'll see it carried into your room,” she said": the speech tag is narration's
/// smaller part).
const SPEECH_SHARE: f32 = 0.6;

/// True when a sentence is mostly quoted speech ([`SPEECH_SHARE`]).
fn speech(tokens: &[Token]) -> bool {
    let quoted = tokens.iter().filter(|t| t.quoted).count();
    !tokens.is_empty() && quoted as f32 >= SPEECH_SHARE * tokens.len() as f32
}

/// Reads a text given as paragraphs (one observation each).
///
/// # Errors
/// [`TaggerError`] only if the embedded tagger model is damaged (a build defect).
#[allow(clippy::too_many_lines)] // The reader's pipeline per paragraph (sentences, events, position, commit) with the position carried across paragraphs.
pub fn read_paragraphs(paragraphs: &[String]) -> Result<Reading, TaggerError> {
    let tagger = Tagger::shared()?;
    let tagged: Vec<TaggedParagraph> = paragraphs
        .iter()
        .map(|p| tag_paragraph(tagger, p))
        .collect();
    let mut persons = people(&tagged);
    for s in tagged.iter().flat_map(|p| &p.sentences) {
        let words: Vec<&str> = s.tokens.iter().map(|t| t.text.as_str()).collect();
        let tags: Vec<&str> = s.tags.iter().map(String::as_str).collect();
        let quoted: Vec<bool> = s.tokens.iter().map(|t| t.quoted).collect();
        super::person::persons_by_use(&words, &tags, &quoted, &mut persons);
    }
    let passage = Passage::of(tagged.iter().flat_map(|p| &p.sentences).flat_map(|s| {
        s.tokens
            .iter()
            .zip(&s.tags)
            .map(|(t, g)| (t.text.as_str(), g.as_str(), t.quoted))
    }));
    let past = passage.past;
    let mut reading = Reading::default();
    let mut position = Position::default();
    let mut sentence_no = 0usize;
    let mut mentioned: Vec<Vec<PlaceId>> = Vec::new();
    let mut topic: Option<PlaceId> = None;
    // The place the sentence before made a way of ("over which the road went on"): what a
    // subject "it" of a verb of way goes on about ("At another place it was cut out of the
    // side of a precipice"), before a place merely named there ("a ravine").
    let mut way_topic: Option<PlaceId> = None;
    // The places the sentence before named, in order (see [`predicate_subject`]).
    let mut last_sentence: Vec<PlaceId> = Vec::new();
    for (pi, para) in tagged.iter().enumerate() {
        let mut out = ParagraphReading::default();
        let mut named_here: Vec<PlaceId> = Vec::new();
        // A paragraph of talk alone does not change the scene: quoted speech does not move the
        // reader, so the reader's place does not fade through a conversation.
        let talk = para.sentences.iter().all(|s| speech(&s.tokens));
        if pi > 0 {
            if !talk {
                position.paragraph_passed();
            }
            topic = None;
            way_topic = None;
            last_sentence.clear();
        }
        for s in &para.sentences {
            sentence_no += 1;
            let words: Vec<&str> = s.tokens.iter().map(|t| t.text.as_str()).collect();
            let tags: Vec<&str> = s.tags.iter().map(String::as_str).collect();
            let quoted: Vec<bool> = s.tokens.iter().map(|t| t.quoted).collect();
            let offsets: Vec<(usize, usize)> = s.tokens.iter().map(|t| (t.start, t.end)).collect();
            let text = Text {
                words: &words,
                tags: &tags,
                line: &para.line,
                offsets: &offsets,
            };
            let mut places: Vec<Option<PlaceId>> = vec![None; s.phrases.len()];
            let compared = comparison::mask(&words, &tags);
            let cs = clauses(&words, &tags, &quoted, &s.phrases);
            // A clause whose verb is a verb of way ("went on", "was cut", "tunnelled").
            let way_verb = |c: &Clause| is_way_verb(&verb_base(words[c.verb]));
            let mut named: Vec<Option<Candidate>> = vec![None; s.phrases.len()];
            for (i, p) in s.phrases.iter().enumerate() {
                if compared.get(p.start).copied().unwrap_or(false) {
                    continue;
                }
                if let Some(mut c) = candidate(&text, p, &persons) {
                    c.quoted = quoted.get(p.start).copied().unwrap_or(false);
                    // "The gallery of lava, a perfect natural pathway": another name for the
                    // place just named.
                    // A phrase that is its clause's subject ("From the garden, a path leads
                    // east") names what the clause is about, not the phrase before again.
                    let subject = cs
                        .iter()
                        .any(|c| c.subject == Subject::Phrase(i) && c.via == Via::Before);
                    let apposed = (0..i)
                        .rev()
                        .filter(|_| !subject)
                        .find(|&j| places[j].is_some() && apposition(&s.phrases[j], p, &words))
                        .and_then(|j| places[j].zip(named[j].as_ref()))
                        .filter(|(_, prev)| {
                            prev.determiner != Determiner::Indefinite || (p.proper && !prev.proper)
                        })
                        .map(|(id, _)| id);
                    // "Its low broad tower", "its wood": a part of the place "it" stands for.
                    let owner_place = (c.owner.as_deref() == Some("its"))
                        .then(|| referent(p.start, &s.phrases[..i], &places[..i], topic))
                        .flatten();
                    // "It was a splendid road": the predicate names the subject again.
                    let predicated = (c.determiner == Determiner::Indefinite)
                        .then(|| {
                            let fits = |id: PlaceId| {
                                reading
                                    .book
                                    .places
                                    .get(id)
                                    .is_some_and(|q| same_sort(&q.head, &c.head))
                            };
                            let earlier = Earlier {
                                topic,
                                before: &last_sentence,
                            };
                            predicate_subject(i, &text, &cs, &s.phrases, &places, earlier, fits)
                        })
                        .flatten();
                    let apposed = apposed.or(predicated);
                    let id = match apposed.or(owner_place) {
                        Some(id) => {
                            let bare = c.surface.strip_prefix("its ").unwrap_or(&c.surface);
                            reading.book.add_alias(id, bare);
                            id
                        }
                        None => reading.book.resolve(&c, sentence_no),
                    };
                    reading.book.adopt_host(id);
                    if let Some(room) = named_room(&reading.book.places, id, &c) {
                        reading.book.places[id].host = Some(room);
                    }
                    places[i] = Some(id);
                    named[i] = Some(c).filter(|_| apposed.is_none() && owner_place.is_none());
                }
            }
            // "Its gloomy recesses", "its depths": a region of the place "it" stands for is
            // that place.
            for (i, p) in s.phrases.iter().enumerate() {
                let region =
                    super::chunk::part_of(words[p.head]) == Some(super::chunk::Part::Region);
                if places[i].is_none()
                    && region
                    && p.of_head.is_none()
                    && p.possessor.as_deref() == Some("its")
                {
                    places[i] = referent(p.start, &s.phrases[..i], &places[..i], topic);
                }
            }
            named_here.extend(places.iter().flatten());
            // "It" as a subject names the last place that was a clause's subject before it in
            // the sentence, else the place the sentence before was about (a subject is
            // continued before an object); elsewhere the nearest place named before it, else,
            // with none, the place the sentence before was about ("We reached the lodge.
            // Beyond it lay the moor.").
            let subjects: Vec<usize> = cs
                .iter()
                .filter_map(|c| match c.subject {
                    Subject::Pronoun(k) => Some(k),
                    _ => None,
                })
                .collect();
            // Places that are a clause's subject: what a subject "it" after them is about,
            // before a place merely passed in a phrase ("on reaching the plain, it turned").
            let subject_places: Vec<(usize, PlaceId)> = cs
                .iter()
                .filter_map(|c| match c.subject {
                    Subject::Phrase(j) => Some((s.phrases[j].end, places[j]?)),
                    _ => None,
                })
                .collect();
            // Pronoun subjects of a verb of way ("it tunnelled through", "it was cut out of").
            let way_subjects: Vec<usize> = cs
                .iter()
                .filter(|c| way_verb(c))
                .filter_map(|c| match c.subject {
                    Subject::Pronoun(k) => Some(k),
                    _ => None,
                })
                .collect();
            let referents: Vec<Option<PlaceId>> = (0..words.len())
                .map(|k| {
                    let is_subject = subjects.contains(&k);
                    let it = words[k].eq_ignore_ascii_case("it") && tags[k] == "PRP";
                    let continued = way_topic.filter(|_| way_subjects.contains(&k));
                    let centred = is_subject
                        .then(|| {
                            subject_places
                                .iter()
                                .rev()
                                .find(|(end, _)| *end <= k)
                                .map(|&(_, p)| p)
                                .or(continued)
                                .or(topic)
                        })
                        .flatten();
                    it.then(|| centred.or_else(|| referent(k, &s.phrases, &places, topic)))
                        .flatten()
                })
                .collect();
            let ways: Vec<bool> = reading
                .book
                .places
                .iter()
                .map(|p| p.kind == PlaceKind::Way)
                .collect();
            // "I opened my door", "having opened my chamber window": a door or a window the
            // followed mover acts on (its verb's object) says the mover is in its room.
            let handled: Vec<PlaceId> = cs
                .iter()
                .filter(|c| {
                    matches!(c.subject, Subject::Pronoun(k)
                        if FOLLOWED.contains(&words[k].to_lowercase().as_str()))
                })
                .flat_map(|c| &c.after)
                .filter(|d| d.prep.0 == d.prep.1)
                .filter_map(|d| match d.target {
                    Target::Phrase(j) => places.get(j).copied().flatten(),
                    Target::Pronoun(_) => None,
                })
                .filter_map(|w| {
                    let way = &reading.book.places[w];
                    way.host.filter(|_| way.kind == PlaceKind::Way)
                })
                .collect();
            // "I opened my door and ran down": the narration naming again the place the
            // followed mover last reached says the story is back there.
            {
                let renamed: Vec<PlaceId> = places
                    .iter()
                    .zip(&s.phrases)
                    .filter(|(_, p)| !quoted.get(p.start).copied().unwrap_or(false))
                    .filter_map(|(pl, _)| *pl)
                    .chain(handled.iter().copied())
                    .collect();
                position.revive(&renamed);
            }
            let before = position.current();
            let sent = Sentence {
                words: &words,
                tags: &tags,
                quoted: &quoted,
                phrases: &s.phrases,
                places: &places,
                referents: &referents,
                ways: &ways,
                observer: before,
                ground: topic.or(before),
                clauses: &cs,
                arrived: None,
            };
            let mut spatial = spatial_phrases(&sent);
            spatial.extend(super::salience::seen_phrases(&sent));
            let placed = placed_names(&sent);
            for (i, p) in s.phrases.iter().enumerate() {
                if let (Some(id), Some(c)) = (places[i], &named[i]) {
                    // A name with no place noun has a spatial role only where a name is a
                    // place ("at Bistritz", not "left Hawkins").
                    let spatial = if c.kind == PlaceKind::Name {
                        reading.book.places[id].placed |= placed.contains(&i);
                        placed.contains(&i)
                    } else {
                        spatial.contains(&i)
                    };
                    let complement = s.phrases[..i]
                        .iter()
                        .any(|q| q.end < p.start && q.complement_end.is_some_and(|e| e >= p.end));
                    let share = if complement { COMPLEMENT } else { 1.0 };
                    reading.book.places[id].evidence += share
                        * passage.weigh(&Mention {
                            kind: c.kind,
                            weak: c.weak,
                            determiner: c.determiner,
                            plural: c.plural,
                            proper: c.proper,
                            spatial,
                            quoted: quoted.get(p.start).copied().unwrap_or(false),
                            aside: past && present_at(&tags, &quoted, p.start),
                        });
                }
            }
            let (Some(first), Some(last)) = (s.tokens.first(), s.tokens.last()) else {
                continue;
            };
            let evidence = para.line[first.start..last.end].to_string();
            let span_of = |k: usize| {
                (
                    s.tokens[k].start - first.start,
                    s.tokens[k].end - first.start,
                )
            };
            // The words of phrase `i`: from its first token's start to its last token's end.
            let phrase_span = |i: usize| {
                let p = &s.phrases[i];
                (span_of(p.start).0, span_of(p.end - 1).1)
            };
            let mut moved = false;
            let mut left = false;
            // Places that are the subject of a verb by which a place makes a way ("a door
            // led into the library", "the doors opened").
            let leads: Vec<PlaceId> = cs
                .iter()
                .filter(|c| super::lexicon::is_way_verb(&verb_base(words[c.verb])))
                .filter_map(|c| match c.subject {
                    Subject::Phrase(j) => places.get(j).copied().flatten(),
                    Subject::Pronoun(k) => referents.get(k).copied().flatten(),
                    _ => None,
                })
                .collect();
            // "I went in. It was a long low room": the first place the narration names
            // after a move with no place said is where it arrived.
            if let Some(d) = position.departure(sentence_no).cloned() {
                let arrived = (0..s.phrases.len()).find(|&i| {
                    named[i]
                        .as_ref()
                        .is_some_and(|c| c.kind == PlaceKind::Place)
                        && !quoted.get(s.phrases[i].start).copied().unwrap_or(false)
                        && places[i].is_some_and(|p| p != d.from)
                });
                if let Some((i, to)) = arrived.and_then(|i| Some((i, places[i]?))) {
                    let shift = d.evidence.len() + 1;
                    let (a, b) = phrase_span(i);
                    let mut words = d.words.clone();
                    words.push((a + shift, b + shift));
                    let found = FoundLink {
                        from: d.from,
                        to,
                        direction: d.direction,
                        paragraph: pi,
                        evidence: format!("{} {evidence}", d.evidence),
                        words,
                    };
                    add_link(&mut reading, &mut out, found);
                    position.arrive(to);
                    reading.book.places[to].visits += 1;
                    moved = true;
                }
            }
            for (event, used) in events(&sent) {
                let spans = merge_spans(
                    used.iter()
                        .filter(|&&k| k < s.tokens.len())
                        .map(|&k| span_of(k))
                        .collect(),
                );
                let link = |from: PlaceId, to: PlaceId, direction: Option<Direction>| FoundLink {
                    from,
                    to,
                    direction,
                    paragraph: pi,
                    evidence: evidence.clone(),
                    words: spans.clone(),
                };
                match event {
                    Event::Move {
                        path,
                        direction,
                        followed,
                        ..
                    } => {
                        let mut prev = if path.first().is_some_and(|st| st.role == PathRole::Source)
                        {
                            None
                        } else {
                            position.current()
                        };
                        let mut first_link = true;
                        let mut carried: Option<Direction> = None;
                        for st in &path {
                            if st.beside {
                                // "We were passing a church": beside the way from where the
                                // mover is, who stays there.
                                if let Some(p) = prev {
                                    add_link(&mut reading, &mut out, link(p, st.place, None));
                                }
                                continue;
                            }
                            let is_way = reading.book.places[st.place].kind == PlaceKind::Way;
                            // Steps, a ladder, a door passed on the way are the way itself,
                            // not a place between: the link runs past them with their direction.
                            let passed = st.role == PathRole::Via
                                && (is_way || reading.book.places[st.place].passage);
                            if let (true, Some(h)) = (is_way, st.within) {
                                reading.book.places[st.place].host = Some(h);
                            }
                            if is_way && !passed {
                                // Going to a door or a window is going where it is: its room
                                // if the text says, else the way itself, with no way to it.
                                let at_way = prev
                                    .is_some_and(|p| reading.book.places[p].kind == PlaceKind::Way);
                                match reading.book.places[st.place].host {
                                    Some(h) if Some(h) != prev => {
                                        if let Some(p) = prev.filter(|_| !at_way) {
                                            add_link(&mut reading, &mut out, link(p, h, None));
                                        }
                                        prev = Some(h);
                                    }
                                    Some(_) => {}
                                    None => prev = Some(st.place),
                                }
                                first_link = false;
                                continue;
                            }
                            if passed {
                                carried = carried.or(st.direction).or(if first_link {
                                    direction
                                } else {
                                    None
                                });
                                continue;
                            }
                            if let Some(p) = prev {
                                let d = st.direction.or(carried).or(if first_link {
                                    direction
                                } else {
                                    None
                                });
                                add_link(&mut reading, &mut out, link(p, st.place, d));
                                first_link = false;
                            }
                            // "down the stairs into the cellar" with nowhere to start from: the
                            // direction said before the first place is the way's.
                            carried = if prev.is_none() { st.direction } else { None };
                            prev = Some(st.place);
                        }
                        if let Some(p) = prev {
                            position.arrive(p);
                            if followed {
                                position.moved(p);
                            }
                            reading.book.places[p].visits += 1;
                            moved = true;
                        }
                    }
                    Event::Static {
                        from,
                        to,
                        direction,
                    } => {
                        // A door or a window stands for the place it is in; one whose place
                        // the text does not give, said to lead somewhere, is in the place the
                        // reader stands in ("We entered the hall. A door led into the
                        // library."), and links nothing when the reader is nowhere.
                        let settle = |p: PlaceId| {
                            let place = &reading.book.places[p];
                            if place.kind == PlaceKind::Way {
                                place.host.or(before.filter(|_| leads.contains(&p)))
                            } else {
                                Some(p)
                            }
                        };
                        if let (Some(a), Some(b)) = (settle(from), settle(to)) {
                            add_link(&mut reading, &mut out, link(a, b, direction));
                        }
                    }
                    Event::Leave { direction } => {
                        left = position.leave(Departure {
                            from: 0,
                            direction,
                            sentence: sentence_no,
                            evidence: evidence.clone(),
                            words: spans.clone(),
                        });
                    }
                    Event::At { place, reached } => {
                        // "We were now in a large cavern": arrived from where the mover was,
                        // or else last arrived.
                        let from = position.current().or(position.trail()).filter(|_| reached);
                        // "We walked down and stood on it": a move with no place said, then
                        // being somewhere in the same sentence, arrived there.
                        let went = position.departure_in(sentence_no).cloned();
                        if let Some(d) = went {
                            let mut found = link(d.from, place, d.direction);
                            found.words = merge_spans([d.words, found.words].concat());
                            add_link(&mut reading, &mut out, found);
                        } else if let Some(from) = from {
                            add_link(&mut reading, &mut out, link(from, place, None));
                        }
                        position.stated(place);
                        reading.book.places[place].visits += 1;
                        moved = true;
                    }
                    Event::Way { place } => {
                        reading.book.places[place].passage = true;
                    }
                    Event::Host { way, place } => {
                        reading.book.places[way].host = Some(place);
                    }
                }
            }
            // "Our talk on the road was all of food", "travelling along on that pathway": a
            // road the narration puts someone on, outside speech, is as much about it as its
            // subject.
            let on_route = (0..s.phrases.len()).filter_map(|i| {
                let start = s.phrases[i].start;
                let on = start > 0
                    && ON_ROUTE.contains(&words[start - 1].to_lowercase().as_str())
                    && !quoted.get(start).copied().unwrap_or(false);
                places[i].filter(|_| on)
            });
            // "We were now on a sort of common. The roads were heavy": a road the narration
            // is about while the reader is somewhere is the road they travel, from there.
            let route = subject_places
                .iter()
                .map(|&(_, p)| p)
                .chain(on_route)
                .find(|&p| {
                    super::lexicon::is_route_head(&reading.book.places[p].head)
                        && Some(p) != position.current()
                });
            if let (false, Some(road), Some(from)) = (moved, route, position.current()) {
                // The words of the link: the road's phrase.
                let words = (0..s.phrases.len())
                    .find(|&i| places[i] == Some(road))
                    .map(|i| vec![phrase_span(i)])
                    .unwrap_or_default();
                let found = FoundLink {
                    from,
                    to: road,
                    direction: None,
                    paragraph: pi,
                    evidence: evidence.clone(),
                    words,
                };
                add_link(&mut reading, &mut out, found);
                position.stated(road);
                moved = true;
            }
            if !moved && !speech(&s.tokens) {
                position.sentence_passed(before.is_some_and(|b| places.contains(&Some(b))));
            }
            let centre_place = subject_places.first().map(|&(_, p)| p).or_else(|| {
                cs.iter().find_map(|c| match c.subject {
                    Subject::Pronoun(k) => referents.get(k).copied().flatten(),
                    _ => None,
                })
            });
            // The last place this sentence made a way of, said as done (its subject a place
            // phrase, or "it" for one): only the sentence right after goes on with it.
            way_topic = cs
                .iter()
                .rev()
                .filter(|c| !c.negated && !c.modal && way_verb(c))
                .find_map(|c| match c.subject {
                    Subject::Phrase(j) => places.get(j).copied().flatten(),
                    Subject::Pronoun(k) => referents.get(k).copied().flatten(),
                    Subject::None => None,
                })
                .filter(|&p| {
                    reading
                        .book
                        .places
                        .get(p)
                        .is_none_or(|q| q.kind != PlaceKind::Way)
                });
            // What the sentence was about: its first place subject, else the place its
            // subject "it" stood for, else the last place it named.
            topic = centre_place
                .or(places.iter().rev().flatten().next().copied())
                .or(topic);
            last_sentence = places.iter().flatten().copied().collect();
            if left {
                // "I went in. It was a long low room": after leaving, "it" is where the
                // mover arrived, not the place left.
                topic = None;
            }
        }
        out.current = position.current();
        mentioned.push(named_here);
        reading.paragraphs.push(out);
    }
    reading.kept = reading
        .book
        .places
        .iter()
        .map(|p| passage.kept(of_place(p)))
        .collect();
    let into = fold_with_links(&mut reading);
    for (para, named) in reading.paragraphs.iter_mut().zip(mentioned) {
        for id in named.into_iter().map(|id| into[id]) {
            if reading.kept[id] && !para.places.contains(&id) {
                para.places.push(id);
            }
        }
        para.current = para.current.map(|c| into[c]).filter(|&c| reading.kept[c]);
    }
    Ok(reading)
}
