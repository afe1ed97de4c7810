//! Text → map, one observation at a time: the pure core of the build pipeline.
//!
//! * [`split_observations`] cuts a text into observations: paragraphs (blank lines) by default,
//!   single lines, or a custom separator; a MANGO walkthrough becomes one observation per step
//!   (`> action` followed by what the game said).
//! * [`mapping_context`] tells the model what the map already knows: the known places, the
//!   current location and the last few steps.
//! * [`apply_observation`] turns one [`ObservationReply`] into exactly one commit whose
//!   observation is the text and whose analysis is the model's: names canonicalized (case,
//!   articles, aliases), relations with a direction become exits (with their inferred way back),
//!   bearings are discretized, and a relation with only words becomes a free-text exit.
//! * [`committed_observations`] reads from the history how far a run got, so a reload resumes at
//!   the next observation; [`guess_current`] recovers a current location when none was saved.
//! * [`send_with_recovery`] is the retry policy around one call (back off on 429 and 5xx
//!   honouring `Retry-After`, one corrective retry for unreadable JSON, then a skip; pause on
//!   anything the user must fix). Waiting is the caller's: it passes a `wait` function, so this
//!   module reads no clock.
//!
//! Without a key, [`super::offline::prose_replies`] reads a whole text with the offline prose
//! reader ([`crate::domain::prose`]) into one reply per paragraph, and
//! [`super::offline::read_offline`] reads one
//! walkthrough step.

use std::future::Future;

use super::config::LlmConfig;
use super::discretize::{direction_angle, discretize_angle, Aliases, DEFAULT_ANGLE_TOLERANCE};
use super::error::LlmError;
use super::prompt::{mapping_prompt, MappingContext};
use super::reply::{observation_output, ObservationReply, RelationReply};
use super::request::{build_request, HttpRequest, RequestOptions};
use super::response::Usage;
use super::transport::{HttpResponse, LlmTransport};
use crate::domain::analysis::{detect, Geometry};
use crate::domain::history::{Change, CommitInfo, History, HistoryError, Trigger};
use crate::domain::map::Map;
use crate::domain::{Direction, Draft, Label};

/// Bearings this close to a sector boundary may go to the neighbouring direction when the
/// nearest one would add conflicts and the neighbour would not ("tolerance that loosens").
pub const LOOSE_ANGLE_TOLERANCE: f64 = 33.75;
/// Steps shown to the model as recent context.
pub const CONTEXT_STEPS: usize = 3;
/// Retries after HTTP 429 before the run pauses.
pub const MAX_RATE_LIMIT_RETRIES: u32 = 4;
/// Retries after a 5xx before the run pauses.
pub const MAX_SERVER_RETRIES: u32 = 2;
/// Longest wait honoured from a `Retry-After`, in seconds.
pub const MAX_WAIT_SECS: u64 = 120;

/// How a text is cut into observations.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Split {
    /// Blank lines separate observations (the default). A MANGO walkthrough is split by step.
    #[default]
    Paragraphs,
    /// Every non-empty line is an observation.
    Lines,
    /// A custom separator string (for example `---` or `***`).
    Separator(String),
}

impl Split {
    /// `paragraphs`, `lines` or the separator itself.
    pub fn as_str(&self) -> &str {
        match self {
            Split::Paragraphs => "paragraphs",
            Split::Lines => "lines",
            Split::Separator(s) => s,
        }
    }
}

/// Whether the text is a game's transcript: a MANGO walkthrough (`==>STEP NUM:` blocks) or an
/// interpreter's (`>north` prompt lines). Such a text is read step by step, and the app offers
/// its offline automapper for it.
pub fn is_walkthrough(text: &str) -> bool {
    crate::domain::formats::is_mango(text) || crate::domain::formats::is_transcript(text)
}

fn collapse(text: &str) -> String {
    text.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_string()
}

/// Cuts a text into observations (trimmed, empty ones dropped). A walkthrough or transcript
/// ([`is_walkthrough`]) always gives one observation per step, written `> action` on the first
/// line (`> Init` for the first step) and the game's answer below.
pub fn split_observations(text: &str, split: &Split) -> Vec<String> {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    // A walkthrough or transcript ([`is_walkthrough`]) is what `read_steps` reads.
    if let Ok(steps) = crate::domain::formats::read_steps(&text, "text") {
        return steps
            .into_iter()
            .map(|s| {
                let act = s.action.trim();
                if act.is_empty() {
                    s.observation
                } else {
                    format!("> {act}\n{}", s.observation)
                }
            })
            .map(|s| collapse(&s))
            .filter(|s| !s.is_empty())
            .collect();
    }
    let parts: Vec<String> = match split {
        Split::Paragraphs => {
            let mut out = Vec::new();
            let mut cur: Vec<&str> = Vec::new();
            for line in text.lines() {
                if line.trim().is_empty() {
                    if !cur.is_empty() {
                        out.push(cur.join("\n"));
                        cur.clear();
                    }
                } else {
                    cur.push(line);
                }
            }
            if !cur.is_empty() {
                out.push(cur.join("\n"));
            }
            out
        }
        Split::Lines => text.lines().map(str::to_string).collect(),
        Split::Separator(sep) if sep.trim().is_empty() => vec![text.clone()],
        Split::Separator(sep) => text.split(sep.as_str()).map(str::to_string).collect(),
    };
    parts
        .iter()
        .map(|p| collapse(p))
        .filter(|p| !p.is_empty())
        .collect()
}

/// How many observations of a run the history holds: one past the highest observation id of
/// an observation commit (0 for a fresh history). A run resumes at this index.
pub fn committed_observations(history: &History) -> usize {
    history
        .commits()
        .iter()
        .filter(|c| c.trigger == Trigger::Observation)
        .filter_map(|c| c.observation_id)
        .map(|id| id as usize + 1)
        .max()
        .unwrap_or(0)
}

/// A best guess of where the reader is when no saved location exists: where the newest
/// observation commit that went anywhere left the reader ([`History::reader_at`]).
pub fn guess_current(history: &History) -> Option<String> {
    let map = history.head();
    history
        .reader_at(history.len(), map)
        .and_then(|id| map.room(id))
        .map(|r| r.name.clone())
}

/// What the model is told before it reads `observation`: every room on the map (id order), the
/// current location, and the texts of the last [`CONTEXT_STEPS`] observation commits.
pub fn mapping_context(
    history: &History,
    current: Option<&str>,
    observation: &str,
) -> MappingContext {
    let known_locations = history.head().rooms().map(|r| r.name.clone()).collect();
    let mut recent: Vec<String> = history
        .commits()
        .iter()
        .rev()
        .filter(|c| c.trigger == Trigger::Observation && !c.observation.trim().is_empty())
        .take(CONTEXT_STEPS)
        .map(|c| c.observation.clone())
        .collect();
    recent.reverse();
    MappingContext {
        known_locations,
        current_location: current
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_string),
        recent_steps: recent,
        observation: observation.to_string(),
    }
}

/// The mapping request again, telling the model what was wrong with its previous answer.
///
/// # Errors
/// As [`super::mapping_request`].
pub fn corrective_mapping_request(
    config: &LlmConfig,
    ctx: &MappingContext,
    problem: &str,
) -> Result<HttpRequest, LlmError> {
    let mut prompt = mapping_prompt(ctx);
    prompt.user.push_str(&corrective_note(problem));
    build_request(
        config,
        &prompt,
        &observation_output(),
        &RequestOptions::for_mapping(),
    )
}

/// The sentence appended to a prompt for the one corrective retry.
pub fn corrective_note(problem: &str) -> String {
    format!(
        "\n\nYour previous answer could not be used ({problem}). Answer again with one complete, \
valid JSON object and nothing else; keep the analysis to one short sentence."
    )
}

/// What one applied observation did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// The commit made.
    pub version: u32,
    /// Where the reader is now (the reply's current location, else the previous one).
    pub current: Option<String>,
    /// Rooms added.
    pub rooms_added: usize,
    /// Exits added (observed and inferred).
    pub exits_added: usize,
    /// What was dropped, repaired or reinterpreted while applying.
    pub warnings: Vec<String>,
}

/// Why an observation could not be committed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// The history refused the change (nothing was recorded).
    #[error("the map could not record this observation: {0}")]
    History(#[from] HistoryError),
}

/// The alias table of a map: every room's aliases pointing at its name.
pub fn aliases_of(map: &Map) -> Aliases {
    let mut aliases = Aliases::new();
    for room in map.rooms() {
        for alias in &room.aliases {
            aliases.insert(alias, &room.name);
        }
    }
    aliases
}

/// The signed difference `a - b` in degrees, in `[-180, 180)`.
fn angle_diff(a: f64, b: f64) -> f64 {
    (a - b + 180.0).rem_euclid(360.0) - 180.0
}

/// The compass direction next to `nearest` on the side of `angle`, if `angle` is within
/// [`LOOSE_ANGLE_TOLERANCE`] of it.
fn loose_neighbour(angle: f64, nearest: Direction) -> Option<Direction> {
    let centre = direction_angle(nearest)?;
    let side = if angle_diff(angle, centre) >= 0.0 {
        45.0
    } else {
        -45.0
    };
    let neighbour = discretize_angle(centre + side, 0.5)?;
    let n_centre = direction_angle(neighbour)?;
    (angle_diff(angle, n_centre).abs() <= LOOSE_ANGLE_TOLERANCE).then_some(neighbour)
}

/// Conflicts on `map` after adding `from -d-> to` (with its way back).
fn conflicts_with(map: &Map, from: &str, to: &str, d: Direction) -> usize {
    let mut draft = Draft::new(map);
    let a = draft.room(from);
    let b = draft.room(to);
    draft.exit(a, b, Label::Dir(d), true);
    let change = draft.finish();
    let mut trial = map.clone();
    if change.apply(&mut trial).is_err() {
        return usize::MAX;
    }
    detect(&trial, &Geometry::infer(&trial)).len()
}

/// The label for one relation, and a note when the bearing was bent to the neighbouring
/// direction to avoid a conflict.
fn relation_label(map: &Map, rel: &RelationReply) -> (Label, Option<String>) {
    if let Some(angle) = rel.angle_deg {
        let nearest = discretize_angle(angle, DEFAULT_ANGLE_TOLERANCE);
        // Only a direction that came from the bearing (or agrees with it) may be bent.
        if nearest.is_some() && (rel.direction.is_none() || rel.direction == nearest) {
            if let Some(nearest) = nearest {
                if let Some(neighbour) = loose_neighbour(angle, nearest) {
                    let strict = conflicts_with(map, &rel.from, &rel.to, nearest);
                    let loose = conflicts_with(map, &rel.from, &rel.to, neighbour);
                    if loose < strict {
                        return (
                            Label::Dir(neighbour),
                            Some(format!(
                                "{} → {}: a bearing of {angle:.0}° read as {neighbour} rather than \
{nearest}, which would have added a conflict",
                                rel.from, rel.to
                            )),
                        );
                    }
                }
                return (Label::Dir(nearest), None);
            }
        }
    }
    match rel.direction {
        Some(d) => (Label::Dir(d), None),
        // A way with no stated direction: a link, whatever words described it.
        None => (Label::Link, None),
    }
}

/// The commit text for an observation's analysis: the model's words plus any warnings.
fn analysis_text(reply: &ObservationReply, warnings: &[String]) -> String {
    let mut out = reply.analysis.clone().unwrap_or_default();
    if !warnings.is_empty() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str("Notes: ");
        out.push_str(&warnings.join("; "));
        out.push('.');
    }
    out
}

/// How the reply spells each place it names, by its canonical key: a new room takes the
/// text's spelling ("Skeleton Island", not "skeleton island"), with outer punctuation and a
/// leading article dropped as the key drops them; the key still decides which room it is.
fn spellings(reply: &ObservationReply) -> Vec<(String, String)> {
    let names = reply.locations.iter().map(|l| l.name.as_str()).chain(
        reply
            .relations
            .iter()
            .flat_map(|r| [r.from.as_str(), r.to.as_str()]),
    );
    let mut out: Vec<(String, String)> = Vec::new();
    for name in names {
        let key = crate::domain::names::normalize_name(name);
        let words: Vec<&str> = name
            .trim_matches(|c: char| c.is_whitespace() || !c.is_alphanumeric())
            .split_whitespace()
            .collect();
        let body = match words.split_first() {
            Some((first, rest))
                if !rest.is_empty()
                    && ["the", "a", "an"].contains(&first.to_lowercase().as_str()) =>
            {
                rest.join(" ")
            }
            _ => words.join(" "),
        };
        if body.to_lowercase() == key && !out.iter().any(|(k, _)| *k == key) {
            out.push((key, body));
        }
    }
    out
}

/// How a new room's name is spelled on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spelling {
    /// By its lowercase key, as a model's reply names it: the names the map has always shown.
    Key,
    /// As the text spells it ("Skeleton Island", not "skeleton island"): the offline prose
    /// reader's replies ([`super::offline::prose_replies`]).
    Text,
}

/// Applies one reply to the history as one commit (trigger `observation`, observation id and
/// step `obs_id`, the text as its observation, the model's analysis as its analysis), a new
/// room spelled as `spelling` says; which room a name is still goes by its lowercase key.
/// Exits that were already on the map are recorded as traversed. An empty reply still commits
/// (an observation that taught nothing is part of the history).
///
/// # Errors
/// [`BuildError::History`] if the change does not fit the map (nothing is recorded then).
pub fn apply_observation(
    history: &mut History,
    obs_id: u32,
    text: &str,
    reply: &ObservationReply,
    current: Option<&str>,
    spelling: Spelling,
) -> Result<Applied, BuildError> {
    let spelled = match spelling {
        Spelling::Key => Vec::new(),
        Spelling::Text => spellings(reply),
    };
    let mut aliases = aliases_of(history.head());
    let shown = |name: &str| -> String {
        spelled
            .iter()
            .find(|(key, _)| key == name)
            .map_or_else(|| name.to_string(), |(_, s)| s.clone())
    };
    let reply = reply.canonicalized(&mut aliases);
    let mut warnings = reply.warnings.clone();
    let labels: Vec<(Label, Option<String>)> = reply
        .relations
        .iter()
        .map(|r| relation_label(history.head(), r))
        .collect();
    let mut draft = Draft::new(history.head());
    for loc in &reply.locations {
        let id = draft.room(&shown(&loc.name));
        for alias in &loc.aliases {
            draft.alias(id, alias);
        }
        if let Some(desc) = loc.description.as_deref() {
            draft.describe(id, desc);
        }
    }
    let mut traversed = Vec::new();
    for (rel, (label, note)) in reply.relations.iter().zip(labels) {
        let a = draft.room(&shown(&rel.from));
        let b = draft.room(&shown(&rel.to));
        let infer = label.opposite().is_some();
        // A way told with no direction between two places the map already joins adds nothing:
        // it is that way walked again ("she passed through the gate into the orchard").
        if label.direction().is_none() {
            let known = draft
                .exits_between(a, b)
                .into_iter()
                .chain(draft.exits_between(b, a))
                .find(|e| e.label.direction().is_some());
            if let Some(e) = known {
                if !traversed.contains(&e.id) {
                    traversed.push(e.id);
                }
                warnings.extend(note);
                continue;
            }
        }
        let (id, new) = draft.exit(a, b, label, infer);
        if !new && !traversed.contains(&id) {
            traversed.push(id);
        }
        warnings.extend(note);
    }
    let change = draft.finish();
    let rooms_added = change.added_rooms.len();
    let exits_added = change.added_exits.len();
    let next_current = reply
        .current_location
        .clone()
        .or_else(|| current.map(|c| aliases.canonical(c)))
        .filter(|c| !c.is_empty());
    let info = CommitInfo {
        step: obs_id,
        trigger: Some(Trigger::Observation),
        observation_id: Some(obs_id),
        observation: text.to_string(),
        analysis: analysis_text(&reply, &warnings),
        traversed,
    };
    let version = history.commit(change, info)?;
    Ok(Applied {
        version,
        current: next_current,
        rooms_added,
        exits_added,
        warnings,
    })
}

/// Records an observation that could not be read as an empty commit whose analysis says why,
/// so the text stays in the history and a resumed run moves past it.
///
/// # Errors
/// [`BuildError::History`] (cannot happen for an empty change, but the history decides).
pub fn skip_observation(
    history: &mut History,
    obs_id: u32,
    text: &str,
    reason: &str,
) -> Result<u32, BuildError> {
    let info = CommitInfo {
        step: obs_id,
        trigger: Some(Trigger::Observation),
        observation_id: Some(obs_id),
        observation: text.to_string(),
        analysis: format!("Skipped: {reason}"),
        traversed: Vec::new(),
    };
    Ok(history.commit(Change::default(), info)?)
}

/// What to do after a failed call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recovery {
    /// Wait this long and send the same request again.
    Retry {
        /// Milliseconds to wait.
        wait_ms: u64,
    },
    /// Send the request once more with a note on what was wrong.
    Corrective,
    /// Give up on this item, record why, and go on with the next one.
    Skip,
    /// Stop the run; the user must act (fix the key, the model, the URL …) and resume.
    Pause,
}

/// The retry policy. `retries` is how many times this error kind was already retried for the
/// current item; `corrected` whether the corrective retry was already spent.
///
/// * 429: wait `Retry-After` (capped at [`MAX_WAIT_SECS`]) or 1, 2, 4, 8 s; after
///   [`MAX_RATE_LIMIT_RETRIES`] retries, pause.
/// * 5xx: wait 1, 2 s; after [`MAX_SERVER_RETRIES`] retries, pause.
/// * Unreadable or cut-off JSON: one corrective retry, then skip.
/// * Refusal: skip.
/// * Everything else (key, model, URL, network/CORS, time-out, cancel): pause.
pub fn recovery(err: &LlmError, retries: u32, corrected: bool) -> Recovery {
    let backoff = || 1000u64.saturating_mul(1u64 << retries.min(6));
    match err {
        LlmError::RateLimited { .. } if retries < MAX_RATE_LIMIT_RETRIES => Recovery::Retry {
            wait_ms: err
                .retry_after_secs()
                .map_or_else(backoff, |s| s.min(MAX_WAIT_SECS) * 1000),
        },
        LlmError::Server { .. } if retries < MAX_SERVER_RETRIES => {
            Recovery::Retry { wait_ms: backoff() }
        }
        LlmError::Malformed(_) | LlmError::Truncated if !corrected => Recovery::Corrective,
        LlmError::Malformed(_) | LlmError::Truncated | LlmError::Refusal(_) => Recovery::Skip,
        _ => Recovery::Pause,
    }
}

/// How a call with recovery ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome<R> {
    /// The answer.
    Done(R),
    /// The item is skipped; the error says why (show it, record it, go on).
    Skipped(LlmError),
    /// The run must stop; the error says what to do.
    Paused(LlmError),
}

/// A call's outcome with the tokens spent on all its attempts.
#[derive(Debug, Clone, PartialEq)]
pub struct Attempted<R> {
    /// What happened.
    pub outcome: Outcome<R>,
    /// Tokens over every attempt that reported usage.
    pub usage: Usage,
    /// Requests sent.
    pub attempts: u32,
}

fn add_usage(total: &mut Usage, more: Usage) {
    let add = |a: Option<u64>, b: Option<u64>| match (a, b) {
        (None, None) => None,
        (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
    };
    total.input_tokens = add(total.input_tokens, more.input_tokens);
    total.output_tokens = add(total.output_tokens, more.output_tokens);
    total.total_tokens = add(total.total_tokens, more.total_tokens);
}

/// Sends `first`, reads the answer with `read`, and applies [`recovery`] to failures:
/// `corrective(problem)` builds the corrective request, `wait(ms, &error)` sleeps (and
/// resolves to `false` if the run was cancelled meanwhile, which pauses it).
pub async fn send_with_recovery<T, R, W, Fut>(
    transport: &T,
    first: HttpRequest,
    corrective: impl Fn(&str) -> Result<HttpRequest, LlmError>,
    read: impl Fn(&HttpResponse) -> Result<(R, Usage), LlmError>,
    wait: W,
) -> Attempted<R>
where
    T: LlmTransport,
    W: Fn(u64, LlmError) -> Fut,
    Fut: Future<Output = bool>,
{
    let mut usage = Usage::default();
    let mut request = first;
    let mut attempts = 0u32;
    let mut rate_retries = 0u32;
    let mut server_retries = 0u32;
    let mut corrected = false;
    loop {
        attempts += 1;
        let result = match transport.send(&request).await {
            Ok(response) => read(&response),
            Err(e) => Err(e),
        };
        let err = match result {
            Ok((value, used)) => {
                add_usage(&mut usage, used);
                return Attempted {
                    outcome: Outcome::Done(value),
                    usage,
                    attempts,
                };
            }
            Err(e) => e,
        };
        let retries = match err {
            LlmError::RateLimited { .. } => rate_retries,
            LlmError::Server { .. } => server_retries,
            _ => 0,
        };
        let done = |outcome| Attempted {
            outcome,
            usage,
            attempts,
        };
        match recovery(&err, retries, corrected) {
            Recovery::Retry { wait_ms } => {
                if matches!(err, LlmError::RateLimited { .. }) {
                    rate_retries += 1;
                } else {
                    server_retries += 1;
                }
                if !wait(wait_ms, err.clone()).await {
                    return done(Outcome::Paused(LlmError::Cancelled));
                }
            }
            Recovery::Corrective => {
                corrected = true;
                let problem = match &err {
                    LlmError::Truncated => {
                        "it was cut off at the token limit; answer more briefly".to_string()
                    }
                    LlmError::Malformed(m) => m.clone(),
                    other => other.to_string(),
                };
                match corrective(&problem) {
                    Ok(r) => request = r,
                    Err(e) => return done(Outcome::Paused(e)),
                }
            }
            Recovery::Skip => return done(Outcome::Skipped(err)),
            Recovery::Pause => return done(Outcome::Paused(err)),
        }
    }
}

/// Reads one observation through the model with [`send_with_recovery`].
pub async fn read_observation<T, W, Fut>(
    transport: &T,
    config: &LlmConfig,
    ctx: &MappingContext,
    wait: W,
) -> Attempted<ObservationReply>
where
    T: LlmTransport,
    W: Fn(u64, LlmError) -> Fut,
    Fut: Future<Output = bool>,
{
    let first = match super::mapping_request(config, ctx) {
        Ok(r) => r,
        Err(e) => {
            return Attempted {
                outcome: Outcome::Paused(e),
                usage: Usage::default(),
                attempts: 0,
            }
        }
    };
    send_with_recovery(
        transport,
        first,
        |problem| corrective_mapping_request(config, ctx, problem),
        |r| super::read_mapping_response(config, r.status, &r.headers, &r.body),
        wait,
    )
    .await
}
