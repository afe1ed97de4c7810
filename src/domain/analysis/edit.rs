//! A one-exit edit the trial judge ([`super::trial`]) weighs: remove, relabel or flatten
//! (mark non-geometric) one exit, its inferred way back following it.

use crate::domain::direction::Label;
use crate::domain::map::{Exit, ExitId, Map, Origin};

/// A one-exit edit. The exit's inferred way back (an inferred exit between the same rooms with
/// the opposite label) follows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {
    /// Remove the exit and its inferred way back.
    Remove(ExitId),
    /// Relabel the exit; its inferred way back takes the opposite label, or goes if the new label
    /// has no opposite.
    Relabel(ExitId, Label),
    /// Keep the exit but mark it non-geometric (it no longer places rooms nor takes part in a
    /// reverse mismatch); its inferred way back stays as it is.
    Flatten(ExitId),
}

impl Edit {
    /// The exit edited.
    pub fn exit(&self) -> ExitId {
        match self {
            Edit::Remove(e) | Edit::Relabel(e, _) | Edit::Flatten(e) => *e,
        }
    }

    /// The exits the edit takes away and those it puts in (same ids, new labels). `None` if the
    /// exit does not exist.
    pub(super) fn parts(&self, map: &Map) -> Option<(Vec<ExitId>, Vec<Exit>)> {
        let old = map.exit(self.exit())?;
        if let Edit::Flatten(_) = self {
            let mut flat = old.clone();
            flat.geometric = false;
            return Some((vec![old.id], vec![flat]));
        }
        let back = old.label.opposite();
        let twins: Vec<&Exit> = map
            .exits_between(old.to, old.from)
            .filter(|t| {
                t.id != old.id
                    && t.origin == Origin::InferredReverse
                    && Some(&t.label) == back.as_ref()
            })
            .collect();
        let mut removed = vec![old.id];
        removed.extend(twins.iter().map(|t| t.id));
        let mut added = Vec::new();
        if let Edit::Relabel(_, to) = self {
            let mut new = old.clone();
            new.label = to.clone();
            added.push(new);
            if let Some(back) = to.opposite() {
                for t in twins {
                    let mut t = t.clone();
                    t.label = back.clone();
                    added.push(t);
                }
            }
        }
        Some((removed, added))
    }

    /// The map after the edit (`None` if the exit does not exist).
    pub fn apply(&self, map: &Map) -> Option<Map> {
        let (removed, added) = self.parts(map)?;
        let mut m = map.clone();
        for id in removed {
            m.remove_exit(id).ok()?;
        }
        for e in added {
            m.insert_exit(e).ok()?;
        }
        Some(m)
    }
}
