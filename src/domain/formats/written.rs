//! An edge-list record as written, borrowed from what it describes: the one serializer of the
//! edge lists we write ([`super::write_edge_list`], [`super::listed::write_map`]). It writes each
//! record straight to the output, keys in sorted order, so a file is the same byte for byte as
//! one built as a JSON value tree first (the tests' `oracle`), without that tree's dozen
//! allocations a record (a 100,000-room map's 400,000 records).

use super::mango::{EdgeRecord, Extra, RecordKind, NEVER};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

/// One record's fields, borrowed (see [`EdgeRecord`] and [`Extra`] for their meaning).
#[derive(Debug, Clone, Copy, Default)]
pub struct RecordView<'a> {
    pub src: &'a str,
    pub dst: &'a str,
    pub action: &'a str,
    pub seen_in_forward: Option<i64>,
    pub seen_in_reversed: Option<i64>,
    pub kind: Option<RecordKind>,
    pub non_geometric: bool,
    pub src_id: Option<u32>,
    pub dst_id: Option<u32>,
    pub canonical: Option<&'a str>,
    pub aliases: &'a [String],
    pub description: Option<&'a str>,
}

impl RecordView<'_> {
    /// The record, owned.
    pub fn to_record(&self) -> EdgeRecord {
        EdgeRecord {
            src: self.src.to_string(),
            dst: self.dst.to_string(),
            action: self.action.to_string(),
            seen_in_forward: self.seen_in_forward,
            seen_in_reversed: self.seen_in_reversed,
            extra: Extra {
                kind: self.kind,
                non_geometric: self.non_geometric,
                src_id: self.src_id,
                dst_id: self.dst_id,
                canonical: self.canonical.map(str::to_string),
                aliases: self.aliases.to_vec(),
                description: self.description.map(str::to_string),
            },
        }
    }
}

impl EdgeRecord {
    /// The record, borrowed.
    pub fn view(&self) -> RecordView<'_> {
        let x = &self.extra;
        RecordView {
            src: &self.src,
            dst: &self.dst,
            action: &self.action,
            seen_in_forward: self.seen_in_forward,
            seen_in_reversed: self.seen_in_reversed,
            kind: x.kind,
            non_geometric: x.non_geometric,
            src_id: x.src_id,
            dst_id: x.dst_id,
            canonical: x.canonical.as_deref(),
            aliases: &x.aliases,
            description: x.description.as_deref(),
        }
    }
}

/// MANGO's keys, then ours (only those that say something), in sorted order: the order of a
/// `serde_json::Map`, the order a value tree of the record would be written in.
impl Serialize for RecordView<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("action", self.action)?;
        if !self.aliases.is_empty() {
            m.serialize_entry("aliases", self.aliases)?;
        }
        if let Some(c) = self.canonical {
            m.serialize_entry("canonical", c)?;
        }
        if let Some(d) = self.description {
            m.serialize_entry("description", d)?;
        }
        if let Some(id) = self.dst_id {
            m.serialize_entry("dst_id", &id)?;
        }
        m.serialize_entry("dst_node", self.dst)?;
        if self.non_geometric {
            m.serialize_entry("geometric", &false)?;
        }
        if let Some(kind) = self.kind {
            m.serialize_entry("origin", kind.as_str())?;
        }
        m.serialize_entry("seen_in_forward", &self.seen_in_forward.unwrap_or(NEVER))?;
        if let Some(step) = self.seen_in_reversed {
            m.serialize_entry("seen_in_reversed", &step)?;
        }
        if let Some(id) = self.src_id {
            m.serialize_entry("src_id", &id)?;
        }
        m.serialize_entry("src_node", self.src)?;
        m.end()
    }
}

/// Writes records as a MANGO edge list (`src_node`, `dst_node`, `action`, `seen_in_forward`,
/// and the keys of the module docs where a record has them), pretty-printed like the originals.
pub fn write_edge_list(records: &[EdgeRecord]) -> String {
    serde_json::to_string_pretty(&Records(records)).unwrap_or_else(|_| "[]".into())
}

/// Records written as a JSON array, each as its view.
pub struct Records<'a>(pub &'a [EdgeRecord]);

impl Serialize for Records<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(EdgeRecord::view))
    }
}

/// What the writers are checked against (tests only).
#[cfg(test)]
pub(crate) mod oracle {
    use super::super::mango::{EdgeRecord, NEVER};
    use serde_json::Value;

    /// The test oracle of the writers: one record as a JSON value tree (MANGO's keys, then ours,
    /// only those that say something), built key by key with no regard to order. A
    /// `serde_json::Map` sorts its keys, so a file written from these trees is what the
    /// serializer above must write byte for byte.
    pub fn record_json(r: &EdgeRecord) -> Value {
        let mut obj = serde_json::Map::new();
        obj.insert("src_node".into(), Value::from(r.src.as_str()));
        obj.insert("dst_node".into(), Value::from(r.dst.as_str()));
        obj.insert("action".into(), Value::from(r.action.as_str()));
        obj.insert(
            "seen_in_forward".into(),
            Value::from(r.seen_in_forward.unwrap_or(NEVER)),
        );
        if let Some(s) = r.seen_in_reversed {
            obj.insert("seen_in_reversed".into(), Value::from(s));
        }
        let x = &r.extra;
        if let Some(kind) = x.kind {
            obj.insert("origin".into(), Value::from(kind.as_str()));
        }
        if x.non_geometric {
            obj.insert("geometric".into(), Value::from(false));
        }
        for (key, id) in [("src_id", x.src_id), ("dst_id", x.dst_id)] {
            if let Some(id) = id {
                obj.insert(key.into(), Value::from(id));
            }
        }
        if let Some(c) = &x.canonical {
            obj.insert("canonical".into(), Value::from(c.as_str()));
        }
        if !x.aliases.is_empty() {
            obj.insert("aliases".into(), Value::from(x.aliases.clone()));
        }
        if let Some(d) = &x.description {
            obj.insert("description".into(), Value::from(d.as_str()));
        }
        Value::Object(obj)
    }
}

#[cfg(test)]
mod tests {
    use super::oracle::record_json;
    use super::*;
    use serde_json::Value;

    /// A record with every key, text that needs escaping and a step that is not MANGO's.
    fn full() -> EdgeRecord {
        EdgeRecord {
            src: "Hall \"east\"".into(),
            dst: "Cellar\n\u{1}é".into(),
            action: "climb down".into(),
            seen_in_forward: Some(-3),
            seen_in_reversed: Some(12),
            extra: Extra {
                kind: Some(RecordKind::Room),
                non_geometric: true,
                src_id: Some(u32::MAX),
                dst_id: Some(0),
                canonical: Some("hall".into()),
                aliases: vec!["Great Hall".into(), "\\hall".into()],
                description: Some("Dark.\tDamp.".into()),
            },
        }
    }

    /// The view writes what the JSON value tree writes, byte for byte, pretty and compact, for
    /// a full record, a plain MANGO one and a list of both.
    #[test]
    fn a_view_writes_what_the_value_tree_writes() {
        let plain = EdgeRecord::new("a", "b", "north");
        for r in [full(), plain.clone()] {
            let tree = record_json(&r);
            assert_eq!(
                serde_json::to_string_pretty(&r.view()).unwrap(),
                serde_json::to_string_pretty(&tree).unwrap()
            );
            assert_eq!(
                serde_json::to_string(&r.view()).unwrap(),
                serde_json::to_string(&tree).unwrap()
            );
            assert_eq!(r.view().to_record(), r);
        }
        let list = [full(), plain];
        let tree = Value::Array(list.iter().map(record_json).collect());
        assert_eq!(
            serde_json::to_string_pretty(&Records(&list)).unwrap(),
            serde_json::to_string_pretty(&tree).unwrap()
        );
        assert_eq!(
            serde_json::to_string_pretty(&Records(&[])).unwrap(),
            serde_json::to_string_pretty(&Value::Array(Vec::new())).unwrap()
        );
    }
}
