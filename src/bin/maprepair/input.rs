//! Loading a map file in any supported format, remembering which one it was so `--out` can
//! write the same format back.

use crate::{read, CliError};
use maprepair::domain::automap::{automap, read_name_list, Hints};
use maprepair::domain::formats::{
    detect, parse_edge_list, read_steps, EdgeRecord, FileKind, FormatError,
};
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

    /// The project view of the input, taken out of it (no copy of a big map's history when the
    /// input is not needed afterwards).
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
    // A walkthrough's location and action lists beside it (MANGO's layout) name the rooms.
    let mut hints = Hints::default();
    if name.ends_with(".walkthrough") || detect(&name, &text)? == FileKind::Transcript {
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
    }
    Ok(load_text(&name, &title, &text, &hints)?)
}

/// Reads the text of a file called `name` as a map: a project, an edge list, or a walkthrough or
/// transcript the automapper turns into a project (one commit per step) with `hints`.
///
/// # Errors
/// A [`FormatError`] naming the file, the place and the problem.
pub fn load_text(name: &str, title: &str, text: &str, hints: &Hints) -> Result<Input, FormatError> {
    let kind = detect(name, text)?;
    if name.ends_with(".walkthrough") || kind == FileKind::Transcript {
        let steps = read_steps(text, name)?;
        return Ok(Input::Project(automap(title, &steps, hints).project));
    }
    if kind == FileKind::Project {
        return Ok(Input::Project(Project::from_json(text, name)?));
    }
    let records = parse_edge_list(text, name)?;
    Ok(Input::EdgeList {
        records,
        title: title.to_string(),
        project: OnceLock::new(),
    })
}
