//! The LLM repair agent's protocol: the prompt for one conflict, and the one JSON action the
//! model answers with.
//!
//! The caller describes the conflict as plain data in a [`ConflictBrief`] (type, description,
//! involved edges, ranked candidates with their edge-impact parts, recent versions with their
//! recalled observations, last applied actions). [`repair_prompt`] renders it for one of the
//! paper's four modes ([`RepairMode`]): baseline, EI (candidates shown), VC (version history
//! shown, rollback allowed) and VC+EI (both). [`parse_repair_action`] reads the answer:
//!
//! ```json
//! {"action": "modify_edge", "edge": ["hall", "kitchen"], "new_direction": "east", "reason": "…"}
//! {"action": "remove_edge", "edge": ["hall", "kitchen"], "reason": "…"}
//! {"action": "rollback_to_version", "version_id": 3, "reason": "…"}
//! {"action": "skip_conflict", "reason": "…"}
//! ```
//!
//! Anything unusable (no JSON, unknown action, bad edge, unknown direction, rollback outside
//! the VC modes or to a version that was not offered) becomes [`RepairAction::Skip`] with a
//! reason, as in the paper's loop. Names are trimmed and lowercased, like the graph's.

use serde_json::{json, Map, Value};
use std::fmt;

use super::prompt::shorten;
use super::reply::parse_json_object;
use super::request::{Prompt, StructuredOutput};
use crate::domain::Direction;

/// Candidates shown in EI modes.
pub const MAX_CANDIDATES: usize = 5;
/// Versions shown in VC modes (the most recent ones).
pub const MAX_HISTORY: usize = 5;
/// Recent actions shown in every mode.
pub const MAX_RECENT_ACTIONS: usize = 4;
/// Characters kept of a version's recalled observation.
pub const MAX_RECALL_CHARS: usize = 200;

/// Which extra evidence the agent sees and what it may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RepairMode {
    /// The conflict alone; modify, remove or skip.
    Baseline,
    /// Plus the top candidates ranked by edge impact score.
    Ei,
    /// Plus the recent version history; rollback allowed.
    Vc,
    /// Both candidates and history; rollback allowed.
    VcEi,
}

impl RepairMode {
    /// All four, in the paper's table order.
    pub const ALL: [RepairMode; 4] = [
        RepairMode::Baseline,
        RepairMode::Ei,
        RepairMode::Vc,
        RepairMode::VcEi,
    ];

    /// `baseline`, `ei`, `vc` or `vc_ei`.
    pub fn as_str(self) -> &'static str {
        match self {
            RepairMode::Baseline => "baseline",
            RepairMode::Ei => "ei",
            RepairMode::Vc => "vc",
            RepairMode::VcEi => "vc_ei",
        }
    }

    /// The paper's column label: `Base.`, `EI`, `VC`, `VC+EI`.
    pub fn paper_label(self) -> &'static str {
        match self {
            RepairMode::Baseline => "Base.",
            RepairMode::Ei => "EI",
            RepairMode::Vc => "VC",
            RepairMode::VcEi => "VC+EI",
        }
    }

    /// Reads our names and the paper code's raw names (`edge_impact`, `vc_only`, `vc+ei`).
    pub fn parse(text: &str) -> Option<RepairMode> {
        match text.trim().to_lowercase().replace(['-', ' '], "_").as_str() {
            "baseline" | "base" | "base." => Some(RepairMode::Baseline),
            "ei" | "edge_impact" => Some(RepairMode::Ei),
            "vc" | "vc_only" => Some(RepairMode::Vc),
            "vc_ei" | "vc+ei" | "vcei" => Some(RepairMode::VcEi),
            _ => None,
        }
    }

    /// Whether the ranked candidates are shown.
    pub fn shows_candidates(self) -> bool {
        matches!(self, RepairMode::Ei | RepairMode::VcEi)
    }

    /// Whether the version history is shown and `rollback_to_version` is allowed.
    pub fn allows_rollback(self) -> bool {
        matches!(self, RepairMode::Vc | RepairMode::VcEi)
    }

    /// The action names the model may use in this mode.
    pub fn allowed_actions(self) -> &'static [&'static str] {
        if self.allows_rollback() {
            &[
                "modify_edge",
                "remove_edge",
                "rollback_to_version",
                "skip_conflict",
            ]
        } else {
            &["modify_edge", "remove_edge", "skip_conflict"]
        }
    }
}

impl fmt::Display for RepairMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A directed edge as shown to the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EdgeBrief {
    /// Source place.
    pub src: String,
    /// Destination place.
    pub dst: String,
    /// The label ("north", or free text).
    pub direction: String,
}

impl EdgeBrief {
    /// An edge from three strings.
    pub fn new(
        src: impl Into<String>,
        dst: impl Into<String>,
        direction: impl Into<String>,
    ) -> Self {
        EdgeBrief {
            src: src.into(),
            dst: dst.into(),
            direction: direction.into(),
        }
    }
}

/// A candidate edge with its edge impact score and the score's three normalized parts.
#[derive(Debug, Clone, PartialEq)]
pub struct CandidateBrief {
    /// The edge.
    pub edge: EdgeBrief,
    /// Total score (0–3).
    pub score: f64,
    /// Normalized reach part.
    pub reach: f64,
    /// Normalized conflict-count part.
    pub conflicts: f64,
    /// Normalized usage part.
    pub usage: f64,
}

/// One version of the map as shown in VC modes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryBrief {
    /// The id the model may roll back to.
    pub version_id: u64,
    /// The step the version was committed at.
    pub step: u64,
    /// Why it was committed (the repair's reason, "initial", "observation" …).
    pub trigger: String,
    /// What the version remembers (recall_step: the observation and analysis), if anything.
    pub recall: Option<String>,
}

/// Everything the agent is told about one conflict (plain data; built by the repair loop).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ConflictBrief {
    /// `direction`, `topology`, `naming`, …
    pub conflict_type: String,
    /// Severity, if the detector gives one.
    pub severity: Option<String>,
    /// The detector's description.
    pub description: String,
    /// The conflict's own edges (empty for position overlaps and naming conflicts).
    pub involved_edges: Vec<EdgeBrief>,
    /// Extra key/value details from the detector.
    pub details: Vec<(String, String)>,
    /// Candidates ranked by edge impact score, best first (shown in EI modes, top 5).
    pub candidates: Vec<CandidateBrief>,
    /// Versions, oldest first (shown in VC modes, last 5). Leave empty to withhold rollback.
    pub history: Vec<HistoryBrief>,
    /// Last applied actions, oldest first, e.g. from [`RepairAction::summary`] (last 4 shown).
    pub recent_actions: Vec<String>,
}

/// What the model decided.
#[derive(Debug, Clone, PartialEq)]
pub enum RepairAction {
    /// Relabel the edge `src → dst`.
    ModifyEdge {
        /// Source (trimmed, lowercase).
        src: String,
        /// Destination (trimmed, lowercase).
        dst: String,
        /// The new label.
        new_direction: Direction,
        /// The model's reason.
        reason: String,
    },
    /// Delete the edge `src → dst` (and its auto-reverse twin).
    RemoveEdge {
        /// Source (trimmed, lowercase).
        src: String,
        /// Destination (trimmed, lowercase).
        dst: String,
        /// The model's reason.
        reason: String,
    },
    /// Restore an earlier version (VC modes only).
    Rollback {
        /// A version id that was shown in the history.
        version_id: u64,
        /// The model's reason.
        reason: String,
    },
    /// Do nothing for this conflict; also the result of any unusable answer.
    Skip {
        /// The model's reason, or why its answer could not be used.
        reason: String,
    },
}

impl RepairAction {
    /// The wire name: `modify_edge`, `remove_edge`, `rollback_to_version`, `skip_conflict`.
    pub fn kind(&self) -> &'static str {
        match self {
            RepairAction::ModifyEdge { .. } => "modify_edge",
            RepairAction::RemoveEdge { .. } => "remove_edge",
            RepairAction::Rollback { .. } => "rollback_to_version",
            RepairAction::Skip { .. } => "skip_conflict",
        }
    }

    /// The reason given (or the reason it was turned into a skip).
    pub fn reason(&self) -> &str {
        match self {
            RepairAction::ModifyEdge { reason, .. }
            | RepairAction::RemoveEdge { reason, .. }
            | RepairAction::Rollback { reason, .. }
            | RepairAction::Skip { reason } => reason,
        }
    }

    /// One line for the "recent actions" block: `kind target -> new_direction (reason)`.
    pub fn summary(&self) -> String {
        let target = match self {
            RepairAction::ModifyEdge {
                src,
                dst,
                new_direction,
                ..
            } => format!(" {src}->{dst} -> {new_direction}"),
            RepairAction::RemoveEdge { src, dst, .. } => format!(" {src}->{dst}"),
            RepairAction::Rollback { version_id, .. } => format!(" v{version_id}"),
            RepairAction::Skip { .. } => String::new(),
        };
        format!("{}{} ({})", self.kind(), target, self.reason())
    }

    /// The action in the wire format the model uses.
    pub fn to_json(&self) -> Value {
        match self {
            RepairAction::ModifyEdge {
                src,
                dst,
                new_direction,
                reason,
            } => json!({"action": "modify_edge", "edge": [src, dst],
                        "new_direction": new_direction.as_str(), "reason": reason}),
            RepairAction::RemoveEdge { src, dst, reason } => {
                json!({"action": "remove_edge", "edge": [src, dst], "reason": reason})
            }
            RepairAction::Rollback { version_id, reason } => {
                json!({"action": "rollback_to_version", "version_id": version_id, "reason": reason})
            }
            RepairAction::Skip { reason } => json!({"action": "skip_conflict", "reason": reason}),
        }
    }

    /// Turns a modify/remove of an edge that does not exist into a skip; everything else is
    /// returned unchanged. `edge_exists(src, dst)` answers for the current graph.
    pub fn check_edges(self, edge_exists: impl Fn(&str, &str) -> bool) -> RepairAction {
        match &self {
            RepairAction::ModifyEdge { src, dst, .. }
            | RepairAction::RemoveEdge { src, dst, .. }
                if !edge_exists(src, dst) =>
            {
                RepairAction::Skip {
                    reason: format!("invalid {}: there is no edge {src} -> {dst}", self.kind()),
                }
            }
            _ => self,
        }
    }
}

fn skip(reason: impl Into<String>) -> RepairAction {
    RepairAction::Skip {
        reason: reason.into(),
    }
}

fn directions_list() -> String {
    Direction::ALL
        .iter()
        .map(|d| d.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The system message for a mode.
pub fn repair_system_prompt(mode: RepairMode) -> String {
    let role = "You repair a map of places connected by directional exits. The map has \
structural conflicts: one exit direction leading to two places, two places at the same \
position, an edge and its reverse that disagree, or one name used for two places. You fix \
one conflict at a time.";
    let strategy = match mode {
        RepairMode::Baseline => {
            "Act only on the involved edges listed in the conflict. Use remove_edge when an edge \
should not exist at all, and modify_edge when the two places really are connected but the \
direction label is wrong. If no listed edge can be fixed with confidence, use skip_conflict."
        }
        RepairMode::Ei => {
            "You are also given candidate edges ranked by edge impact score, which combines how \
much of the map depends on the edge (reach), how many current conflicts involve it \
(conflict) and how much routes use it (usage). The top candidate is the most likely cause: \
prefer it unless the evidence clearly points to another listed edge. Choose the edge from \
the candidates or the involved edges. Use remove_edge for a spurious edge and modify_edge \
when the connection is real but its direction is wrong; use skip_conflict if unsure."
        }
        RepairMode::Vc => {
            "You are also shown the map's recent version history. You may modify or remove one \
of the involved edges, or roll back to an earlier version when an early bad edit clearly \
caused the conflict. Use rollback sparingly: it undoes every later change. The version_id \
must be one of the ids shown in the history. Use skip_conflict if unsure."
        }
        RepairMode::VcEi => {
            "You are also given candidate edges ranked by edge impact score (reach, conflict, \
usage) and the map's recent version history. Prefer the smallest edit on the top candidate: \
modify_edge when the connection is real but its direction is wrong, remove_edge when the \
edge is spurious. Roll back only when an early bad edit is clearly visible in the history; \
the version_id must be one of the ids shown. Use skip_conflict if unsure."
        }
    };
    let mut shapes = String::from(
        "{\"action\": \"modify_edge\", \"edge\": [\"<src>\", \"<dst>\"], \"new_direction\": \"<direction>\", \"reason\": \"...\"}\n\
{\"action\": \"remove_edge\", \"edge\": [\"<src>\", \"<dst>\"], \"reason\": \"...\"}\n",
    );
    if mode.allows_rollback() {
        shapes.push_str(
            "{\"action\": \"rollback_to_version\", \"version_id\": <id>, \"reason\": \"...\"}\n",
        );
    }
    shapes.push_str("{\"action\": \"skip_conflict\", \"reason\": \"...\"}");
    format!(
        "{role}\n\n{strategy}\n\nAnswer with exactly one JSON object of one of these shapes \
(fields that do not apply may be null):\n{shapes}\n\nAllowed directions: {}.\nEdge names \
must be written exactly as shown. Output the JSON object and nothing else.",
        directions_list()
    )
}

fn edge_line(e: &EdgeBrief) -> String {
    format!("{} --[{}]--> {}", e.src, e.direction, e.dst)
}

/// The user message for a mode and a conflict.
pub fn repair_user_prompt(mode: RepairMode, brief: &ConflictBrief) -> String {
    let mut out = String::new();
    out.push_str(&format!("Conflict type: {}\n", brief.conflict_type));
    if let Some(sev) = brief.severity.as_deref().filter(|s| !s.is_empty()) {
        out.push_str(&format!("Severity: {sev}\n"));
    }
    out.push_str(&format!("Description: {}\n", brief.description));
    if brief.involved_edges.is_empty() {
        out.push_str("Involved edges: none listed\n");
    } else {
        out.push_str("Involved edges:\n");
        for e in &brief.involved_edges {
            out.push_str(&format!("- {}\n", edge_line(e)));
        }
    }
    if !brief.details.is_empty() {
        // Written by hand so the order is the brief's, whatever serde_json's map order is.
        let details: Vec<String> = brief
            .details
            .iter()
            .map(|(k, v)| format!("{}:{}", json!(k), json!(v)))
            .collect();
        out.push_str(&format!("Details: {{{}}}\n", details.join(",")));
    }
    if mode.shows_candidates() && !brief.candidates.is_empty() {
        out.push_str("Candidate edges ranked by edge impact score (most likely cause first):\n");
        for (i, c) in brief.candidates.iter().take(MAX_CANDIDATES).enumerate() {
            out.push_str(&format!(
                "[{}] {}--[{}]-->{} score={:.3} (reach={:.2}, conflict={:.2}, usage={:.2})\n",
                i + 1,
                c.edge.src,
                c.edge.direction,
                c.edge.dst,
                c.score,
                c.reach,
                c.conflicts,
                c.usage
            ));
        }
    }
    if mode.allows_rollback() && !brief.history.is_empty() {
        out.push_str("Version history (most recent last):\n");
        let skip_n = brief.history.len().saturating_sub(MAX_HISTORY);
        for h in brief.history.iter().skip(skip_n) {
            out.push_str(&format!(
                "v{} step={} trigger='{}'\n",
                h.version_id, h.step, h.trigger
            ));
            if let Some(recall) = h.recall.as_deref().filter(|r| !r.trim().is_empty()) {
                out.push_str(&format!(
                    "    recall: {}\n",
                    shorten(recall, MAX_RECALL_CHARS)
                ));
            }
        }
    }
    let skip_n = brief
        .recent_actions
        .len()
        .saturating_sub(MAX_RECENT_ACTIONS);
    let recent: Vec<&String> = brief.recent_actions.iter().skip(skip_n).collect();
    if recent.is_empty() {
        out.push_str("Recent actions: none\n");
    } else {
        out.push_str("Recent actions:\n");
        for a in recent {
            out.push_str(&format!("- {a}\n"));
        }
    }
    out.push_str("\nOutput exactly one JSON action.");
    out
}

/// Both messages for a mode and a conflict.
pub fn repair_prompt(mode: RepairMode, brief: &ConflictBrief) -> Prompt {
    Prompt {
        system: repair_system_prompt(mode),
        user: repair_user_prompt(mode, brief),
    }
}

/// The JSON Schema of the action for a mode (OpenAI strict subset). `version_id` exists only in
/// the VC modes, and `action` lists only the mode's allowed actions.
pub fn repair_schema(mode: RepairMode) -> Value {
    let mut properties = Map::new();
    properties.insert(
        "action".into(),
        json!({"type": "string", "enum": mode.allowed_actions()}),
    );
    properties.insert(
        "edge".into(),
        json!({"type": ["array", "null"], "items": {"type": "string"},
               "description": "[src, dst] for modify_edge and remove_edge, else null."}),
    );
    properties.insert("new_direction".into(), super::reply::nullable_direction());
    let mut required = vec!["action", "edge", "new_direction"];
    if mode.allows_rollback() {
        properties.insert(
            "version_id".into(),
            json!({"type": ["integer", "null"], "description": "For rollback_to_version, else null."}),
        );
        required.push("version_id");
    }
    properties.insert("reason".into(), json!({"type": "string"}));
    required.push("reason");
    json!({
        "type": "object",
        "properties": Value::Object(properties),
        "required": required,
        "additionalProperties": false,
    })
}

/// The structured-output description of the action for a mode (name `repair_action`).
pub fn repair_output(mode: RepairMode) -> StructuredOutput {
    StructuredOutput {
        name: "repair_action".into(),
        description: "Choose one repair action for the conflict.".into(),
        schema: repair_schema(mode),
    }
}

fn name_of(v: &Value) -> Option<String> {
    let s = v.as_str()?.trim().to_lowercase();
    (!s.is_empty()).then_some(s)
}

/// Reads `[src, dst]`, `{"src","dst"}` / `{"from","to"}`, or `"src -> dst"`.
fn read_edge(obj: &Map<String, Value>) -> Result<(String, String), String> {
    let pair = match obj.get("edge") {
        Some(Value::Array(items)) if items.len() == 2 => items
            .first()
            .and_then(name_of)
            .zip(items.get(1).and_then(name_of)),
        Some(Value::Array(items)) => {
            return Err(format!("edge must name 2 places, got {}", items.len()))
        }
        Some(Value::Object(o)) => {
            let a = o.get("src").or_else(|| o.get("from")).and_then(name_of);
            let b = o.get("dst").or_else(|| o.get("to")).and_then(name_of);
            a.zip(b)
        }
        Some(Value::String(s)) => s
            .split_once("->")
            .and_then(|(a, b)| name_of(&json!(a)).zip(name_of(&json!(b)))),
        Some(Value::Null) | None => {
            let a = obj.get("src").and_then(name_of);
            let b = obj.get("dst").and_then(name_of);
            match a.zip(b) {
                Some(p) => Some(p),
                None => return Err("no edge given".into()),
            }
        }
        Some(other) => return Err(format!("edge must be [src, dst], got {other}")),
    };
    let (src, dst) = pair.ok_or_else(|| "edge must be two non-empty place names".to_string())?;
    if src == dst {
        return Err(format!("edge goes from '{src}' to itself"));
    }
    Ok((src, dst))
}

fn read_version_id(v: Option<&Value>) -> Option<u64> {
    match v? {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().trim_start_matches(['v', 'V']).parse().ok(),
        _ => None,
    }
}

/// Reads the model's one JSON action; anything unusable becomes [`RepairAction::Skip`] with a
/// reason saying why.
///
/// Rollback is accepted only in the VC modes, and only to a version listed in
/// `brief.history` (the versions the model was shown).
pub fn parse_repair_action(text: &str, mode: RepairMode, brief: &ConflictBrief) -> RepairAction {
    let obj = match parse_json_object(text) {
        Ok(o) => o,
        Err(e) => return skip(format!("could not read the model's answer: {e}")),
    };
    let reason = obj
        .get("reason")
        .and_then(Value::as_str)
        .map(|r| r.trim().to_string())
        .unwrap_or_default();
    let Some(action) = obj.get("action").and_then(Value::as_str) else {
        return skip("the answer has no 'action'");
    };
    let action = action.trim().to_lowercase();
    match action.as_str() {
        "modify_edge" | "modify" => {
            let (src, dst) = match read_edge(&obj) {
                Ok(p) => p,
                Err(e) => return skip(format!("invalid modify_edge: {e}")),
            };
            let new_direction = match obj.get("new_direction").or_else(|| obj.get("direction")) {
                Some(Value::String(word)) => match Direction::parse(word) {
                    Some(d) => d,
                    None => {
                        return skip(format!(
                            "invalid modify_edge: '{}' is not one of the 14 directions",
                            word.trim()
                        ))
                    }
                },
                _ => return skip("invalid modify_edge: no new_direction given"),
            };
            RepairAction::ModifyEdge {
                src,
                dst,
                new_direction,
                reason,
            }
        }
        "remove_edge" | "remove" | "delete_edge" => match read_edge(&obj) {
            Ok((src, dst)) => RepairAction::RemoveEdge { src, dst, reason },
            Err(e) => skip(format!("invalid remove_edge: {e}")),
        },
        "rollback_to_version" | "rollback" => {
            if !mode.allows_rollback() {
                return skip(format!(
                    "rollback_to_version is not allowed in {} mode",
                    mode.as_str()
                ));
            }
            if brief.history.is_empty() {
                return skip("rollback_to_version refused: no version history was offered");
            }
            let Some(version_id) = read_version_id(obj.get("version_id")) else {
                return skip("invalid rollback_to_version: no integer version_id");
            };
            if !brief.history.iter().any(|h| h.version_id == version_id) {
                return skip(format!(
                    "invalid rollback_to_version: version v{version_id} was not offered"
                ));
            }
            RepairAction::Rollback { version_id, reason }
        }
        "skip_conflict" | "skip" => skip(if reason.is_empty() {
            "the model skipped this conflict".to_string()
        } else {
            reason
        }),
        other => skip(format!("unknown action '{other}'")),
    }
}
