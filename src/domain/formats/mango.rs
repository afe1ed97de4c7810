//! MANGO edge lists: the ground-truth `*.edges.json` (nine keys per record) and the LLM-built
//! `*_edges.json` lists (`src_node`, `dst_node`, `action`, `seen_in_forward`). Both are arrays of
//! objects; only `src_node`, `dst_node` and `action` are required.
//!
//! # What our files add
//!
//! A map has more to say than MANGO's three fields, and the edge lists we write
//! ([`super::listed`]) say it with optional keys that this loader honours and other readers
//! ignore:
//!
//! | key | meaning |
//! |---|---|
//! | `"origin": "observed"` | an exit the text showed; the loader adds it as it is, with no inferred way back |
//! | `"origin": "inferred_reverse"` | an assumed way back, listed as its own record |
//! | `"origin": "room"` | not an exit: a room (`src_node` = `dst_node`, `"action": ""`), so a room with no exits, or one whose key, aliases or description cannot be told from its name, is kept |
//! | `"geometric": false` | an exit a repair marked non-geometric: kept, walked, never constraining positions |
//! | `"src_id"`, `"dst_id"` | the rooms' ids: two rooms that share a name stay two rooms |
//! | `"canonical"`, `"aliases"`, `"description"` | a room record's identity key (when it is not the name's), other names and description |
//!
//! A link, a way whose direction the text never states (`null` in a project), is spelled
//! `"action": ""`: still a string for other readers, and the move nobody can type.
//! A file whose every record has an `origin` lists its map whole and is read in file order; in
//! any other file the records are MANGO's, read in `seen_in_forward` order, and each observed
//! record brings its way back.

use super::error::FormatError;
use crate::domain::map::{ExitId, Map, Origin};
use serde_json::Value;

/// "Never" in MANGO's step fields.
pub const NEVER: i64 = 9999;

/// One record of a MANGO edge list.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EdgeRecord {
    /// Source room name as written.
    pub src: String,
    /// Destination room name as written.
    pub dst: String,
    /// The move ("north", "up", …) as written; empty for a link.
    pub action: String,
    /// Walkthrough step where the move src→dst was made (`None` if absent or 9999).
    pub seen_in_forward: Option<i64>,
    /// Step where the reverse move was made (`None` if absent or 9999).
    pub seen_in_reversed: Option<i64>,
    /// What a file we wrote says beyond MANGO's fields (module docs); empty in MANGO's files.
    pub extra: Extra,
}

/// What a record says beyond MANGO's fields. See the module docs.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Extra {
    /// `origin`: what the record lists; `None` in MANGO's own records.
    pub kind: Option<RecordKind>,
    /// `"geometric": false`.
    pub non_geometric: bool,
    /// `src_id`: the source room's id in the map the file was written from.
    pub src_id: Option<u32>,
    /// `dst_id`: the destination room's id.
    pub dst_id: Option<u32>,
    /// A room record's identity key, when it is not the one its name gives.
    pub canonical: Option<String>,
    /// A room record's other names.
    pub aliases: Vec<String>,
    /// A room record's description.
    pub description: Option<String>,
}

/// What a record of one of our files lists (its `origin` key).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordKind {
    /// An exit seen in the text.
    Observed,
    /// An assumed way back.
    InferredReverse,
    /// A room, not an exit.
    Room,
}

impl RecordKind {
    /// The word in files.
    pub fn as_str(self) -> &'static str {
        match self {
            RecordKind::Observed => "observed",
            RecordKind::InferredReverse => "inferred_reverse",
            RecordKind::Room => "room",
        }
    }

    /// The exit origin a record of this kind lists (`None` for a room).
    pub fn origin(self) -> Option<Origin> {
        match self {
            RecordKind::Observed => Some(Origin::Observed),
            RecordKind::InferredReverse => Some(Origin::InferredReverse),
            RecordKind::Room => None,
        }
    }
}

impl EdgeRecord {
    /// A plain MANGO record.
    pub fn new(src: &str, dst: &str, action: &str) -> EdgeRecord {
        EdgeRecord {
            src: src.to_string(),
            dst: dst.to_string(),
            action: action.to_string(),
            ..EdgeRecord::default()
        }
    }

    /// The step the record was first evidenced at: the smaller of forward and reversed.
    pub fn first_seen(&self) -> Option<i64> {
        match (self.seen_in_forward, self.seen_in_reversed) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// True for a record MANGO's readers take as a move the text showed: not an assumed way
    /// back or a room listed by one of our files.
    pub fn is_observed(&self) -> bool {
        matches!(self.extra.kind, None | Some(RecordKind::Observed))
    }
}

/// The records MANGO's own readers would score: the observed moves (assumed ways back and room
/// records of our files left out).
pub fn observed_records(records: &[EdgeRecord]) -> Vec<EdgeRecord> {
    records
        .iter()
        .filter(|r| r.is_observed())
        .cloned()
        .collect()
}

/// A map's observed exits as records, in exit order: room names as shown, the move as its label,
/// `seen_in_forward` from `seen` (inferred ways back are left out: an edge list implies them).
/// This is MANGO's view of a map, for scoring; [`super::listed::map_records`] writes it whole.
pub fn records_of(map: &Map, seen: impl Fn(ExitId) -> Option<i64>) -> Vec<EdgeRecord> {
    map.exits()
        .filter(|e| e.origin == Origin::Observed)
        .filter_map(|e| {
            Some(EdgeRecord {
                seen_in_forward: seen(e.id),
                ..EdgeRecord::new(
                    &map.room(e.from)?.name,
                    &map.room(e.to)?.name,
                    e.label.as_str(),
                )
            })
        })
        .collect()
}

/// Where a record's field is, for errors.
fn place(i: usize, key: &str) -> String {
    format!("record {}, field \"{key}\"", i + 1)
}

fn step_field(
    obj: &serde_json::Map<String, Value>,
    key: &str,
    file: &str,
    i: usize,
) -> Result<Option<i64>, FormatError> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => match n.as_i64() {
            Some(NEVER) => Ok(None),
            Some(v) => Ok(Some(v)),
            None => Err(FormatError::new(
                file,
                place(i, key),
                "is not a whole number",
            )),
        },
        Some(_) => Err(FormatError::new(file, place(i, key), "must be a number")),
    }
}

fn id_field(
    obj: &serde_json::Map<String, Value>,
    key: &str,
    file: &str,
    i: usize,
) -> Result<Option<u32>, FormatError> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| {
                FormatError::new(
                    file,
                    place(i, key),
                    format!("must be a whole number from 0 to {}", u32::MAX),
                )
            }),
    }
}

fn text_field(
    obj: &serde_json::Map<String, Value>,
    key: &str,
    file: &str,
    i: usize,
) -> Result<Option<String>, FormatError> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(FormatError::new(file, place(i, key), "must be a string")),
    }
}

/// Reads the keys our files add (module docs).
fn extra(obj: &serde_json::Map<String, Value>, file: &str, i: usize) -> Result<Extra, FormatError> {
    let kind = match text_field(obj, "origin", file, i)?.as_deref() {
        None => None,
        Some("observed") => Some(RecordKind::Observed),
        Some("inferred_reverse") => Some(RecordKind::InferredReverse),
        Some("room") => Some(RecordKind::Room),
        Some(other) => {
            return Err(FormatError::new(
                file,
                place(i, "origin"),
                format!("is \"{other}\"; expected \"observed\", \"inferred_reverse\" or \"room\""),
            ))
        }
    };
    let non_geometric = match obj.get("geometric") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => !b,
        Some(_) => {
            return Err(FormatError::new(
                file,
                place(i, "geometric"),
                "must be true or false",
            ))
        }
    };
    let aliases = match obj.get("aliases") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|a| a.as_str().map(str::to_string))
            .collect::<Option<Vec<String>>>()
            .ok_or_else(|| {
                FormatError::new(file, place(i, "aliases"), "must be a list of strings")
            })?,
        Some(_) => {
            return Err(FormatError::new(
                file,
                place(i, "aliases"),
                "must be a list of strings",
            ))
        }
    };
    Ok(Extra {
        kind,
        non_geometric,
        src_id: id_field(obj, "src_id", file, i)?,
        dst_id: id_field(obj, "dst_id", file, i)?,
        canonical: text_field(obj, "canonical", file, i)?,
        aliases,
        description: text_field(obj, "description", file, i)?,
    })
}

/// Reads one record (the `i`-th, for errors) from a JSON value.
///
/// # Errors
/// A [`FormatError`] naming the record and field.
pub fn parse_record(item: &Value, file: &str, i: usize) -> Result<EdgeRecord, FormatError> {
    let Value::Object(obj) = item else {
        return Err(FormatError::new(
            file,
            format!("record {}", i + 1),
            "is not an object",
        ));
    };
    let required = |key: &str| -> Result<String, FormatError> {
        text_field(obj, key, file, i)?.ok_or_else(|| {
            FormatError::new(
                file,
                format!("record {}", i + 1),
                format!("missing field \"{key}\""),
            )
        })
    };
    Ok(EdgeRecord {
        src: required("src_node")?,
        dst: required("dst_node")?,
        action: required("action")?,
        seen_in_forward: step_field(obj, "seen_in_forward", file, i)?,
        seen_in_reversed: step_field(obj, "seen_in_reversed", file, i)?,
        extra: extra(obj, file, i)?,
    })
}

/// Parses a MANGO edge list (a byte-order mark is skipped).
///
/// # Errors
/// A [`FormatError`] naming the record and field for a missing or mistyped field, or the line
/// and column for invalid JSON.
pub fn parse_edge_list(text: &str, file: &str) -> Result<Vec<EdgeRecord>, FormatError> {
    let text = super::decode::without_bom(text);
    let value: Value = serde_json::from_str(text).map_err(|e| FormatError::json(file, &e))?;
    let Value::Array(items) = value else {
        return Err(FormatError::new(
            file,
            "",
            "expected a JSON array of edge records",
        ));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| parse_record(item, file, i))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_field_names_the_record() {
        let err = parse_edge_list(
            r#"[{"src_node":"a","dst_node":"b","action":"north"},{"src_node":"a"}]"#,
            "x.json",
        )
        .unwrap_err();
        assert_eq!(err.location, "record 2");
        assert!(err.problem.contains("dst_node"));
    }

    #[test]
    fn bad_json_names_the_line() {
        let err = parse_edge_list("[\n{\"src_node\": }", "y.json").unwrap_err();
        assert!(err.location.starts_with("line 2"), "{err}");
    }

    #[test]
    fn never_is_none() {
        let r = parse_edge_list(
            r#"[{"src_node":"a","dst_node":"b","action":"north","seen_in_forward":9999,"seen_in_reversed":4}]"#,
            "z",
        )
        .unwrap();
        assert_eq!(r[0].seen_in_forward, None);
        assert_eq!(r[0].first_seen(), Some(4));
    }
}
