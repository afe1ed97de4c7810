//! The observation reply: what the model (or the offline extractor) says a piece of text
//! reveals about the map.
//!
//! ```json
//! {"locations": [{"name": "kitchen", "aliases": ["galley"], "description": "…"}],
//!  "relations": [{"from": "hall", "to": "kitchen", "direction": "north",
//!                 "description": null, "angle_deg": null, "distance": "near"}],
//!  "current_location": "kitchen",
//!  "analysis": "…"}
//! ```
//!
//! A relation means "going `direction` from `from` leads to `to`". [`parse_observation_reply`]
//! reads this leniently: it tolerates ```json fences and prose around the object (it takes the
//! text from the first `{` to the last `}`), ignores unknown fields, accepts missing optional
//! fields, reads directions the way players write them ("NE", "north-east"), fills a missing
//! direction from `angle_deg`, keeps a relation with neither as free text, and drops (with a
//! warning) only what cannot be used at all. [`observation_output`] is the JSON schema sent to
//! providers that enforce structured output.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::discretize::{discretize_angle, Aliases, Distance, DEFAULT_ANGLE_TOLERANCE};
use super::request::{nullable_enum, StructuredOutput};
use crate::domain::Direction;

/// Why a reply could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplyError {
    /// No `{ … }` in the text.
    #[error("the reply contains no JSON object")]
    NoJson,
    /// The braces do not hold valid JSON (often a reply cut off mid-way).
    #[error("the reply's JSON is invalid ({0})")]
    InvalidJson(String),
}

impl From<ReplyError> for super::error::LlmError {
    fn from(e: ReplyError) -> Self {
        super::error::LlmError::Malformed(e.to_string())
    }
}

/// A place mentioned in the text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LocationReply {
    /// The place's name as the model wrote it.
    pub name: String,
    /// Other names for the same place.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// A short description, if any.
    #[serde(default)]
    pub description: Option<String>,
}

/// A spatial link: going `direction` from `from` leads to `to`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RelationReply {
    /// Where the move starts.
    pub from: String,
    /// Where it ends.
    pub to: String,
    /// One of the fourteen directions; filled from `angle_deg` when the model gave only that.
    #[serde(default)]
    pub direction: Option<Direction>,
    /// Free text ("through the red door"), or an unrecognised direction word.
    #[serde(default)]
    pub description: Option<String>,
    /// Bearing in degrees (0 = north, clockwise), if the text gave one.
    #[serde(default)]
    pub angle_deg: Option<f64>,
    /// Coarse distance, if the text gave one.
    #[serde(default)]
    pub distance: Option<Distance>,
}

/// Everything one observation reveals.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ObservationReply {
    /// Places mentioned, in order of first mention.
    #[serde(default)]
    pub locations: Vec<LocationReply>,
    /// Links between places.
    #[serde(default)]
    pub relations: Vec<RelationReply>,
    /// Where the reader is after this text, if known.
    #[serde(default)]
    pub current_location: Option<String>,
    /// The model's short reasoning.
    #[serde(default)]
    pub analysis: Option<String>,
    /// What was dropped or repaired while reading the reply (not part of the wire format).
    #[serde(skip)]
    pub warnings: Vec<String>,
}

/// The slice from the first `{` to the last `}`, if there is one (this skips ```json fences
/// and prose on either side).
pub fn extract_json_object(text: &str) -> Option<&str> {
    let start = text.find('{')?;
    let end = text.rfind('}')?;
    if end < start {
        return None;
    }
    text.get(start..=end)
}

/// Parses the JSON object inside `text` (see [`extract_json_object`]).
///
/// # Errors
/// [`ReplyError::NoJson`] when there are no braces, [`ReplyError::InvalidJson`] when the braces
/// do not hold a JSON object.
pub fn parse_json_object(text: &str) -> Result<serde_json::Map<String, Value>, ReplyError> {
    let start = text.find('{').ok_or(ReplyError::NoJson)?;
    let slice = extract_json_object(text).ok_or_else(|| {
        ReplyError::InvalidJson(format!(
            "the object opened at character {start} is never closed; the reply may have been cut off"
        ))
    })?;
    match serde_json::from_str::<Value>(slice) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(ReplyError::NoJson),
        Err(e) => Err(ReplyError::InvalidJson(e.to_string())),
    }
}

/// A non-empty trimmed string, from a string or a number.
fn text_of(v: Option<&Value>) -> Option<String> {
    let s = match v? {
        Value::String(s) => s.trim().to_string(),
        Value::Number(n) => n.to_string(),
        _ => return None,
    };
    (!s.is_empty()).then_some(s)
}

/// A number, from a number or a numeric string ("45", "45°").
fn number_of(v: Option<&Value>) -> Option<f64> {
    match v? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s
            .trim()
            .trim_end_matches(['°', ' '])
            .trim_end_matches("deg")
            .trim()
            .parse()
            .ok(),
        _ => None,
    }
    .filter(|f: &f64| f.is_finite())
}

fn first_present<'a>(obj: &'a serde_json::Map<String, Value>, keys: &[&str]) -> Option<&'a Value> {
    keys.iter()
        .filter_map(|k| obj.get(*k))
        .find(|v| !v.is_null())
}

fn read_location(v: &Value) -> Option<LocationReply> {
    match v {
        Value::String(s) if !s.trim().is_empty() => Some(LocationReply {
            name: s.trim().to_string(),
            aliases: Vec::new(),
            description: None,
        }),
        Value::Object(obj) => {
            let name = text_of(first_present(obj, &["name", "location", "id"]))?;
            let aliases = match obj.get("aliases") {
                Some(Value::Array(a)) => a.iter().filter_map(|x| text_of(Some(x))).collect(),
                Some(Value::String(s)) if !s.trim().is_empty() => vec![s.trim().to_string()],
                _ => Vec::new(),
            };
            Some(LocationReply {
                name,
                aliases,
                description: text_of(obj.get("description")),
            })
        }
        _ => None,
    }
}

fn read_relation(v: &Value, warnings: &mut Vec<String>) -> Option<RelationReply> {
    let Value::Object(obj) = v else {
        warnings.push("dropped a relation that is not an object".into());
        return None;
    };
    let from = text_of(first_present(
        obj,
        &["from", "from_location", "src", "source"],
    ));
    let to = text_of(first_present(obj, &["to", "to_location", "dst", "target"]));
    let (Some(from), Some(to)) = (from, to) else {
        warnings.push("dropped a relation without both 'from' and 'to'".into());
        return None;
    };
    let mut description = text_of(obj.get("description"));
    let mut direction = None;
    if let Some(word) = text_of(obj.get("direction")) {
        direction = Direction::parse(&word);
        if direction.is_none() {
            // An exit like "through the red door" is still a link; keep its words.
            description = Some(match description {
                Some(d) => format!("{word}; {d}"),
                None => word,
            });
        }
    }
    let angle_deg = number_of(first_present(obj, &["angle_deg", "angle", "bearing"]));
    if direction.is_none() {
        direction = angle_deg.and_then(|a| discretize_angle(a, DEFAULT_ANGLE_TOLERANCE));
    }
    let distance = text_of(obj.get("distance")).and_then(|d| Distance::from_words(&d));
    Some(RelationReply {
        from,
        to,
        direction,
        description,
        angle_deg,
        distance,
    })
}

/// Reads an observation reply from model text. See the module docs for what is tolerated.
///
/// # Errors
/// [`ReplyError`] only when the text holds no readable JSON object; a JSON object with no
/// usable fields is an empty reply, not an error.
pub fn parse_observation_reply(text: &str) -> Result<ObservationReply, ReplyError> {
    let obj = parse_json_object(text)?;
    let mut reply = ObservationReply::default();
    if let Some(Value::Array(items)) = first_present(&obj, &["locations", "new_locations"]) {
        for item in items {
            match read_location(item) {
                Some(l) => reply.locations.push(l),
                None => reply
                    .warnings
                    .push("dropped a location without a name".into()),
            }
        }
    }
    if let Some(Value::Array(items)) = first_present(&obj, &["relations", "new_edges", "edges"]) {
        for item in items {
            if let Some(r) = read_relation(item, &mut reply.warnings) {
                reply.relations.push(r);
            }
        }
    }
    reply.current_location = text_of(obj.get("current_location"));
    reply.analysis = text_of(obj.get("analysis"));
    Ok(reply)
}

impl ObservationReply {
    /// The same reply with every name in canonical form.
    ///
    /// Each location's aliases are first recorded in `aliases` (pointing at the location's
    /// normalized name); then every name is mapped through [`Aliases::canonical`]. Locations
    /// that become duplicates are merged (aliases united, first description kept); relations
    /// from a place to itself are dropped with a warning; places that appear only in relations
    /// or as the current location are added to `locations`.
    pub fn canonicalized(&self, aliases: &mut Aliases) -> ObservationReply {
        for loc in &self.locations {
            for alias in &loc.aliases {
                aliases.insert(alias, &loc.name);
            }
        }
        let mut out = ObservationReply {
            analysis: self.analysis.clone(),
            warnings: self.warnings.clone(),
            ..ObservationReply::default()
        };
        for loc in &self.locations {
            let name = aliases.canonical(&loc.name);
            let own: Vec<String> = loc
                .aliases
                .iter()
                .map(|a| crate::domain::names::normalize_name(a))
                .filter(|a| !a.is_empty() && *a != name)
                .collect();
            add_location(
                &mut out,
                LocationReply {
                    name,
                    aliases: own,
                    description: loc.description.clone(),
                },
            );
        }
        for rel in &self.relations {
            let from = aliases.canonical(&rel.from);
            let to = aliases.canonical(&rel.to);
            if from.is_empty() || to.is_empty() {
                out.warnings
                    .push("dropped a relation with an empty name".into());
                continue;
            }
            if from == to {
                out.warnings
                    .push(format!("dropped a relation from '{from}' to itself"));
                continue;
            }
            for name in [&from, &to] {
                add_location(
                    &mut out,
                    LocationReply {
                        name: name.clone(),
                        aliases: Vec::new(),
                        description: None,
                    },
                );
            }
            out.relations.push(RelationReply {
                from,
                to,
                ..rel.clone()
            });
        }
        out.current_location = self
            .current_location
            .as_deref()
            .map(|c| aliases.canonical(c))
            .filter(|c| !c.is_empty());
        if let Some(current) = out.current_location.clone() {
            add_location(
                &mut out,
                LocationReply {
                    name: current,
                    aliases: Vec::new(),
                    description: None,
                },
            );
        }
        out
    }
}

/// Adds a location, or merges it into an existing one with the same name.
fn add_location(out: &mut ObservationReply, loc: LocationReply) {
    if loc.name.is_empty() {
        return;
    }
    match out.locations.iter_mut().find(|l| l.name == loc.name) {
        Some(existing) => {
            for a in loc.aliases {
                if !existing.aliases.contains(&a) {
                    existing.aliases.push(a);
                }
            }
            if existing.description.is_none() {
                existing.description = loc.description;
            }
        }
        None => out.locations.push(loc),
    }
}

/// "One of the fourteen direction words, or null".
pub(crate) fn nullable_direction() -> Value {
    let words: Vec<&str> = Direction::ALL.iter().map(|d| d.as_str()).collect();
    nullable_enum(&words)
}

/// The JSON Schema of the observation reply, in OpenAI's strict subset (every property
/// required, optional values nullable, no extra properties).
pub fn observation_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "locations": {
                "type": "array",
                "description": "Every place the text mentions, in order of first mention.",
                "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string", "description": "Short lowercase place name, e.g. 'kitchen'."},
                        "aliases": {"type": "array", "items": {"type": "string"}, "description": "Other names used for the same place."},
                        "description": {"type": ["string", "null"]}
                    },
                    "required": ["name", "aliases", "description"],
                    "additionalProperties": false
                }
            },
            "relations": {
                "type": "array",
                "description": "Spatial links: going `direction` from `from` leads to `to`.",
                "items": {
                    "type": "object",
                    "properties": {
                        "from": {"type": "string"},
                        "to": {"type": "string"},
                        "direction": nullable_direction(),
                        "description": {"type": ["string", "null"], "description": "How the places connect, when no direction is stated."},
                        "angle_deg": {"type": ["number", "null"], "description": "Bearing from `from` to `to` in degrees, 0 = north, clockwise."},
                        "distance": nullable_enum(&["near", "medium", "far"])
                    },
                    "required": ["from", "to", "direction", "description", "angle_deg", "distance"],
                    "additionalProperties": false
                }
            },
            "current_location": {"type": ["string", "null"], "description": "Where the reader is after this text."},
            "analysis": {"type": "string", "description": "One or two sentences of reasoning."}
        },
        "required": ["locations", "relations", "current_location", "analysis"],
        "additionalProperties": false
    })
}

/// The structured-output description of the observation reply (name `observation`).
pub fn observation_output() -> StructuredOutput {
    StructuredOutput {
        name: "observation".into(),
        description: "Record the places and spatial relations this text reveals.".into(),
        schema: observation_schema(),
    }
}
