//! Loading a map file in any supported format, remembering which one it was so `--out` can
//! write the same format back.

use crate::{read, CliError};
use maprepair::domain::automap::{automap, read_name_list, Hints};
use maprepair::domain::formats::{is_transcript, parse_edge_list, read_steps, EdgeRecord};
use maprepair::domain::Project;
use std::path::Path;
use std::sync::OnceLock;

/// A loaded input.
pub enum Input {
    /// A MANGO edge list (ground truth or LLM-built).
    EdgeList {
        /// The records as read.
        records: Vec<EdgeRecord>,
        /// The file's title, for the project view.
        title: String,
        /// The same as a project (one commit per exit), built on first use: the reference
        /// semantics reads the records and never needs it.
        project: OnceLock<Project>,
    },
    /// A saved maprepair project, or a walkthrough the automapper turned into one.
    Project(Project),
}

impl Input {
    /// The project view of the input.
    pub fn project(&self) -> &Project {
        match self {
            Input::EdgeList {
                records,
                title,
                project,
            } => project.get_or_init(|| Project::from_edge_records(title, records)),
            Input::Project(project) => project,
        }
    }

    /// The project view of the input, owned (built now for an edge list if it was not yet).
    pub fn into_project(self) -> Project {
        match self {
            Input::EdgeList {
                records,
                title,
                project,
            } => project
                .into_inner()
                .unwrap_or_else(|| Project::from_edge_records(&title, &records)),
            Input::Project(project) => project,
        }
    }

    /// True for an edge list (written back as one).
    pub fn is_edge_list(&self) -> bool {
        matches!(self, Input::EdgeList { .. })
    }
}

/// Loads `path`.
pub fn load(path: &Path) -> Result<Input, CliError> {
    let text = read(path)?;
    let name = path.display().to_string();
    let title = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("map")
        .to_string();
    if name.ends_with(".walkthrough") || is_transcript(&text) {
        // A walkthrough or an interpreter transcript: the automapper builds the map, one commit
        // per step. A locations.json beside it (MANGO's layout) names the rooms.
        let steps = read_steps(&text, &name)?;
        let mut hints = Hints::default();
        let stem = name.trim_end_matches(".walkthrough");
        for (suffix, list) in [
            (".locations.json", &mut hints.locations),
            (".actions.json", &mut hints.actions),
        ] {
            let side = format!("{stem}{suffix}");
            if let Ok(t) = std::fs::read_to_string(&side) {
                *list = read_name_list(&t, &side)?;
            }
        }
        return Ok(Input::Project(automap(&title, &steps, &hints).project));
    }
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') {
        return Ok(Input::Project(Project::from_json(&text, &name)?));
    }
    let records = parse_edge_list(&text, &name)?;
    Ok(Input::EdgeList {
        records,
        title,
        project: OnceLock::new(),
    })
}
