//! The LLM protocol: requests built as values, replies parsed from text. No I/O here.
//!
//! Two conversations go through this module:
//!
//! * **Mapping** (text → map): [`mapping_request`] asks which places and directional links a
//!   piece of text reveals; [`read_mapping_response`] turns the provider's answer into an
//!   [`ObservationReply`]. [`prose_replies`] produces the same replies offline, with the prose
//!   reader ([`crate::domain::prose`]).
//! * **Repair** (one conflict → one action): [`repair_request`] renders a [`ConflictBrief`] for
//!   one of the paper's four modes; [`read_repair_response`] returns the model's
//!   [`RepairAction`], or a skip explaining why the answer could not be used.
//!
//! Four providers are supported ([`Provider`]): OpenAI, Anthropic, Gemini and any
//! OpenAI-compatible server. Sending is the caller's job, through [`LlmTransport`]; the
//! functions here only build [`HttpRequest`] values and read `(status, headers, body)`.
//! Errors are [`LlmError`]s whose messages tell the user what to do and never contain the key.
//!
//! Files: `provider` (config), `request` (HTTP bodies), `response` (HTTP answers and errors),
//! `reply` (the observation schema), `prompt` (the mapping prompt), `agent` (the repair prompt
//! and action), `discretize` (angles, distances, names), `transport` (the sending seam), `build` (text →
//! map: splitting, applying a reply as one commit, resuming, the retry policy), `offline` (the
//! same without a model: walkthrough steps and the prose reader) and `decider` (the repair agent glued to the repair
//! loop).

pub mod agent;
pub mod build;
pub mod config;
pub mod decider;
pub mod discretize;
pub mod error;
pub mod offline;
pub mod prompt;
pub mod provider;
pub mod reply;
pub mod request;
pub mod response;
pub mod transport;

pub use agent::{
    parse_repair_action, repair_output, repair_prompt, repair_schema, CandidateBrief,
    ConflictBrief, EdgeBrief, HistoryBrief, RepairAction, RepairMode,
};
pub use build::{
    apply_observation, committed_observations, guess_current, is_walkthrough, mapping_context,
    read_observation, recovery, skip_observation, split_observations, Applied, Attempted,
    BuildError, Outcome, Recovery, Spelling, Split,
};
pub use config::LlmConfig;
pub use decider::{ask_repair, conflict_brief, decision_for, proposal_text};
pub use discretize::{discretize_angle, Aliases, Distance, DEFAULT_ANGLE_TOLERANCE};
pub use error::LlmError;
pub use offline::{evidence_marks, marked_segments, prose_replies, read_offline, read_prose};
pub use prompt::{mapping_prompt, MappingContext};
pub use provider::{ApiKey, Provider};
pub use reply::{
    extract_json_object, observation_output, observation_schema, parse_observation_reply,
    LocationReply, ObservationReply, RelationReply, ReplyError,
};
pub use request::{build_request, HttpRequest, Prompt, RequestOptions, StructuredOutput};
pub use response::{parse_response, Completion, Usage};
pub use transport::{call_mapping, call_repair, HttpResponse, LlmTransport};

/// The request that asks the model to read one observation.
///
/// # Errors
/// [`LlmError::MissingKey`] or [`LlmError::InvalidConfig`] when the settings are incomplete.
pub fn mapping_request(config: &LlmConfig, ctx: &MappingContext) -> Result<HttpRequest, LlmError> {
    build_request(
        config,
        &mapping_prompt(ctx),
        &observation_output(),
        &RequestOptions::for_mapping(),
    )
}

/// Reads the answer to a [`mapping_request`].
///
/// # Errors
/// Any [`parse_response`] error, and [`LlmError::Malformed`] when the model's text holds no
/// readable JSON object.
pub fn read_mapping_response(
    config: &LlmConfig,
    status: u16,
    headers: &[(String, String)],
    body: &str,
) -> Result<(ObservationReply, Usage), LlmError> {
    let completion = parse_response(config, status, headers, body)?;
    let reply = parse_observation_reply(&completion.text)?;
    Ok((reply, completion.usage))
}

/// The request that asks the model for one repair action.
///
/// # Errors
/// [`LlmError::MissingKey`] or [`LlmError::InvalidConfig`] when the settings are incomplete.
pub fn repair_request(
    config: &LlmConfig,
    mode: RepairMode,
    brief: &ConflictBrief,
) -> Result<HttpRequest, LlmError> {
    build_request(
        config,
        &repair_prompt(mode, brief),
        &repair_output(mode),
        &RequestOptions::for_repair(),
    )
}

/// Reads the answer to a [`repair_request`]: HTTP-level failures are errors; an answer that is
/// not a usable action is a [`RepairAction::Skip`] with the reason.
///
/// # Errors
/// Any [`parse_response`] error (unauthorized, rate limited, truncated, refusal …).
pub fn read_repair_response(
    config: &LlmConfig,
    mode: RepairMode,
    brief: &ConflictBrief,
    status: u16,
    headers: &[(String, String)],
    body: &str,
) -> Result<(RepairAction, Usage), LlmError> {
    let completion = parse_response(config, status, headers, body)?;
    Ok((
        parse_repair_action(&completion.text, mode, brief),
        completion.usage,
    ))
}
