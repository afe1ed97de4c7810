//! Reading what a provider sent back: an HTTP status, headers and body text become either a
//! [`Completion`] (the model's text and token usage) or an [`LlmError`] that tells the user what
//! happened and what to do about it.
//!
//! Promises: nothing here panics on any input; every error message has been scrubbed of the API
//! key (and of anything that looks like a provider key), so it can be shown on screen or logged.

use serde_json::Value;

use super::provider::{LlmConfig, Provider};

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
    /// A transport failure with its detail scrubbed of the config's key.
    pub fn network(detail: &str, config: &LlmConfig) -> LlmError {
        LlmError::Network(clean_fragment(detail, config.api_key.expose()))
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

/// Token counts reported by the provider (any may be missing).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// Prompt tokens.
    pub input_tokens: Option<u64>,
    /// Completion tokens.
    pub output_tokens: Option<u64>,
    /// Total, as reported or as the sum of the two.
    pub total_tokens: Option<u64>,
}

impl Usage {
    /// The total, or the sum of the parts, or 0.
    pub fn total(&self) -> u64 {
        self.total_tokens
            .unwrap_or_else(|| self.input_tokens.unwrap_or(0) + self.output_tokens.unwrap_or(0))
    }
}

/// A successful answer: the model's text (for Anthropic's forced tool call, the tool input as
/// JSON text) and its usage.
#[derive(Debug, Clone, PartialEq)]
pub struct Completion {
    /// What the model said, to be parsed by [`super::reply`] or [`super::agent`].
    pub text: String,
    /// Token usage.
    pub usage: Usage,
    /// The provider's stop/finish reason, when given.
    pub finish_reason: Option<String>,
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
fn clean_fragment(text: &str, key: &str) -> String {
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
fn clean_message(text: &str, key: &str) -> String {
    let mut short = clean_fragment(text, key);
    if !short.ends_with(['.', '!', '?', '…']) {
        short.push('.');
    }
    short
}

/// The value of a header, matched case-insensitively.
pub fn header_value<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// Seconds from a `retry-after` value: an integer or decimal number of seconds (rounded up).
/// HTTP-date values need a clock and give `None`.
pub fn parse_retry_after(value: &str) -> Option<u64> {
    let v = value.trim().trim_end_matches('s');
    if let Ok(n) = v.parse::<u64>() {
        return Some(n);
    }
    match v.parse::<f64>() {
        Ok(f) if (0.0..1e9).contains(&f) => Some(f.ceil() as u64),
        _ => None,
    }
}

/// The provider's explanation from an error body in any of the three shapes
/// (`{"error":{"message"}}`, `{"type":"error","error":{"message"}}`, `{"error":{"code","message","status"}}`),
/// or a short piece of the raw text.
fn provider_message(body: &str) -> String {
    match serde_json::from_str::<Value>(body) {
        Ok(v) => {
            let err = v.get("error");
            let message = err
                .and_then(|e| e.get("message"))
                .and_then(Value::as_str)
                .or_else(|| err.and_then(Value::as_str))
                .or_else(|| v.get("message").and_then(Value::as_str))
                .or_else(|| v.get("detail").and_then(Value::as_str));
            match message {
                Some(m) => m.to_string(),
                None => body.to_string(),
            }
        }
        Err(_) => {
            let trimmed = body.trim();
            if trimmed.starts_with('<') {
                "the server sent an HTML page instead of JSON".to_string()
            } else {
                trimmed.to_string()
            }
        }
    }
}

/// Gemini puts the wait in the body: `details[].retryDelay` = "37s".
fn retry_delay_from_body(body: &str) -> Option<u64> {
    let v: Value = serde_json::from_str(body).ok()?;
    let details = v.get("error")?.get("details")?.as_array()?;
    details
        .iter()
        .filter_map(|d| d.get("retryDelay").and_then(Value::as_str))
        .find_map(parse_retry_after)
}

/// Turns a provider's HTTP answer into the model's text, or an error the user can act on.
///
/// `status` 0 stands for "no HTTP answer" (what a browser reports for a CORS or network
/// failure). `headers` are matched case-insensitively.
///
/// # Errors
/// Every non-2xx status maps to an [`LlmError`] variant; a 2xx body that is not the provider's
/// shape is [`LlmError::Malformed`]; a stop at the token limit is [`LlmError::Truncated`]; a
/// refusal or safety block is [`LlmError::Refusal`]. Messages never contain the key.
pub fn parse_response(
    config: &LlmConfig,
    status: u16,
    headers: &[(String, String)],
    body: &str,
) -> Result<Completion, LlmError> {
    let key = config.api_key.expose();
    if !(200..300).contains(&status) {
        let message = clean_message(&provider_message(body), key);
        return Err(match status {
            0 => LlmError::Network(clean_fragment(&provider_message(body), key)),
            401 | 403 => LlmError::Unauthorized { status, message },
            404 => LlmError::UnknownModel {
                model: scrub(config.model(), key),
                message,
            },
            408 => LlmError::Timeout { secs: 0 },
            429 => LlmError::RateLimited {
                retry_after_secs: header_value(headers, "retry-after")
                    .and_then(parse_retry_after)
                    .or_else(|| retry_delay_from_body(body)),
                message,
            },
            500..=599 => LlmError::Server { status, message },
            _ => LlmError::BadRequest { status, message },
        });
    }
    let value: Value = serde_json::from_str(body).map_err(|_| {
        let what = if body.trim_start().starts_with('<') {
            "the server sent an HTML page instead of JSON (is the base URL right?)".to_string()
        } else {
            "the HTTP body is not JSON".to_string()
        };
        LlmError::Malformed(what)
    })?;
    let parsed = match config.provider {
        Provider::OpenAi | Provider::OpenAiCompatible => parse_openai(&value),
        Provider::Anthropic => parse_anthropic(&value),
        Provider::Gemini => parse_gemini(&value),
    };
    parsed.map_err(|e| match e {
        LlmError::Refusal(m) => LlmError::Refusal(clean_message(&m, key)),
        LlmError::Malformed(m) => LlmError::Malformed(scrub(&m, key)),
        other => other,
    })
}

fn u64_at(v: &Value, path: &[&str]) -> Option<u64> {
    let mut cur = v;
    for p in path {
        cur = cur.get(*p)?;
    }
    cur.as_u64()
}

fn parse_openai(v: &Value) -> Result<Completion, LlmError> {
    let choice = v
        .get("choices")
        .and_then(|c| c.get(0))
        .ok_or_else(|| LlmError::Malformed("the answer has no choices".into()))?;
    let message = choice.get("message");
    if let Some(refusal) = message
        .and_then(|m| m.get("refusal"))
        .and_then(Value::as_str)
        .filter(|r| !r.trim().is_empty())
    {
        return Err(LlmError::Refusal(refusal.to_string()));
    }
    let finish = choice
        .get("finish_reason")
        .and_then(Value::as_str)
        .map(str::to_string);
    match finish.as_deref() {
        Some("length") => return Err(LlmError::Truncated),
        Some("content_filter") => {
            return Err(LlmError::Refusal(
                "the provider's content filter blocked the answer".into(),
            ))
        }
        _ => {}
    }
    let text = message
        .and_then(|m| m.get("content"))
        .and_then(Value::as_str)
        .filter(|t| !t.trim().is_empty())
        .ok_or_else(|| LlmError::Malformed("the answer has no text".into()))?;
    let usage = Usage {
        input_tokens: u64_at(v, &["usage", "prompt_tokens"]),
        output_tokens: u64_at(v, &["usage", "completion_tokens"]),
        total_tokens: u64_at(v, &["usage", "total_tokens"]),
    };
    Ok(Completion {
        text: text.to_string(),
        usage,
        finish_reason: finish,
    })
}

fn parse_anthropic(v: &Value) -> Result<Completion, LlmError> {
    let stop = v
        .get("stop_reason")
        .and_then(Value::as_str)
        .map(str::to_string);
    let blocks = v
        .get("content")
        .and_then(Value::as_array)
        .ok_or_else(|| LlmError::Malformed("the answer has no content".into()))?;
    let text_of_blocks = || {
        blocks
            .iter()
            .filter(|b| b.get("type").and_then(Value::as_str) == Some("text"))
            .filter_map(|b| b.get("text").and_then(Value::as_str))
            .collect::<Vec<_>>()
            .join("\n")
    };
    match stop.as_deref() {
        Some("max_tokens") | Some("model_context_window_exceeded") => {
            return Err(LlmError::Truncated)
        }
        Some("refusal") => {
            let said = text_of_blocks();
            return Err(LlmError::Refusal(if said.trim().is_empty() {
                "the model stopped for safety reasons".into()
            } else {
                said
            }));
        }
        _ => {}
    }
    let tool_input = blocks
        .iter()
        .find(|b| b.get("type").and_then(Value::as_str) == Some("tool_use"))
        .and_then(|b| b.get("input"));
    let text = match tool_input {
        Some(input) if input.is_object() => input.to_string(),
        // Some proxies pass the tool input through as a JSON string.
        Some(Value::String(s)) => s.clone(),
        _ => text_of_blocks(),
    };
    if text.trim().is_empty() {
        return Err(LlmError::Malformed("the answer has no text".into()));
    }
    let input_tokens = u64_at(v, &["usage", "input_tokens"]);
    let output_tokens = u64_at(v, &["usage", "output_tokens"]);
    let total_tokens = match (input_tokens, output_tokens) {
        (Some(i), Some(o)) => Some(i + o),
        _ => None,
    };
    Ok(Completion {
        text,
        usage: Usage {
            input_tokens,
            output_tokens,
            total_tokens,
        },
        finish_reason: stop,
    })
}

fn parse_gemini(v: &Value) -> Result<Completion, LlmError> {
    if let Some(reason) = v
        .get("promptFeedback")
        .and_then(|p| p.get("blockReason"))
        .and_then(Value::as_str)
    {
        return Err(LlmError::Refusal(format!(
            "the prompt was blocked ({reason})"
        )));
    }
    let candidate = v
        .get("candidates")
        .and_then(|c| c.get(0))
        .ok_or_else(|| LlmError::Malformed("the answer has no candidates".into()))?;
    let finish = candidate
        .get("finishReason")
        .and_then(Value::as_str)
        .map(str::to_string);
    match finish.as_deref() {
        Some("MAX_TOKENS") => return Err(LlmError::Truncated),
        Some(
            r @ ("SAFETY" | "RECITATION" | "BLOCKLIST" | "PROHIBITED_CONTENT" | "SPII"
            | "IMAGE_SAFETY"),
        ) => return Err(LlmError::Refusal(format!("the answer was blocked ({r})"))),
        _ => {}
    }
    let text = candidate
        .get("content")
        .and_then(|c| c.get("parts"))
        .and_then(Value::as_array)
        .map(|parts| {
            parts
                .iter()
                // Thought summaries are not the answer.
                .filter(|p| p.get("thought").and_then(Value::as_bool) != Some(true))
                .filter_map(|p| p.get("text").and_then(Value::as_str))
                .collect::<String>()
        })
        .unwrap_or_default();
    if text.trim().is_empty() {
        return Err(LlmError::Malformed("the answer has no text".into()));
    }
    Ok(Completion {
        text,
        usage: Usage {
            input_tokens: u64_at(v, &["usageMetadata", "promptTokenCount"]),
            output_tokens: u64_at(v, &["usageMetadata", "candidatesTokenCount"]),
            total_tokens: u64_at(v, &["usageMetadata", "totalTokenCount"]),
        },
        finish_reason: finish,
    })
}
