//! A project: a named map with its full history and, when known, its ground truth. This is
//! what the app autosaves and exports, and what `check`/`repair` read from edge lists.

use super::direction::{Direction, Label};
use super::draft::Draft;
use super::formats::written::Records;
use super::formats::{
    parse_record, records_of, write_map, EdgeRecord, FormatError, RecordKind, Step,
};
use super::history::{Change, Commit, CommitInfo, History, Trigger};
use super::map::{Exit, RoomId};
use super::names::canonical_name;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

/// The current project file format version.
pub const FORMAT_VERSION: u32 = 1;

/// A named map with its history.
#[derive(Debug, Clone, Default)]
pub struct Project {
    /// Title shown to the user.
    pub name: String,
    /// Every change, oldest first; the head is the current map.
    pub history: History,
    /// The true map, when a demo or an import has one (as MANGO-style records).
    pub ground_truth: Option<Vec<EdgeRecord>>,
}

#[derive(Serialize, Deserialize)]
struct ProjectFile {
    format: String,
    version: u32,
    name: String,
    commits: Vec<Commit>,
    /// Edge-list records (as [`Records`] writes them), read with [`parse_record`] so that an error
    /// names the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ground_truth: Option<Vec<serde_json::Value>>,
}

/// A [`ProjectFile`] as written: the same fields in the same order, borrowed from the project
/// (a 100,000-room project's commits are not copied to be written).
#[derive(Serialize)]
struct ProjectFileOut<'a> {
    format: &'a str,
    version: u32,
    name: &'a str,
    commits: &'a [Commit],
    #[serde(skip_serializing_if = "Option::is_none")]
    ground_truth: Option<Records<'a>>,
}

/// How a record's label reads: a listed record of one of our files as written (the exact word a
/// direction, anything else free text verbatim), a MANGO record as a player's move; an empty
/// move is a link either way.
fn record_label(r: &EdgeRecord) -> Label {
    if r.action.trim().is_empty() {
        return Label::Link;
    }
    if r.extra.kind.is_some() {
        match Direction::from_word(&r.action) {
            Some(d) => Label::Dir(d),
            None => Label::Free(r.action.clone()),
        }
    } else {
        Label::parse(&r.action)
    }
}

/// The rooms records name, by the ids they give (`src_id`, `dst_id`) or else by name.
#[derive(Default)]
struct RecordRooms {
    by_id: FxHashMap<u32, RoomId>,
}

impl RecordRooms {
    /// The room a record's end names, made if new. A room record brings its key, aliases and
    /// description.
    fn room(&mut self, draft: &mut Draft, r: &EdgeRecord, name: &str, id: Option<u32>) -> RoomId {
        let found = match id {
            Some(id) => self.by_id.get(&id).copied(),
            None => draft.find_room(name),
        };
        if let Some(room) = found {
            return room;
        }
        let x = &r.extra;
        let key = x
            .canonical
            .clone()
            .filter(|_| x.kind == Some(RecordKind::Room))
            .unwrap_or_else(|| canonical_name(name));
        let room = draft.new_room(name, &key);
        if x.kind == Some(RecordKind::Room) {
            for a in &x.aliases {
                draft.alias(room, a);
            }
            if let Some(d) = &x.description {
                draft.describe(room, d);
            }
        }
        if let Some(id) = id {
            self.by_id.insert(id, room);
        }
        room
    }
}

impl Project {
    /// Builds a project from a MANGO edge list: one commit per record in `seen_in_forward`
    /// order (ties and missing steps in file order, missing last), each adding the exit and its
    /// inferred reverse when the pair has none. A file of ours that lists its map whole (every
    /// record with an `origin`, [`crate::domain::formats::mango`]) is read in file order, each
    /// exit exactly as listed.
    pub fn from_edge_records(name: &str, records: &[EdgeRecord]) -> Project {
        Project::from_edge_records_with_text(name, records, |_| None)
    }

    /// [`Project::from_edge_records`], with each commit's observation taken from the text of
    /// the walkthrough step the record names (`seen_in_forward`), when `text` knows it — the
    /// evidence a model had when it wrote the record.
    pub fn from_edge_records_with_text(
        name: &str,
        records: &[EdgeRecord],
        text: impl Fn(i64) -> Option<String>,
    ) -> Project {
        Project::build(name, records, &text, None)
    }

    /// The history a model's reading of a transcript leaves: one commit per step of `steps`
    /// (records cite them by index, `seen_in_forward`), in step order. A step some records cite
    /// makes their commits, as [`Project::from_edge_records_with_text`]; a step no record cites
    /// makes a commit that changes nothing and carries its text (the model read it and recorded
    /// no move). Records citing no step come last.
    pub fn from_edge_records_over_steps(
        name: &str,
        records: &[EdgeRecord],
        steps: &[Step],
    ) -> Project {
        let text = |i: i64| Some(steps.get(usize::try_from(i).ok()?)?.commit_text());
        Project::build(name, records, &text, Some(steps.len()))
    }

    fn build(
        name: &str,
        records: &[EdgeRecord],
        text: &dyn Fn(i64) -> Option<String>,
        every_step: Option<usize>,
    ) -> Project {
        let listed = !records.is_empty() && records.iter().all(|r| r.extra.kind.is_some());
        let mut order: Vec<usize> = (0..records.len()).collect();
        if !listed {
            order.sort_by_key(|&i| (records[i].seen_in_forward.unwrap_or(i64::MAX), i));
        }
        let mut history = History::new();
        history.reserve(records.len() + every_step.unwrap_or(0));
        let mut rooms = RecordRooms::default();
        // The next step (of `every_step`) not yet committed.
        let mut next_step: i64 = 0;
        // Commits the steps before `upto` that no record cites.
        let silent = |history: &mut History, next_step: &mut i64, upto: i64| {
            let Some(n) = every_step else { return };
            while *next_step < upto.min(i64::try_from(n).unwrap_or(i64::MAX)) {
                let info = CommitInfo {
                    step: u32::try_from(*next_step).unwrap_or(u32::MAX),
                    trigger: Some(Trigger::Observation),
                    observation_id: None,
                    observation: text(*next_step).unwrap_or_default(),
                    analysis: "no move recorded".to_string(),
                    traversed: Vec::new(),
                };
                let _ = history.commit(Change::default(), info);
                *next_step += 1;
            }
        };
        for (n, i) in order.into_iter().enumerate() {
            let r = &records[i];
            let kind = r.extra.kind;
            let (src, dst) = (r.src.trim(), r.dst.trim());
            // A MANGO record needs two named rooms; ours name theirs by id.
            let named = kind.is_some() && r.extra.src_id.is_some() && r.extra.dst_id.is_some();
            if !named && (src.is_empty() || dst.is_empty()) {
                continue;
            }
            if kind.is_none() && src.eq_ignore_ascii_case(dst) {
                continue;
            }
            if let Some(step) = r.seen_in_forward {
                silent(&mut history, &mut next_step, step);
                next_step = next_step.max(step.saturating_add(1));
            } else {
                silent(&mut history, &mut next_step, i64::MAX);
            }
            let mut draft = Draft::new(history.head());
            let a = rooms.room(&mut draft, r, src, r.extra.src_id);
            let observation = match kind {
                Some(RecordKind::Room) => format!("room {src}"),
                _ => r
                    .seen_in_forward
                    .and_then(text)
                    .unwrap_or_else(|| format!("{} --{}--> {}", r.src, r.action, r.dst)),
            };
            if kind != Some(RecordKind::Room) {
                let b = rooms.room(&mut draft, r, dst, r.extra.dst_id);
                let label = record_label(r);
                let id = match kind.and_then(RecordKind::origin) {
                    Some(origin) => draft.push_exit(a, b, label, origin),
                    None => draft.exit(a, b, label, true).0,
                };
                if r.extra.non_geometric {
                    if let Some(e) = draft.exit_data(id).cloned() {
                        let flat = Exit {
                            geometric: false,
                            ..e.clone()
                        };
                        draft.replace_exit(e, Some(flat));
                    }
                }
            }
            let step = r
                .seen_in_forward
                .and_then(|s| u32::try_from(s).ok())
                .unwrap_or(n as u32);
            let info = CommitInfo {
                step,
                trigger: Some(Trigger::Observation),
                observation_id: Some(n as u32),
                observation,
                analysis: String::new(),
                traversed: Vec::new(),
            };
            // A draft always fits the map it was drawn on.
            let _ = history.commit(draft.finish(), info);
        }
        silent(&mut history, &mut next_step, i64::MAX);
        Project {
            name: name.to_string(),
            history,
            ground_truth: None,
        }
    }

    /// Serializes the project (map history and ground truth) to JSON.
    pub fn to_json(&self) -> String {
        let file = ProjectFileOut {
            format: "maprepair-project",
            version: FORMAT_VERSION,
            name: &self.name,
            commits: self.history.commits(),
            ground_truth: self.ground_truth.as_deref().map(Records),
        };
        serde_json::to_string(&file).unwrap_or_default()
    }

    /// Reads a project file as JSON, checks that it says it is one, then reads it field by field
    /// with the path of each: slower, and its errors name where the problem is.
    fn read_carefully(text: &str, file: &str) -> Result<ProjectFile, FormatError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| FormatError::json(file, &e))?;
        if value.get("format").and_then(|f| f.as_str()) != Some("maprepair-project") {
            return Err(FormatError::new(
                file,
                "field \"format\"",
                "is not a maprepair project (expected \"format\": \"maprepair-project\")",
            ));
        }
        drop(value);
        super::project_file::read(text, file)
    }

    /// Reads a project saved by [`Project::to_json`] (a byte-order mark is skipped).
    ///
    /// # Errors
    /// A [`FormatError`] naming the place and the problem: not JSON (line and column), not a
    /// project, a field of the wrong shape (the commit, the field's path, line and column), a
    /// newer version, an id no commit could have issued, or a commit that does not apply.
    pub fn from_json(text: &str, file: &str) -> Result<Project, FormatError> {
        let text = super::formats::decode::without_bom(text);
        // A well-formed project is read in one plain pass (a 100,000-room project's 55 MB in a
        // quarter of the time); anything else is read again the careful way below, which names
        // the place and the problem.
        let parsed = match serde_json::from_str::<ProjectFile>(text) {
            Ok(p) if p.format == "maprepair-project" => p,
            _ => Self::read_carefully(text, file)?,
        };
        if parsed.version > FORMAT_VERSION {
            return Err(FormatError::new(
                file,
                "field \"version\"",
                format!(
                    "version {} is newer than this app understands ({FORMAT_VERSION})",
                    parsed.version
                ),
            ));
        }
        super::project_file::check_ids(&parsed.commits, file)?;
        let history = History::from_commits(parsed.commits)
            .map_err(|(i, e)| FormatError::new(file, format!("commit {i}"), e.to_string()))?;
        let ground_truth = match parsed.ground_truth {
            None => None,
            Some(items) => Some(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        parse_record(v, file, i).map_err(|e| FormatError {
                            location: format!("ground_truth, {}", e.location),
                            ..e
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?,
            ),
        };
        Ok(Project {
            name: parsed.name,
            history,
            ground_truth,
        })
    }

    /// The step of the commit that first added each exit, by exit id (ids index the map's
    /// exits, so a vector holds them; `None` for an id no commit added).
    fn first_steps(&self) -> Vec<Option<i64>> {
        let mut first_step: Vec<Option<i64>> = Vec::new();
        for c in self.history.commits() {
            for e in &c.change.added_exits {
                let i = e.id.0 as usize;
                if first_step.len() <= i {
                    first_step.resize(i + 1, None);
                }
                first_step[i].get_or_insert(i64::from(c.step));
            }
        }
        first_step
    }

    /// The current map's observed exits as MANGO records (room display names, in exit order):
    /// MANGO's view of the map, for scoring.
    pub fn edge_records(&self) -> Vec<EdgeRecord> {
        let first_step = self.first_steps();
        records_of(self.history.head(), |id| {
            first_step.get(id.0 as usize).copied().flatten()
        })
    }

    /// The current map whole as an edge list ([`crate::domain::formats::listed`]): what
    /// `repair --out`, `automap --out` and the app's *edges.json* write; it reads back as the
    /// same map.
    pub fn to_edge_list(&self) -> String {
        let first_step = self.first_steps();
        write_map(self.history.head(), |id| {
            first_step.get(id.0 as usize).copied().flatten()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(src: &str, dst: &str, action: &str, seen: i64) -> EdgeRecord {
        EdgeRecord {
            seen_in_forward: Some(seen),
            ..EdgeRecord::new(src, dst, action)
        }
    }

    /// An edge list read in and written out again keeps its records and their steps (inferred
    /// ways back stay implied).
    #[test]
    fn edge_records_round_trip_with_their_steps() {
        let records = vec![
            rec("Hall", "Kitchen", "north", 4),
            rec("Porch", "Hall", "north", 2),
        ];
        let out = Project::from_edge_records("t", &records).edge_records();
        assert_eq!(out, vec![records[1].clone(), records[0].clone()]);
    }
}
