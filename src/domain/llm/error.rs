//! Why an LLM call did not produce usable text, in words the user can act on, and the
//! scrubbing that keeps the API key out of every such message.
//!
//! Promise: no [`LlmError`] made here or by the modules that build one ([`super::response`],
//! [`super::config`]) carries the key or anything shaped like a provider key.

use super::provider::{ApiKey, Provider};

/// Longest provider message kept in an error, in characters.
const MAX_MESSAGE_CHARS: usize = 300;

/// Why an LLM call did not produce usable text. `Display` is the sentence shown to the user.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LlmError {
    /// The provider needs a key and none was given.
    #[error("{} needs an API key: paste one in the LLM settings (it stays in this browser).", .provider.label())]
    MissingKey {
        /// The provider that was chosen.
        provider: Provider,
    },
    /// The settings cannot produce a request.
    #[error("The LLM settings need fixing: {0}.")]
    InvalidConfig(String),
    /// HTTP 401 or 403: the key is wrong, revoked, or lacks access.
    #[error("The provider rejected the API key (HTTP {status}): {message} Check that the key is correct, still active, and allowed to use this model.")]
    Unauthorized {
        /// 401 or 403.
        status: u16,
        /// The provider's own explanation, scrubbed.
        message: String,
    },
    /// HTTP 404: usually a misspelt model or a wrong base URL.
    #[error("Model '{model}' or the endpoint was not found (HTTP 404): {message} Check the model name and the base URL.")]
    UnknownModel {
        /// The model that was asked for.
        model: String,
        /// The provider's own explanation, scrubbed.
        message: String,
    },
    /// HTTP 429: too many requests or quota exhausted.
    #[error("The provider is rate-limiting requests (HTTP 429){}: {message} Wait a little and try again, or check your plan's quota.", retry_hint(*.retry_after_secs))]
    RateLimited {
        /// Seconds to wait, from the `retry-after` header or the error body, when given.
        retry_after_secs: Option<u64>,
        /// The provider's own explanation, scrubbed.
        message: String,
    },
    /// Another 4xx: the provider refused the request as built.
    #[error("The provider refused the request (HTTP {status}): {message} The model may not support structured JSON output; try another model.")]
    BadRequest {
        /// The status code.
        status: u16,
        /// The provider's own explanation, scrubbed.
        message: String,
    },
    /// HTTP 5xx (including Anthropic's 529 "overloaded").
    #[error("The provider had a server error (HTTP {status}): {message} Try again in a moment.")]
    Server {
        /// The status code.
        status: u16,
        /// The provider's own explanation, scrubbed.
        message: String,
    },
    /// The request never got an HTTP answer (offline, DNS, refused, or blocked by CORS).
    #[error("Could not reach the LLM server ({0}). Check the base URL and your connection; a local server must also allow requests from this page (CORS).")]
    Network(String),
    /// No answer within the time limit.
    #[error("No answer from the LLM{}. Try again, choose a faster model, or raise the time limit.", within(*.secs))]
    Timeout {
        /// The limit that was exceeded, in seconds (0 when the server itself timed out).
        secs: u64,
    },
    /// The request was cancelled (for example the user navigated away).
    #[error("The LLM request was cancelled.")]
    Cancelled,
    /// The answer arrived but could not be read.
    #[error("The LLM reply could not be read: {0}. Try again, or choose a model that supports JSON output.")]
    Malformed(String),
    /// The model declined to answer.
    #[error("The model declined to answer: {0} Rephrase the text or try another model.")]
    Refusal(String),
    /// The answer hit the token limit, so its JSON is incomplete.
    #[error("The reply was cut off at the token limit, so its JSON is incomplete. Raise the max-tokens setting or send a shorter text.")]
    Truncated,
}

fn within(secs: u64) -> String {
    if secs == 0 {
        " in time".to_string()
    } else {
        format!(" within {secs} s")
    }
}

fn retry_hint(secs: Option<u64>) -> String {
    match secs {
        Some(s) => format!(", retry after {s} s"),
        None => String::new(),
    }
}

impl LlmError {
    /// A transport failure with its detail scrubbed of the key.
    pub fn network(detail: &str, key: &ApiKey) -> LlmError {
        LlmError::Network(clean_fragment(detail, key.expose()))
    }

    /// Whether trying the same request again later may succeed.
    pub fn is_retryable(&self) -> bool {
        matches!(
            self,
            LlmError::RateLimited { .. }
                | LlmError::Server { .. }
                | LlmError::Network(_)
                | LlmError::Timeout { .. }
                | LlmError::Truncated
                | LlmError::Malformed(_)
        )
    }

    /// Seconds the provider asked us to wait, if it said.
    pub fn retry_after_secs(&self) -> Option<u64> {
        match self {
            LlmError::RateLimited {
                retry_after_secs, ..
            } => *retry_after_secs,
            _ => None,
        }
    }
}

/// Replaces the key, and anything shaped like a provider key, with `[redacted]`.
///
/// Keys shorter than 4 characters are not searched for (they would match ordinary words);
/// tokens that start with `sk-` (OpenAI, Anthropic) or `AIza` (Google) and are at least 16
/// characters long are always redacted.
pub fn scrub(text: &str, key: &str) -> String {
    let key = key.trim();
    let mut out = if key.chars().count() >= 4 {
        text.replace(key, "[redacted]")
    } else {
        text.to_string()
    };
    out = redact_key_like_tokens(&out);
    out
}

fn redact_key_like_tokens(text: &str) -> String {
    let is_token_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_');
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| is_token_char(c)) {
        out.push_str(&rest[..start]);
        let tail = &rest[start..];
        let end = tail.find(|c: char| !is_token_char(c)).unwrap_or(tail.len());
        let token = &tail[..end];
        let looks_like_key =
            (token.starts_with("sk-") || token.starts_with("AIza")) && token.len() >= 16;
        out.push_str(if looks_like_key { "[redacted]" } else { token });
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

/// Scrubs and shortens a message and collapses its blanks.
pub(crate) fn clean_fragment(text: &str, key: &str) -> String {
    let scrubbed = scrub(text, key);
    let collapsed = scrubbed.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut short: String = collapsed.chars().take(MAX_MESSAGE_CHARS).collect();
    if collapsed.chars().count() > MAX_MESSAGE_CHARS {
        short.push('…');
    }
    if short.is_empty() {
        short.push_str("no details given");
    }
    short
}

/// [`clean_fragment`], ended with a full stop so it reads as a sentence.
pub(crate) fn clean_message(text: &str, key: &str) -> String {
    let mut short = clean_fragment(text, key);
    if !short.ends_with(['.', '!', '?', '…']) {
        short.push('.');
    }
    short
}
