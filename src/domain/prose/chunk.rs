//! Noun-phrase chunking over tagged tokens.
//!
//! A noun phrase is an optional determiner (an article, a demonstrative, a possessive pronoun,
//! or a possessor: a name or noun followed by 's), then modifiers (adjectives, participles,
//! numbers, nouns; adjectives may be coordinated: "the bright and velvet lawn", "the low, sandy
//! spit"), then one or more nouns; the last noun is its head. Pronouns, verbs and anything else
//! are never phrases, so a verb or a pronoun is never a place.
//!
//! Three kinds of head take the "of" phrase after them in ([`Part`]):
//! * a **spot** of a place ("the bottom of the well", "the top of the stairs"): a place of its
//!   own, named with its "of" phrase;
//! * a **region** of a place ("a small portion of the park", "the side of a precipice"): the
//!   place itself, seen in part;
//! * a **collective** ("a series of low tunnels", "a patch of green grass", "a pair of gates"):
//!   the phrase names what its "of" phrase names, as a whole.
//!
//! Any other head keeps an "of" phrase after it as its complement ("the narrow ledge of stone",
//! "the church of the district"): not part of the phrase's core, but part of the way the text
//! names the place, so it is one of the place's mention forms.

/// What kind of determiner opens a phrase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Determiner {
    /// "the", "this", "that", "these", "those".
    Definite,
    /// "a", "an", "another", "one", "some", "any".
    Indefinite,
    /// A possessive pronoun ("my", "his", "her", "our", "their", "your", "its").
    Pronoun,
    /// A possessor name or noun ("the Count's").
    Possessor,
    /// None at all ("Bistritz", "stairs").
    Bare,
}

/// How a head word takes the "of" phrase after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// A spot of a place, a place of its own ("the bottom of the well").
    Spot,
    /// A region of a place, the place itself ("a portion of the park").
    Region,
    /// A collective, naming what its "of" phrase names ("a series of tunnels").
    Collective,
}

/// One noun phrase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phrase {
    /// First token (the determiner or possessor, if any).
    pub start: usize,
    /// One past the last token (a part word's "of" phrase included).
    pub end: usize,
    /// The head noun's token index.
    pub head: usize,
    /// The determiner kind.
    pub determiner: Determiner,
    /// The determiner or possessor words, lowercased ("my", "the count").
    pub possessor: Option<String>,
    /// The first token after the determiner or possessor.
    pub body: usize,
    /// Modifier words between the determiner and the head, as written.
    pub modifiers: Vec<String>,
    /// True when every noun of the phrase is a proper noun (NNP).
    pub proper: bool,
    /// The head of the "of" phrase a part word takes in ("well" of "the bottom of the well").
    pub of_head: Option<usize>,
    /// How the head takes its "of" phrase, when it is a part word.
    pub part: Option<Part>,
    /// One past the last token of an "of" complement after the phrase ("of stone" after
    /// "the narrow ledge"), which is not part of the phrase.
    pub complement_end: Option<usize>,
    /// The "of" phrase a part word takes in ("the well" of "the bottom of the well").
    pub inner: Option<Box<Phrase>>,
}

/// Spots of a place: a place of their own, named with their "of" phrase.
const SPOT_WORDS: &[&str] = &[
    "bottom", "mouth", "foot", "top", "end", "head", "summit", "brow", "crest", "edge",
];

/// Regions of a place: the place itself, seen in part.
#[rustfmt::skip]
const REGION_WORDS: &[&str] = &[
    "portion", "part", "side", "corner", "base", "rear", "middle", "centre", "center", "skirts",
    "outskirts", "interior", "depths", "recesses", "extremity", "verge", "border", "remainder",
    "slope", "slopes",
];

/// Collectives and quantities: the phrase names what its "of" phrase names ("a pair of gates").
#[rustfmt::skip]
const COLLECTIVE_WORDS: &[&str] = &[
    "series", "range", "row", "line", "suite", "set", "patch", "group", "cluster", "clump",
    "expanse", "stretch", "tract", "mass", "belt", "wall", "chain", "reach", "sort", "kind",
    "labyrinth", "succession", "number", "pair", "couple",
];

/// Tokens an "of" phrase is looked for in: a determiner, a few modifiers, a noun and its own
/// "of" phrase.
const OF_WINDOW: usize = 12;

fn is_compass(word: &str) -> bool {
    super::lexicon::direction_word(word).is_some_and(|d| {
        !matches!(
            d,
            crate::domain::Direction::Up | crate::domain::Direction::Down
        )
    }) && !word.to_lowercase().ends_with("ern")
}

fn is_noun(tag: &str) -> bool {
    tag.starts_with("NN")
}

fn is_modifier(tag: &str) -> bool {
    matches!(
        tag,
        "JJ" | "JJR" | "JJS" | "VBN" | "VBG" | "CD" | "NN" | "NNS" | "NNP" | "NNPS"
    )
}

fn is_adjective(tag: &str) -> bool {
    matches!(tag, "JJ" | "JJR" | "JJS" | "VBN" | "VBG")
}

fn determiner_kind(word: &str, tag: &str) -> Option<Determiner> {
    let w = word.to_lowercase();
    match (w.as_str(), tag) {
        ("the" | "this" | "that" | "these" | "those", _) => Some(Determiner::Definite),
        ("a" | "an" | "another" | "some" | "any" | "one", _) => Some(Determiner::Indefinite),
        (_, "PRP$") => Some(Determiner::Pronoun),
        _ => None,
    }
}

/// What [`body_tag`] gives an adverb that grades the word after it in a phrase.
const GRADING: &str = "RB+";

/// The tag token `k` plays in a phrase's body (`opened`: a determiner has opened the phrase
/// and no noun has come yet). A compass word is a direction, never a noun of a phrase ("North
/// of the hall"), but inside an opened phrase before a noun it tells which one it is ("the
/// east window"). Inside an opened phrase, an adverb before an adjective or a noun grades it
/// ("a very pretty drawing-room", "the most dreary room"): [`GRADING`].
fn body_tag<'a>(words: &[&str], tags: &[&'a str], k: usize, opened: bool) -> &'a str {
    let adverb = |t: &str| matches!(t, "RB" | "RBR" | "RBS");
    if is_compass(words[k]) {
        return if opened && tags.get(k + 1).is_some_and(|t| is_noun(t)) {
            "JJ"
        } else {
            "RB"
        };
    }
    let grading = opened
        && adverb(tags[k])
        && (k + 1..tags.len())
            .find(|&x| !adverb(tags[x]))
            .is_some_and(|x| is_modifier(tags[x]) && tags[x] != "CD");
    if grading {
        GRADING
    } else {
        tags[k]
    }
}

/// How `word` takes an "of" phrase, if it is a part word.
pub fn part_of(word: &str) -> Option<Part> {
    let w = word.to_lowercase();
    let w = w.as_str();
    if SPOT_WORDS.contains(&w) {
        Some(Part::Spot)
    } else if REGION_WORDS.contains(&w)
        // "The sides of the tunnel" are the tunnel as much as "the side of the tunnel" is.
        || w.strip_suffix('s')
            .is_some_and(|s| REGION_WORDS.contains(&s))
    {
        Some(Part::Region)
    } else if COLLECTIVE_WORDS.contains(&w)
        || w.strip_suffix('s')
            .is_some_and(|s| COLLECTIVE_WORDS.contains(&s))
    {
        Some(Part::Collective)
    } else {
        None
    }
}

/// The phrase starting exactly at token `at` of `words`, read alone.
fn phrase_from(words: &[&str], tags: &[&str], at: usize) -> Option<Phrase> {
    // A window is enough for one phrase (and keeps chunking linear in the sentence).
    let stop = (at + OF_WINDOW).min(words.len()).min(tags.len());
    chunk(&words[at..stop], &tags[at..stop])
        .into_iter()
        .next()
        .filter(|p| p.start == 0)
        .map(|p| shift(p, at))
}

fn shift(mut p: Phrase, by: usize) -> Phrase {
    p.start += by;
    p.end += by;
    p.head += by;
    p.body += by;
    p.of_head = p.of_head.map(|h| h + by);
    p.complement_end = p.complement_end.map(|e| e + by);
    p.inner = p.inner.map(|q| Box::new(shift(*q, by)));
    p
}

/// The noun phrases of one sentence (token indices into `words`/`tags`), left to right.
pub fn chunk(words: &[&str], tags: &[&str]) -> Vec<Phrase> {
    let mut out = Vec::new();
    let n = words.len().min(tags.len());
    let mut i = 0;
    while i < n {
        let start = i;
        let mut determiner = Determiner::Bare;
        let mut possessor = None;
        let mut j = i;
        if let Some(d) = determiner_kind(words[j], tags[j]) {
            determiner = d;
            if d == Determiner::Pronoun {
                possessor = Some(words[j].to_lowercase());
            }
            j += 1;
        }
        // A bare participle opens a clause ("passing the hall"), not a phrase.
        if j >= n || (determiner == Determiner::Bare && matches!(tags[j], "VBG" | "VBN")) {
            i += 1;
            continue;
        }
        // Modifiers and nouns; a possessor's "'s" restarts the phrase as its determiner.
        let body_start = j;
        let mut k = j;
        let mut last_noun = None;
        while k < n {
            // Once a determiner has opened a phrase and before its noun, an adverb grades the
            // adjective after it and a compass word tells which one it is ([`body_tag`]).
            let opened = determiner != Determiner::Bare && last_noun.is_none() && k > start;
            let t = body_tag(words, tags, k, opened);
            let grading = t == GRADING;
            // A number after the noun measures it ("a precipice five hundred feet deep"): the
            // phrase has ended.
            let measure = t == "CD" && last_noun.is_some();
            if grading {
                k += 1;
            } else if is_modifier(t) && !measure {
                if is_noun(t) {
                    last_noun = Some(k);
                }
                k += 1;
            } else if t == "POS" && last_noun.is_some() {
                let owner: Vec<String> = words[body_start..k]
                    .iter()
                    .map(|w| w.to_lowercase())
                    .collect();
                possessor = Some(owner.join(" "));
                determiner = Determiner::Possessor;
                last_noun = None;
                k += 1;
                j = k;
            } else if (words[k] == "," || matches!(words[k], "and" | "or"))
                && last_noun.is_none()
                && k > j
                && is_adjective(tags[k - 1])
                && tags.get(k + 1).is_some_and(|t| is_adjective(t))
            {
                // Coordinated adjectives before the noun: "the bright and velvet lawn".
                k += 1;
            } else {
                break;
            }
        }
        // The phrase ends at its last noun (trailing adjectives belong to what follows).
        let Some(head) = last_noun else {
            i = start + 1;
            continue;
        };
        let mut end = head + 1;
        let modifiers = words[j..head].iter().map(|w| (*w).to_string()).collect();
        // A number counts as an indefinite article ("three large bed-chambers").
        if determiner == Determiner::Bare && tags[j] == "CD" {
            determiner = Determiner::Indefinite;
        }
        let proper = (j..=head)
            .filter(|&x| is_noun(tags[x]))
            .all(|x| tags[x].starts_with("NNP"));
        let of_next = words.get(end).is_some_and(|w| w.eq_ignore_ascii_case("of"));
        let mut of_head = None;
        let mut complement_end = None;
        let mut inner = None;
        let part = if of_next { part_of(words[head]) } else { None };
        if of_next {
            if let Some(p) = phrase_from(words, tags, end + 1) {
                if part.is_some() {
                    // A part word takes its "of" phrase in.
                    of_head = Some(p.of_head.unwrap_or(p.head));
                    end = p.end;
                    inner = Some(Box::new(p));
                } else if !proper {
                    complement_end = Some(p.complement_end.unwrap_or(p.end));
                }
            }
        }
        out.push(Phrase {
            start,
            end,
            head,
            determiner,
            possessor,
            body: j,
            modifiers,
            proper,
            of_head,
            part: part.filter(|_| of_head.is_some()),
            complement_end,
            inner,
        });
        i = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phrases_have_heads_determiners_and_possessors() {
        let words = ["the", "Count", "'s", "room", "and", "my", "long", "gallery"];
        let tags = ["DT", "NNP", "POS", "NN", "CC", "PRP$", "JJ", "NN"];
        let p = chunk(&words, &tags);
        assert_eq!(p.len(), 2);
        assert_eq!(p[0].head, 3);
        assert_eq!(p[0].determiner, Determiner::Possessor);
        assert_eq!(p[0].possessor.as_deref(), Some("count"));
        assert_eq!(p[1].head, 7);
        assert_eq!(p[1].possessor.as_deref(), Some("my"));
        assert_eq!(p[1].modifiers, ["long"]);
    }

    #[test]
    fn a_part_word_takes_its_of_phrase() {
        let words = ["to", "the", "bottom", "of", "the", "well", "."];
        let tags = ["TO", "DT", "NN", "IN", "DT", "NN", "."];
        let p = chunk(&words, &tags);
        assert_eq!(p.len(), 1);
        assert_eq!(
            (p[0].start, p[0].end, p[0].head, p[0].of_head, p[0].part),
            (1, 6, 2, Some(5), Some(Part::Spot))
        );
        let words = ["a", "series", "of", "low", "tunnels"];
        let tags = ["DT", "NN", "IN", "JJ", "NNS"];
        let p = chunk(&words, &tags);
        assert_eq!((p[0].of_head, p[0].part), (Some(4), Some(Part::Collective)));
        // A quantity names what it counts: "a pair of gates" is the gates.
        let words = ["a", "pair", "of", "gates"];
        let tags = ["DT", "NN", "IN", "NNS"];
        let p = chunk(&words, &tags);
        assert_eq!((p[0].of_head, p[0].part), (Some(3), Some(Part::Collective)));
        let words = ["the", "sides", "of", "the", "tunnel"];
        let tags = ["DT", "NNS", "IN", "DT", "NN"];
        let p = chunk(&words, &tags);
        assert_eq!((p[0].of_head, p[0].part), (Some(4), Some(Part::Region)));
    }

    #[test]
    fn coordinated_adjectives_and_of_complements_stay_with_their_noun() {
        let words = ["the", "low", ",", "sandy", "spit", "of", "stone", "."];
        let tags = ["DT", "JJ", ",", "JJ", "NN", "IN", "NN", "."];
        let p = chunk(&words, &tags);
        assert_eq!((p[0].start, p[0].head, p[0].end), (0, 4, 5));
        assert_eq!(p[0].complement_end, Some(7));
    }

    #[test]
    fn adverbs_and_compass_words_inside_a_phrase_stay_with_its_noun() {
        let words = [
            "a",
            "very",
            "pretty",
            "drawing-room",
            "and",
            "the",
            "east",
            "window",
        ];
        let tags = ["DT", "RB", "RB", "NN", "CC", "DT", "JJ", "NN"];
        let p = chunk(&words, &tags);
        assert_eq!(p.len(), 2);
        assert_eq!((p[0].start, p[0].head), (0, 3));
        assert_eq!((p[1].start, p[1].head), (5, 7));
        let words = ["a", "precipice", "five", "hundred", "feet", "deep"];
        let tags = ["DT", "NN", "CD", "CD", "NNS", "JJ"];
        assert_eq!(chunk(&words, &tags)[0].head, 1);
        // Before "of", a compass word is the direction: no phrase ("the north of it").
        let words = ["the", "north", "of", "it"];
        let tags = ["DT", "NN", "IN", "PRP"];
        assert!(chunk(&words, &tags).is_empty());
    }

    #[test]
    fn verbs_and_pronouns_are_not_phrases() {
        let words = ["She", "went", "quickly", "."];
        let tags = ["PRP", "VBD", "RB", "."];
        assert!(chunk(&words, &tags).is_empty());
    }
}
