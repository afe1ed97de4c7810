//! Mapping requests: the prompts and the exact request each provider gets, and the strict schemas.

mod support;

use maprepair::domain::llm::prompt::{mapping_system_prompt, mapping_user_prompt};
use maprepair::domain::llm::request::to_gemini_schema;
use maprepair::domain::llm::*;
use serde_json::{json, Value};
use support::llm::*;

#[test]
fn mapping_user_prompt_lists_context_and_the_last_three_steps() {
    assert_eq!(mapping_user_prompt(&ctx()), CTX_USER);
    let first = MappingContext {
        observation: "  A room.  ".into(),
        ..MappingContext::default()
    };
    assert_eq!(
        mapping_user_prompt(&first),
        "Known locations: none yet.\nCurrent location: <unknown>\n\nText to read:\n\"\"\"\nA room.\n\"\"\"\n\nReply with the JSON object only."
    );
}

#[test]
fn mapping_system_prompt_states_the_contract() {
    let s = mapping_system_prompt();
    for needle in [
        "going D from A leads to B",
        "north, south, east, west, northeast, northwest, southeast, southwest, up, down, in, out, enter, exit",
        "\"angle_deg\"",
        "0 = north, 90 = east, clockwise",
        "\"near\", \"medium\", \"far\"",
        "Never create a relation from a place to itself",
        "JSON",
    ] {
        assert!(s.contains(needle), "missing {needle:?}");
    }
}

/// OpenAI strict mode: every object closes its properties and requires all of them; a
/// nullable enum is an `anyOf` of the enum and `null`; the root is an object.
fn assert_strict(schema: &Value, at: &str) {
    if let Some(branches) = schema.get("anyOf").and_then(Value::as_array) {
        for (i, b) in branches.iter().enumerate() {
            assert_strict(b, &format!("{at}.anyOf[{i}]"));
        }
        return;
    }
    let ty = schema
        .get("type")
        .unwrap_or_else(|| panic!("{at}: no type"));
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        assert!(
            values.iter().all(|v| !v.is_null()),
            "{at}: null inside an enum"
        );
        assert_eq!(ty, &json!("string"), "{at}: enums are plain strings");
    }
    if ty == &json!("object") {
        assert_eq!(schema["additionalProperties"], json!(false), "{at}");
        let props = schema["properties"].as_object().expect("properties");
        let required: Vec<&str> = schema["required"]
            .as_array()
            .expect("required")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let keys: Vec<&str> = props.keys().map(String::as_str).collect();
        assert_eq!(
            required.len(),
            keys.len(),
            "{at}: every property is required"
        );
        for k in keys {
            assert!(required.contains(&k), "{at}.{k} not required");
            assert_strict(&props[k], &format!("{at}.{k}"));
        }
    }
    if let Some(items) = schema.get("items") {
        assert_strict(items, &format!("{at}[]"));
    }
}

#[test]
fn every_schema_follows_the_strict_rules() {
    assert_eq!(observation_schema()["type"], json!("object"));
    assert_strict(&observation_schema(), "observation");
    for mode in RepairMode::ALL {
        assert_eq!(repair_schema(mode)["type"], json!("object"));
        assert_strict(&repair_schema(mode), mode.as_str());
    }
}

/// The observation schema as every provider but Gemini gets it (strict mode). A change to it is a
/// change to the contract with the models: review the snapshot diff
/// (`tests/snapshots/llm_mapping_requests__observation_schema.snap`).
#[test]
fn observation_schema_is_strict_compatible() {
    let schema = observation_schema();
    assert_strict(&schema, "observation");
    insta::assert_json_snapshot!("observation_schema", schema);
}

#[test]
fn openai_mapping_request_is_exact() {
    let req = mapping_request(&openai(), &ctx()).unwrap();
    assert_eq!(req.method, "POST");
    assert_eq!(req.url, "https://api.openai.com/v1/chat/completions");
    assert_eq!(
        req.headers,
        vec![
            ("content-type".to_string(), "application/json".to_string()),
            ("authorization".to_string(), format!("Bearer {OPENAI_KEY}")),
        ]
    );
    assert_eq!(
        req.body,
        json!({
            "model": "gpt-4.1-mini",
            "messages": [
                {"role": "system", "content": mapping_system_prompt()},
                {"role": "user", "content": CTX_USER}
            ],
            "temperature": 0,
            "max_completion_tokens": 4000,
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": "observation", "strict": true, "schema": observation_schema()}
            },
            "stream": false
        })
    );
}

#[test]
fn openai_compatible_request_uses_json_mode_and_optional_key() {
    let config = compatible().with_base_url("http://localhost:11434/v1/");
    let req = mapping_request(&config, &ctx()).unwrap();
    assert_eq!(req.url, "http://localhost:11434/v1/chat/completions");
    assert_eq!(
        header_names(&req),
        ["content-type"],
        "no Authorization without a key"
    );
    assert_eq!(
        req.body,
        json!({
            "model": "llama3.1",
            "messages": [
                {"role": "system", "content": mapping_system_prompt()},
                {"role": "user", "content": CTX_USER}
            ],
            "temperature": 0,
            "max_tokens": 4000,
            "response_format": {"type": "json_object"},
            "stream": false
        })
    );
    let keyed = mapping_request(&config.with_key("local-secret"), &ctx()).unwrap();
    assert_eq!(keyed.header("Authorization"), Some("Bearer local-secret"));
}

#[test]
fn anthropic_mapping_request_is_exact() {
    let req = mapping_request(&anthropic(), &ctx()).unwrap();
    assert_eq!(req.url, "https://api.anthropic.com/v1/messages");
    assert_eq!(
        req.headers,
        vec![
            ("content-type".to_string(), "application/json".to_string()),
            ("x-api-key".to_string(), ANTHROPIC_KEY.to_string()),
            ("anthropic-version".to_string(), "2023-06-01".to_string()),
            (
                "anthropic-dangerous-direct-browser-access".to_string(),
                "true".to_string()
            ),
        ]
    );
    assert_eq!(
        req.body,
        json!({
            "model": "claude-haiku-4-5",
            "max_tokens": 4000,
            "system": mapping_system_prompt(),
            "messages": [{"role": "user", "content": CTX_USER}],
            "tools": [{
                "name": "observation",
                "description": "Record the places and spatial relations this text reveals.",
                "input_schema": observation_schema()
            }],
            "tool_choice": {"type": "tool", "name": "observation"},
            "temperature": 0
        })
    );
}

#[test]
fn gemini_mapping_request_is_exact_and_keeps_the_key_out_of_the_url() {
    let config = gemini().with_model("gemini-2.0-flash");
    let req = mapping_request(&config, &ctx()).unwrap();
    assert_eq!(
        req.url,
        "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:generateContent"
    );
    assert_eq!(
        req.headers,
        vec![
            ("content-type".to_string(), "application/json".to_string()),
            ("x-goog-api-key".to_string(), GEMINI_KEY.to_string()),
        ]
    );
    assert_eq!(
        req.body,
        json!({
            "systemInstruction": {"parts": [{"text": mapping_system_prompt()}]},
            "contents": [{"role": "user", "parts": [{"text": CTX_USER}]}],
            "generationConfig": {
                "responseMimeType": "application/json",
                "responseSchema": to_gemini_schema(&observation_schema()),
                "maxOutputTokens": 4000,
                "temperature": 0
            }
        })
    );
}

/// The same schema in Gemini's OpenAPI dialect (upper-case types, `nullable`, `format: enum`,
/// `propertyOrdering`); reviewed as a snapshot.
#[test]
fn gemini_schema_uses_the_openapi_dialect() {
    insta::assert_json_snapshot!(
        "observation_schema_gemini",
        to_gemini_schema(&observation_schema())
    );
}

#[test]
fn reasoning_models_get_a_bigger_budget_and_openai_ones_no_temperature() {
    let o3 = openai().with_model("o3-mini");
    let req = repair_request(&o3, RepairMode::Baseline, &brief()).unwrap();
    assert!(req.body.get("temperature").is_none());
    assert_eq!(req.body["max_completion_tokens"], json!(4000));
    let g = gemini().with_model("gemini-2.5-flash");
    let req = repair_request(&g, RepairMode::Baseline, &brief()).unwrap();
    assert_eq!(req.body["generationConfig"]["temperature"], json!(0.2));
    assert_eq!(req.body["generationConfig"]["maxOutputTokens"], json!(4000));
    let plain = repair_request(&openai(), RepairMode::Baseline, &brief()).unwrap();
    assert_eq!(plain.body["temperature"], json!(0.2));
    assert_eq!(plain.body["max_completion_tokens"], json!(1500));
}

#[test]
fn requests_refuse_to_build_without_a_key() {
    let err = mapping_request(&LlmConfig::new(Provider::OpenAi), &ctx()).unwrap_err();
    assert_eq!(
        err,
        LlmError::MissingKey {
            provider: Provider::OpenAi
        }
    );
}
