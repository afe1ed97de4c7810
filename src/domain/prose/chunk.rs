//! Noun-phrase chunking over tagged tokens.
//!
//! A noun phrase is an optional determiner (an article, a demonstrative, a possessive pronoun,
//! or a possessor: a name or noun followed by 's), then modifiers (adjectives, participles,
//! numbers, nouns), then one or more nouns; the last noun is its head. A phrase whose head is a
//! part word ("the bottom of the well", "the mouth of the river") takes its "of" phrase in.
//! Pronouns, verbs and anything else are never phrases, so a verb or a pronoun is never a place.

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

/// One noun phrase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phrase {
    /// First token (the determiner or possessor, if any).
    pub start: usize,
    /// One past the last token.
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
    /// The "of" phrase a part word takes in ("the well" of "the bottom of the well").
    pub of_head: Option<usize>,
}

/// Part words that make a place of their "of" phrase ("the foot of the stairs").
const PART_WORDS: &[&str] = &[
    "bottom", "mouth", "foot", "top", "edge", "end", "head", "centre", "center", "middle",
    "summit", "brow", "crest",
];

fn is_noun(tag: &str) -> bool {
    tag.starts_with("NN")
}

fn is_modifier(tag: &str) -> bool {
    matches!(
        tag,
        "JJ" | "JJR" | "JJS" | "VBN" | "VBG" | "CD" | "NN" | "NNS" | "NNP" | "NNPS"
    )
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

/// The noun phrases of one sentence (token indices into `words`/`tags`), left to right.
pub fn chunk(words: &[&str], tags: &[&str]) -> Vec<Phrase> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
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
        if determiner == Determiner::Bare && matches!(tags[j], "VBG" | "VBN") {
            i += 1;
            continue;
        }
        // Modifiers and nouns; a possessor's "'s" restarts the phrase as its determiner.
        let body_start = j;
        let mut k = j;
        let mut last_noun = None;
        while k < words.len() {
            let t = tags[k];
            if is_modifier(t) {
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
            } else {
                break;
            }
        }
        // The phrase ends at its last noun (trailing adjectives belong to what follows).
        let Some(head) = last_noun else {
            i = start.max(i) + 1;
            continue;
        };
        let mut end = head + 1;
        let modifiers = words[j..head].iter().map(|w| (*w).to_string()).collect();
        let proper = (j..=head)
            .filter(|&x| is_noun(tags[x]))
            .all(|x| tags[x].starts_with("NNP"));
        // A part word takes its "of" phrase in.
        let mut of_head = None;
        if PART_WORDS.contains(&words[head].to_lowercase().as_str())
            && words.get(end).is_some_and(|w| w.eq_ignore_ascii_case("of"))
        {
            let rest = chunk(&words[end + 1..], &tags[end + 1..]);
            if let Some(p) = rest.first().filter(|p| p.start == 0) {
                of_head = Some(end + 1 + p.head);
                end = end + 1 + p.end;
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
            (p[0].start, p[0].end, p[0].head, p[0].of_head),
            (1, 6, 2, Some(5))
        );
    }

    #[test]
    fn verbs_and_pronouns_are_not_phrases() {
        let words = ["She", "went", "quickly", "."];
        let tags = ["PRP", "VBD", "RB", "."];
        assert!(chunk(&words, &tags).is_empty());
    }
}
