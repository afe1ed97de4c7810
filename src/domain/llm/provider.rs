//! Which LLM service to call: the provider and the user's key ([`super::config::LlmConfig`]
//! puts them together with a base URL and a model).
//!
//! Four providers are supported: OpenAI, Anthropic, Google Gemini, and any server that speaks the
//! OpenAI chat-completions dialect (Ollama, LM Studio, vLLM, llama.cpp, OpenRouter …). Each has a
//! default base URL and model so a user only has to paste a key. The key lives in [`ApiKey`],
//! whose `Debug` output never shows it, so a config can be logged or put in an error report
//! without leaking the secret.

use serde::{Deserialize, Serialize};
use std::fmt;

/// An LLM service and the wire dialect it speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Provider {
    /// OpenAI's chat-completions API with strict JSON-schema output.
    #[serde(rename = "openai")]
    OpenAi,
    /// Anthropic's messages API with structured output through a forced tool call.
    #[serde(rename = "anthropic")]
    Anthropic,
    /// Google's Gemini `generateContent` API with a response schema.
    #[serde(rename = "gemini")]
    Gemini,
    /// Any server with an OpenAI-shaped `/chat/completions` endpoint; JSON mode, key optional.
    #[serde(rename = "openai-compatible")]
    OpenAiCompatible,
}

impl Provider {
    /// All providers, in the order the settings panel lists them.
    pub const ALL: [Provider; 4] = [
        Provider::OpenAi,
        Provider::Anthropic,
        Provider::Gemini,
        Provider::OpenAiCompatible,
    ];

    /// The identifier used in settings and files: `openai`, `anthropic`, `gemini`,
    /// `openai-compatible`.
    pub fn as_str(self) -> &'static str {
        match self {
            Provider::OpenAi => "openai",
            Provider::Anthropic => "anthropic",
            Provider::Gemini => "gemini",
            Provider::OpenAiCompatible => "openai-compatible",
        }
    }

    /// Reads an identifier as written by [`Provider::as_str`] (any case, surrounding blanks,
    /// `_` for `-`).
    pub fn parse(text: &str) -> Option<Provider> {
        let wanted = text.trim().to_lowercase().replace('_', "-");
        Provider::ALL.into_iter().find(|p| p.as_str() == wanted)
    }

    /// The name shown to people.
    pub fn label(self) -> &'static str {
        match self {
            Provider::OpenAi => "OpenAI",
            Provider::Anthropic => "Anthropic",
            Provider::Gemini => "Google Gemini",
            Provider::OpenAiCompatible => "OpenAI-compatible server",
        }
    }

    /// The base URL used when the user leaves the field empty.
    pub fn default_base_url(self) -> &'static str {
        match self {
            Provider::OpenAi => "https://api.openai.com/v1",
            Provider::Anthropic => "https://api.anthropic.com/v1",
            Provider::Gemini => "https://generativelanguage.googleapis.com/v1beta",
            Provider::OpenAiCompatible => "http://localhost:11434/v1",
        }
    }

    /// The model used when the user leaves the field empty.
    pub fn default_model(self) -> &'static str {
        match self {
            Provider::OpenAi => "gpt-4.1-mini",
            Provider::Anthropic => "claude-haiku-4-5",
            Provider::Gemini => "gemini-2.5-flash",
            Provider::OpenAiCompatible => "llama3.1",
        }
    }

    /// Whether a request cannot succeed without a key (local servers usually need none).
    pub fn requires_key(self) -> bool {
        !matches!(self, Provider::OpenAiCompatible)
    }
}

impl fmt::Display for Provider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A secret API key. `Debug` prints only whether it is set; there is no `Display`.
///
/// It serializes as the plain string so the UI can keep it in the browser's storage; everything
/// that reports or logs goes through `Debug` or through [`LlmError`], which never contain it.
#[derive(Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ApiKey(String);

impl ApiKey {
    /// Wraps a key, trimming the blanks people paste along with it.
    pub fn new(key: impl Into<String>) -> ApiKey {
        ApiKey(key.into().trim().to_string())
    }

    /// Whether no key was given.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The key itself, for the one place that needs it: the request headers.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            f.write_str("ApiKey(<empty>)")
        } else {
            f.write_str("ApiKey(<redacted>)")
        }
    }
}

impl From<&str> for ApiKey {
    fn from(key: &str) -> ApiKey {
        ApiKey::new(key)
    }
}

impl From<String> for ApiKey {
    fn from(key: String) -> ApiKey {
        ApiKey::new(key)
    }
}
