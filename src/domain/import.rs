//! Opening any file a user brings: a saved project, a MANGO edge list, or a walkthrough or
//! interpreter transcript, which the automapper turns into a project. The app's *Open file…*,
//! its automapper module and the command line all read files through here.

use super::automap::{automap_telling, Hints};
use super::formats::{detect, parse_edge_list, read_steps, FileKind, FormatError};
use super::progress::{self, Progress, Stage};
use super::project::Project;

/// The name a file's project gets: the file name without its extensions.
pub fn project_name(file: &str) -> String {
    let base = file.rsplit(['/', '\\']).next().unwrap_or(file);
    let cut = base.find('.').unwrap_or(base.len());
    let name = base[..cut].trim();
    if name.is_empty() {
        "Imported map".to_string()
    } else {
        name.to_string()
    }
}

/// Reads an imported file: a saved project (`"format": "maprepair-project"`), a MANGO edge list
/// (a JSON array), or a MANGO walkthrough or interpreter transcript (anything else, automapped).
///
/// # Errors
/// A [`FormatError`] naming the file, the place and the problem.
pub fn read_import(file: &str, text: &str) -> Result<Project, FormatError> {
    read_import_with(file, text, &mut progress::ignore)
}

/// [`read_import`], telling `progress` how far the automapper got with a transcript.
///
/// # Errors
/// As [`read_import`].
pub fn read_import_with(
    file: &str,
    text: &str,
    progress: &mut dyn FnMut(Progress),
) -> Result<Project, FormatError> {
    match read_map(file, text)? {
        Some(p) => Ok(p),
        None => {
            progress(Progress {
                stage: Stage::Parsing,
                done: 0,
                total: text.len(),
            });
            let steps = read_steps(text, file)?;
            Ok(automap_telling(&project_name(file), &steps, &Hints::default(), progress).project)
        }
    }
}

/// [`read_import`] for the files that are maps already: a saved project or an edge list.
/// `None` for a walkthrough or transcript, which is for the automapper (the app hands those to
/// the automapper's module).
///
/// # Errors
/// A [`FormatError`] naming the file, the place and the problem.
pub fn read_map(file: &str, text: &str) -> Result<Option<Project>, FormatError> {
    match detect(file, text)? {
        FileKind::Transcript => Ok(None),
        FileKind::Project => Project::from_json(text, file).map(Some),
        FileKind::EdgeList => {
            let records = parse_edge_list(text, file)?;
            if records.is_empty() {
                return Err(FormatError::new(file, "", "the edge list has no records"));
            }
            Ok(Some(Project::from_edge_records(
                &project_name(file),
                &records,
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edge_list_and_a_transcript_become_projects() {
        let edges = r#"[{"src_node":"A","dst_node":"B","action":"north"}]"#;
        assert_eq!(read_import("zork.edges.json", edges).unwrap().name, "zork");
        // An interpreter's transcript, even one that opens with a bracketed line.
        let script = "[Transcript of THE LIGHTHOUSE]\nBeach\nWet sand.\n\n>n\nCliff Path\nA path.\n\n>s\nBeach\n";
        let p = read_import("my-game.txt", script).unwrap();
        assert_eq!(p.name, "my-game");
        assert_eq!(p.history.head().room_count(), 2);
    }

    #[test]
    fn bad_files_say_where_and_what() {
        let e = read_import("x.json", "[{\"src_node\": 1}]").unwrap_err();
        assert_eq!(e.location, "record 1, field \"src_node\"");
        let e = read_import("y.json", "{\"format\": \"other\"}").unwrap_err();
        assert!(e.problem.contains("not a maprepair project"));
        let e = read_import("z.txt", "hello").unwrap_err();
        assert!(e
            .problem
            .contains("neither a game transcript nor a MANGO walkthrough"));
    }
}
