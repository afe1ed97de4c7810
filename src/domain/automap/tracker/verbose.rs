//! `verbose-returns`: whether this transcript's game prints a room's description on every
//! visit. Infocom's games (and most of MANGO's) are *brief*: a room is described on the first
//! visit and shown by its title alone after, so a title printed again with its description is a
//! new room of the same title (a maze's "all alike" rooms). Inform 7 and TextWorld are
//! *verbose*: every arrival prints the description again, so a description says nothing of
//! novelty. The transcript tells which: a move straight back the way it came ("north" then
//! "south") returns to the room it left, and its reply either prints that room's description
//! again or its title alone. Learned from the transcript's own returns, never assumed.

use super::Tracker;
use crate::domain::automap::identity::{room_prose, Description};
use crate::domain::automap::movement::move_label;
use crate::domain::automap::title::{bare_title, description_after, lines, looks_like_title};
use crate::domain::automap::weights::{SAME_DESC, VERBOSE_RETURNS};
use crate::domain::direction::Label;
use crate::domain::formats::Step;
use crate::domain::names::title_key;

/// One arrival: the move's way, the title shown and the description under it.
struct Arrival {
    label: Label,
    title: String,
    desc: Description,
}

impl Tracker<'_> {
    /// True when the transcript's straight returns show the game verbose (see the module docs):
    /// at least [`VERBOSE_RETURNS`] of them, all but none printing the room's description again
    /// as it was printed when the player left it. Learned with or without a list: without one
    /// it lets a description printed again name its room (`candidates`); with or without, a
    /// whole transcript of a verbose game keeps its starts (`revisit_sources`).
    pub(super) fn learn_verbose(&self, steps: &[Step]) -> bool {
        if !self.rules.on("verbose-returns") {
            return false;
        }
        let short = self.rules.on("short-returns");
        let (mut again, mut bare) = (0usize, 0usize);
        let mut last: Vec<Arrival> = Vec::new();
        for st in steps {
            let Some(label) = move_label(&st.action, self.verbs) else {
                continue;
            };
            let obs = st.observation.as_str();
            let Some(line) = lines(obs).into_iter().rfind(|l| looks_like_title(&l.text)) else {
                last.clear();
                continue;
            };
            let title = title_key(&bare_title(&line.text));
            let below = self.room_text(description_after(obs, line.index));
            let desc = Description::new(&room_prose(&below));
            if let [.., a, b] = last.as_slice() {
                let back = b.label.opposite().as_ref() == Some(&label) && a.title == title;
                if back && a.desc.is_telling() {
                    if desc.is_telling() && a.desc.similarity(&desc) >= SAME_DESC {
                        again += 1;
                    } else if !desc.is_telling() {
                        bare += 1;
                    }
                } else if back && short && !a.desc.words.is_empty() {
                    // A description too short to tell rooms apart ("A quiet place.") still
                    // tells whether the game prints one on a return: word for word again, or
                    // nothing under the title (rule `short-returns`).
                    if desc.words == a.desc.words {
                        again += 1;
                    } else if desc.words.is_empty() {
                        bare += 1;
                    }
                }
            }
            last.push(Arrival { label, title, desc });
            if last.len() > 2 {
                last.remove(0);
            }
        }
        again >= VERBOSE_RETURNS && bare == 0
    }
}
