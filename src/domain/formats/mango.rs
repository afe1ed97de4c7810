//! MANGO edge lists: the ground-truth `*.edges.json` (nine keys per record) and the LLM-built
//! `*_edges.json` lists (`src_node`, `dst_node`, `action`, `seen_in_forward`). Both are arrays of
//! objects; only `src_node`, `dst_node` and `action` are required.

use super::error::FormatError;
use crate::domain::map::{ExitId, Map, Origin};
use serde_json::Value;

/// "Never" in MANGO's step fields.
pub const NEVER: i64 = 9999;

/// One record of a MANGO edge list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EdgeRecord {
    /// Source room name as written.
    pub src: String,
    /// Destination room name as written.
    pub dst: String,
    /// The move ("north", "up", …) as written.
    pub action: String,
    /// Walkthrough step where the move src→dst was made (`None` if absent or 9999).
    pub seen_in_forward: Option<i64>,
    /// Step where the reverse move was made (`None` if absent or 9999).
    pub seen_in_reversed: Option<i64>,
}

impl EdgeRecord {
    /// The step the record was first evidenced at: the smaller of forward and reversed.
    pub fn first_seen(&self) -> Option<i64> {
        match (self.seen_in_forward, self.seen_in_reversed) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// A map's observed exits as records, in exit order: room names as shown, the move as its label,
/// `seen_in_forward` from `seen` (inferred ways back are left out: an edge list implies them).
pub fn records_of(map: &Map, seen: impl Fn(ExitId) -> Option<i64>) -> Vec<EdgeRecord> {
    map.exits()
        .filter(|e| e.origin == Origin::Observed)
        .filter_map(|e| {
            Some(EdgeRecord {
                src: map.room(e.from)?.name.clone(),
                dst: map.room(e.to)?.name.clone(),
                action: e.label.to_string(),
                seen_in_forward: seen(e.id),
                seen_in_reversed: None,
            })
        })
        .collect()
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
                format!("record {}, field \"{key}\"", i + 1),
                "is not a whole number",
            )),
        },
        Some(_) => Err(FormatError::new(
            file,
            format!("record {}, field \"{key}\"", i + 1),
            "must be a number",
        )),
    }
}

/// Parses a MANGO edge list.
///
/// # Errors
/// A [`FormatError`] naming the record and field for a missing or mistyped field, or the line
/// and column for invalid JSON.
pub fn parse_edge_list(text: &str, file: &str) -> Result<Vec<EdgeRecord>, FormatError> {
    let value: Value = serde_json::from_str(text).map_err(|e| FormatError::json(file, &e))?;
    let Value::Array(items) = value else {
        return Err(FormatError::new(
            file,
            "",
            "expected a JSON array of edge records",
        ));
    };
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let Value::Object(obj) = item else {
            return Err(FormatError::new(
                file,
                format!("record {}", i + 1),
                "is not an object",
            ));
        };
        let text_field = |key: &str| -> Result<String, FormatError> {
            match obj.get(key) {
                Some(Value::String(s)) => Ok(s.clone()),
                Some(_) => Err(FormatError::new(
                    file,
                    format!("record {}, field \"{key}\"", i + 1),
                    "must be a string",
                )),
                None => Err(FormatError::new(
                    file,
                    format!("record {}", i + 1),
                    format!("missing field \"{key}\""),
                )),
            }
        };
        out.push(EdgeRecord {
            src: text_field("src_node")?,
            dst: text_field("dst_node")?,
            action: text_field("action")?,
            seen_in_forward: step_field(obj, "seen_in_forward", file, i)?,
            seen_in_reversed: step_field(obj, "seen_in_reversed", file, i)?,
        });
    }
    Ok(out)
}

/// Writes records as a MANGO edge list (`src_node`, `dst_node`, `action`, `seen_in_forward`),
/// pretty-printed like the originals.
pub fn write_edge_list(records: &[EdgeRecord]) -> String {
    let items: Vec<Value> = records
        .iter()
        .map(|r| {
            serde_json::json!({
                "src_node": r.src,
                "dst_node": r.dst,
                "action": r.action,
                "seen_in_forward": r.seen_in_forward.unwrap_or(NEVER),
            })
        })
        .collect();
    serde_json::to_string_pretty(&Value::Array(items)).unwrap_or_else(|_| "[]".into())
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
