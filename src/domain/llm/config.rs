//! Everything needed to address one model: provider, base URL, model name and key, and the
//! check that a request can be built from them.

use serde::{Deserialize, Serialize};

use super::error::LlmError;
use super::provider::{ApiKey, Provider};

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
