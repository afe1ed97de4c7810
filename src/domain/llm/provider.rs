//! Which LLM service to call and how: the provider, its base URL, the model and the user's key.
//!
//! Four providers are supported: OpenAI, Anthropic, Google Gemini, and any server that speaks the
//! OpenAI chat-completions dialect (Ollama, LM Studio, vLLM, llama.cpp, OpenRouter …). Each has a
//! default base URL and model so a user only has to paste a key. The key lives in [`ApiKey`],
//! whose `Debug` output never shows it, so a config can be logged or put in an error report
//! without leaking the secret.

use serde::{Deserialize, Serialize};
use std::fmt;

use super::response::LlmError;

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

/// Everything needed to address one model: provider, base URL, model name and key.
///
/// Empty `base_url` or `model` fall back to the provider's defaults (see
/// [`LlmConfig::base_url`] and [`LlmConfig::model`]). `Debug` redacts the key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LlmConfig {
    /// The service and its dialect.
    pub provider: Provider,
    /// Base URL without the endpoint path, e.g. `https://api.openai.com/v1`; empty = default.
    #[serde(default)]
    pub base_url: String,
    /// Model name, e.g. `gpt-4.1-mini`; empty = default.
    #[serde(default)]
    pub model: String,
    /// The user's key; may be empty for an OpenAI-compatible local server.
    #[serde(default)]
    pub api_key: ApiKey,
}

impl LlmConfig {
    /// A config with the provider's default base URL and model and no key.
    pub fn new(provider: Provider) -> LlmConfig {
        LlmConfig {
            provider,
            base_url: provider.default_base_url().to_string(),
            model: provider.default_model().to_string(),
            api_key: ApiKey::default(),
        }
    }

    /// The same config with this key.
    pub fn with_key(mut self, key: impl Into<ApiKey>) -> LlmConfig {
        self.api_key = key.into();
        self
    }

    /// The same config with this model.
    pub fn with_model(mut self, model: impl Into<String>) -> LlmConfig {
        self.model = model.into();
        self
    }

    /// The same config with this base URL.
    pub fn with_base_url(mut self, base_url: impl Into<String>) -> LlmConfig {
        self.base_url = base_url.into();
        self
    }

    /// The base URL to use: trimmed, without trailing slashes, or the provider default.
    pub fn base_url(&self) -> &str {
        let trimmed = self.base_url.trim().trim_end_matches('/');
        if trimmed.is_empty() {
            self.provider.default_base_url()
        } else {
            trimmed
        }
    }

    /// The model to use: trimmed (Gemini's `models/` prefix removed), or the provider default.
    pub fn model(&self) -> &str {
        let trimmed = self.model.trim();
        let trimmed = trimmed.strip_prefix("models/").unwrap_or(trimmed);
        if trimmed.is_empty() {
            self.provider.default_model()
        } else {
            trimmed
        }
    }

    /// Whether the model is a reasoning model (OpenAI o-series and gpt-5, Gemini 2.5 and later),
    /// which spends output tokens thinking and so needs a larger token budget; OpenAI's also
    /// reject `temperature`.
    pub fn is_reasoning_model(&self) -> bool {
        let model = self.model().to_lowercase();
        match self.provider {
            Provider::OpenAi => ["o1", "o3", "o4", "gpt-5"]
                .iter()
                .any(|p| model.starts_with(p)),
            Provider::Gemini => model.starts_with("gemini-2.5") || model.starts_with("gemini-3"),
            Provider::Anthropic | Provider::OpenAiCompatible => false,
        }
    }

    /// Checks that a request can be built: a key where one is required, an http(s) base URL,
    /// and (for Gemini) a model name that is safe to put in a URL path.
    ///
    /// # Errors
    /// [`LlmError::MissingKey`] or [`LlmError::InvalidConfig`] with a sentence saying what to fix.
    pub fn validate(&self) -> Result<(), LlmError> {
        if self.provider.requires_key() && self.api_key.is_empty() {
            return Err(LlmError::MissingKey {
                provider: self.provider,
            });
        }
        let base = self.base_url();
        if !(base.starts_with("https://") || base.starts_with("http://")) {
            return Err(LlmError::InvalidConfig(format!(
                "the base URL must start with http:// or https:// (got '{base}')"
            )));
        }
        // Only Gemini puts the model in the URL path; elsewhere it travels in the JSON body.
        let model = self.model();
        let path_safe = model
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_'));
        if self.provider == Provider::Gemini && !path_safe {
            return Err(LlmError::InvalidConfig(format!(
                "the Gemini model name '{model}' may only contain letters, digits, '-', '.' and '_'"
            )));
        }
        Ok(())
    }
}
