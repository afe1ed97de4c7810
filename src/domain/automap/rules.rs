//! The automapper's named rules, each of which can be switched off to measure what it is worth
//! (`maprepair eval … --without RULE`): the hindsight stages ([`super::tracker`]'s
//! `HINDSIGHT`) and the special kinds of evidence for where a move started or which room a
//! reply shows. A rule is kept only while switching it off costs on data it was not developed
//! on; [`RULES`] lists each with what it decides.

use std::collections::BTreeSet;

/// Every rule that can be switched off, with what it decides. The hindsight stages carry the
/// names of `tracker::hindsight::HINDSIGHT`.
pub const RULES: &[(&str, &str)] = &[
    (
        "left-alike",
        "hindsight: moves whose replies open with one sentence about leaving, word for word, left one room",
    ),
    (
        "revisit-sources",
        "hindsight: a move the finished lattice places away from its destination started where its start should be",
    ),
    (
        "crossed-ways-back",
        "hindsight: two moves that would be each other's way back had each started where the other ended",
    ),
    (
        "walked-back",
        "hindsight: a move retraced through the rooms walked just before it",
    ),
    (
        "second-look",
        "hindsight: every start judged again by how well all the moves agree",
    ),
    (
        "detach-misfits",
        "hindsight: a move the map cannot hold started elsewhere",
    ),
    (
        "named-before",
        "start: a listed room the text before the title names (\"You get off the bench.\")",
    ),
    (
        "named-back",
        "start: the room the arrival's description places the way back towards",
    ),
    (
        "sibling-named-back",
        "start: a same-titled listed room the arrival's description puts the way back",
    ),
    (
        "named-beside",
        "start: the room whose name puts it the way back (\"admin corridor south\")",
    ),
    (
        "passed-through",
        "start: the room whose description speaks of the thing passed through",
    ),
    (
        "enclosing-room",
        "start: a move in to a room listed inside a thing starts in the thing's room",
    ),
    (
        "left-inside",
        "start: a move out of a thing the reply shows starts in the one room that is its inside",
    ),
    (
        "speaker-of",
        "start: a move the current room rules out starts in the one room whose text speaks of the way",
    ),
    (
        "skipped-to",
        "start: the nearest room the skipped steps could reach with this way unwalked",
    ),
    (
        "dead-end",
        "start: a room whose description says it is a dead end is left only by the way back",
    ),
    (
        "scrambled",
        "start: \"You're not sure which direction is which.\" keeps the start where the player was",
    ),
    (
        "first-walk",
        "start: a cleaned walkthrough keeps each exit's first walk, so a way walked before to elsewhere was not walked here",
    ),
    (
        "cannot-be-slot",
        "room: a reply whose text names ways out but not the way back is not the unseen room",
    ),
    (
        "same-slope",
        "room: a room whose way back climbs as the way there does is another room",
    ),
    (
        "dark-vertical",
        "room: a bare room entered up or down is the one dark room entered that way",
    ),
    (
        "title-words",
        "room: a text under a known title that holds none of the title's words, where the room met under it was described in them, is that room",
    ),
    (
        "told-by-words",
        "room: the words below a bare title tell which same-titled room it is",
    ),
];

/// The names of [`RULES`], comma-separated.
fn rule_names() -> String {
    RULES.iter().map(|r| r.0).collect::<Vec<_>>().join(", ")
}

/// Which of [`RULES`] are in force: all of them unless switched off.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rules {
    off: BTreeSet<&'static str>,
}

/// A rule name that [`RULES`] does not list.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no automapper rule is called '{0}'; the rules: {names}", names = rule_names())]
pub struct UnknownRule(pub String);

impl Rules {
    /// Every rule in force.
    pub fn all() -> Rules {
        Rules::default()
    }

    /// Every rule in force but the ones named (names as in [`RULES`]; a space stands for a
    /// hyphen).
    ///
    /// # Errors
    /// [`UnknownRule`] for a name [`RULES`] does not list.
    pub fn without<S: AsRef<str>>(names: &[S]) -> Result<Rules, UnknownRule> {
        let mut off = BTreeSet::new();
        for n in names {
            let key = n.as_ref().trim().replace(' ', "-");
            let Some((name, _)) = RULES.iter().find(|(r, _)| *r == key) else {
                return Err(UnknownRule(n.as_ref().to_string()));
            };
            off.insert(*name);
        }
        Ok(Rules { off })
    }

    /// True while the rule is in force (a name with spaces is the same as with hyphens).
    pub fn on(&self, name: &str) -> bool {
        if self.off.is_empty() {
            return true;
        }
        !self.off.contains(name.replace(' ', "-").as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_are_switched_off_by_name_and_unknown_names_are_refused() {
        let r = Rules::without(&["walked back", "dead-end"]).unwrap();
        assert!(!r.on("walked back"));
        assert!(!r.on("dead-end"));
        assert!(r.on("left-alike"));
        assert!(Rules::all().on("dead-end"));
        assert_eq!(
            Rules::without(&["no such rule"]),
            Err(UnknownRule("no such rule".into()))
        );
    }

    #[test]
    fn every_hindsight_stage_is_a_rule() {
        for (name, _) in crate::domain::automap::tracker::HINDSIGHT {
            let key = name.replace(' ', "-");
            assert!(RULES.iter().any(|(r, _)| *r == key), "{name}");
        }
    }
}
