//! Where the reader is: one place with a confidence that fades, dropped rather than guessed.
//!
//! Arriving somewhere ("they went into the library") puts the reader there with full
//! confidence; being told so ("we were in the hall") with a little less. Every sentence that
//! neither moves the reader nor names the place fades the confidence, every paragraph break more,
//! and below [`MIN_CONFIDENCE`] the reader is nowhere: the next move then starts a new thread
//! instead of hanging off a stale place. So one wrong place cannot poison the next fifty
//! paragraphs.
//!
//! The fade was measured on the six development passages (2026-11-26): fading slower adds
//! links of which a third or fewer are right (0.90 per sentence and per paragraph: 24 true
//! pairs of 47 built, against 22 of 41; never fading: 27 of 71), and linking a stated position
//! ("we were now on a sort of common") to the place before it added five links, none right.
//!
//! Whether the fade should depend on what the sentence does was measured too (2026-11-27, six
//! development passages and all eight): of the 42 times on the six the per-sentence fade drops
//! the place, 32 are in sentences that move nobody and name no other place (a part of the place,
//! a door or a window, not counted), 10 in sentences that name another. Keeping the place
//! through the first kind added 5 links on the six and 8 on the eight, none right (edge precision
//! .731 → .681 on the six, .659 → .602 on the eight); never fading on either kind, 8 links more
//! and one right link fewer on the six (13 and one on the eight). Dropping the place at once
//! on a sentence that names another took away 6 links of which 2 right on the six (10 of which
//! 3 on the eight: precision .659 → .707, recall .306 → .290); fading it at 0.75 there and 0.90
//! on the quiet ones changed nothing, and neither did a stated position as sure as an arrival
//! (0.8 → 1.0; 0.6 lost two right links). After a stretch of narration the next move is as a
//! rule not from where the reader last was, so the fade stays one rate.
//!
//! Once dropped, the reader comes back only on evidence of continuity: the narration naming
//! again the place a mover the story follows ("we", "I") last reached, or the mover acting on a
//! door or a window of that place ("I opened my door and ran down to the hall": on the six
//! development passages, 2026-11-27, one link more, right, and one the truth calls wrong that
//! the text supports, "having opened my chamber window ... traversing the long gallery"). Resuming from that place on any later move of the same mover, with
//! no such re-mention, was measured (2026-11-26, six development passages): of the links it
//! added a quarter to a third were right, at any reach from 6 sentences to unlimited.
//!
//! A move with no place said ("I went in", "we descended") leaves where the reader is as a
//! [`Departure`]: the first place the narration names in the next sentence ("It was a long low
//! room") is where it arrived.
//!
//! Where a move starts, read from the move's own words or the mover's own history instead of
//! the reader's position, was measured too (2026-11-27; pairs right of built, six development
//! passages 49/67 and all eight 56/85 before), and none of it is kept:
//! - a return ("I stole back to the study", "we returned to the library", "walked back into")
//!   started at the followed mover's last arrival: 6 returns on the eight, 4 with a start, 1
//!   right (stairs → study, 38 sentences after the arrival; the wrong ones 10 to 14 after):
//!   50/71 on the six, 57/89 on the eight. An excursion ends far from the place returned to.
//! - a "from" source other than where the reader is ("From the dining-room … they proceeded")
//!   linked to where the reader was: 50/70 on the six, 57/89 on the eight.
//! - a move with only a source ("we left the dining-room", "I followed her from the room") as
//!   a [`Departure`] from it: 49/67 on the six, 56/86 on the eight (followed movers only;
//!   56/87 with any mover); the reader then not at the source at all: 45/63 and 52/80. After
//!   leaving a place the next moves do start there.
//! - a move ending in a place passed ("she went down the path and through the second green
//!   door") as a [`Departure`] from it: 49/70 and 55/89 (49/72 and 55/91 with any mover).
//! - a path phrase before the subject ("Through the gateway we passed into the avenue") as a
//!   place passed: 49/67 and 56/86.
//!
//! Counted again (2026-11-28, six development passages): of the 30 moves whose start is
//! unknown (the position faded, no source said) and whose followed mover had a last arrival,
//! that arrival and the move's first stop are a truth pair in 7 (two of them pairs found
//! otherwise); the places the narration named in the sentences just before fit fewer still.
//!
//! Counted on the twelve development passages (2026-11-28, round 21, a diagnostic outside the
//! repository): 39 moves whose first stop has no start (the reader nowhere, no source said).
//! Each cue a start could be taken from, scored where both it and the stop are truth places
//! (truth pair / other pair / the stop itself): the followed mover's last arrival 6 / 16 / 2;
//! the last place the reader held before the fade dropped it 6 / 16 / 3; the place the sentence
//! before was about 2 / 5 / 1; the last place the sentence before named 0 / 5 / 1. Two cues
//! agreeing does not help: the last arrival that is also the last place held 4 / 13 / 2. No cue
//! is right in more than about a quarter of the moves it would start, so an unplaced move still
//! starts nowhere (where the last arrival is named again the reader is already revived, above).

use super::place::PlaceId;
use crate::domain::Direction;

/// Confidence after arriving by a stated move.
pub const ARRIVAL_CONFIDENCE: f32 = 1.0;
/// Confidence after being told where someone is ("we were in the hall"): a statement of
/// position is as good as a move, but it may be about another character.
pub const STATED_CONFIDENCE: f32 = 0.8;
/// Kept per sentence that neither moves nor names the place: narration drifts (talk,
/// description) and after about five such sentences the place is forgotten.
pub const SENTENCE_FADE: f32 = 0.85;
/// Kept per paragraph break: a new paragraph often changes scene.
pub const PARAGRAPH_FADE: f32 = 0.75;
/// Below this the reader is nowhere.
pub const MIN_CONFIDENCE: f32 = 0.4;
/// Sentences after a move with no place said ("I went in") in which the first place the
/// narration names is where the mover arrived ("It was a long low room"). On the six
/// development passages one sentence and two gave the same links; further on, the place
/// named is as often one seen from where the mover stands.
pub const ARRIVAL_LOOKAHEAD: usize = 1;

/// A move that left where the reader was with no place said ("I went in", "we descended"):
/// the place the narration names next is where it arrived.
#[derive(Debug, Clone, PartialEq)]
pub struct Departure {
    /// Where the reader was.
    pub from: PlaceId,
    /// The move's direction ("in", "down").
    pub direction: Option<Direction>,
    /// The sentence of the move (reader-wide index).
    pub sentence: usize,
    /// That sentence, as one line.
    pub evidence: String,
    /// Byte ranges in `evidence` of the words of the move.
    pub words: Vec<(usize, usize)>,
}

/// The reader's position.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Position {
    at: Option<(PlaceId, f32)>,
    left: Option<Departure>,
    /// The last place a mover the story follows ("we", "I") arrived at by a move.
    trail: Option<PlaceId>,
}

impl Position {
    /// Where the reader is, if confident enough.
    pub fn current(&self) -> Option<PlaceId> {
        self.at
            .filter(|&(_, c)| c >= MIN_CONFIDENCE)
            .map(|(p, _)| p)
    }

    /// The reader arrived at `place` by a move.
    pub fn arrive(&mut self, place: PlaceId) {
        self.at = Some((place, ARRIVAL_CONFIDENCE));
        self.left = None;
    }

    /// A mover the story follows ("we", "I") arrived at `place` by a move.
    pub fn moved(&mut self, place: PlaceId) {
        self.trail = Some(place);
    }

    /// Where a mover the story follows last arrived by a move, however long ago.
    pub fn trail(&self) -> Option<PlaceId> {
        self.trail
    }

    /// The narration named `places`: if the reader is nowhere and one of them is where the
    /// followed mover last arrived, the reader is there again.
    pub fn revive(&mut self, places: &[PlaceId]) {
        if self.current().is_none() {
            if let Some(p) = self.trail.filter(|p| places.contains(p)) {
                self.at = Some((p, STATED_CONFIDENCE));
            }
        }
    }

    /// The reader left where they are with no place said; true when they were somewhere.
    pub fn leave(&mut self, mut departure: Departure) -> bool {
        self.left = self.current().map(|from| {
            departure.from = from;
            departure
        });
        self.left.is_some()
    }

    /// The move, with no place said, that sentence `sentence` may say the arrival of.
    pub fn departure(&self, sentence: usize) -> Option<&Departure> {
        self.left
            .as_ref()
            .filter(|d| sentence > d.sentence && sentence <= d.sentence + ARRIVAL_LOOKAHEAD)
    }

    /// The move, with no place said, made in sentence `sentence` itself.
    pub fn departure_in(&self, sentence: usize) -> Option<&Departure> {
        self.left.as_ref().filter(|d| d.sentence == sentence)
    }

    /// The text says the reader is at `place`.
    pub fn stated(&mut self, place: PlaceId) {
        self.at = Some((place, STATED_CONFIDENCE));
        self.left = None;
    }

    /// A sentence went by; `named` when it named the current place.
    pub fn sentence_passed(&mut self, named: bool) {
        if !named {
            self.fade(SENTENCE_FADE);
        }
    }

    /// A paragraph break went by.
    pub fn paragraph_passed(&mut self) {
        self.fade(PARAGRAPH_FADE);
    }

    fn fade(&mut self, keep: f32) {
        self.at = self
            .at
            .map(|(p, c)| (p, c * keep))
            .filter(|&(_, c)| c >= MIN_CONFIDENCE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_fades_and_is_dropped_rather_than_kept_forever() {
        let mut pos = Position::default();
        assert_eq!(pos.current(), None);
        pos.arrive(3);
        pos.sentence_passed(false);
        assert_eq!(pos.current(), Some(3));
        for _ in 0..6 {
            pos.sentence_passed(false);
        }
        assert_eq!(pos.current(), None);
    }

    fn went_in(sentence: usize) -> Departure {
        Departure {
            from: 0,
            direction: Some(Direction::In),
            sentence,
            evidence: "I went in.".to_string(),
            words: vec![(2, 9)],
        }
    }

    #[test]
    fn a_move_with_no_place_waits_one_sentence_for_its_arrival_and_only_from_somewhere() {
        let mut pos = Position::default();
        assert!(!pos.leave(went_in(1)), "nowhere to leave from");
        pos.arrive(4);
        assert!(pos.leave(went_in(1)));
        assert_eq!(pos.departure(1), None, "not in the sentence of the move");
        assert_eq!(pos.departure(2).map(|d| d.from), Some(4));
        assert_eq!(pos.departure(3), None, "too late");
        pos.arrive(5);
        assert_eq!(pos.departure(2), None, "an arrival ends it");
    }

    #[test]
    fn a_dropped_place_comes_back_only_when_the_narration_names_where_the_mover_last_arrived() {
        let mut pos = Position::default();
        pos.arrive(2);
        pos.moved(2);
        pos.arrive(6);
        for _ in 0..4 {
            pos.paragraph_passed();
        }
        assert_eq!(pos.current(), None);
        pos.revive(&[6, 9]);
        assert_eq!(
            pos.current(),
            None,
            "6 was reached, but not by the followed mover"
        );
        pos.revive(&[2]);
        assert_eq!(pos.current(), Some(2));
    }

    #[test]
    fn naming_the_place_keeps_it_and_paragraph_breaks_fade_it_faster() {
        let mut pos = Position::default();
        pos.stated(1);
        for _ in 0..20 {
            pos.sentence_passed(true);
        }
        assert_eq!(pos.current(), Some(1));
        pos.paragraph_passed();
        assert_eq!(pos.current(), Some(1));
        pos.paragraph_passed();
        pos.paragraph_passed();
        assert_eq!(pos.current(), None);
    }
}
