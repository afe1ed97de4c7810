//! The tracker's side of rule `alike-walked` ([`crate::domain::automap::alike_walk`]): the walk
//! read as events before the pass, and, during it, the room the walk gives an arrival under a
//! title it splits.

use super::{Cand, Tracker};
use crate::domain::automap::alike_walk::{alike_rooms, Event, Marks};
use crate::domain::automap::movement::{is_refusal, mentioned_ways, move_label};
use crate::domain::automap::title::is_dark;
use crate::domain::formats::Step;
use crate::domain::names::title_key;

impl Tracker<'_> {
    /// Reads the walk once, before the pass, and keeps the rooms of the titles it splits (rule
    /// `alike-walked`). Only without a list and in a whole transcript: a cleaned walkthrough
    /// drops steps, so its moves may start anywhere and no way's destination is a witness.
    /// (With a list that numbers a title's rooms, "Winding Passage (2)", the same reading
    /// naming them in the order entered was measured and not kept: the documentation
    /// examples' held-out set lost precision, 0.667 -> 0.656.)
    pub(super) fn learn_alike(&mut self, steps: &[Step]) {
        if !self.rules.on("alike-walked") || self.all_moves || !self.gaz.is_empty() {
            return;
        }
        let events = self.alike_events(steps);
        self.alike = alike_rooms(&events).unwrap_or_default();
    }

    fn alike_events(&self, steps: &[Step]) -> Vec<Event> {
        let mut out = Vec::with_capacity(steps.len());
        let mut last: Option<String> = None;
        for (i, st) in steps.iter().enumerate() {
            let obs = st.observation.as_str();
            let verb = st.action.trim().to_lowercase();
            let seen = self
                .sight(i, obs)
                .map(|s| {
                    let marks = Marks {
                        ways: mentioned_ways(&s.desc_text)
                            .into_iter()
                            .filter(|d| d.is_level())
                            .collect(),
                        desc: Some(s.desc).filter(|d| d.is_telling()),
                        exits: s.exits,
                    };
                    (title_key(&s.shown), marks)
                })
                .filter(|(t, _)| !t.is_empty());
            // A reply in the dark names no room: the dark rooms have rules of their own.
            if matches!(verb.as_str(), "undo" | "restore" | "load" | "restart") || is_dark(obs) {
                last = None;
                out.push(Event::Lost);
                continue;
            }
            let ev = match (move_label(&st.action, self.verbs), seen) {
                (Some(l), Some((title, d))) => Event::Arrive {
                    way: Some(l.to_string().to_lowercase()),
                    title,
                    marks: d,
                },
                (Some(l), None) if is_refusal(obs) => Event::Refused {
                    way: l.to_string().to_lowercase(),
                },
                (None, Some((title, d))) if last.as_ref() == Some(&title) => {
                    Event::Stay { title, marks: d }
                }
                (None, Some((title, d))) => Event::Arrive {
                    way: (i > 0 && !verb.is_empty()).then(|| format!("@{verb}")),
                    title,
                    marks: d,
                },
                // A reply that shows no room and refuses nothing: the player is where they
                // were, as far as the walk tells.
                _ => Event::Stay {
                    title: last.clone().unwrap_or_default(),
                    marks: Marks::default(),
                },
            };
            if let Event::Arrive { title, .. } | Event::Stay { title, .. } = &ev {
                if title.is_empty() {
                    out.push(Event::Lost);
                    continue;
                }
                last = Some(title.clone());
            }
            out.push(ev);
        }
        out
    }

    /// The one candidate the walk allows for the reply of the step being read, when its title
    /// is one the walk splits: the room already met for this arrival's room, else a new one.
    pub(super) fn alike_candidate(&self) -> Option<Cand> {
        let class = self.alike.get(self.index).copied().flatten()?;
        Some(Cand {
            room: self.alike_room.get(&class).copied(),
            place: None,
            group: None,
            text: 1.0,
        })
    }

    /// After a step is read: the room it left the player in is the room of its arrival's class.
    pub(super) fn note_alike(&mut self) {
        if let (Some(Some(class)), Some(r)) = (self.alike.get(self.index).copied(), self.cur) {
            self.alike_room.entry(class).or_insert(r);
        }
    }
}
