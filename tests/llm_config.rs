//! Providers and configs: names, defaults, validation, and a key that never shows.

mod support;

use maprepair::domain::llm::*;
use support::llm::*;

#[test]
fn providers_have_stable_names_defaults_and_serde_spelling() {
    let names: Vec<&str> = Provider::ALL.iter().map(|p| p.as_str()).collect();
    assert_eq!(
        names,
        ["openai", "anthropic", "gemini", "openai-compatible"]
    );
    assert_eq!(
        Provider::parse(" OpenAI_Compatible "),
        Some(Provider::OpenAiCompatible)
    );
    assert_eq!(Provider::parse("mistral"), None);
    assert_eq!(
        serde_json::to_string(&Provider::OpenAiCompatible).unwrap(),
        "\"openai-compatible\""
    );
    assert_eq!(
        Provider::OpenAi.default_base_url(),
        "https://api.openai.com/v1"
    );
    assert_eq!(
        Provider::Anthropic.default_base_url(),
        "https://api.anthropic.com/v1"
    );
    assert_eq!(
        Provider::Gemini.default_base_url(),
        "https://generativelanguage.googleapis.com/v1beta"
    );
    assert_eq!(
        Provider::OpenAiCompatible.default_base_url(),
        "http://localhost:11434/v1"
    );
    assert!(!Provider::OpenAiCompatible.requires_key());
}

#[test]
fn config_falls_back_to_defaults_and_trims() {
    let c = LlmConfig::new(Provider::Gemini)
        .with_base_url("  https://example.test/v1beta///  ")
        .with_model(" models/gemini-2.0-flash ");
    assert_eq!(c.base_url(), "https://example.test/v1beta");
    assert_eq!(c.model(), "gemini-2.0-flash");
    let empty = LlmConfig::new(Provider::OpenAi)
        .with_base_url("")
        .with_model("");
    assert_eq!(empty.base_url(), "https://api.openai.com/v1");
    assert_eq!(empty.model(), "gpt-4.1-mini");
}

#[test]
fn config_validation_explains_what_to_fix() {
    assert_eq!(
        LlmConfig::new(Provider::Anthropic).validate(),
        Err(LlmError::MissingKey {
            provider: Provider::Anthropic
        })
    );
    assert!(compatible().validate().is_ok(), "local servers need no key");
    let bad_url = openai().with_base_url("api.openai.com/v1");
    assert!(matches!(bad_url.validate(), Err(LlmError::InvalidConfig(m)) if m.contains("http")));
    let bad_model = gemini().with_model("gemini?key=x");
    assert!(matches!(
        bad_model.validate(),
        Err(LlmError::InvalidConfig(_))
    ));
    // Model names with ':' or '/' are fine where they travel in the body.
    assert!(compatible()
        .with_model("meta-llama/llama3:8b")
        .validate()
        .is_ok());
    let msg = LlmError::MissingKey {
        provider: Provider::Gemini,
    }
    .to_string();
    assert!(msg.contains("Google Gemini needs an API key"), "{msg}");
}

#[test]
fn debug_output_never_shows_the_key() {
    let c = openai();
    let dbg = format!("{c:?}");
    assert!(!dbg.contains(OPENAI_KEY), "{dbg}");
    assert!(dbg.contains("ApiKey(<redacted>)"), "{dbg}");
    assert_eq!(
        format!("{:?}", LlmConfig::new(Provider::OpenAi).api_key),
        "ApiKey(<empty>)"
    );
    for (config, key) in [
        (openai(), OPENAI_KEY),
        (anthropic(), ANTHROPIC_KEY),
        (gemini(), GEMINI_KEY),
    ] {
        let req = mapping_request(&config, &ctx()).unwrap();
        let dbg = format!("{req:?}");
        assert!(!dbg.contains(key), "{dbg}");
        assert!(dbg.contains("<redacted>"));
        assert!(!req.url.contains(key), "the key must never go in the URL");
        assert!(!req.body_text().contains(key));
    }
}

#[test]
fn the_key_serializes_for_storage_and_round_trips() {
    let c = anthropic().with_model("claude-x");
    let text = serde_json::to_string(&c).unwrap();
    let back: LlmConfig = serde_json::from_str(&text).unwrap();
    assert_eq!(back, c);
    let minimal: LlmConfig = serde_json::from_str(r#"{"provider":"gemini"}"#).unwrap();
    assert_eq!(minimal.model(), "gemini-2.5-flash");
    assert!(minimal.api_key.is_empty());
}
