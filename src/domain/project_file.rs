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
    serde_json::from_str(text).map_err(|e| {
        let path = path_at(text, e.line(), e.column());
        let mut location = format!("line {}, column {}", e.line(), e.column());
        if path != "." {
            location = format!("{}field \"{path}\", {location}", commit_of(&path));
        }
        // serde's message repeats the position; it is in the location already.
        let message = e.to_string();
        let problem = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(m, _)| m);
        FormatError::new(file, location, format!("wrong shape: {problem}"))
    })
}

/// One open container while scanning JSON text.
enum Frame {
    /// An object and the key whose value is being read (none between a `{` or `,` and a key).
    Object(Option<String>),
    /// An array and the index of the value being read (none before its first value).
    Array(Option<usize>),
}

/// The path of the value at `line`, `column` (1-based, as serde_json reports them) of JSON
/// `text`: "commits[2].change.added_exits[0].origin", or "." at the top. Made by scanning the text
/// up to that point, so a failed read costs one more pass over the text and nothing else (a
/// path-tracking deserializer would put a second, generic copy of every `Deserialize` into the
/// app's first wasm module).
fn path_at(text: &str, line: usize, column: usize) -> String {
    let end = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum::<usize>()
        + column;
    let bytes = &text.as_bytes()[..end.min(text.len())];
    let mut stack: Vec<Frame> = Vec::new();
    let mut i = 0;
    // Whether the string just read is an object's key (then a `:` follows).
    let expects_key = |stack: &[Frame]| matches!(stack.last(), Some(Frame::Object(None)));
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                let key = expects_key(&stack);
                if let Some(Frame::Object(k)) = stack.last_mut().filter(|_| key) {
                    *k = Some(
                        String::from_utf8_lossy(&bytes[start..i.min(bytes.len())]).into_owned(),
                    );
                } else {
                    start_value(&mut stack);
                }
            }
            b'{' => {
                start_value(&mut stack);
                stack.push(Frame::Object(None));
            }
            b'[' => {
                start_value(&mut stack);
                stack.push(Frame::Array(None));
            }
            b'}' | b']' => {
                stack.pop();
            }
            b',' => match stack.last_mut() {
                Some(Frame::Object(k)) => *k = None,
                Some(Frame::Array(Some(n))) => *n += 1,
                _ => {}
            },
            c if c.is_ascii_alphanumeric() || c == b'-' => start_value(&mut stack),
            _ => {}
        }
        i += 1;
    }
    let mut out = String::new();
    for f in &stack {
        match f {
            Frame::Object(Some(k)) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Frame::Array(Some(n)) => out.push_str(&format!("[{n}]")),
            Frame::Object(None) | Frame::Array(None) => break,
        }
    }
    if out.is_empty() {
        ".".to_string()
    } else {
        out
    }
}

/// A value starts in the innermost container: an array's first value gets index 0.
fn start_value(stack: &mut [Frame]) {
    if let Some(Frame::Array(n @ None)) = stack.last_mut() {
        *n = Some(0);
    }
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
    use super::path_at;
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

    #[test]
    fn the_path_at_a_place_in_json_text_names_keys_and_indexes() {
        let text = "{\"a\": [1, {\"b\": \"x,]\\\"\"}, {\"c\": {\"d\": tru}}]}";
        let at = |needle: &str| {
            let i = text.find(needle).unwrap() + needle.len();
            path_at(text, 1, i)
        };
        assert_eq!(at("\"x,]"), "a[1].b");
        assert_eq!(at("tru"), "a[2].c.d");
        assert_eq!(at("[1"), "a[0]");
        assert_eq!(path_at("  {", 1, 1), ".");
    }
}
