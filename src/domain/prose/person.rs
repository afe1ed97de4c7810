//! Names the text uses for people, from how it uses them, so no person becomes a place (the
//! reader's first pass adds these to the people it finds by titles and verbs).
//!
//! A name (a run of proper nouns, none a place noun) is a person's where the text:
//! * follows it with "who", "whom" or "whose" ("Hawkins, who had been watching");
//! * speaks to it: a name called at the opening of a speech ("“Hawkins, come here”") or
//!   after a comma at its close ("“Come here, Hawkins!”");
//! * pities or praises it: "poor Ventvoegel", "dear Jim", "honest Tom" (the words a story puts
//!   before a person's name, never a place's);
//! * pairs it with a person by "and": "Hawkins and I", "he and Hawkins";
//! * makes it an owner: "Hawkins's voice" (what a place has, a story gives with "of");
//! * tells, asks or thanks it, or speaks to it ("told Hawkins", "said to Hawkins").
//!
//! And a name is a place only with place evidence of its own kind ([`placed_names`]): the
//! object of a preposition of place ("at Bistritz", "to Millcote"), of "reached" or "entered",
//! or the subject of a verb only land does ("the moor stretches"); the object of "left" or
//! "passed", "behind" or "beside", or the subject of "lay" or "stood", persons are too.

use super::event::Sentence;
use super::lexicon::{is_name_object_verb, is_name_predicate, is_name_preposition, is_place_head};
use super::relation::{phrases_in_role, RoleTests};
use crate::domain::names::normalize_name;

/// Words of pity or praise a story puts right before a person's name.
const BEFORE_PERSON: &[&str] = &[
    "poor", "dear", "good", "honest", "brave", "worthy", "gallant", "faithful", "young", "kind",
];

/// Verbs, as written, whose object is a person: one tells, asks, thanks a person.
#[rustfmt::skip]
const TO_PERSON: &[&str] = &[
    "tell", "told", "tells", "ask", "asked", "asks", "thank", "thanked", "bade", "bid",
    "ordered", "begged", "warned", "kissed", "greeted", "informed", "reminded", "assured",
    "persuaded", "implored", "answered",
];

/// Verbs of speech, as written, after which "to" names the person spoken to.
#[rustfmt::skip]
const SPEAK: &[&str] = &[
    "said", "says", "spoke", "speaks", "whispered", "replied", "cried", "called", "shouted",
    "explained", "talked",
];

/// True for a Penn tag of a proper noun.
fn proper(tag: &str) -> bool {
    matches!(tag, "NNP" | "NNPS")
}

/// The phrases of a sentence that stand where a proper name is a place: the object of a
/// preposition of place ([`is_name_preposition`]), the object of a verb of reaching
/// ([`is_name_object_verb`]), the subject of a verb only land does ([`is_name_predicate`]).
pub fn placed_names(s: &Sentence<'_>) -> Vec<usize> {
    phrases_in_role(
        s,
        &RoleTests {
            object_of: is_name_object_verb,
            after_preposition: is_name_preposition,
            subject_of: is_name_predicate,
        },
    )
}

/// Adds to `out` the names sentence (`words`, `tags`, and which words are `quoted`) uses for
/// people, each normalized once.
pub fn persons_by_use(words: &[&str], tags: &[&str], quoted: &[bool], out: &mut Vec<String>) {
    let n = words.len().min(tags.len());
    let mut k = 0;
    while k < n {
        if !proper(tags[k]) {
            k += 1;
            continue;
        }
        let start = k;
        while k < n && proper(tags[k]) {
            k += 1;
        }
        let end = k;
        if words[start..end].iter().any(|w| is_place_head(w)) {
            continue;
        }
        if by_use(words, tags, quoted, start, end) {
            let name = normalize_name(&words[start..end].join(" "));
            if !name.is_empty() && !out.contains(&name) {
                out.push(name);
            }
        }
    }
}

/// True when the name at tokens `[start, end)` is used as a person's.
fn by_use(words: &[&str], tags: &[&str], quoted: &[bool], start: usize, end: usize) -> bool {
    let at = |k: usize| words.get(k).map(|w| w.to_lowercase());
    let before = start.checked_sub(1).and_then(at);
    let after = at(end);
    let is = |w: &Option<String>, list: &[&str]| w.as_deref().is_some_and(|w| list.contains(&w));
    // "Hawkins, who": a relative pronoun of persons after it.
    let relative = |k: usize| is(&at(k), &["who", "whom", "whose"]);
    if relative(end) || (after.as_deref() == Some(",") && relative(end + 1)) {
        return true;
    }
    // "“Hawkins, come here”", "“Come here, Hawkins!”": called by name in speech. A name
    // that is the whole of a speech before the comma ("“Bistritz,” he said") is not called.
    let inside = quoted.get(start).copied().unwrap_or(false);
    let opens_speech = matches!(before.as_deref(), Some("``" | "“"));
    let closing = |w: &Option<String>| matches!(w.as_deref(), Some("!" | "?" | "''" | "”"));
    let called_first = opens_speech
        && after.as_deref() == Some(",")
        && !matches!(at(end + 1).as_deref(), Some("''" | "”") | None);
    let called_last = before.as_deref() == Some(",") && closing(&after);
    if inside && (called_first || called_last) {
        return true;
    }
    if is(&before, BEFORE_PERSON) && tags.get(start - 1) == Some(&"JJ") {
        return true;
    }
    // "Hawkins and I", "he and Hawkins": paired with a person by "and".
    let pronoun = |k: usize| {
        is(
            &at(k),
            &[
                "i", "me", "he", "him", "she", "her", "we", "us", "they", "them",
            ],
        ) && tags.get(k) == Some(&"PRP")
    };
    let and = |k: usize| at(k).as_deref() == Some("and");
    if (and(end) && pronoun(end + 1)) || (start >= 2 && and(start - 1) && pronoun(start - 2)) {
        return true;
    }
    // "Hawkins's voice", "Sheba's Breasts": a name that owns is a person's (a story names what
    // belongs to a place with "of": "the church of the district").
    if tags.get(end) == Some(&"POS") {
        return true;
    }
    // "told Hawkins", "said to Hawkins".
    let verb = |k: usize, list: &[&str]| {
        tags.get(k).is_some_and(|t| t.starts_with("VB")) && is(&at(k), list)
    };
    let told = start.checked_sub(1).is_some_and(|v| verb(v, TO_PERSON));
    let spoken_to =
        before.as_deref() == Some("to") && start.checked_sub(2).is_some_and(|v| verb(v, SPEAK));
    told || spoken_to
}

#[cfg(test)]
mod tests {
    use super::*;

    fn persons(words: &[&str], tags: &[&str], quoted: &[bool]) -> Vec<String> {
        let mut out = Vec::new();
        persons_by_use(words, tags, quoted, &mut out);
        out
    }

    #[test]
    fn a_name_pitied_called_or_told_is_a_person() {
        let q = [false; 8];
        assert_eq!(
            persons(
                &["the", "poor", "Hottentot", "slept"],
                &["DT", "JJ", "NNP", "VBD"],
                &q
            ),
            ["hottentot"]
        );
        assert_eq!(
            persons(
                &["I", "told", "Hawkins", "."],
                &["PRP", "VBD", "NNP", "."],
                &q
            ),
            ["hawkins"]
        );
        let said = persons(
            &["``", "Hawkins", ",", "come", "here", "''"],
            &["``", "NNP", ",", "VB", "RB", "''"],
            &[true; 6],
        );
        assert_eq!(said, ["hawkins"]);
        assert_eq!(
            persons(
                &["Hawkins", "'s", "voice", "rose"],
                &["NNP", "POS", "NN", "VBD"],
                &q
            ),
            ["hawkins"]
        );
        assert_eq!(
            persons(
                &["Hawkins", "and", "I", "ran"],
                &["NNP", "CC", "PRP", "VBD"],
                &q
            ),
            ["hawkins"]
        );
    }

    #[test]
    fn a_place_named_in_speech_or_reached_is_no_person() {
        let said = persons(
            &["``", "Bistritz", ",", "''", "he", "said"],
            &["``", "NNP", ",", "''", "PRP", "VBD"],
            &[true, true, true, true, false, false],
        );
        assert!(said.is_empty(), "{said:?}");
        let went = persons(
            &["we", "drove", "to", "Millcote", "."],
            &["PRP", "VBD", "TO", "NNP", "."],
            &[false; 5],
        );
        assert!(went.is_empty(), "{went:?}");
    }
}
