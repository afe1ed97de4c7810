//! Which places go on the map: a place is kept when the evidence that the story treats it as
//! a place of its scene adds up to [`KEEP_AT`].
//!
//! Every mention adds its weight: what kind of word named it ([`kind_weight`]), how specific
//! the mention is ([`specificity`]: "the library" or "Thornfield" name one place, "a
//! billiard-room" introduces one, "villages" and "doors" name a kind of thing), whether it
//! stands in a spatial role ([`SPATIAL_BONUS`]: the object of "into", "beyond", "reached", the
//! subject of "led" or "lay"), and whether the narration names it or only someone's speech
//! ([`SPEECH`]). A link the reader made, or the reader having been there, is evidence of its
//! own ([`LINKED`], [`VISITED`]).
//!
//! | weight | value | evidence it weighs |
//! |---|---|---|
//! | [`PLACE_WORD`] | 1.0 | a place noun ("hall", "moor") or a proper name with one ("Skeleton Island") |
//! | [`NAME_WORD`] | 0.4 | a proper name without a place noun ("Bistritz", but also "June", "Come") |
//! | [`NAMED_AGAIN`] | 2 mentions | such a name placed in the narration and named again weighs as a place word ([`name_evidence`]) |
//! | [`WAY_WORD`] | 0.2 | a door, a window, steps: furniture of a room more often than a place |
//! | [`DEFINITE`] | 1.0 | "the", "this", an owner, a proper name |
//! | [`INDEFINITE`] | 0.7 | "a", "one", a number: a place introduced |
//! | [`GENERIC`] | 0.35 | a bare or indefinite plural ("villages", "some rooms"): a kind of place |
//! | [`SPATIAL_BONUS`] | 0.5 | the mention stands in a spatial role, or is what the narrator sees ([`seen_phrases`]) |
//! | [`Passage::speech`] | share of quoted words, at least [`SPEECH_FLOOR`] 0.1 | the mention is inside quotation marks |
//! | [`ASIDE`] | 0.4 | the mention is in a present-tense clause of a story told in the past |
//! | [`LINKED`] | 2.0 | the reader linked the place to another |
//! | [`VISITED`] | 1.0 | the reader arrived there or was said to be there |
//! | [`Passage::keep_at`] | [`KEEP_PER_THOUSAND`] 0.17 per thousand words, at least [`KEEP_FLOOR`] 0.8 | the evidence that keeps a place |
//!
//! The bar is the passage's own ([`Passage`]): a long passage names in passing many places it
//! is not set in, a short one only its few; and how much a speech mention weighs is how much
//! of the passage is speech. The values were set on the six development passages of
//! `../shared/prose` (not the two held out, each 4,400–5,900 words, where the bar is
//! 0.80–1.01), so that one definite mention of a place noun in narration keeps a place, and a
//! proper name, a door or a generic plural needs more than one mention or a link. (0.17 per
//! thousand: 107/140 of 122 built on the six; 0.15: 108 of 131; 0.20: 101 of 115.)
//!
//! Measured and not kept (2026-11-28, the twelve development passages `/work/prose_dev12`,
//! main nodes 157/206 of 181 built, pairs 64/176 of 95): a definite plural weighing half a
//! definite singular ("the thatched cottages", "the lower apartments": scenery named
//! together) dropped five built places matching no truth place and three true ones ("the
//! hills", "the old gray cloisters", a tunnel): nodes 154/206 of 173 (R 0.748, under the
//! issue's 0.75; P 0.890), pairs unchanged. An owned plural weighing as a definite one, not
//! as a generic ("the servants' offices"): nodes 158/206 of 183 (one right, "their
//! dressing-rooms" wrong), pairs unchanged. A place right after another place through a
//! preposition of path or position with no verb ("a path through a thick grove") in a
//! spatial role: 157/206 of 182 (one place more, wrong).

use super::candidate::PlaceKind;
use super::chunk::Determiner;
use super::event::Sentence;
use super::lexicon::is_view_verb;
use super::place::Place;
use super::relation::{phrases_in_role, RoleTests};

/// A place noun, or a proper name with one.
pub const PLACE_WORD: f32 = 1.0;
/// A place noun that names a place less surely: running water, rock, a roof, a word with a
/// common sense that is no place ("spring", "drive").
pub const WEAK_WORD: f32 = 0.5;
/// A proper name without a place noun, in a spatial role: most such names in a novel are
/// people, nations or interjections the tagger took for names, so elsewhere it weighs nothing.
pub const NAME_WORD: f32 = 0.4;
/// A door, a window, steps: a way, a place only where a way passes it.
pub const WAY_WORD: f32 = 0.0;
/// A definite mention: an article, a demonstrative, an owner, a proper name.
pub const DEFINITE: f32 = 1.0;
/// An indefinite singular: a place introduced ("a billiard-room").
pub const INDEFINITE: f32 = 0.7;
/// A bare or indefinite plural: a kind of place ("villages", "doors").
pub const GENERIC: f32 = 0.35;
/// Added (as a fraction of the mention's weight) for a mention in a spatial role.
pub const SPATIAL_BONUS: f32 = 0.5;
/// Kept (as a fraction) for a mention inside quotation marks where the passage's share of
/// speech is not known ([`Passage::speech`] is used where it is): speech names far places.
pub const SPEECH: f32 = 0.4;
/// Kept (as a fraction) for a mention in a present-tense clause of a story told in the past:
/// the narrator's commentary ("is very common in England", "travellers who bury themselves in
/// the African desert"), not the scene. Weighed as speech is, for the same reason: the place
/// is named, not gone to.
pub const ASIDE: f32 = 0.4;
/// Share of the narration's finite verbs in the past tense above which a story is told in the
/// past (and its present-tense clauses are asides): more past than present.
pub const PAST_NARRATION: f32 = 0.5;
/// Kept (as a fraction) for a mention in the "of" complement of another place: the sentence
/// is about the other place.
pub const COMPLEMENT: f32 = 0.5;
/// Evidence of a link the reader made.
pub const LINKED: f32 = 2.0;
/// Evidence of the reader having been there, per visit.
pub const VISITED: f32 = 1.0;
/// Evidence that keeps a place where the passage is not known ([`Passage::keep_at`] is used
/// where it is): one definite narrated mention of a place noun.
pub const KEEP_AT: f32 = 1.0;

/// What the word that named a place weighs.
pub fn kind_weight(kind: PlaceKind, weak: bool, spatial: bool) -> f32 {
    match kind {
        PlaceKind::Place if weak => WEAK_WORD,
        PlaceKind::Place => PLACE_WORD,
        PlaceKind::Name if spatial => NAME_WORD,
        PlaceKind::Name | PlaceKind::Way => WAY_WORD.min(0.0),
    }
}

/// How specific a mention is.
pub fn specificity(determiner: Determiner, plural: bool, proper: bool) -> f32 {
    match determiner {
        _ if proper => DEFINITE,
        _ if plural && determiner != Determiner::Definite => GENERIC,
        Determiner::Definite | Determiner::Pronoun | Determiner::Possessor => DEFINITE,
        Determiner::Indefinite | Determiner::Bare => INDEFINITE,
    }
}

/// The phrases a sentence's clauses take as the object of a verb of seeing ("we could see
/// groups of huts", "I surveyed the grounds"): what the narrator looks at is in the scene, as
/// much as where a preposition of path or position puts something ([`SPATIAL_BONUS`]).
pub fn seen_phrases(s: &Sentence<'_>) -> Vec<usize> {
    phrases_in_role(
        s,
        &RoleTests {
            object_of: is_view_verb,
            after_preposition: |_| false,
            subject_of: |_| false,
        },
    )
}

/// True when a finite verb is in the present tense (Penn `VBZ`, `VBP`).
fn present(tag: &str) -> bool {
    matches!(tag, "VBZ" | "VBP")
}

/// True when a Penn tag is a finite verb's (past or present; a modal is neither).
fn finite(tag: &str) -> bool {
    tag == "VBD" || present(tag)
}

/// True when the narration (the words outside quotation marks) of a text, given as each
/// word's tag and whether it is quoted, is told in the past ([`PAST_NARRATION`]).
pub fn past_narration<'a>(words: impl Iterator<Item = (&'a str, bool)>) -> bool {
    let (mut past, mut all) = (0usize, 0usize);
    for (t, q) in words {
        if !q && finite(t) {
            all += 1;
            past += usize::from(t == "VBD");
        }
    }
    #[allow(clippy::cast_precision_loss)] // Counts of words in a text.
    let share = past as f32 / all.max(1) as f32;
    all > 0 && share > PAST_NARRATION
}

/// True when the narration's clause around token `k` is in the present tense: the nearest
/// finite verb outside quotation marks before it, else after it.
pub fn present_at(tags: &[&str], quoted: &[bool], k: usize) -> bool {
    let narrated = |j: &usize| !quoted.get(*j).copied().unwrap_or(false) && finite(tags[*j]);
    let verb = (0..k.min(tags.len()))
        .rev()
        .find(narrated)
        .or_else(|| (k..tags.len()).find(narrated));
    verb.is_some_and(|j| present(tags[j]))
}

/// One mention of a place, as [`mention_weight`] weighs it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mention {
    /// What kind of word named it.
    pub kind: PlaceKind,
    /// A place noun that names a place less surely than most (a stream, a rock).
    pub weak: bool,
    /// Its determiner.
    pub determiner: Determiner,
    /// A plural head.
    pub plural: bool,
    /// A proper name.
    pub proper: bool,
    /// It stands in a spatial role (the object of "into", the subject of "lay").
    pub spatial: bool,
    /// It is inside quotation marks.
    pub quoted: bool,
    /// It is in a present-tense clause of a story told in the past ([`ASIDE`]).
    pub aside: bool,
}

/// The evidence one mention adds.
pub fn mention_weight(m: &Mention) -> f32 {
    let base =
        kind_weight(m.kind, m.weak, m.spatial) * specificity(m.determiner, m.plural, m.proper);
    let role = if m.spatial { 1.0 + SPATIAL_BONUS } else { 1.0 };
    let voice = if m.quoted {
        SPEECH
    } else if m.aside {
        ASIDE
    } else {
        1.0
    };
    base * role * voice
}

/// Evidence per thousand words of narration that keeps a place ([`Passage::keep_at`]): a
/// long passage mentions in passing many places it is not set in, a short one names only the
/// few it is; so the bar rises with the passage's length.
pub const KEEP_PER_THOUSAND: f32 = 0.17;
/// The lowest bar, for a short passage: below one definite narrated mention of a place noun
/// (1.0), so a paragraph that names its room once keeps it, and above one introduced in
/// passing ([`INDEFINITE`] 0.7: "a farmer's cottage was built by the lane"), which needs a
/// spatial role or a second mention: fewer, surer places on a text never seen.
pub const KEEP_FLOOR: f32 = 0.8;
/// The least a speech mention keeps of its weight, in a passage with almost no dialogue: a
/// place named in the one speech of a passage is still named.
pub const SPEECH_FLOOR: f32 = 0.1;

/// What the passage as a whole says about how to weigh its mentions: told in the past or not,
/// how long it is, how much of it is speech.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Passage {
    /// The narration is told in the past ([`past_narration`]): its present-tense clauses are
    /// asides.
    pub past: bool,
    /// Words (tokens with a letter or a digit).
    pub words: usize,
    /// Share of the words inside quotation marks.
    pub quoted_share: f32,
}

impl Default for Passage {
    fn default() -> Self {
        Passage {
            past: false,
            words: 0,
            quoted_share: SPEECH,
        }
    }
}

impl Passage {
    /// The passage of the tokens given as (text, tag, quoted).
    pub fn of<'a>(tokens: impl Iterator<Item = (&'a str, &'a str, bool)> + Clone) -> Passage {
        let past = past_narration(tokens.clone().map(|(_, t, q)| (t, q)));
        let (mut words, mut quoted) = (0usize, 0usize);
        for (w, _, q) in tokens {
            if w.chars().any(char::is_alphanumeric) {
                words += 1;
                quoted += usize::from(q);
            }
        }
        #[allow(clippy::cast_precision_loss)] // Counts of words in a text.
        let quoted_share = quoted as f32 / words.max(1) as f32;
        Passage {
            past,
            words,
            quoted_share,
        }
    }

    /// The evidence that keeps a place in this passage: [`KEEP_PER_THOUSAND`] per thousand
    /// words, at least [`KEEP_FLOOR`].
    pub fn keep_at(&self) -> f32 {
        #[allow(clippy::cast_precision_loss)] // A count of words.
        let thousands = self.words as f32 / 1000.0;
        (KEEP_PER_THOUSAND * thousands).max(KEEP_FLOOR)
    }

    /// True when the evidence keeps a place in this passage.
    pub fn kept(&self, evidence: f32) -> bool {
        evidence >= self.keep_at()
    }

    /// What a mention inside quotation marks keeps of its weight: the share of the passage
    /// that is speech. Where the story is told in dialogue, speech names the places of the
    /// scene; where a speech is rare, it names far places (at least [`SPEECH_FLOOR`]).
    pub fn speech(&self) -> f32 {
        self.quoted_share.max(SPEECH_FLOOR)
    }

    /// The evidence one mention adds in this passage ([`mention_weight`] with the passage's
    /// speech weight).
    pub fn weigh(&self, m: &Mention) -> f32 {
        let spoken = mention_weight(m);
        if m.quoted {
            spoken / SPEECH * self.speech()
        } else {
            spoken
        }
    }
}

/// The whole evidence for a place: its mentions, its links, its visits.
pub fn evidence(mentions: f32, linked: bool, visits: usize) -> f32 {
    let visits = f32::from(u16::try_from(visits).unwrap_or(u16::MAX));
    mentions + if linked { LINKED } else { 0.0 } + VISITED * visits
}

/// Mentions (in sentences of its own) of a proper name with no place noun after which the
/// story returns to it: two. A name met once where a name is a place ("in Switzerland",
/// "to London") is most often a far place named in passing, an aside or a comparison; one the
/// story names again ("at Fullerton", "our friends from Fullerton") is a place of the story.
/// (On the six development passages, every proper name placed once and named once is no
/// place of the truth: London, Switzerland, the Cape, the Tirol, Bayete, Tom Redruth.)
pub const NAMED_AGAIN: usize = 2;

/// The evidence of the mentions of a proper name with no place noun, already placed
/// ([`Place::placed`]): `mentions` weighed at [`NAME_WORD`] each in a spatial role, `narrated`
/// when the narration named it at least once. Where the narration placed it (its mentions weigh
/// at least one narrated mention in a spatial role) and the story names it again
/// ([`NAMED_AGAIN`]), its mentions weigh as a place word's ([`PLACE_WORD`]): the text has
/// shown it is a place, and returned to it. A name placed only in speech ("gone to the Holy
/// Virgin") keeps [`NAME_WORD`]: a person as often as a place.
pub fn name_evidence(mentions: f32, narrated: bool, count: usize) -> f32 {
    let narrated_placing = NAME_WORD * (1.0 + SPATIAL_BONUS);
    if narrated && count >= NAMED_AGAIN && mentions >= narrated_placing {
        mentions * PLACE_WORD / NAME_WORD
    } else {
        mentions
    }
}

/// The whole evidence for a place of the book. Being in a place named only by a proper name
/// with no place noun ("in England", "at Lowood") weighs what a mention of such a name in a
/// spatial role weighs ([`NAME_WORD`] per visit, not [`VISITED`]): such a name is a person or a
/// nation as often as a place, and the being may be the narrator's aside. Such a name
/// never named where a name is a place ([`Place::placed`]) has no evidence at all; one named
/// again weighs as [`name_evidence`] says.
pub fn of_place(p: &Place) -> f32 {
    let visits = f32::from(u16::try_from(p.visits).unwrap_or(u16::MAX));
    match p.kind {
        // Never where a name is a place ("at Bistritz", [`super::person::placed_names`]):
        // links and visits read from "left Hawkins" or "passed Hawkins" are a person's.
        PlaceKind::Name if !p.placed => 0.0,
        PlaceKind::Name => {
            let mentions = name_evidence(p.evidence, p.narrated, p.mentions);
            evidence(mentions, p.linked, 0) + NAME_WORD * visits
        }
        _ => evidence(p.evidence, p.linked, p.visits),
    }
}

/// True when the evidence keeps a place on the map.
pub fn kept(evidence: f32) -> bool {
    evidence >= KEEP_AT
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_definite_narrated_place_noun_is_enough_and_a_generic_plural_is_not() {
        let library = mention_weight(&Mention {
            kind: PlaceKind::Place,
            weak: false,
            determiner: Determiner::Definite,
            plural: false,
            proper: false,
            spatial: false,
            quoted: false,
            aside: false,
        });
        assert!(kept(evidence(library, false, 0)));
        let villages = mention_weight(&Mention {
            kind: PlaceKind::Place,
            weak: false,
            determiner: Determiner::Bare,
            plural: true,
            proper: false,
            spatial: true,
            quoted: false,
            aside: false,
        });
        assert!(!kept(evidence(villages, false, 0)));
        let door = mention_weight(&Mention {
            kind: PlaceKind::Way,
            weak: false,
            determiner: Determiner::Definite,
            plural: false,
            proper: false,
            spatial: true,
            quoted: false,
            aside: false,
        });
        assert!(!kept(evidence(door * 5.0, false, 0)));
        assert!(kept(evidence(door, true, 0)));
    }

    #[test]
    fn speech_and_names_need_more_than_one_mention() {
        let said = mention_weight(&Mention {
            kind: PlaceKind::Place,
            weak: false,
            determiner: Determiner::Definite,
            plural: false,
            proper: false,
            spatial: false,
            quoted: true,
            aside: false,
        });
        assert!(!kept(evidence(said, false, 0)));
        let name_said = |spatial| {
            mention_weight(&Mention {
                kind: PlaceKind::Name,
                weak: false,
                determiner: Determiner::Bare,
                plural: false,
                proper: true,
                spatial,
                quoted: false,
                aside: false,
            })
        };
        assert!(!kept(evidence(name_said(false) * 5.0, false, 0)));
        assert!(!kept(evidence(name_said(true), false, 0)));
        assert!(kept(evidence(name_said(true) * 2.0, false, 0)));
    }

    #[test]
    fn a_name_placed_in_the_narration_and_named_again_weighs_as_a_place_word() {
        let placed = mention_weight(&Mention {
            kind: PlaceKind::Name,
            weak: false,
            determiner: Determiner::Bare,
            plural: false,
            proper: true,
            spatial: true,
            quoted: false,
            aside: false,
        });
        // "At Fullerton" once: a far place named in passing.
        assert!(!kept(evidence(name_evidence(placed, true, 1), false, 0)));
        // "At Fullerton", then "our friends from Fullerton" in speech: the story returns to it.
        let again = placed + placed * SPEECH_FLOOR;
        assert!(kept(evidence(name_evidence(again, true, 2), false, 0)));
        // Placed only in speech, however often named: no more than before.
        let said = placed * SPEECH;
        assert!((name_evidence(said, true, 3) - said).abs() < f32::EPSILON);
        assert!((name_evidence(placed, false, 2) - placed).abs() < f32::EPSILON);
    }
}
