//! A project file checked at the door, before anything is built from it: each field's shape
//! (an error names the commit, the field's path, the line and the column), and every room and
//! exit id (ids are issued from 0 in creation order, so none can reach the number of rooms or
//! exits the file's commits add; a larger one would only make the map reserve room for ids
//! nobody issued — 4294967295 of them for one bad number).

use super::formats::FormatError;
use super::history::Commit;
use serde::de::DeserializeOwned;

/// Reads `text` as a `T`, naming where a field has the wrong shape.
///
/// # Errors
/// A [`FormatError`] with the commit (when the field is in one), the field's path, the line and
/// the column, and serde's account of the problem.
pub fn read<T: DeserializeOwned>(text: &str, file: &str) -> Result<T, FormatError> {
    let mut de = serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.inner();
        let mut location = format!("line {}, column {}", inner.line(), inner.column());
        if path != "." {
            location = format!("{}field \"{path}\", {location}", commit_of(&path));
        }
        // serde's message repeats the position; it is in the location already.
        let message = inner.to_string();
        let problem = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(m, _)| m);
        FormatError::new(file, location, format!("wrong shape: {problem}"))
    })
}

/// "commit 3, " for a path inside `commits[3]`, else nothing.
fn commit_of(path: &str) -> String {
    path.strip_prefix("commits[")
        .and_then(|rest| rest.split_once(']'))
        .map(|(i, _)| format!("commit {i}, "))
        .unwrap_or_default()
}

/// Checks that every id the commits use could have been issued: below the number of rooms
/// (exits) the commits add in all.
///
/// # Errors
/// A [`FormatError`] naming the commit, the field and the id.
pub fn check_ids(commits: &[Commit], file: &str) -> Result<(), FormatError> {
    let rooms: usize = commits.iter().map(|c| c.change.added_rooms.len()).sum();
    let exits: usize = commits.iter().map(|c| c.change.added_exits.len()).sum();
    for (i, c) in commits.iter().enumerate() {
        let ch = &c.change;
        let room_ids = ch
            .added_rooms
            .iter()
            .map(|r| ("added_rooms", r.id.0))
            .chain(ch.removed_rooms.iter().map(|r| ("removed_rooms", r.id.0)))
            .chain(
                ch.updated_rooms
                    .iter()
                    .flat_map(|(a, b)| [("updated_rooms", a.id.0), ("updated_rooms", b.id.0)]),
            )
            .chain(
                ch.added_exits
                    .iter()
                    .chain(&ch.removed_exits)
                    .flat_map(|e| [("from", e.from.0), ("to", e.to.0)]),
            );
        let exit_ids = ch
            .added_exits
            .iter()
            .map(|e| ("added_exits", e.id.0))
            .chain(ch.removed_exits.iter().map(|e| ("removed_exits", e.id.0)))
            .chain(c.traversed.iter().map(|e| ("traversed", e.0)));
        for (what, ids, bound) in [
            ("room", room_ids.collect::<Vec<_>>(), rooms),
            ("exit", exit_ids.collect::<Vec<_>>(), exits),
        ] {
            if let Some((field, id)) = ids.into_iter().find(|(_, id)| *id as usize >= bound) {
                return Err(FormatError::new(
                    file,
                    format!("commit {i}, field \"{field}\""),
                    format!(
                        "{what} id {id} cannot be: ids are numbered from 0 in the order \
                         {what}s are added, and the file adds {bound} {what}(s) in all"
                    ),
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::domain::Project;

    const HEAD: &str = r#"{"format":"maprepair-project","version":1,"name":"x","commits":["#;

    #[test]
    fn an_id_no_commit_could_issue_is_refused_before_anything_is_built() {
        let text = format!(
            "{HEAD}{{\"id\":0,\"step\":0,\"trigger\":\"observation\",\"change\":{{\"added_rooms\":[{{\"id\":4294967295,\"name\":\"Hall\",\"canonical\":\"hall\"}}]}}}}]}}"
        );
        let err = Project::from_json(&text, "p.json").unwrap_err();
        assert_eq!(err.location, "commit 0, field \"added_rooms\"");
        assert!(err.problem.contains("room id 4294967295"), "{err}");
    }

    #[test]
    fn a_field_of_the_wrong_shape_names_commit_path_line_and_column() {
        let text = format!(
            "{HEAD}\n{{\"id\":0,\"step\":0,\"trigger\":\"observation\"}},\n{{\"id\":1,\"step\":1,\"trigger\":\"observed\"}}]}}"
        );
        let err = Project::from_json(&text, "p.json").unwrap_err();
        assert!(
            err.location
                .starts_with("commit 1, field \"commits[1].trigger\", line 3, column"),
            "{err}"
        );
        assert!(err.problem.contains("unknown variant `observed`"), "{err}");
    }
}
