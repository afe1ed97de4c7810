//! Version history: every change to a map is a commit that stores only its diff.
//!
//! Commits carry the paper's schema — step, trigger (`init`, `observation`, `conflict_repair`,
//! `user_edit`), observation id and text, analysis — plus the exits the step merely traversed
//! (usage evidence that changes nothing). Operations: [`History::commit`],
//! [`History::rollback_to`] (truncates), [`History::revert`] (a new commit undoing an old one),
//! [`History::recall_step`], [`History::diff`], [`History::checkout`] (cheap: the nearest
//! snapshot plus a replay; snapshots are taken once the changes since the last one outnumber the
//! map's size, so their total cost stays linear), and [`History::tree`], the Reasoning History
//! Tree with each room's timestamp.

use super::map::{Exit, ExitId, Map, MapError, Origin, Room, RoomId};
use serde::{Deserialize, Serialize};

/// Why a commit was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// The starting state.
    Init,
    /// A step of the text was read.
    Observation,
    /// A repair action.
    ConflictRepair,
    /// The user edited the map by hand (including reverts).
    UserEdit,
}

impl Trigger {
    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            Trigger::Init => "init",
            Trigger::Observation => "observation",
            Trigger::ConflictRepair => "conflict_repair",
            Trigger::UserEdit => "user_edit",
        }
    }
}

/// What one commit changed. Applied in this order: removed exits, removed rooms, updated rooms,
/// added rooms, added exits.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// Rooms that appeared.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub added_rooms: Vec<Room>,
    /// Rooms that went away (with their data, so the change can be undone).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed_rooms: Vec<Room>,
    /// Rooms whose name, aliases or description changed: (before, after).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub updated_rooms: Vec<(Room, Room)>,
    /// Exits that appeared (a relabel is a removal and an addition with the same id).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub added_exits: Vec<Exit>,
    /// Exits that went away.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed_exits: Vec<Exit>,
}

impl Change {
    /// True if nothing changes.
    pub fn is_empty(&self) -> bool {
        self.added_rooms.is_empty()
            && self.removed_rooms.is_empty()
            && self.updated_rooms.is_empty()
            && self.added_exits.is_empty()
            && self.removed_exits.is_empty()
    }

    /// Number of rooms and exits touched.
    pub fn size(&self) -> usize {
        self.added_rooms.len()
            + self.removed_rooms.len()
            + self.updated_rooms.len()
            + self.added_exits.len()
            + self.removed_exits.len()
    }

    /// The change that undoes this one.
    pub fn inverse(&self) -> Change {
        Change {
            added_rooms: self.removed_rooms.clone(),
            removed_rooms: self.added_rooms.clone(),
            updated_rooms: self
                .updated_rooms
                .iter()
                .map(|(a, b)| (b.clone(), a.clone()))
                .collect(),
            added_exits: self.removed_exits.clone(),
            removed_exits: self.added_exits.clone(),
        }
    }

    /// Applies the change to a map; on error the map is left unchanged (the steps already taken
    /// are undone, so no copy of the map is needed).
    ///
    /// # Errors
    /// A [`MapError`] if the change does not fit the map.
    pub fn apply(&self, map: &mut Map) -> Result<(), MapError> {
        let mut done: Vec<Undo> = Vec::new();
        let result = self.apply_logged(map, &mut done);
        if result.is_err() {
            for step in done.into_iter().rev() {
                // Undoing a step that just succeeded cannot fail.
                let _ = match step {
                    Undo::InsertExit(e) => map.insert_exit(e),
                    Undo::InsertRoom(r) => map.insert_room(r),
                    Undo::UpdateRoom(r) => map.update_room(r).map(|_| ()),
                    Undo::RemoveRoom(id) => map.remove_room(id).map(|_| ()),
                    Undo::RemoveExit(id) => map.remove_exit(id).map(|_| ()),
                };
            }
        }
        result
    }

    fn apply_logged(&self, map: &mut Map, done: &mut Vec<Undo>) -> Result<(), MapError> {
        for e in &self.removed_exits {
            done.push(Undo::InsertExit(map.remove_exit(e.id)?));
        }
        for r in &self.removed_rooms {
            done.push(Undo::InsertRoom(map.remove_room(r.id)?));
        }
        for (_, after) in &self.updated_rooms {
            done.push(Undo::UpdateRoom(map.update_room(after.clone())?));
        }
        for r in &self.added_rooms {
            map.insert_room(r.clone())?;
            done.push(Undo::RemoveRoom(r.id));
        }
        for e in &self.added_exits {
            map.insert_exit(e.clone())?;
            done.push(Undo::RemoveExit(e.id));
        }
        Ok(())
    }

    /// Applies in place; on error the map may be half-changed (callers that need atomicity use
    /// [`Change::apply`]).
    ///
    /// # Errors
    /// A [`MapError`] if the change does not fit the map.
    pub fn apply_unchecked(&self, map: &mut Map) -> Result<(), MapError> {
        for e in &self.removed_exits {
            map.remove_exit(e.id)?;
        }
        for r in &self.removed_rooms {
            map.remove_room(r.id)?;
        }
        for (_, after) in &self.updated_rooms {
            map.update_room(after.clone())?;
        }
        for r in &self.added_rooms {
            map.insert_room(r.clone())?;
        }
        for e in &self.added_exits {
            map.insert_exit(e.clone())?;
        }
        Ok(())
    }
}

/// How to undo one step of [`Change::apply`].
enum Undo {
    InsertExit(Exit),
    InsertRoom(Room),
    UpdateRoom(Room),
    RemoveRoom(RoomId),
    RemoveExit(ExitId),
}

/// One commit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commit {
    /// Version number: its index in the history (0 = the first commit).
    pub id: u32,
    /// The step of the text (or repair iteration) it belongs to.
    pub step: u32,
    /// Why it was made.
    pub trigger: Trigger,
    /// Which observation it came from, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observation_id: Option<u32>,
    /// The observation's text (the action and what the game said, a paragraph of a novel, …).
    #[serde(default)]
    pub observation: String,
    /// The reasoning: a model's analysis, a repair's reason, the automapper's note.
    #[serde(default)]
    pub analysis: String,
    /// What changed.
    #[serde(default)]
    pub change: Change,
    /// Exits walked along in this step without changing the map (usage evidence).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traversed: Vec<ExitId>,
}

impl Commit {
    /// The exits this commit counts as used once each: those it added and those it lists as
    /// traversed (see [`History::usage`]).
    pub fn used_exits(&self) -> impl Iterator<Item = ExitId> + '_ {
        self.change
            .added_exits
            .iter()
            .map(|e| e.id)
            .chain(self.traversed.iter().copied())
    }

    /// Where this commit's step left the reader, if it went anywhere: along the last exit it
    /// observed (a step that found a new way went that way last), else along the last exit it
    /// walked (when `map` still has it), else into the last room it added. Only an observation
    /// moves the reader.
    pub fn arrival(&self, map: &Map) -> Option<RoomId> {
        if self.trigger != Trigger::Observation {
            return None;
        }
        let observed = self
            .change
            .added_exits
            .iter()
            .rev()
            .find(|e| e.origin == Origin::Observed)
            .map(|e| e.to);
        let walked = || {
            self.traversed
                .last()
                .and_then(|&e| map.exit(e))
                .map(|e| e.to)
        };
        observed
            .or_else(walked)
            .or_else(|| self.change.added_rooms.last().map(|r| r.id))
    }
}

/// What a commit is made of before it gets its id.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CommitInfo {
    /// See [`Commit::step`].
    pub step: u32,
    /// See [`Commit::trigger`]; `None` means observation.
    pub trigger: Option<Trigger>,
    /// See [`Commit::observation_id`].
    pub observation_id: Option<u32>,
    /// See [`Commit::observation`].
    pub observation: String,
    /// See [`Commit::analysis`].
    pub analysis: String,
    /// See [`Commit::traversed`].
    pub traversed: Vec<ExitId>,
}

/// The paper's `recall_step` record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StepRecall {
    /// Version number.
    pub version: u32,
    /// Step.
    pub step: u32,
    /// Trigger.
    pub trigger: Trigger,
    /// Observation id.
    pub observation_id: Option<u32>,
    /// Observation text.
    pub observation: String,
    /// Analysis text.
    pub analysis: String,
    /// Exits added.
    pub added_exits: Vec<Exit>,
    /// Exits removed.
    pub removed_exits: Vec<Exit>,
}

impl StepRecall {
    /// The exits this step saw that the map had only assumed (an inferred way back, now
    /// observed). The change records each as removed and added again under the same id.
    pub fn confirmed_exits(&self) -> Vec<&Exit> {
        self.added_exits
            .iter()
            .filter(|e| {
                e.origin == Origin::Observed
                    && self.removed_exits.iter().any(|r| {
                        r.id == e.id
                            && r.origin == Origin::InferredReverse
                            && (r.from, r.to, &r.label) == (e.from, e.to, &e.label)
                    })
            })
            .collect()
    }
}

/// Why a history operation was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HistoryError {
    /// No such version.
    #[error("there is no version {0}")]
    NoVersion(u32),
    /// The change does not fit the current map.
    #[error("the change does not fit the map: {0}")]
    Map(#[from] MapError),
    /// A revert would touch things later commits changed.
    #[error("version {version} cannot be reverted: {reason}")]
    CannotRevert {
        /// The version.
        version: u32,
        /// Why.
        reason: String,
    },
}

/// The Reasoning History Tree: rooms with their first-seen timestamps and the exits in the order
/// they were committed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryTree {
    /// τ per room: the version at which it first appeared (indexed by room id; `None` if absent).
    pub tau: Vec<Option<u32>>,
    /// Exits in commit order with the version that added them (only those still present).
    pub exits: Vec<(ExitId, u32)>,
}

/// A map's whole history. See the module docs.
#[derive(Debug, Clone, Default)]
pub struct History {
    commits: Vec<Commit>,
    head: Map,
    snapshots: Vec<(u32, Map)>,
    since_snapshot: usize,
}

impl History {
    /// An empty history (no commits, empty map).
    pub fn new() -> History {
        History::default()
    }

    /// Makes room for `more` commits (a loader that knows how many it will make).
    pub fn reserve(&mut self, more: usize) {
        self.commits.reserve(more);
    }

    /// Rebuilds a history from saved commits, checking that each one applies.
    ///
    /// # Errors
    /// The first commit that does not apply.
    pub fn from_commits(commits: Vec<Commit>) -> Result<History, (u32, HistoryError)> {
        let mut h = History::new();
        for (i, mut c) in commits.into_iter().enumerate() {
            c.id = i as u32;
            c.change
                .apply_unchecked(&mut h.head)
                .map_err(|e| (i as u32, HistoryError::Map(e)))?;
            h.note_snapshot(c.change.size(), i as u32);
            h.commits.push(c);
        }
        Ok(h)
    }

    /// The map at the newest commit.
    pub fn head(&self) -> &Map {
        &self.head
    }

    /// All commits, oldest first.
    pub fn commits(&self) -> &[Commit] {
        &self.commits
    }

    /// Number of commits.
    pub fn len(&self) -> usize {
        self.commits.len()
    }

    /// True if there are no commits.
    pub fn is_empty(&self) -> bool {
        self.commits.is_empty()
    }

    /// One commit.
    pub fn get(&self, version: u32) -> Option<&Commit> {
        self.commits.get(version as usize)
    }

    /// Where the reader was once the first `upto` commits were made: the newest of them that
    /// went anywhere ([`Commit::arrival`]), if that room is on `map` (the map at that version).
    pub fn reader_at(&self, upto: usize, map: &Map) -> Option<RoomId> {
        self.commits[..upto.min(self.commits.len())]
            .iter()
            .rev()
            .find_map(|c| c.arrival(map))
            .filter(|&r| map.room(r).is_some())
    }

    /// The newest version number, if any.
    pub fn head_version(&self) -> Option<u32> {
        self.commits.len().checked_sub(1).map(|v| v as u32)
    }

    fn note_snapshot(&mut self, changed: usize, version: u32) {
        self.since_snapshot += changed;
        if self.since_snapshot > 64
            && self.since_snapshot >= self.head.exit_count() + self.head.room_count()
        {
            self.snapshots.push((version, self.head.clone()));
            self.since_snapshot = 0;
        }
    }

    /// Applies a change and records it. An empty change is still recorded (an observation that
    /// taught nothing new is part of the history).
    ///
    /// # Errors
    /// [`HistoryError::Map`] if the change does not fit; nothing is recorded then.
    pub fn commit(&mut self, change: Change, info: CommitInfo) -> Result<u32, HistoryError> {
        change.apply(&mut self.head)?;
        let id = self.commits.len() as u32;
        let size = change.size();
        self.commits.push(Commit {
            id,
            step: info.step,
            trigger: info.trigger.unwrap_or(Trigger::Observation),
            observation_id: info.observation_id,
            observation: info.observation,
            analysis: info.analysis,
            change,
            traversed: info.traversed,
        });
        self.note_snapshot(size, id);
        Ok(id)
    }

    /// The map as of `version` (after that commit).
    ///
    /// # Errors
    /// [`HistoryError::NoVersion`].
    ///
    /// # Complexity
    /// O(map size + changes since the nearest snapshot), which the snapshot rule keeps O(map size).
    pub fn checkout(&self, version: u32) -> Result<Map, HistoryError> {
        if version as usize >= self.commits.len() {
            return Err(HistoryError::NoVersion(version));
        }
        if Some(version) == self.head_version() {
            return Ok(self.head.clone());
        }
        let idx = self.snapshots.partition_point(|(v, _)| *v <= version);
        let (mut map, from) = match idx.checked_sub(1).map(|i| &self.snapshots[i]) {
            Some((v, m)) => (m.clone(), *v + 1),
            None => (Map::new(), 0),
        };
        for c in &self.commits[from as usize..=version as usize] {
            c.change.apply_unchecked(&mut map)?;
        }
        Ok(map)
    }

    /// Drops every commit after `version`; the head becomes the map at `version`.
    ///
    /// # Errors
    /// [`HistoryError::NoVersion`].
    pub fn rollback_to(&mut self, version: u32) -> Result<(), HistoryError> {
        let map = self.checkout(version)?;
        self.commits.truncate(version as usize + 1);
        self.snapshots.retain(|(v, _)| *v <= version);
        self.since_snapshot = 0;
        self.head = map;
        Ok(())
    }

    /// Adds a commit that undoes `version`'s change.
    ///
    /// # Errors
    /// [`HistoryError::CannotRevert`] if later commits changed what it touched.
    pub fn revert(&mut self, version: u32, info: CommitInfo) -> Result<u32, HistoryError> {
        let commit = self.get(version).ok_or(HistoryError::NoVersion(version))?;
        let inverse = commit.change.inverse();
        let mut probe = self.head.clone();
        inverse
            .apply_unchecked(&mut probe)
            .map_err(|e| HistoryError::CannotRevert {
                version,
                reason: format!("a later commit changed it ({e})"),
            })?;
        let info = CommitInfo {
            trigger: Some(info.trigger.unwrap_or(Trigger::UserEdit)),
            analysis: if info.analysis.is_empty() {
                format!("revert version {version}")
            } else {
                info.analysis
            },
            ..info
        };
        self.commit(inverse, info)
    }

    /// The paper's `recall_step`: what a commit saw, thought and changed.
    pub fn recall_step(&self, version: u32) -> Option<StepRecall> {
        let c = self.get(version)?;
        Some(StepRecall {
            version: c.id,
            step: c.step,
            trigger: c.trigger,
            observation_id: c.observation_id,
            observation: c.observation.clone(),
            analysis: c.analysis.clone(),
            added_exits: c.change.added_exits.clone(),
            removed_exits: c.change.removed_exits.clone(),
        })
    }

    /// What changed from version `a` to version `b`: rooms and exits in `b` and not in `a` are
    /// added, the reverse removed, same id with other data updated (rooms) or removed+added
    /// (exits).
    ///
    /// # Errors
    /// [`HistoryError::NoVersion`].
    pub fn diff(&self, a: u32, b: u32) -> Result<Change, HistoryError> {
        Ok(diff_maps(&self.checkout(a)?, &self.checkout(b)?))
    }

    /// The Reasoning History Tree.
    pub fn tree(&self) -> HistoryTree {
        let mut tau: Vec<Option<u32>> = vec![None; self.head.room_bound()];
        let mut added_at: Vec<Option<u32>> = vec![None; self.head.exit_bound()];
        for c in &self.commits {
            for r in &c.change.added_rooms {
                if let Some(slot) = tau.get_mut(r.id.0 as usize) {
                    slot.get_or_insert(c.id);
                }
            }
            for e in &c.change.added_exits {
                if let Some(slot) = added_at.get_mut(e.id.0 as usize) {
                    slot.get_or_insert(c.id);
                }
            }
        }
        let exits = self
            .head
            .exits()
            .map(|e| {
                (
                    e.id,
                    added_at
                        .get(e.id.0 as usize)
                        .copied()
                        .flatten()
                        .unwrap_or(0),
                )
            })
            .collect::<Vec<_>>();
        let mut exits = exits;
        exits.sort_by_key(|(id, v)| (*v, *id));
        HistoryTree { tau, exits }
    }

    /// How often each exit was walked or observed: one for the commit that added it, one for
    /// every commit that lists it as traversed. Indexed by exit id.
    pub fn usage(&self) -> Vec<u32> {
        let mut usage = vec![0u32; self.head.exit_bound()];
        for c in &self.commits {
            for e in c.used_exits() {
                if let Some(u) = usage.get_mut(e.0 as usize) {
                    *u += 1;
                }
            }
        }
        usage
    }
}

/// The change that turns map `a` into map `b`.
pub fn diff_maps(a: &Map, b: &Map) -> Change {
    let mut change = Change::default();
    for r in b.rooms() {
        match a.room(r.id) {
            None => change.added_rooms.push(r.clone()),
            Some(old) if old != r => change.updated_rooms.push((old.clone(), r.clone())),
            Some(_) => {}
        }
    }
    for r in a.rooms() {
        if b.room(r.id).is_none() {
            change.removed_rooms.push(r.clone());
        }
    }
    for e in b.exits() {
        match a.exit(e.id) {
            None => change.added_exits.push(e.clone()),
            Some(old) if old != e => {
                change.removed_exits.push(old.clone());
                change.added_exits.push(e.clone());
            }
            Some(_) => {}
        }
    }
    for e in a.exits() {
        if b.exit(e.id).is_none() {
            change.removed_exits.push(e.clone());
        }
    }
    change
}

/// Convenience for builders: the room ids a change adds.
pub fn added_room_ids(change: &Change) -> impl Iterator<Item = RoomId> + '_ {
    change.added_rooms.iter().map(|r| r.id)
}
