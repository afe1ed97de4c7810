//! The seam between the pure protocol and the network.
//!
//! [`LlmTransport`] is the one thing the UI implements (with `fetch`/gloo-net in the browser);
//! tests implement it with canned answers. [`call_mapping`] and [`call_repair`] are the whole
//! round trip: build the request, send it, read the answer. They hold no state and read no
//! clock; time limits and cancellation belong to the transport, which reports them as
//! [`LlmError::Timeout`] and [`LlmError::Cancelled`].

use super::agent::{ConflictBrief, RepairAction, RepairMode};
use super::config::LlmConfig;
use super::error::LlmError;
use super::prompt::MappingContext;
use super::reply::ObservationReply;
use super::request::HttpRequest;
use super::response::Usage;

/// What came back over HTTP.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpResponse {
    /// Status code; 0 when the browser gives none (CORS or network failure).
    pub status: u16,
    /// Header names and values.
    pub headers: Vec<(String, String)>,
    /// The body text.
    pub body: String,
}

/// Sends one request. Implementations report failures without a status as
/// [`LlmError::Network`] (use [`LlmError::network`] to scrub the key), [`LlmError::Timeout`]
/// or [`LlmError::Cancelled`].
#[allow(async_fn_in_trait)] // Single-threaded wasm: no `Send` bound wanted.
pub trait LlmTransport {
    /// Sends `request` and returns the raw answer.
    ///
    /// # Errors
    /// Only when no HTTP answer arrived; HTTP error statuses are answers.
    async fn send(&self, request: &HttpRequest) -> Result<HttpResponse, LlmError>;
}

/// Reads one observation through the model.
///
/// # Errors
/// Configuration, transport and HTTP errors, and [`LlmError::Malformed`] when the model's text
/// holds no readable JSON object.
pub async fn call_mapping<T: LlmTransport>(
    transport: &T,
    config: &LlmConfig,
    ctx: &MappingContext,
) -> Result<(ObservationReply, Usage), LlmError> {
    let request = super::mapping_request(config, ctx)?;
    let response = transport.send(&request).await?;
    super::read_mapping_response(config, response.status, &response.headers, &response.body)
}

/// Asks the model for one repair action.
///
/// # Errors
/// Configuration, transport and HTTP errors. An unusable answer is not an error: it is a
/// [`RepairAction::Skip`] saying why.
pub async fn call_repair<T: LlmTransport>(
    transport: &T,
    config: &LlmConfig,
    mode: RepairMode,
    brief: &ConflictBrief,
) -> Result<(RepairAction, Usage), LlmError> {
    let request = super::repair_request(config, mode, brief)?;
    let response = transport.send(&request).await?;
    super::read_repair_response(
        config,
        mode,
        brief,
        response.status,
        &response.headers,
        &response.body,
    )
}
