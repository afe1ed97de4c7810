//! Reading what a provider sent back: an HTTP status, headers and body text become either a
//! [`Completion`] (the model's text and token usage) or an [`LlmError`] that tells the user what
//! happened and what to do about it.
//!
//! Promises: nothing here panics on any input; every error message has been scrubbed of the API
//! key (and of anything that looks like a provider key), so it can be shown on screen or logged.

use serde_json::Value;

use super::config::LlmConfig;
use super::error::{clean_fragment, clean_message, scrub, LlmError};
use super::provider::Provider;

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
