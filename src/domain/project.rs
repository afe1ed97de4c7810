//! A project: a named map with its full history and, when known, its ground truth. This is
//! what the app autosaves and exports, and what `check`/`repair` read from edge lists.

use super::direction::Label;
use super::draft::Draft;
use super::formats::{records_of, EdgeRecord, FormatError, Step};
use super::history::{Change, Commit, CommitInfo, History, Trigger};
use super::map::ExitId;
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ground_truth: Option<Vec<TruthRecord>>,
}

#[derive(Serialize, Deserialize)]
struct TruthRecord {
    src_node: String,
    dst_node: String,
    action: String,
}

impl Project {
    /// Builds a project from a MANGO edge list: one commit per record in `seen_in_forward`
    /// order (ties and missing steps in file order, missing last), each adding the exit and its
    /// inferred reverse when the pair has none.
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
        let mut order: Vec<usize> = (0..records.len()).collect();
        order.sort_by_key(|&i| (records[i].seen_in_forward.unwrap_or(i64::MAX), i));
        let mut history = History::new();
        history.reserve(records.len() + every_step.unwrap_or(0));
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
            let (src, dst) = (r.src.trim(), r.dst.trim());
            if src.is_empty() || dst.is_empty() || src.eq_ignore_ascii_case(dst) {
                continue;
            }
            if let Some(step) = r.seen_in_forward {
                silent(&mut history, &mut next_step, step);
                next_step = next_step.max(step.saturating_add(1));
            } else {
                silent(&mut history, &mut next_step, i64::MAX);
            }
            let mut draft = Draft::new(history.head());
            let a = draft.room(src);
            let b = draft.room(dst);
            draft.exit(a, b, Label::parse(&r.action), true);
            let step = r
                .seen_in_forward
                .and_then(|s| u32::try_from(s).ok())
                .unwrap_or(n as u32);
            let info = CommitInfo {
                step,
                trigger: Some(Trigger::Observation),
                observation_id: Some(n as u32),
                observation: r
                    .seen_in_forward
                    .and_then(text)
                    .unwrap_or_else(|| format!("{} --{}--> {}", r.src, r.action, r.dst)),
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
        let file = ProjectFile {
            format: "maprepair-project".into(),
            version: FORMAT_VERSION,
            name: self.name.clone(),
            commits: self.history.commits().to_vec(),
            ground_truth: self.ground_truth.as_ref().map(|t| {
                t.iter()
                    .map(|r| TruthRecord {
                        src_node: r.src.clone(),
                        dst_node: r.dst.clone(),
                        action: r.action.clone(),
                    })
                    .collect()
            }),
        };
        serde_json::to_string(&file).unwrap_or_default()
    }

    /// Reads a project saved by [`Project::to_json`].
    ///
    /// # Errors
    /// A [`FormatError`] naming the problem: not JSON, not a project, a newer version, or a
    /// commit that does not apply.
    pub fn from_json(text: &str, file: &str) -> Result<Project, FormatError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| FormatError::json(file, &e))?;
        if value.get("format").and_then(|f| f.as_str()) != Some("maprepair-project") {
            return Err(FormatError::new(
                file,
                "field \"format\"",
                "is not a maprepair project (expected \"format\": \"maprepair-project\")",
            ));
        }
        let parsed: ProjectFile = serde_json::from_value(value).map_err(|e| {
            FormatError::new(file, "", format!("project does not match the format: {e}"))
        })?;
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
        let history = History::from_commits(parsed.commits)
            .map_err(|(i, e)| FormatError::new(file, format!("commit {i}"), e.to_string()))?;
        let ground_truth = parsed.ground_truth.map(|t| {
            t.into_iter()
                .map(|r| EdgeRecord {
                    src: r.src_node,
                    dst: r.dst_node,
                    action: r.action,
                    seen_in_forward: None,
                    seen_in_reversed: None,
                })
                .collect()
        });
        Ok(Project {
            name: parsed.name,
            history,
            ground_truth,
        })
    }

    /// The current map's observed exits as MANGO records (room display names, in exit order).
    pub fn edge_records(&self) -> Vec<EdgeRecord> {
        // The step of the commit that first added each exit.
        let mut first_step: rustc_hash::FxHashMap<ExitId, i64> = rustc_hash::FxHashMap::default();
        for c in self.history.commits() {
            for e in &c.change.added_exits {
                first_step.entry(e.id).or_insert(i64::from(c.step));
            }
        }
        records_of(self.history.head(), |id| first_step.get(&id).copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(src: &str, dst: &str, action: &str, seen: i64) -> EdgeRecord {
        EdgeRecord {
            src: src.into(),
            dst: dst.into(),
            action: action.into(),
            seen_in_forward: Some(seen),
            seen_in_reversed: None,
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
