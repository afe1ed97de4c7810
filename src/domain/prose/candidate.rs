//! Place recognition: which noun phrases name places ([`candidate`]), read one mention at a
//! time. Which mentions are one place is [`super::place`]'s and [`super::identity`]'s.
//!
//! A phrase names a place when its head is a place noun ("the library", "a moor"), when it is a
//! proper name whose words include a place noun ("Skeleton Island", "Thornfield Hall"), or when
//! it is a proper name a path reaches ("we drove to Millcote"); a door or a window is a place
//! only where a way passes it. Names of people (a title before them, or a verb of speech or
//! action after them) are never places.

use super::chunk::{Determiner, Part, Phrase};
use super::lexicon::{
    is_activity, is_calendar, is_descriptive, is_dwelling, is_material, is_named_dwelling,
    is_place_head, is_polysemous_head, is_unit, is_way_head, is_weak_head, kin, lemma, singular,
};
use crate::domain::names::normalize_name;

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

#[cfg(test)]
pub(super) mod tests {
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

    /// The candidates of a tagged sentence, quoted from a line rebuilt from its words.
    pub(in crate::domain::prose) fn candidates(
        words: &[&str],
        tags: &[&str],
        persons: &[String],
    ) -> Vec<Candidate> {
        let (line, offs) = offsets(words);
        let t = text(words, tags, &line, &offs);
        chunk(words, tags)
            .iter()
            .filter_map(|p| candidate(&t, p, persons))
            .collect()
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
