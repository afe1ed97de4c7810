//! The LLM repair agent, glued to the repair loop.
//!
//! The loop ([`crate::domain::repair::RepairSession`]) says which conflict needs a decision and
//! hands over a [`DecisionContext`]. [`conflict_brief`] turns that context into the plain
//! [`ConflictBrief`] the prompt renders for a mode: the conflict (type, description, involved
//! exits), the ranked candidates with their edge impact parts (EI modes), the recent versions
//! with their `recall_step` text (VC modes, only while a rollback is still allowed), and the
//! recent actions. [`ask_repair`] asks the model (with the retry policy of
//! [`super::build::send_with_recovery`]); [`decision_for`] turns the model's [`RepairAction`]
//! into a [`Decision`] on exit ids, or a skip with the reason when it names no such exit, a
//! version that cannot be restored, or a rollback the budget no longer allows.

use std::future::Future;

use super::agent::{
    repair_output, repair_prompt, CandidateBrief, ConflictBrief, EdgeBrief, HistoryBrief,
    RepairAction, RepairMode, MAX_CANDIDATES, MAX_HISTORY,
};
use super::build::{corrective_note, send_with_recovery, Attempted, Outcome};
use super::config::LlmConfig;
use super::error::LlmError;
use super::request::{build_request, RequestOptions};
use super::response::Usage;
use super::transport::LlmTransport;
use crate::domain::analysis::{Conflict, ConflictKind};
use crate::domain::direction::offset_words;
use crate::domain::map::{Exit, ExitId, Map, Origin, RoomId};
use crate::domain::repair::{describe, Action, Decision, DecisionContext};
use crate::domain::Label;

fn room_name(map: &Map, id: RoomId) -> String {
    map.room(id)
        .map_or_else(|| format!("#{}", id.0), |r| r.canonical.clone())
}

fn edge_brief(map: &Map, exit: &Exit) -> EdgeBrief {
    EdgeBrief::new(
        room_name(map, exit.from),
        room_name(map, exit.to),
        exit.label.as_str(),
    )
}

fn exit_words(map: &Map, exit: &Exit) -> String {
    format!(
        "{} -{}-> {}",
        room_name(map, exit.from),
        exit.label,
        room_name(map, exit.to)
    )
}

/// The rule's wire name: `duplicate_label`, `reverse_mismatch`, `loop`, `overlap`,
/// `name_collision`.
pub fn rule_name(kind: &ConflictKind) -> &'static str {
    match kind {
        ConflictKind::DuplicateLabel { .. } => "duplicate_label",
        ConflictKind::ReverseMismatch { .. } => "reverse_mismatch",
        ConflictKind::Loop { .. } => "loop",
        ConflictKind::Overlap { .. } => "overlap",
        ConflictKind::NameCollision { .. } => "name_collision",
    }
}

/// One sentence on what the conflict is, with room names.
pub fn conflict_description(map: &Map, conflict: &Conflict) -> String {
    let names = |rooms: &[RoomId]| {
        rooms
            .iter()
            .map(|r| format!("'{}'", room_name(map, *r)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match &conflict.kind {
        ConflictKind::DuplicateLabel { room, label } => format!(
            "Going {label} from '{}' leads to more than one place: {}.",
            room_name(map, *room),
            conflict
                .exits
                .iter()
                .filter_map(|e| map.exit(*e))
                .map(|e| format!("'{}'", room_name(map, e.to)))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        ConflictKind::ReverseMismatch { a, b } => format!(
            "'{}' and '{}' are linked both ways, but no way back is the opposite of a way there.",
            room_name(map, *a),
            room_name(map, *b)
        ),
        ConflictKind::Loop { exit, error } => {
            let closing = map
                .exit(*exit)
                .map_or_else(|| format!("exit #{}", exit.0), |e| exit_words(map, e));
            format!(
                "A loop does not close: {closing} arrives {} away from where the other exits put its target.",
                offset_words(*error)
            )
        }
        ConflictKind::Overlap { .. } => format!(
            "These places land on the same spot of the grid: {}.",
            names(&conflict.rooms)
        ),
        ConflictKind::NameCollision { canonical } => format!(
            "{} different places are called '{canonical}'.",
            conflict.rooms.len()
        ),
    }
}

fn recall_text(map: &Map, ctx: &DecisionContext<'_>, version: u32) -> Option<String> {
    let r = ctx.history.recall_step(version)?;
    let mut parts = Vec::new();
    if !r.observation.trim().is_empty() {
        parts.push(format!("observation: {}", r.observation.trim()));
    }
    if !r.analysis.trim().is_empty() {
        parts.push(format!("analysis: {}", r.analysis.trim()));
    }
    let exits = |list: &[Exit]| {
        list.iter()
            .map(|e| exit_words(map, e))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !r.added_exits.is_empty() {
        parts.push(format!("added: {}", exits(&r.added_exits)));
    }
    if !r.removed_exits.is_empty() {
        parts.push(format!("removed: {}", exits(&r.removed_exits)));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// What the agent is told about the target conflict in `mode` (see the module docs).
/// `recent_actions` are the last actions' summaries, oldest first (e.g.
/// [`RepairAction::summary`]).
pub fn conflict_brief(
    ctx: &DecisionContext<'_>,
    mode: RepairMode,
    recent_actions: &[String],
) -> ConflictBrief {
    let map = ctx.map;
    let Some(conflict) = ctx.analysis.conflicts.get(ctx.target) else {
        return ConflictBrief {
            recent_actions: recent_actions.to_vec(),
            ..ConflictBrief::default()
        };
    };
    let involved_edges = conflict
        .exits
        .iter()
        .filter_map(|id| map.exit(*id))
        .map(|e| edge_brief(map, e))
        .collect();
    let mut details = vec![("rule".to_string(), rule_name(&conflict.kind).to_string())];
    if !conflict.rooms.is_empty() {
        let rooms: Vec<String> = conflict.rooms.iter().map(|r| room_name(map, *r)).collect();
        details.push(("rooms".to_string(), rooms.join(", ")));
    }
    let candidates = if mode.shows_candidates() {
        ctx.candidates
            .iter()
            .filter_map(|c| map.exit(c.exit).map(|e| (c, e)))
            .take(MAX_CANDIDATES)
            .map(|(c, e)| CandidateBrief {
                edge: edge_brief(map, e),
                score: c.score,
                reach: c.reach_norm,
                conflicts: c.conflicts_norm,
                usage: c.usage_norm,
            })
            .collect()
    } else {
        Vec::new()
    };
    let history = if mode.allows_rollback() && ctx.rollback_allowed {
        let commits = ctx.history.commits();
        let start = commits.len().saturating_sub(MAX_HISTORY);
        commits
            .iter()
            .skip(start)
            .map(|c| HistoryBrief {
                version_id: u64::from(c.id),
                step: u64::from(c.step),
                trigger: c.trigger.as_str().to_string(),
                recall: recall_text(map, ctx, c.id),
            })
            .collect()
    } else {
        Vec::new()
    };
    ConflictBrief {
        conflict_type: conflict.ctype.as_str().to_string(),
        severity: None,
        description: conflict_description(map, conflict),
        involved_edges,
        details,
        candidates,
        history,
        recent_actions: recent_actions.to_vec(),
    }
}

fn skip(reason: impl Into<String>) -> Decision {
    Decision {
        action: Action::SkipConflict,
        reason: reason.into(),
    }
}

/// The exit `src → dst` the model meant: among every exit between rooms of those names, one the
/// conflict names first, then a ranked candidate, then an observed one, then the oldest.
pub fn find_exit(ctx: &DecisionContext<'_>, src: &str, dst: &str) -> Option<ExitId> {
    let map = ctx.map;
    let conflict_exits: &[ExitId] = ctx
        .analysis
        .conflicts
        .get(ctx.target)
        .map_or(&[], |c| c.exits.as_slice());
    let mut found: Vec<&Exit> = Vec::new();
    for a in map.rooms_named(src) {
        for b in map.rooms_named(dst) {
            found.extend(map.exits_between(a.id, b.id));
        }
    }
    found.sort_by_key(|e| {
        let rank = ctx.candidates.iter().position(|c| c.exit == e.id);
        (
            !conflict_exits.contains(&e.id),
            rank.unwrap_or(usize::MAX),
            e.origin != Origin::Observed,
            e.id,
        )
    });
    found.first().map(|e| e.id)
}

fn with_reason(mode: RepairMode, reason: &str, action: &Action) -> String {
    let reason = reason.trim();
    let why = if reason.is_empty() {
        describe(action)
    } else {
        reason.to_string()
    };
    format!("LLM agent ({}): {why}", mode.paper_label())
}

/// Turns the model's action into a decision for the loop (see the module docs). The reason
/// becomes the commit's analysis: `LLM agent (<mode>): <the model's reason>`.
pub fn decision_for(
    action: &RepairAction,
    mode: RepairMode,
    ctx: &DecisionContext<'_>,
) -> Decision {
    let tag = |reason: &str, a: Action| Decision {
        reason: with_reason(mode, reason, &a),
        action: a,
    };
    match action {
        RepairAction::ModifyEdge {
            src,
            dst,
            new_direction,
            reason,
        } => {
            let Some(exit) = find_exit(ctx, src, dst) else {
                return skip(format!(
                    "LLM agent ({}): invalid modify_edge: there is no edge {src} -> {dst}",
                    mode.paper_label()
                ));
            };
            let to = Label::Dir(*new_direction);
            if ctx.map.exit(exit).is_some_and(|e| e.label == to) {
                return skip(format!(
                    "LLM agent ({}): invalid modify_edge: {src} -> {dst} is already {new_direction}",
                    mode.paper_label()
                ));
            }
            tag(reason, Action::ModifyEdge { exit, to })
        }
        RepairAction::RemoveEdge { src, dst, reason } => match find_exit(ctx, src, dst) {
            Some(exit) => tag(reason, Action::RemoveEdge { exit }),
            None => skip(format!(
                "LLM agent ({}): invalid remove_edge: there is no edge {src} -> {dst}",
                mode.paper_label()
            )),
        },
        RepairAction::Rollback { version_id, reason } => {
            let label = mode.paper_label();
            if !mode.allows_rollback() {
                return skip(format!(
                    "LLM agent ({label}): rollback is not allowed in this mode"
                ));
            }
            if !ctx.rollback_allowed {
                return skip(format!(
                    "LLM agent ({label}): rollback refused: this conflict already used its rollback"
                ));
            }
            let Some(version) = u32::try_from(*version_id)
                .ok()
                .filter(|v| ctx.history.get(*v).is_some())
            else {
                return skip(format!(
                    "LLM agent ({label}): invalid rollback_to_version: there is no version v{version_id}"
                ));
            };
            if Some(version) == ctx.history.head_version() {
                return skip(format!(
                    "LLM agent ({label}): rollback to v{version} changes nothing (it is the current version)"
                ));
            }
            tag(reason, Action::RollbackToVersion { version })
        }
        RepairAction::Skip { reason } => skip(format!(
            "LLM agent ({}): {}",
            mode.paper_label(),
            if reason.trim().is_empty() {
                "skip conflict"
            } else {
                reason.trim()
            }
        )),
    }
}

/// A short line for the proposal shown before the user approves it: "modify hall -> library
/// to east".
pub fn proposal_text(action: &RepairAction) -> String {
    match action {
        RepairAction::ModifyEdge {
            src,
            dst,
            new_direction,
            ..
        } => format!("Relabel {src} → {dst} as {new_direction}"),
        RepairAction::RemoveEdge { src, dst, .. } => format!("Remove {src} → {dst}"),
        RepairAction::Rollback { version_id, .. } => format!("Roll back to version {version_id}"),
        RepairAction::Skip { .. } => "Skip this conflict".to_string(),
    }
}

/// Asks the model for one action, with the retry policy (429/5xx back-off, one corrective retry
/// for an unreadable answer, then a skip).
pub async fn ask_repair<T, W, Fut>(
    transport: &T,
    config: &LlmConfig,
    mode: RepairMode,
    brief: &ConflictBrief,
    wait: W,
) -> Attempted<RepairAction>
where
    T: LlmTransport,
    W: Fn(u64, LlmError) -> Fut,
    Fut: Future<Output = bool>,
{
    let first = match super::repair_request(config, mode, brief) {
        Ok(r) => r,
        Err(e) => {
            return Attempted {
                outcome: Outcome::Paused(e),
                usage: Usage::default(),
                attempts: 0,
            }
        }
    };
    let corrective = |problem: &str| {
        let mut prompt = repair_prompt(mode, brief);
        prompt.user.push_str(&corrective_note(problem));
        build_request(
            config,
            &prompt,
            &repair_output(mode),
            &RequestOptions::for_repair(),
        )
    };
    send_with_recovery(
        transport,
        first,
        corrective,
        |r| super::read_repair_response(config, mode, brief, r.status, &r.headers, &r.body),
        wait,
    )
    .await
}
