//! Place recognition and identity: which noun phrases name places, and which mentions are the
//! same place.
//!
//! A phrase names a place when its head is a place noun ("the library", "a moor"), when it is a
//! proper name whose words include a place noun ("Skeleton Island", "Thornfield Hall"), or when
//! it is a proper name a path reaches ("we drove to Millcote"); a door or a window is a place
//! only where a way passes it. Names of people (a title before them, or a verb of speech or
//! action after them) are never places.
//!
//! Identity ([`PlaceBook::resolve`]):
//! * a proper name is the place that already has that name or alias;
//! * a possessed place ("my room", "the Count's room") is the place with that owner and head;
//! * the story's main building ("the house", "the mansion", "the abbey", "Thornfield Hall") is
//!   one place, whatever it is called, but a proper name of a house told by another word
//!   ("Lafter Hall" once it is "Baskerville Hall") is another building;
//! * "the gallery" is the most recently mentioned gallery whose distinguishing modifiers agree
//!   ("the long gallery" agrees, "the common drawing-room" and "the real drawing-room" do not);
//! * "a gallery", "another gallery" is a new place.

use super::chunk::{Determiner, Part, Phrase};
use super::lexicon::{
    is_activity, is_calendar, is_descriptive, is_dwelling, is_material, is_named_dwelling,
    is_place_head, is_polysemous_head, is_room, is_unit, is_way_head, is_weak_head, kin, lemma,
    singular,
};
use super::owner::same_owner;
use crate::domain::names::normalize_name;

/// Index of a place in a [`PlaceBook`].
pub type PlaceId = usize;

/// How strongly a phrase names a place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum PlaceKind {
    /// A door, a window: a place only where a way passes it.
    Way,
    /// A proper name with no place noun: a place only where a path reaches it.
    Name,
    /// A place noun or a proper place name.
    Place,
}

/// A phrase read as a possible place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The phrase as written, without its article ("common drawing-room", "my room",
    /// "Count's room", "bottom of the well", "low sandy spit": commas between adjectives
    /// dropped, the phrase as written is one of its `forms`).
    pub surface: String,
    /// Other forms of this mention the text wrote: with its "of" complement ("narrow ledge of
    /// stone"), a collective's "of" phrase ("low subterranean tunnels").
    pub forms: Vec<String>,
    /// The head noun's lemma ([`lemma`]).
    pub head: String,
    /// The group of heads the story may use for the same place ([`kin`]).
    pub kin: String,
    /// Modifiers that tell places of a kind apart, lowercased.
    pub distinguishing: Vec<String>,
    /// The owner ("my", "count"), if any.
    pub owner: Option<String>,
    /// The determiner kind.
    pub determiner: Determiner,
    /// A proper name (every noun NNP).
    pub proper: bool,
    /// How strongly it names a place.
    pub kind: PlaceKind,
    /// A proper name with a building's word in it ("Castle Dracula", "Thornfield Hall").
    pub dwelling_name: bool,
    /// The head is plural ("villages", "the woods").
    pub plural: bool,
    /// Opened by "this", "that", "these" or "those": a place named before.
    pub demonstrative: bool,
    /// A place noun that names a place less surely (a stream, rock).
    pub weak: bool,
    /// Inside quotation marks: named in someone's speech, not by the narration (set by the
    /// reader, which knows the quotation marks).
    pub quoted: bool,
    /// "A sort of Roman road", "a kind of terrace": what the text describes, hedging, more
    /// often a place already seen than a new one.
    pub hedged: bool,
}

/// The words of a sentence and where each sits in its paragraph line, to quote mentions as
/// the text wrote them.
#[derive(Debug, Clone, Copy)]
pub struct Text<'a> {
    /// Token texts.
    pub words: &'a [&'a str],
    /// Penn tags.
    pub tags: &'a [&'a str],
    /// The paragraph as one line.
    pub line: &'a str,
    /// Byte range of each token in `line`.
    pub offsets: &'a [(usize, usize)],
}

impl Text<'_> {
    /// The text of tokens `[a, b)` as written ("Mrs. Fairfax’s room", "long, cold gallery").
    pub fn quote(&self, a: usize, b: usize) -> String {
        let (Some(first), Some(last)) = (
            self.offsets.get(a),
            b.checked_sub(1).and_then(|k| self.offsets.get(k)),
        ) else {
            return String::new();
        };
        self.line
            .get(first.0..last.1.max(first.0))
            .unwrap_or("")
            .replace('_', "")
    }
}

/// Reads a phrase as a candidate place, or `None` when it cannot be one. A phrase naming a
/// region of a place ("a small portion of the park") is read as that place.
#[allow(clippy::too_many_lines)] // The place test's checks in order, each a few lines and commented; together they are the definition of a candidate.
pub fn candidate(text: &Text<'_>, phrase: &Phrase, persons: &[String]) -> Option<Candidate> {
    let words = text.words;
    // "A small portion of the park" is the park; "the edge of the plateau", "a range of
    // cells" are the plateau and the cells, named that way. When the "of" phrase names no
    // place ("a long slope of snow", "a patch of grass") the phrase stands on its own.
    if let (Some(part), Some(inner)) = (phrase.part, phrase.inner.as_deref()) {
        if let Some(mut c) = candidate(text, inner, persons) {
            if part != Part::Region {
                let skip = usize::from(determiner_word(words[phrase.start]).is_some());
                c.forms.push(text.quote(phrase.start + skip, phrase.end));
            }
            // "The mouth of the river", "the bank of the stream": a spot of a place that names
            // a place less surely (a course of water, a rock) is a place one stands at.
            if part == Part::Spot {
                c.weak = false;
            }
            if part == Part::Collective {
                // "A series of low tunnels" is one place, introduced.
                c.determiner = phrase.determiner;
                c.plural = false;
                c.hedged = matches!(lemma(words[phrase.head]).as_str(), "sort" | "kind");
            }
            return Some(c);
        }
    }
    // "What a beautiful room!" exclaims at where the speaker is; it introduces nothing.
    let exclaimed = phrase.determiner == Determiner::Indefinite
        && phrase
            .start
            .checked_sub(1)
            .is_some_and(|k| words[k].eq_ignore_ascii_case("what"));
    if exclaimed {
        return None;
    }
    let head_word = words[phrase.head];
    let head = lemma(head_word);
    let of_head = phrase.of_head.map(|h| words[h]);
    // "A gentleman's manor-house" is a kind of house, not anyone's: an owner introduced by
    // "a" classifies, and the phrase is indefinite.
    let kind_of_owner = phrase.determiner == Determiner::Possessor
        && matches!(determiner_word(words[phrase.start]), Some("a" | "an"));
    let owner = phrase.possessor.clone().filter(|_| {
        !kind_of_owner
            && matches!(
                phrase.determiner,
                Determiner::Pronoun | Determiner::Possessor
            )
    });
    let from = match phrase.determiner {
        Determiner::Pronoun => phrase.start,
        Determiner::Possessor => {
            phrase.start + usize::from(determiner_word(words[phrase.start]).is_some())
        }
        _ => phrase.body,
    };
    // "A very narrow staircase" is named "narrow staircase": an adverb that opens the
    // phrase grades the word after it and is no part of the name.
    let named_at = if from == phrase.body {
        (from..phrase.head)
            .find(|&k| !text.tags.get(k).is_some_and(|t| t.starts_with("RB")))
            .unwrap_or(phrase.head)
    } else {
        from
    };
    // "When you last saw Baskerville Hall" (the tagger reading "last saw" as adjectives):
    // a place's proper name is its capitalised run, with a place word in it; lowercase words
    // before the run are no part of the name, whatever the tagger made of them ("poor old
    // Tom Redruth", with no place word, is left to the person test).
    let named_at = if phrase.proper && from == phrase.body {
        let capital = (named_at..=phrase.head)
            .find(|&k| words[k].chars().next().is_some_and(char::is_uppercase))
            .unwrap_or(named_at);
        let run_has_place = (capital..=phrase.head).any(|k| is_place_head(words[k]));
        if run_has_place {
            capital
        } else {
            named_at
        }
    } else {
        named_at
    };
    // "The low, sandy spit" is named "low sandy spit": the commas between its adjectives are
    // the sentence's, not the name's (the phrase as written stays one of its names).
    let written = text.quote(named_at, phrase.end);
    let surface = written.replace(", ", " ");
    let determiner = if kind_of_owner {
        Determiner::Indefinite
    } else {
        phrase.determiner
    };
    // English names a single place with a determiner: a bare singular common noun ("mine" in
    // "next to mine", "home") is a pronoun or an idiom, not a place.
    if determiner == Determiner::Bare
        && !phrase.proper
        && phrase.body == phrase.head
        && singular(head_word) == head_word.to_lowercase()
    {
        return None;
    }
    // "Six hundred yards" measures; "solid rock" is stuff; "his morning walks" are doings.
    let counted = (phrase.start..phrase.head).any(|k| text.tags.get(k) == Some(&"CD"));
    // "The six or seven rooms she had seen", "some twenty huts": a tally the text itself
    // guesses at names several places seen in passing, none one could stand in (an exact
    // count, "three large bed-chambers", "four cross paths", introduces a set the story
    // shows).
    if counted && approximate(text, phrase.start) {
        return None;
    }
    let personal =
        phrase.determiner == Determiner::Pronoun && owner.as_deref().is_some_and(|o| o != "its");
    if (counted && is_unit(head_word))
        || (determiner == Determiner::Bare && !phrase.proper && is_material(head_word))
        || (personal && is_activity(head_word))
    {
        return None;
    }
    let place_word = is_place_head(head_word) || of_head.is_some_and(is_place_head);
    let words_have_place = (phrase.body..=phrase.head).any(|k| is_place_head(words[k]));
    let kind = if phrase.proper {
        let name = normalize_name(&surface);
        // A proper noun in the plural names a people or a family ("the early Romans", "the
        // Rochesters"), not a place.
        let people = text.tags.get(phrase.head) == Some(&"NNPS") && !words_have_place;
        // "Kitchen Zulu": a name whose last word is a people's is their language or kind.
        let of_people = !is_place_head(head_word) && persons.contains(&normalize_name(head_word));
        if persons.contains(&name) || people || of_people || is_calendar(head_word) {
            return None;
        }
        if words_have_place {
            PlaceKind::Place
        } else {
            PlaceKind::Name
        }
    } else if place_word {
        PlaceKind::Place
    } else if is_way_head(head_word) {
        PlaceKind::Way
    } else {
        return None;
    };
    let distinguishing = (named_at.max(phrase.body)..phrase.head)
        // "A most dreary room": an adverb grades a word, it tells nothing apart.
        .filter(|&k| !text.tags.get(k).is_some_and(|t| t.starts_with("RB")))
        // "The block house" is the block-house: a noun that makes a dwelling's compound
        // with the head is part of its word, not a modifier ("the tea house" is not a
        // dwelling's compound, and stays told apart).
        .filter(|&k| {
            !(k + 1 == phrase.head
                && text.tags.get(k) == Some(&"NN")
                && is_dwelling(head_word)
                && is_dwelling(&format!("{}-{}", words[k].to_lowercase(), head)))
        })
        .filter_map(|k| words.get(k))
        // "The lava tunnel" is the tunnel told of: what a place is made of describes it.
        .filter(|w| !is_descriptive(w) && !is_material(w))
        .filter(|w| !w.chars().all(|c| c.is_ascii_digit() || c == ','))
        .filter(|w| !matches!(**w, "," | "and" | "or"))
        .map(|w| w.to_lowercase())
        .collect::<Vec<_>>();
    // "The lodge-gates" long after "the gate" of a station: a compound filed under its last
    // word's kind ([`kin`]: "this garden" of a kitchen-garden) is told apart from a plain
    // place of that kind by its first word, as "the lodge gates" is by "lodge". A dwelling's
    // compound ("the log-house") is the house.
    let mut distinguishing = distinguishing;
    if let Some((first, _)) = head.rsplit_once('-') {
        if kin(head_word) != head && !is_dwelling(head_word) {
            distinguishing.push(first.to_string());
        }
    }
    let mut forms = Vec::new();
    if written != surface {
        forms.push(written);
    }
    // "That room", "these retreats": the demonstrative is part of how the text names it.
    if let Some(d) =
        determiner_word(words[phrase.start]).filter(|d| d.starts_with("th") && *d != "the")
    {
        forms.push(format!("{d} {surface}"));
    }
    if let Some(end) = phrase.complement_end {
        forms.push(text.quote(named_at, end));
    }
    // "Her tapestried room" is the tapestried room: where words tell an owned place apart,
    // they name it without its owner too (a plain "my room" keeps its owner, or "the room"
    // would name it).
    if owner.is_some() && !distinguishing.is_empty() && phrase.body < phrase.head {
        forms.push(text.quote(phrase.body, phrase.end).replace(", ", " "));
    }
    // "The undulating veld" is what the text calls the veld: with adjectives only before it,
    // the noun alone is one of its names.
    let described = phrase.head > phrase.body
        && from == phrase.body
        && (phrase.body..phrase.head).all(|k| {
            text.tags.get(k).is_some_and(|t| {
                matches!(
                    *t,
                    "JJ" | "JJR" | "JJS" | "VBN" | "VBG" | "RB" | "RBR" | "RBS" | "," | "CC"
                )
            })
        });
    if described && !phrase.proper {
        forms.push(text.quote(phrase.head, phrase.head + 1));
    }
    // "The lovely champaign country" is the champaign country: words that only describe,
    // before the ones that tell it apart, are not part of its name.
    let named_from = (phrase.body..phrase.head)
        .find(|&k| {
            !is_descriptive(words[k])
                && !matches!(words[k], "," | "and")
                && !text.tags.get(k).is_some_and(|t| t.starts_with("RB"))
        })
        .unwrap_or(phrase.head);
    if from == phrase.body && named_from > phrase.body && named_from < phrase.head && !phrase.proper
    {
        forms.push(text.quote(named_from, phrase.end));
    }
    if let (Some(Part::Collective), Some(inner)) = (phrase.part, phrase.inner.as_deref()) {
        forms.push(text.quote(inner.body, inner.end));
    }
    let dwelling_name = phrase.proper
        && (phrase.body..=phrase.head)
            .any(|k| is_dwelling(words[k]) || is_named_dwelling(words[k]));
    Some(Candidate {
        surface,
        forms,
        kin: kin(head_word),
        head,
        distinguishing,
        owner,
        determiner,
        proper: phrase.proper,
        kind,
        dwelling_name,
        plural: text
            .tags
            .get(phrase.head)
            .is_some_and(|t| matches!(*t, "NNS" | "NNPS")),
        demonstrative: determiner_word(words[phrase.start])
            .is_some_and(|d| d.starts_with("th") && d != "the"),
        // A polysemous head ("spring", "drive") names a place as surely as a stream does.
        weak: is_weak_head(head_word) || is_polysemous_head(head_word),
        quoted: false,
        hedged: false,
    })
}

/// True when the number of a phrase opening at token `start` is a guess: a range ("six or
/// seven", "ten to twelve", the first number often left out of the phrase) or a number after
/// "some", "about", "nearly" or "perhaps".
fn approximate(text: &Text<'_>, start: usize) -> bool {
    let lower = |k: usize| {
        text.words
            .get(k)
            .map(|w| w.to_lowercase())
            .unwrap_or_default()
    };
    let cd = |k: usize| text.tags.get(k) == Some(&"CD");
    let range =
        |k: usize| k >= 2 && cd(k) && matches!(lower(k - 1).as_str(), "or" | "to") && cd(k - 2);
    let hedged = |k: usize| {
        cd(k)
            && k >= 1
            && matches!(
                lower(k - 1).as_str(),
                "some" | "about" | "nearly" | "perhaps"
            )
    };
    (start..start + 3).any(|k| range(k) || hedged(k))
}

/// The article or demonstrative a phrase opens with, lowercased.
fn determiner_word(word: &str) -> Option<&'static str> {
    ["the", "a", "an", "this", "that", "these", "those"]
        .into_iter()
        .find(|d| word.eq_ignore_ascii_case(d))
}

/// How many sentences back a place counts as just named: a bare definite mention of its kind
/// ("the stairs" after "a circular stairway") is taken to be it. English re-mentions a place
/// just introduced by a plain definite of its kind within the next sentence or two; further
/// back, an older place of the same words is as likely.
pub const RECENT_SENTENCES: usize = 2;

/// One place of the story.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    /// Its name: the first way the text named it.
    pub name: String,
    /// Other ways the text named it.
    pub aliases: Vec<String>,
    /// Its name and aliases normalized ([`normalize_name`]), each once: every mention is
    /// compared with every place's names, so they are normalized when added, not per
    /// comparison.
    pub keys: Vec<String>,
    /// Head noun's lemma.
    pub head: String,
    /// Its group of heads ([`kin`]).
    pub kin: String,
    /// Distinguishing modifiers.
    pub distinguishing: Vec<String>,
    /// Owner, if any.
    pub owner: Option<String>,
    /// The story's main building.
    pub dwelling: bool,
    /// How strongly it was named a place (the strongest mention).
    pub kind: PlaceKind,
    /// Mentions outside links.
    pub mentions: usize,
    /// The evidence its mentions add up to ([`super::salience::mention_weight`]).
    pub evidence: f32,
    /// Named at least once as one place, not only as a kind ("villages", "roofs").
    pub specific: bool,
    /// Stated to lead from one place to another ([`super::event::Event::Way`]): passed
    /// through, it is the way, not a stop.
    pub passage: bool,
    /// Times the reader arrived or was said to be there.
    pub visits: usize,
    /// Ends of a link the reader made.
    pub linked: bool,
    /// The sentence (reader-wide index) where it was last mentioned.
    pub last_seen: usize,
    /// The sentence and the modifiers of the last mention that told it apart from places of
    /// its kind ("common" of "the common drawing-room").
    pub told_apart: Option<(usize, Vec<String>)>,
    /// For a way (a door, a window), the place it is in, when the text says so.
    pub host: Option<PlaceId>,
    /// Named at least once by the narration, outside quotation marks.
    pub narrated: bool,
    /// Named at least once where a proper name is a place ([`super::person::placed_names`]):
    /// "at Bistritz", "reached Millcote".
    pub placed: bool,
}

/// The places of one text, in order of first mention.
#[derive(Debug, Clone, Default)]
pub struct PlaceBook {
    /// All places, including candidates later dropped.
    pub places: Vec<Place>,
}

/// A place's names, normalized.
pub(super) fn names_of(p: &Place) -> impl Iterator<Item = &str> + '_ {
    p.keys.iter().map(String::as_str)
}

impl Place {
    /// "Through the common drawing-room … into the real drawing-room": two mentions of a kind
    /// told apart by different words in one sentence are two places, even where the place the
    /// first joined was named plainly before. True when `c`, in sentence `sentence`, is such a
    /// second mention of this place.
    pub(super) fn contrasted(&self, c: &Candidate, sentence: usize) -> bool {
        self.told_apart.as_ref().is_some_and(|(s, d)| {
            *s == sentence && !c.distinguishing.is_empty() && *d != c.distinguishing
        })
    }

    /// Adds another name the text used for it (nothing when it answers to it already).
    fn name_it(&mut self, name: &str) {
        let key = normalize_name(name);
        if !key.is_empty() && !self.keys.contains(&key) {
            self.keys.push(key);
            self.aliases.push(name.to_string());
        }
    }
}

impl PlaceBook {
    /// The place a candidate mentioned in sentence `sentence` stands for, added if new.
    pub fn resolve(&mut self, c: &Candidate, sentence: usize) -> PlaceId {
        let key = normalize_name(&c.surface);
        let found = self.find(c, &key, sentence);
        // The head alone ("drawing-room" of "the real drawing-room") is no name of a place
        // told apart from another of its kind in the same sentence: it names that other too.
        let contrast = found.is_none()
            && self
                .places
                .iter()
                .any(|p| p.head == c.head && p.contrasted(c, sentence));
        let dwelling_known = self.places.iter().any(|p| p.dwelling);
        let id = match found {
            Some(id) => id,
            None => {
                self.places.push(Place {
                    name: c.surface.clone(),
                    aliases: Vec::new(),
                    keys: vec![key.clone()],
                    head: c.head.clone(),
                    kin: c.kin.clone(),
                    distinguishing: c.distinguishing.clone(),
                    owner: c.owner.clone(),
                    // "a house" once the story has its house is some other house.
                    dwelling: c.owner.is_none()
                        && !c.plural
                        && !(dwelling_known && c.determiner == Determiner::Indefinite)
                        && (is_dwelling(&c.head) || c.dwelling_name),
                    kind: c.kind,
                    mentions: 0,
                    evidence: 0.0,
                    specific: false,
                    visits: 0,
                    passage: false,
                    linked: false,
                    last_seen: sentence,
                    told_apart: None,
                    host: None,
                    narrated: false,
                    placed: false,
                });
                self.places.len() - 1
            }
        };
        let place = &mut self.places[id];
        if !c.distinguishing.is_empty() {
            place.told_apart = Some((sentence, c.distinguishing.clone()));
        }
        let bare_head = normalize_name(&c.head);
        for form in std::iter::once(&c.surface).chain(&c.forms) {
            if !(contrast && normalize_name(form) == bare_head) {
                place.name_it(form);
            }
        }
        place.kind = place.kind.max(c.kind);
        place.mentions += 1;
        place.specific |= !(c.plural && c.determiner == Determiner::Bare);
        place.last_seen = sentence;
        place.narrated |= !c.quoted;
        id
    }

    /// Adds another name for a place.
    pub fn add_alias(&mut self, id: PlaceId, name: &str) {
        if let Some(place) = self.places.get_mut(id) {
            place.name_it(name);
        }
    }

    /// The kept place (`kept` says which) that place `id` is on the map: for a door or a
    /// window whose room the text gives, that room (a way is a place only where a way passes
    /// it, and the links already run to its room); otherwise, when the text named `id` only
    /// by a word that place already answers to ("the passage" after "a dark,
    /// tunnel-like passage, … the passage") and nothing happened there: no link, no visit.
    /// A map cannot tell two such places apart by any name, and the story gave no way to or
    /// from the second; the most recently named of the candidates is taken. A place named only by
    /// its bare word ("the room"), owned by no one, is the one kept place of that word ("her
    /// tapestried room"), when there is only one. A proper name
    /// with no place noun that opens another place's name ("Thornfield", "Thornfield Hall")
    /// is that place, whichever the text named first.
    pub fn folds_into(&self, id: PlaceId, kept: impl Fn(PlaceId) -> bool) -> Option<PlaceId> {
        let place = self.places.get(id)?;
        if let Some(h) = place
            .host
            .filter(|&h| place.kind == PlaceKind::Way && kept(h))
        {
            return Some(h);
        }
        let key = place.keys.first().map_or("", String::as_str);
        // "Thornfield" is short for "Thornfield Hall", named before or after it.
        let short_for = |n: &str| n.split(' ').nth(1).is_some() && n.split(' ').next() == Some(key);
        if place.kind == PlaceKind::Name {
            let full = (0..self.places.len())
                .filter(|&j| j != id && kept(j))
                .find(|&j| names_of(&self.places[j]).any(short_for));
            if full.is_some() {
                return full;
            }
        }
        if place.linked || place.visits > 0 {
            return None;
        }
        // Named only so: a place the text also called by words of its own ("the second
        // garden", "the closed garden") is not the other.
        let answering = (0..self.places.len())
            .filter(|&j| j != id && kept(j))
            .filter(|&j| names_of(place).all(|n| names_of(&self.places[j]).any(|m| m == n)))
            .max_by_key(|&j| (self.places[j].last_seen, j));
        if answering.is_some() {
            return answering;
        }
        // "Her tapestried room" … "the room": a place named only by its bare word, owned by no
        // one, is the one kept place of that word ("the room" cannot tell two apart; with two
        // or more, nothing says which).
        let bare = place.owner.is_none() && names_of(place).all(|n| n == place.head);
        let mut same = (0..self.places.len())
            .filter(|&j| j != id && kept(j) && self.places[j].head == place.head);
        let only = same.next().filter(|_| same.next().is_none());
        only.filter(|_| bare)
    }

    /// A way with an owner ("my door", "the Count's window") is in its owner's room, named
    /// before it or after it ("something coming out of the Count's window", and later "the
    /// Count's room").
    pub fn adopt_host(&mut self, id: PlaceId) {
        let Some(place) = self.places.get(id) else {
            return;
        };
        if place.kind == PlaceKind::Place && is_room(&place.head) {
            if let Some(owner) = place.owner.clone() {
                for way in self.places.iter_mut().filter(|p| {
                    p.kind == PlaceKind::Way
                        && p.host.is_none()
                        && p.owner.is_some()
                        && same_owner(p.owner.as_deref(), Some(owner.as_str()))
                }) {
                    way.host = Some(id);
                }
            }
            return;
        }
        if place.kind != PlaceKind::Way || place.host.is_some() {
            return;
        }
        let Some(owner) = place.owner.clone() else {
            return;
        };
        let room = (0..self.places.len()).rev().find(|&i| {
            let p = &self.places[i];
            i != id
                && p.kind == PlaceKind::Place
                && same_owner(p.owner.as_deref(), Some(owner.as_str()))
                && is_room(&p.head)
        });
        if let Some(room) = room {
            self.places[id].host = Some(room);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::chunk::chunk;
    use super::*;

    fn text<'a>(
        words: &'a [&'a str],
        tags: &'a [&'a str],
        line: &'a str,
        offsets: &'a [(usize, usize)],
    ) -> Text<'a> {
        Text {
            words,
            tags,
            line,
            offsets,
        }
    }

    fn offsets(words: &[&str]) -> (String, Vec<(usize, usize)>) {
        let mut line = String::new();
        let mut out = Vec::new();
        for w in words {
            // Clitics and punctuation follow their word without a space, as written.
            let attached = w.starts_with('\'') || matches!(*w, "," | "." | ";");
            if !line.is_empty() && !attached {
                line.push(' ');
            }
            out.push((line.len(), line.len() + w.len()));
            line.push_str(w);
        }
        (line, out)
    }

    fn candidates(words: &[&str], tags: &[&str], persons: &[String]) -> Vec<Candidate> {
        let (line, offs) = offsets(words);
        let t = text(words, tags, &line, &offs);
        chunk(words, tags)
            .iter()
            .filter_map(|p| candidate(&t, p, persons))
            .collect()
    }

    fn resolve_all(book: &mut PlaceBook, words: &[&str], tags: &[&str]) -> Vec<PlaceId> {
        candidates(words, tags, &[])
            .iter()
            .map(|c| book.resolve(c, 0))
            .collect()
    }

    #[test]
    fn the_house_the_mansion_and_its_name_are_one_place() {
        let mut book = PlaceBook::default();
        let a = resolve_all(&mut book, &["Thornfield", "Hall"], &["NNP", "NNP"]);
        let b = resolve_all(&mut book, &["the", "house"], &["DT", "NN"]);
        let c = resolve_all(&mut book, &["the", "mansion"], &["DT", "NN"]);
        let d = resolve_all(&mut book, &["Thornfield"], &["NNP"]);
        assert_eq!(a, b);
        assert_eq!(b, c);
        assert_eq!(c, d);
        assert_eq!(
            book.places[a[0]].aliases,
            ["house", "mansion", "Thornfield"]
        );
    }

    #[test]
    fn distinguishing_modifiers_keep_places_apart_and_descriptive_ones_do_not() {
        let mut book = PlaceBook::default();
        let w = [
            "the",
            "common",
            "drawing-room",
            "the",
            "real",
            "drawing-room",
            "the",
            "long",
            "gallery",
            "the",
            "gallery",
        ];
        let t = [
            "DT", "JJ", "NN", "DT", "JJ", "NN", "DT", "JJ", "NN", "DT", "NN",
        ];
        let ids = resolve_all(&mut book, &w, &t);
        assert_ne!(ids[0], ids[1]);
        assert_eq!(ids[2], ids[3]);
    }

    #[test]
    fn commas_between_adjectives_are_no_part_of_a_name() {
        let c = candidates(
            &["the", "low", ",", "sandy", "spit"],
            &["DT", "JJ", ",", "JJ", "NN"],
            &[],
        );
        assert_eq!(c[0].surface, "low sandy spit");
        assert!(c[0].forms.contains(&"low, sandy spit".to_string()));
    }

    #[test]
    fn a_grading_adverb_is_no_part_of_a_name() {
        let c = candidates(
            &["a", "very", "narrow", "staircase"],
            &["DT", "RB", "JJ", "NN"],
            &[],
        );
        assert_eq!(c[0].surface, "narrow staircase");
        assert!(c[0].distinguishing.is_empty());
    }

    #[test]
    fn what_a_place_is_made_of_does_not_tell_it_apart() {
        let mut book = PlaceBook::default();
        let w = [
            "the",
            "common",
            "drawing-room",
            "the",
            "lava",
            "drawing-room",
            "the",
            "real",
            "drawing-room",
        ];
        let t = ["DT", "JJ", "NN", "DT", "NN", "NN", "DT", "JJ", "NN"];
        let ids = resolve_all(&mut book, &w, &t);
        assert_eq!(ids[0], ids[1]);
        assert_ne!(ids[0], ids[2]);
    }

    #[test]
    fn an_outbuilding_is_not_the_house_and_a_dwelling_compound_is() {
        let mut book = PlaceBook::default();
        let w = [
            "the",
            "house",
            "my",
            "chamber",
            "the",
            "front",
            "chambers",
            "the",
            "tea-house",
            "the",
            "block",
            "house",
        ];
        let t = [
            "DT", "NN", "PRP$", "NN", "DT", "JJ", "NNS", "DT", "NN", "DT", "NN", "NN",
        ];
        let ids = resolve_all(&mut book, &w, &t);
        // "The tea-house" is an outbuilding, not the house.
        assert_ne!(ids[0], ids[3]);
        // An open compound of a dwelling's word ("block house") is the house again.
        assert_eq!(ids[0], ids[4]);
    }

    #[test]
    fn owners_and_indefinites_make_other_places() {
        let mut book = PlaceBook::default();
        let w = [
            "my", "room", "the", "Count", "'s", "room", "a", "room", "my", "room",
        ];
        let t = [
            "PRP$", "NN", "DT", "NNP", "POS", "NN", "DT", "NN", "PRP$", "NN",
        ];
        let ids = resolve_all(&mut book, &w, &t);
        assert_eq!(ids.len(), 4);
        assert_ne!(ids[0], ids[1]);
        assert_ne!(ids[1], ids[2]);
        assert_eq!(ids[0], ids[3]);
        assert_eq!(book.places[ids[1]].name, "Count's room");
    }

    #[test]
    fn an_exclamation_introduces_no_place_and_the_same_words_told_do() {
        let w = ["What", "a", "splendid", "chamber", "!"];
        let t = ["WP", "DT", "JJ", "NN", "."];
        assert!(candidates(&w, &t, &[]).is_empty());
        let w = ["We", "saw", "a", "splendid", "chamber", "."];
        let t = ["PRP", "VBD", "DT", "JJ", "NN", "."];
        assert_eq!(candidates(&w, &t, &[]).len(), 1);
    }

    #[test]
    fn verbs_people_and_body_parts_are_not_places() {
        let w = ["Mary", "her", "lips"];
        let t = ["NNP", "PRP$", "NNS"];
        let ps = candidates(&w, &t, &["mary".to_string()]);
        assert!(ps.is_empty(), "{ps:?}");
    }
}
