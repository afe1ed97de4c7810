//! The grammar a clause is read with ([`super::clause`]): where each token sits in the
//! sentence's noun phrases, the verb groups, the subject before a verb (through a chain of
//! "of" phrases, over a prepositional phrase after it), the phrase a participle describes, and
//! the dependents after a verb (the object, prepositional phrases, coordinated phrases,
//! pronouns and "here").

use super::chunk::{Determiner, Phrase};
use super::lexicon::direction_word;

/// Forms of "be", "have" and "do" that stand before a main verb.
#[rustfmt::skip]
pub(super) const AUXILIARIES: &[&str] = &[
    "be", "is", "was", "were", "am", "are", "been", "being", "'s", "'re", "'m", "have", "has",
    "had", "having", "'ve", "'d", "do", "does", "did", "get", "got",
];

/// Words that open a clause with its own subject ("as the door opened", "that the gallery
/// lay"), unlike prepositions, whose phrase is never a subject ("at one corner of the room
/// was a door").
#[rustfmt::skip]
pub(super) const SUBORDINATORS: &[&str] = &[
    "that", "as", "after", "before", "till", "until", "since", "when", "while", "whilst",
    "though", "although", "because", "if", "unless", "than", "whether", "where", "whence",
    "once", "so", "for",
];

/// How far back (tokens) a participle looks for the noun phrase it describes, over adverbs,
/// commas and adjectives ("the wood, dun and sere, divided by a path").
pub const HOST_REACH: usize = 6;

/// What a clause's subject is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    /// A noun phrase (index into the sentence's phrases).
    Phrase(usize),
    /// A personal or demonstrative pronoun (token index).
    Pronoun(usize),
    /// None found.
    None,
}

/// What a dependent points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A noun phrase.
    Phrase(usize),
    /// A pronoun token ("it", "us").
    Pronoun(usize),
}

/// A phrase that depends on a verb.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dependent {
    /// Token span `[a, b)` of its preposition (empty for the object).
    pub prep: (usize, usize),
    /// What it points at.
    pub target: Target,
    /// It follows "and", "or" or a comma and keeps the preposition of the one before.
    pub coordinated: bool,
    /// It follows a comma and an indefinite article, or a dash: another name for the phrase
    /// before ("the gallery of lava, a perfect natural pathway", "into a room—the real
    /// drawing-room"), not another place.
    pub apposition: bool,
}

pub(super) fn is_verb(tag: &str) -> bool {
    tag.starts_with("VB") || tag == "MD"
}

pub(super) fn is_boundary(word: &str, tag: &str) -> bool {
    matches!(tag, ":" | "``" | "''") || matches!(word, ";" | "--" | "(" | ")")
}

pub(super) fn is_adverb(tag: &str) -> bool {
    matches!(tag, "RB" | "RBR" | "RBS")
}

pub(super) fn is_prep(tag: &str) -> bool {
    matches!(tag, "IN" | "TO" | "RP" | "RB")
}

/// Where each token sits in the sentence's phrases.
pub(super) fn phrase_index(
    n: usize,
    phrases: &[Phrase],
) -> (Vec<Option<usize>>, Vec<Option<usize>>) {
    let mut over = vec![None; n];
    let mut ending = vec![None; n + 1];
    for (i, p) in phrases.iter().enumerate() {
        for slot in over.iter_mut().take(p.end.min(n)).skip(p.start) {
            *slot = Some(i);
        }
        if p.end <= n {
            ending[p.end] = Some(i);
        }
    }
    (over, ending)
}

pub(super) struct Grammar<'a> {
    pub(super) words: &'a [&'a str],
    pub(super) tags: &'a [&'a str],
    pub(super) quoted: &'a [bool],
    pub(super) phrases: &'a [Phrase],
    pub(super) over: Vec<Option<usize>>,
    pub(super) ending: Vec<Option<usize>>,
}

impl Grammar<'_> {
    pub(super) fn lower(&self, k: usize) -> String {
        self.words[k].to_lowercase()
    }

    pub(super) fn is_aux(&self, k: usize) -> bool {
        self.tags[k] == "MD" || AUXILIARIES.contains(&self.lower(k).as_str())
    }

    /// A compass word followed by "of" ("north of"), or "the" between a preposition and one
    /// ("to the east of").
    pub(super) fn compass_of(&self, k: usize) -> bool {
        let of_at = |i: usize| {
            self.words
                .get(i)
                .is_some_and(|w| w.eq_ignore_ascii_case("of"))
        };
        let compass = |i: usize| {
            self.words
                .get(i)
                .and_then(|w| direction_word(w))
                .is_some_and(|d| {
                    !matches!(
                        d,
                        crate::domain::Direction::Up | crate::domain::Direction::Down
                    )
                })
        };
        (compass(k) && of_at(k + 1))
            || (self.lower(k) == "the"
                && compass(k + 1)
                && of_at(k + 2)
                && k > 0
                && is_prep(self.tags[k - 1]))
    }

    /// The verb groups: `(start, end, main)`.
    pub(super) fn groups(&self) -> Vec<(usize, usize, usize)> {
        let n = self.words.len();
        let mut out = Vec::new();
        let mut k = 0;
        while k < n {
            if self.over[k].is_some() || !is_verb(self.tags[k]) {
                k += 1;
                continue;
            }
            let start = k;
            let mut main = k;
            let mut j = k;
            loop {
                if !is_verb(self.tags[j]) {
                    break;
                }
                main = j;
                // An auxiliary goes on to the verb it carries, over adverbs and "to".
                let mut next = j + 1;
                while next < n && (is_adverb(self.tags[next]) || self.tags[next] == "TO") {
                    next += 1;
                }
                let carries = self.is_aux(j)
                    && next < n
                    && self.over[next].is_none()
                    && is_verb(self.tags[next]);
                if !carries {
                    break;
                }
                j = next;
            }
            out.push((start, main + 1, main));
            k = main + 1;
        }
        out
    }

    /// The phrase at the head of the "of" chain ending with phrase `p` ("the church" of "the
    /// church of the district").
    pub(super) fn chain_head(&self, mut p: usize) -> usize {
        loop {
            let s = self.phrases[p].start;
            if s >= 2 && self.words[s - 1].eq_ignore_ascii_case("of") {
                if let Some(q) = self.ending[s - 1] {
                    p = q;
                    continue;
                }
            }
            return p;
        }
    }

    /// A subject ending just before token `k` (exclusive), over adverbs: a phrase chain or a
    /// pronoun. Returns the subject and its first token.
    pub(super) fn subject_before(&self, k: usize, floor: usize) -> Option<(Subject, usize)> {
        let mut k = k;
        while k > floor && is_adverb(self.tags[k - 1]) {
            k -= 1;
        }
        if k <= floor {
            return None;
        }
        if let Some(p) = self.ending[k] {
            if self.phrases[p].start >= floor {
                let head = self.chain_head(p);
                let at = self.phrases[head].start;
                // The object of a preposition is not a subject.
                let governed = at > 0
                    && matches!(self.tags[at - 1], "IN" | "TO")
                    && !SUBORDINATORS.contains(&self.lower(at - 1).as_str());
                if governed {
                    // "The door at the end of the passage led …": a phrase with a
                    // prepositional phrase after it is the subject, not the preposition's
                    // object.
                    let prep = at - 1;
                    return match self.ending[prep] {
                        Some(q) if self.phrases[q].start >= floor && prep > floor => {
                            let head = self.chain_head(q);
                            let at = self.phrases[head].start;
                            let governed = at > 0
                                && matches!(self.tags[at - 1], "IN" | "TO")
                                && !SUBORDINATORS.contains(&self.lower(at - 1).as_str());
                            (!governed).then_some((Subject::Phrase(head), at))
                        }
                        _ => None,
                    };
                }
                return Some((Subject::Phrase(head), at));
            }
        }
        // "Beyond it lay the moor", "from there": a pronoun right after a preposition of the
        // clause is that preposition's object, as a phrase there is, never the subject.
        let governed = k >= floor + 2
            && matches!(self.tags[k - 2], "IN" | "TO")
            && !SUBORDINATORS.contains(&self.lower(k - 2).as_str());
        let pronoun = matches!(self.tags[k - 1], "PRP" | "EX") || self.lower(k - 1) == "this";
        if pronoun && !governed {
            return Some((Subject::Pronoun(k - 1), k - 1));
        }
        None
    }

    /// A phrase a participle at `k` describes: the one just before, over adverbs, commas,
    /// adjectives and "and".
    pub(super) fn host_before(&self, k: usize, floor: usize) -> Option<usize> {
        let mut j = k;
        let mut steps = 0;
        while j > floor && steps < HOST_REACH {
            if let Some(p) = self.ending[j] {
                return Some(self.chain_head(p));
            }
            let t = self.tags[j - 1];
            let w = self.words[j - 1];
            if !(is_adverb(t) || matches!(t, "JJ" | "JJR" | "CC") || w == ",") {
                return None;
            }
            j -= 1;
            steps += 1;
        }
        None
    }

    /// The dependent phrase or pronoun starting at `k`, if any.
    pub(super) fn target_at(&self, k: usize) -> Option<(Target, usize)> {
        if let Some(p) = self.over.get(k).copied().flatten() {
            if self.phrases[p].start == k {
                return Some((Target::Phrase(p), self.phrases[p].end));
            }
        }
        // "From here": the place the reader is, standing for a phrase.
        if k < self.words.len() && self.over[k].is_none() && self.lower(k) == "here" {
            return Some((Target::Pronoun(k), k + 1));
        }
        if k < self.words.len() && matches!(self.tags[k], "PRP" | "PRP$") && self.over[k].is_none()
        {
            let w = self.lower(k);
            if matches!(
                w.as_str(),
                "it" | "us" | "me" | "them" | "him" | "her" | "you" | "this" | "that"
            ) {
                return Some((Target::Pronoun(k), k + 1));
            }
        }
        None
    }

    /// The dependents in `[from, to)`, and the particles right after `from` when `particles`.
    pub(super) fn dependents(
        &self,
        from: usize,
        to: usize,
        particles: bool,
    ) -> (Vec<Dependent>, Vec<usize>) {
        let mut deps: Vec<Dependent> = Vec::new();
        let mut parts = Vec::new();
        let mut k = from;
        let mut last_prep: Option<(usize, usize)> = None;
        let mut seen_any = false;
        while k < to {
            // A run of preposition-like words before a phrase is its preposition; a compass
            // word before "of" is one, however tagged ("north of the hall").
            let mut j = k;
            while j < to
                && self.over[j].is_none()
                && (is_prep(self.tags[j]) || self.compass_of(j))
                && !(j > k && self.lower(j) == "here")
            {
                j += 1;
            }
            if j > k {
                if let Some((target, end)) = self.target_at(j).filter(|_| j < to) {
                    // "of" after a phrase is its complement, not the verb's.
                    let of = self.lower(k) == "of" && j == k + 1;
                    if !of {
                        deps.push(Dependent {
                            prep: (k, j),
                            target,
                            coordinated: false,
                            apposition: false,
                        });
                        last_prep = Some((k, j));
                    }
                    seen_any = true;
                    k = end;
                    continue;
                }
                if particles && !seen_any {
                    parts.extend(k..j);
                }
                k = j;
                continue;
            }
            let w = self.words[k];
            // A dash before a phrase after a path phrase opens another name for it ("into a
            // room magnificent in size—the real drawing-room").
            let dash = matches!(w, "—" | "--" | "–");
            if matches!(w, "and" | "or" | ",") || dash {
                // A phrase at or past the clause's end is the next clause's (its subject).
                let next = self.target_at(k + 1).filter(|_| k + 1 < to);
                if let (Some(prep), Some((target, end))) = (last_prep, next) {
                    let apposition = dash
                        || (w == ","
                            && matches!(target, Target::Phrase(p) if self.phrases[p].determiner == Determiner::Indefinite));
                    deps.push(Dependent {
                        prep,
                        target,
                        coordinated: true,
                        apposition,
                    });
                    k = end;
                    continue;
                }
                k += 1;
                continue;
            }
            if let Some((target, end)) = self.target_at(k) {
                if !seen_any {
                    // The object.
                    deps.push(Dependent {
                        prep: (k, k),
                        target,
                        coordinated: false,
                        apposition: false,
                    });
                    last_prep = Some((k, k));
                }
                seen_any = true;
                k = end;
                continue;
            }
            k += 1;
        }
        (deps, parts)
    }
}
