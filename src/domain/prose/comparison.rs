//! Comparisons: the words of a sentence that say what the scene is measured against, not
//! where the story is. A place named there ("like a cathedral", "so lofty as those round
//! Lowood") is not one the story is at or passes.
//!
//! One mask per sentence, read once by the reader before any phrase becomes a place. A
//! comparison opens at its marker and runs to the end of the clause that holds it. Its
//! markers, and where each opens it:
//! * "like", "unlike", "than", "similar", "resembling", "akin", tagged a preposition or an
//!   adjective ("like a map", "similar to those of Table Mountain", "than the trees"): after
//!   the marker;
//! * "as if", "as though" ("as if into a cellar"): after "as";
//! * "compared", "comparing" ("compared with what I had gleaned at Lowood"): after the marker;
//! * "as" closing an equative "so/as + adjective" ("not so lofty as those round Lowood"; not
//!   after "far", "near", "long", "soon": "as far as the gate" is a limit, "as soon as" a
//!   time): after "as";
//! * "as" within three words after "same" ("the same style as that in the south rooms"):
//!   after "as";
//! * "to" or "from" after "different" or "differing" ("a different region to Lowood"): after
//!   the preposition.
//!
//! The clause ends at a semicolon, a colon, a dash, a bracket or a full stop the sentence
//! splitter left inside (a lowercase word after it), or at a coordinator or subordinator
//! whose next word is a subject pronoun ("… compared our notes and we entered the hall"). A
//! comma ends it too, except after a likeness or "as if": "like a map, with its roads and
//! rivers" runs on through the comma, while "so gloomy compared with the dormitory, I went
//! up to the gallery" does not.

/// Likeness words after which what a clause names is compared with, not present, when the
/// tagger reads them as a preposition or adjective ("like" the verb is no comparison).
const LIKENESS: &[&str] = &["like", "unlike", "than", "similar", "resembling", "akin"];

/// Adjectives of an equative whose "as" opens a limit or a time, not a comparison: "as far
/// as the gate", "as soon as I dared".
const LIMITS: &[&str] = &["far", "near", "long", "soon"];

/// Words that open a new clause when a subject pronoun follows them.
const CLAUSE_OPENERS: &[&str] = &[
    "and", "but", "or", "yet", "then", "when", "while", "till", "until", "before", "after", "where",
];

/// Subject pronouns: after a clause opener, a new clause with its own subject.
const SUBJECTS: &[&str] = &["i", "we", "he", "she", "they"];

/// Which tokens of a sentence are inside a comparison.
pub fn mask(words: &[&str], tags: &[&str]) -> Vec<bool> {
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let low = |k: usize| lower.get(k).map_or("", String::as_str);
    let tag = |k: usize| tags.get(k).copied().unwrap_or("");
    let mut out = vec![false; words.len()];
    // Open comparison: `Some(true)` when a comma does not close it (a likeness).
    let mut open: Option<bool> = None;
    let mut different = false;
    for (k, slot) in out.iter_mut().enumerate() {
        let w = low(k);
        let hard_stop = matches!(w, ";" | ":" | "--" | "—" | "(" | ")" | "." | "!" | "?");
        let new_clause =
            CLAUSE_OPENERS.contains(&w) && SUBJECTS.contains(&low(k + 1)) && tag(k + 1) == "PRP";
        if hard_stop || new_clause || (w == "," && open == Some(false)) {
            open = None;
        }
        if hard_stop || w == "," || new_clause {
            different = false;
        }
        *slot = open.is_some();
        let likeness = LIKENESS.contains(&w) && matches!(tag(k), "IN" | "JJ");
        let as_if = w == "as" && matches!(low(k + 1), "if" | "though");
        let comparing = matches!(w, "compared" | "comparing");
        let equative = w == "as"
            && k >= 2
            && matches!(low(k - 2), "so" | "as")
            && tag(k - 1).starts_with("JJ")
            && !LIMITS.contains(&low(k - 1));
        let same = w == "as" && (k.saturating_sub(3)..k).any(|j| low(j) == "same");
        let differs = different && matches!(w, "to" | "from");
        if likeness || as_if {
            open = Some(true);
        } else if (comparing || equative || same || differs) && open.is_none() {
            open = Some(false);
        }
        if matches!(w, "different" | "differing") {
            different = true;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inside(words: &str, tags: &str, word: &str) -> bool {
        let w: Vec<&str> = words.split(' ').collect();
        let t: Vec<&str> = tags.split(' ').collect();
        let k = w.iter().position(|x| *x == word).unwrap_or(usize::MAX);
        mask(&w, &t).get(k).copied().unwrap_or(false)
    }

    #[test]
    fn a_comparison_ends_with_its_clause() {
        let (w, t) = (
            "I compared our notes and we entered the hall",
            "PRP VBD PRP$ NNS CC PRP VBD DT NN",
        );
        assert!(inside(w, t, "notes"));
        assert!(!inside(w, t, "hall"));
    }

    #[test]
    fn a_likeness_runs_through_a_comma_and_a_measure_does_not() {
        let (w, t) = (
            "a plain like a map , with its roads",
            "DT NN IN DT NN , IN PRP$ NNS",
        );
        assert!(inside(w, t, "roads"));
        let (w, t) = (
            "so gloomy compared with the dormitory , I went to the gallery",
            "RB JJ VBN IN DT NN , PRP VBD TO DT NN",
        );
        assert!(inside(w, t, "dormitory"));
        assert!(!inside(w, t, "gallery"));
    }

    #[test]
    fn a_limit_or_a_time_is_no_comparison() {
        let (w, t) = ("as far as the gate", "RB RB IN DT NN");
        assert!(!inside(w, t, "gate"));
        let (w, t) = ("not so warm as the chapel", "RB RB JJ IN DT NN");
        assert!(inside(w, t, "chapel"));
    }
}
