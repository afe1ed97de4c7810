//! The LLM protocol through its public API: exact request bodies per provider, parsing of each
//! provider's answers and errors, key hygiene, the observation reply, discretization and names,
//! the offline extractor, the repair agent's prompt and action parsing, and one round trip per
//! provider through the stand-in server (`tests/llm_server/server.mjs`, skipped without node).

use maprepair::domain::llm::agent::{repair_system_prompt, repair_user_prompt};
use maprepair::domain::llm::discretize::direction_angle;
use maprepair::domain::llm::error::scrub;
use maprepair::domain::llm::prompt::{mapping_system_prompt, mapping_user_prompt};
use maprepair::domain::llm::request::to_gemini_schema;
use maprepair::domain::llm::response::parse_retry_after;
use maprepair::domain::llm::*;
use maprepair::domain::names::normalize_name;
use maprepair::domain::Direction;
use serde_json::{json, Value};

const OPENAI_KEY: &str = "sk-proj-TESTKEY0123456789abcdefXYZ";
const ANTHROPIC_KEY: &str = "sk-ant-api03-TESTKEY0123456789abcdef";
const GEMINI_KEY: &str = "AIzaSyTESTKEY0123456789abcdefghij";

fn openai() -> LlmConfig {
    LlmConfig::new(Provider::OpenAi).with_key(OPENAI_KEY)
}
fn anthropic() -> LlmConfig {
    LlmConfig::new(Provider::Anthropic).with_key(ANTHROPIC_KEY)
}
fn gemini() -> LlmConfig {
    LlmConfig::new(Provider::Gemini).with_key(GEMINI_KEY)
}
fn compatible() -> LlmConfig {
    LlmConfig::new(Provider::OpenAiCompatible)
}

fn no_headers() -> Vec<(String, String)> {
    Vec::new()
}

fn ctx() -> MappingContext {
    MappingContext {
        known_locations: vec!["hall".into(), "kitchen".into()],
        current_location: Some("hall".into()),
        recent_steps: vec![
            "step 1: look: A grand hall.".into(),
            "step 2: north: The kitchen smells of bread.".into(),
            "step 3: south: Back in the hall.".into(),
            "step 4: wait: Time passes.".into(),
        ],
        observation: "You walk west into the library.".into(),
    }
}

const CTX_USER: &str =
    "Known locations (reuse these exact names for the same places): hall, kitchen\n\
Current location: hall\n\
Recent steps (oldest first):\n\
- step 2: north: The kitchen smells of bread.\n\
- step 3: south: Back in the hall.\n\
- step 4: wait: Time passes.\n\
\n\
Text to read:\n\
\"\"\"\n\
You walk west into the library.\n\
\"\"\"\n\
\n\
Reply with the JSON object only.";

fn header_names(req: &HttpRequest) -> Vec<&str> {
    req.headers.iter().map(|(k, _)| k.as_str()).collect()
}

// ---------------------------------------------------------------------------------------------
// Providers and configs
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Mapping requests, per provider
// ---------------------------------------------------------------------------------------------

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

#[test]
fn observation_schema_is_strict_compatible() {
    let dirs: Vec<&str> = Direction::ALL.iter().map(|d| d.as_str()).collect();
    assert_eq!(
        observation_schema(),
        json!({
            "type": "object",
            "properties": {
                "locations": {
                    "type": "array",
                    "description": "Every place the text mentions, in order of first mention.",
                    "items": {
                        "type": "object",
                        "properties": {
                            "name": {"type": "string", "description": "Short lowercase place name, e.g. 'kitchen'."},
                            "aliases": {"type": "array", "items": {"type": "string"}, "description": "Other names used for the same place."},
                            "description": {"type": ["string", "null"]}
                        },
                        "required": ["name", "aliases", "description"],
                        "additionalProperties": false
                    }
                },
                "relations": {
                    "type": "array",
                    "description": "Spatial links: going `direction` from `from` leads to `to`.",
                    "items": {
                        "type": "object",
                        "properties": {
                            "from": {"type": "string"},
                            "to": {"type": "string"},
                            "direction": {"anyOf": [{"type": "string", "enum": dirs}, {"type": "null"}]},
                            "description": {"type": ["string", "null"], "description": "How the places connect, when no direction is stated."},
                            "angle_deg": {"type": ["number", "null"], "description": "Bearing from `from` to `to` in degrees, 0 = north, clockwise."},
                            "distance": {"anyOf": [{"type": "string", "enum": ["near", "medium", "far"]}, {"type": "null"}]}
                        },
                        "required": ["from", "to", "direction", "description", "angle_deg", "distance"],
                        "additionalProperties": false
                    }
                },
                "current_location": {"type": ["string", "null"], "description": "Where the reader is after this text."},
                "analysis": {"type": "string", "description": "One or two sentences of reasoning."}
            },
            "required": ["locations", "relations", "current_location", "analysis"],
            "additionalProperties": false
        })
    );
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

#[test]
fn gemini_schema_uses_the_openapi_dialect() {
    let dirs: Vec<&str> = Direction::ALL.iter().map(|d| d.as_str()).collect();
    assert_eq!(
        to_gemini_schema(&observation_schema()),
        json!({
            "type": "OBJECT",
            "properties": {
                "locations": {
                    "type": "ARRAY",
                    "description": "Every place the text mentions, in order of first mention.",
                    "items": {
                        "type": "OBJECT",
                        "properties": {
                            "name": {"type": "STRING", "description": "Short lowercase place name, e.g. 'kitchen'."},
                            "aliases": {"type": "ARRAY", "items": {"type": "STRING"}, "description": "Other names used for the same place."},
                            "description": {"type": "STRING", "nullable": true}
                        },
                        "required": ["name", "aliases", "description"],
                        "propertyOrdering": ["name", "aliases", "description"]
                    }
                },
                "relations": {
                    "type": "ARRAY",
                    "description": "Spatial links: going `direction` from `from` leads to `to`.",
                    "items": {
                        "type": "OBJECT",
                        "properties": {
                            "from": {"type": "STRING"},
                            "to": {"type": "STRING"},
                            "direction": {"type": "STRING", "format": "enum", "enum": dirs, "nullable": true},
                            "description": {"type": "STRING", "nullable": true, "description": "How the places connect, when no direction is stated."},
                            "angle_deg": {"type": "NUMBER", "nullable": true, "description": "Bearing from `from` to `to` in degrees, 0 = north, clockwise."},
                            "distance": {"type": "STRING", "format": "enum", "enum": ["near", "medium", "far"], "nullable": true}
                        },
                        "required": ["from", "to", "direction", "description", "angle_deg", "distance"],
                        "propertyOrdering": ["from", "to", "direction", "description", "angle_deg", "distance"]
                    }
                },
                "current_location": {"type": "STRING", "nullable": true, "description": "Where the reader is after this text."},
                "analysis": {"type": "STRING", "description": "One or two sentences of reasoning."}
            },
            "required": ["locations", "relations", "current_location", "analysis"],
            "propertyOrdering": ["locations", "relations", "current_location", "analysis"]
        })
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

// ---------------------------------------------------------------------------------------------
// Repair requests, in the four modes
// ---------------------------------------------------------------------------------------------

fn brief() -> ConflictBrief {
    ConflictBrief {
        conflict_type: "direction".into(),
        severity: Some("high".into()),
        description: "hall has 2 exits north: kitchen, pantry".into(),
        involved_edges: vec![
            EdgeBrief::new("hall", "kitchen", "north"),
            EdgeBrief::new("hall", "pantry", "north"),
        ],
        details: vec![
            ("source".into(), "hall".into()),
            ("direction".into(), "north".into()),
        ],
        candidates: vec![
            CandidateBrief {
                edge: EdgeBrief::new("hall", "pantry", "north"),
                score: 1.75,
                reach: 0.0,
                conflicts: 1.0,
                usage: 0.75,
            },
            CandidateBrief {
                edge: EdgeBrief::new("hall", "kitchen", "north"),
                score: 1.2345,
                reach: 0.0,
                conflicts: 1.0,
                usage: 0.2345,
            },
        ],
        history: vec![
            HistoryBrief {
                version_id: 0,
                step: 0,
                trigger: "initial".into(),
                recall: None,
            },
            HistoryBrief {
                version_id: 1,
                step: 1,
                trigger: "pantry is east of the hall".into(),
                recall: Some("You walk east into the pantry.".into()),
            },
        ],
        recent_actions: vec![
            "modify_edge hall->pantry -> east (pantry is east of the hall)".into(),
        ],
    }
}

const BRIEF_HEAD: &str = "Conflict type: direction\n\
Severity: high\n\
Description: hall has 2 exits north: kitchen, pantry\n\
Involved edges:\n\
- hall --[north]--> kitchen\n\
- hall --[north]--> pantry\n\
Details: {\"source\":\"hall\",\"direction\":\"north\"}\n";
const BRIEF_CANDIDATES: &str =
    "Candidate edges ranked by edge impact score (most likely cause first):\n\
[1] hall--[north]-->pantry score=1.750 (reach=0.00, conflict=1.00, usage=0.75)\n\
[2] hall--[north]-->kitchen score=1.234 (reach=0.00, conflict=1.00, usage=0.23)\n";
const BRIEF_HISTORY: &str = "Version history (most recent last):\n\
v0 step=0 trigger='initial'\n\
v1 step=1 trigger='pantry is east of the hall'\n\
\x20   recall: You walk east into the pantry.\n";
const BRIEF_TAIL: &str = "Recent actions:\n\
- modify_edge hall->pantry -> east (pantry is east of the hall)\n\
\n\
Output exactly one JSON action.";

#[test]
fn repair_user_prompt_shows_exactly_what_each_mode_allows() {
    let b = brief();
    assert_eq!(
        repair_user_prompt(RepairMode::Baseline, &b),
        format!("{BRIEF_HEAD}{BRIEF_TAIL}")
    );
    assert_eq!(
        repair_user_prompt(RepairMode::Ei, &b),
        format!("{BRIEF_HEAD}{BRIEF_CANDIDATES}{BRIEF_TAIL}")
    );
    assert_eq!(
        repair_user_prompt(RepairMode::Vc, &b),
        format!("{BRIEF_HEAD}{BRIEF_HISTORY}{BRIEF_TAIL}")
    );
    assert_eq!(
        repair_user_prompt(RepairMode::VcEi, &b),
        format!("{BRIEF_HEAD}{BRIEF_CANDIDATES}{BRIEF_HISTORY}{BRIEF_TAIL}")
    );
}

#[test]
fn repair_user_prompt_handles_an_overlap_with_no_edges_and_caps_long_lists() {
    let mut b = ConflictBrief {
        conflict_type: "topology".into(),
        description: "kitchen and pantry share position (0, 1, 0)".into(),
        ..ConflictBrief::default()
    };
    for i in 0..8u32 {
        b.candidates.push(CandidateBrief {
            edge: EdgeBrief::new(format!("r{i}"), format!("r{}", i + 1), "east"),
            score: 3.0 - f64::from(i) * 0.25,
            reach: 1.0,
            conflicts: 1.0,
            usage: 1.0 - f64::from(i) * 0.25,
        });
        b.history.push(HistoryBrief {
            version_id: u64::from(i),
            step: u64::from(i) * 2,
            trigger: format!("t{i}"),
            recall: None,
        });
        b.recent_actions.push(format!("skip_conflict (a{i})"));
    }
    let text = repair_user_prompt(RepairMode::VcEi, &b);
    assert!(text.contains("Involved edges: none listed\n"));
    assert!(!text.contains("Severity"));
    assert!(!text.contains("Details"));
    assert!(text.contains("[5] r4--[east]-->r5 score=2.000"));
    assert!(!text.contains("[6]"), "only the top 5 candidates");
    assert!(
        !text.contains("v2 step")
            && text.contains("v3 step=6 trigger='t3'")
            && text.contains("v7 step=14")
    );
    assert!(
        !text.contains("(a3)") && text.contains("- skip_conflict (a4)\n") && text.contains("(a7)")
    );
    let none = repair_user_prompt(RepairMode::Baseline, &ConflictBrief::default());
    assert!(none.contains("Recent actions: none\n"));
}

#[test]
fn repair_system_prompts_differ_by_mode() {
    for mode in RepairMode::ALL {
        let s = repair_system_prompt(mode);
        assert!(s.contains("\"action\": \"modify_edge\""));
        assert!(s.contains("\"action\": \"remove_edge\""));
        assert!(s.contains("\"action\": \"skip_conflict\""));
        assert!(s.contains("Allowed directions: north, south, east, west, northeast, northwest, southeast, southwest, up, down, in, out, enter, exit."));
        assert_eq!(
            s.contains("rollback_to_version"),
            mode.allows_rollback(),
            "{mode}"
        );
        assert_eq!(
            s.contains("edge impact score"),
            mode.shows_candidates(),
            "{mode}"
        );
    }
    assert!(repair_system_prompt(RepairMode::Baseline).contains("Act only on the involved edges"));
    assert!(repair_system_prompt(RepairMode::VcEi)
        .contains("Prefer the smallest edit on the top candidate"));
}

#[test]
fn repair_schema_offers_rollback_only_in_vc_modes() {
    let dirs: Vec<&str> = Direction::ALL.iter().map(|d| d.as_str()).collect();
    assert_eq!(
        repair_schema(RepairMode::Baseline),
        json!({
            "type": "object",
            "properties": {
                "action": {"type": "string", "enum": ["modify_edge", "remove_edge", "skip_conflict"]},
                "edge": {"type": ["array", "null"], "items": {"type": "string"},
                         "description": "[src, dst] for modify_edge and remove_edge, else null."},
                "new_direction": {"anyOf": [{"type": "string", "enum": dirs}, {"type": "null"}]},
                "reason": {"type": "string"}
            },
            "required": ["action", "edge", "new_direction", "reason"],
            "additionalProperties": false
        })
    );
    assert_eq!(
        repair_schema(RepairMode::Ei),
        repair_schema(RepairMode::Baseline)
    );
    assert_eq!(
        repair_schema(RepairMode::VcEi),
        json!({
            "type": "object",
            "properties": {
                "action": {"type": "string", "enum": ["modify_edge", "remove_edge", "rollback_to_version", "skip_conflict"]},
                "edge": {"type": ["array", "null"], "items": {"type": "string"},
                         "description": "[src, dst] for modify_edge and remove_edge, else null."},
                "new_direction": {"anyOf": [{"type": "string", "enum": dirs}, {"type": "null"}]},
                "version_id": {"type": ["integer", "null"], "description": "For rollback_to_version, else null."},
                "reason": {"type": "string"}
            },
            "required": ["action", "edge", "new_direction", "version_id", "reason"],
            "additionalProperties": false
        })
    );
    assert_eq!(
        repair_schema(RepairMode::Vc),
        repair_schema(RepairMode::VcEi)
    );
}

#[test]
fn repair_requests_are_exact_for_every_provider_and_mode() {
    let b = brief();
    for mode in RepairMode::ALL {
        let system = repair_system_prompt(mode);
        let user = repair_user_prompt(mode, &b);
        let schema = repair_schema(mode);

        let o = repair_request(&openai(), mode, &b).unwrap();
        assert_eq!(o.url, "https://api.openai.com/v1/chat/completions");
        assert_eq!(
            o.body,
            json!({
                "model": "gpt-4.1-mini",
                "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
                "temperature": 0.2,
                "max_completion_tokens": 1500,
                "response_format": {"type": "json_schema",
                    "json_schema": {"name": "repair_action", "strict": true, "schema": schema}},
                "stream": false
            }),
            "openai {mode}"
        );

        let c = repair_request(&compatible(), mode, &b).unwrap();
        assert_eq!(
            c.body,
            json!({
                "model": "llama3.1",
                "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
                "temperature": 0.2,
                "max_tokens": 1500,
                "response_format": {"type": "json_object"},
                "stream": false
            }),
            "compatible {mode}"
        );

        let a = repair_request(&anthropic(), mode, &b).unwrap();
        assert_eq!(
            a.body,
            json!({
                "model": "claude-haiku-4-5",
                "max_tokens": 1500,
                "system": system,
                "messages": [{"role": "user", "content": user}],
                "tools": [{"name": "repair_action",
                           "description": "Choose one repair action for the conflict.",
                           "input_schema": schema}],
                "tool_choice": {"type": "tool", "name": "repair_action"},
                "temperature": 0.2
            }),
            "anthropic {mode}"
        );

        let g = repair_request(&gemini().with_model("gemini-2.0-flash"), mode, &b).unwrap();
        assert_eq!(
            g.body,
            json!({
                "systemInstruction": {"parts": [{"text": system}]},
                "contents": [{"role": "user", "parts": [{"text": user}]}],
                "generationConfig": {
                    "responseMimeType": "application/json",
                    "responseSchema": to_gemini_schema(&schema),
                    "maxOutputTokens": 1500,
                    "temperature": 0.2
                }
            }),
            "gemini {mode}"
        );
    }
}

#[test]
fn gemini_repair_schema_marks_nullable_fields() {
    let g = to_gemini_schema(&repair_schema(RepairMode::Vc));
    assert_eq!(
        g["properties"]["edge"],
        json!({"type": "ARRAY", "items": {"type": "STRING"}, "nullable": true,
        "description": "[src, dst] for modify_edge and remove_edge, else null."})
    );
    assert_eq!(g["properties"]["version_id"]["type"], json!("INTEGER"));
    assert_eq!(g["properties"]["version_id"]["nullable"], json!(true));
    assert_eq!(g["properties"]["action"]["format"], json!("enum"));
    assert!(g.get("additionalProperties").is_none());
}

// ---------------------------------------------------------------------------------------------
// Provider responses
// ---------------------------------------------------------------------------------------------

const REPLY_JSON: &str = r#"{"locations":[{"name":"Library","aliases":["reading room"],"description":"Dusty shelves."}],"relations":[{"from":"hall","to":"library","direction":"west","description":null,"angle_deg":null,"distance":null}],"current_location":"library","analysis":"Moved west."}"#;

fn openai_body(content: &str, finish: &str) -> String {
    json!({
        "id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4.1-mini",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content, "refusal": null},
                     "logprobs": null, "finish_reason": finish}],
        "usage": {"prompt_tokens": 120, "completion_tokens": 30, "total_tokens": 150}
    })
    .to_string()
}

fn assert_library_reply(reply: &ObservationReply) {
    assert_eq!(reply.locations[0].name, "Library");
    assert_eq!(reply.locations[0].aliases, ["reading room"]);
    assert_eq!(reply.relations.len(), 1);
    assert_eq!(reply.relations[0].from, "hall");
    assert_eq!(reply.relations[0].to, "library");
    assert_eq!(reply.relations[0].direction, Some(Direction::West));
    assert_eq!(reply.current_location.as_deref(), Some("library"));
}

#[test]
fn openai_answers_parse_including_fences_and_prose() {
    let (reply, usage) = read_mapping_response(
        &openai(),
        200,
        &no_headers(),
        &openai_body(REPLY_JSON, "stop"),
    )
    .unwrap();
    assert_library_reply(&reply);
    assert_eq!(
        usage,
        Usage {
            input_tokens: Some(120),
            output_tokens: Some(30),
            total_tokens: Some(150)
        }
    );
    let fenced = format!("```json\n{REPLY_JSON}\n```");
    let (reply, _) = read_mapping_response(
        &compatible(),
        200,
        &no_headers(),
        &openai_body(&fenced, "stop"),
    )
    .unwrap();
    assert_library_reply(&reply);
    let prose = format!("Sure! Here is what I found:\n{REPLY_JSON}\nLet me know if you need more.");
    let (reply, _) = read_mapping_response(
        &compatible(),
        200,
        &no_headers(),
        &openai_body(&prose, "stop"),
    )
    .unwrap();
    assert_library_reply(&reply);
}

#[test]
fn openai_truncation_refusal_and_empty_answers_are_errors() {
    let cut = &REPLY_JSON[..60];
    assert_eq!(
        parse_response(&openai(), 200, &no_headers(), &openai_body(cut, "length")),
        Err(LlmError::Truncated)
    );
    // Cut off without a finish reason: the JSON itself is broken.
    let err = read_mapping_response(&openai(), 200, &no_headers(), &openai_body(cut, "stop"))
        .unwrap_err();
    assert!(
        matches!(&err, LlmError::Malformed(m) if m.contains("invalid")),
        "{err:?}"
    );
    let refusal = json!({"choices": [{"index": 0, "message": {"role": "assistant", "content": null,
        "refusal": "I'm sorry, I can't help with that."}, "finish_reason": "stop"}]});
    let err = parse_response(&openai(), 200, &no_headers(), &refusal.to_string()).unwrap_err();
    assert_eq!(
        err,
        LlmError::Refusal("I'm sorry, I can't help with that.".into())
    );
    assert!(err
        .to_string()
        .starts_with("The model declined to answer: I'm sorry"));
    let filtered = openai_body("", "content_filter");
    assert!(matches!(
        parse_response(&openai(), 200, &no_headers(), &filtered),
        Err(LlmError::Refusal(_))
    ));
    let empty = openai_body("   ", "stop");
    assert!(matches!(
        parse_response(&openai(), 200, &no_headers(), &empty),
        Err(LlmError::Malformed(_))
    ));
    let not_text = read_mapping_response(
        &openai(),
        200,
        &no_headers(),
        &openai_body("I could not find any places.", "stop"),
    );
    assert_eq!(
        not_text.unwrap_err(),
        LlmError::Malformed("the reply contains no JSON object".into())
    );
}

#[test]
fn anthropic_tool_use_and_text_answers_parse() {
    let input: Value = serde_json::from_str(REPLY_JSON).unwrap();
    let body = json!({
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-haiku-4-5",
        "content": [{"type": "text", "text": "Recording it."},
                    {"type": "tool_use", "id": "toolu_1", "name": "observation", "input": input}],
        "stop_reason": "tool_use", "stop_sequence": null,
        "usage": {"input_tokens": 200, "output_tokens": 50}
    });
    let (reply, usage) =
        read_mapping_response(&anthropic(), 200, &no_headers(), &body.to_string()).unwrap();
    assert_library_reply(&reply);
    assert_eq!(usage.total(), 250);
    assert_eq!(usage.total_tokens, Some(250));
    let text_body = json!({
        "type": "message", "role": "assistant",
        "content": [{"type": "text", "text": format!("Here you go:\n```json\n{REPLY_JSON}\n```")}],
        "stop_reason": "end_turn", "usage": {"input_tokens": 1, "output_tokens": 2}
    });
    let (reply, _) =
        read_mapping_response(&anthropic(), 200, &no_headers(), &text_body.to_string()).unwrap();
    assert_library_reply(&reply);
}

#[test]
fn anthropic_truncation_and_refusal_are_errors() {
    let cut = json!({"type": "message", "content": [{"type": "tool_use", "id": "t", "name": "observation",
        "input": {"locations": []}}], "stop_reason": "max_tokens", "usage": {"input_tokens": 1, "output_tokens": 4000}});
    assert_eq!(
        parse_response(&anthropic(), 200, &no_headers(), &cut.to_string()),
        Err(LlmError::Truncated)
    );
    let refusal = json!({"type": "message", "content": [], "stop_reason": "refusal",
        "usage": {"input_tokens": 1, "output_tokens": 0}});
    assert_eq!(
        parse_response(&anthropic(), 200, &no_headers(), &refusal.to_string()),
        Err(LlmError::Refusal(
            "the model stopped for safety reasons.".into()
        ))
    );
}

#[test]
fn gemini_answers_parse_and_blocks_are_refusals() {
    let body = json!({
        "candidates": [{"content": {"role": "model", "parts": [
            {"text": "thinking about rooms", "thought": true},
            {"text": REPLY_JSON}]}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 90, "candidatesTokenCount": 40, "totalTokenCount": 130},
        "modelVersion": "gemini-2.0-flash"
    });
    let (reply, usage) =
        read_mapping_response(&gemini(), 200, &no_headers(), &body.to_string()).unwrap();
    assert_library_reply(&reply);
    assert_eq!(usage.total(), 130);
    let cut = json!({"candidates": [{"content": {"parts": [{"text": "{\"locations\": ["}]}, "finishReason": "MAX_TOKENS"}]});
    assert_eq!(
        parse_response(&gemini(), 200, &no_headers(), &cut.to_string()),
        Err(LlmError::Truncated)
    );
    for reason in ["SAFETY", "RECITATION"] {
        let blocked = json!({"candidates": [{"content": {"parts": []}, "finishReason": reason}]});
        let err = parse_response(&gemini(), 200, &no_headers(), &blocked.to_string()).unwrap_err();
        assert_eq!(
            err,
            LlmError::Refusal(format!("the answer was blocked ({reason})."))
        );
    }
    let prompt_blocked = json!({"promptFeedback": {"blockReason": "SAFETY"}, "usageMetadata": {"promptTokenCount": 5}});
    assert_eq!(
        parse_response(&gemini(), 200, &no_headers(), &prompt_blocked.to_string()),
        Err(LlmError::Refusal("the prompt was blocked (SAFETY).".into()))
    );
}

#[test]
fn http_errors_map_to_actionable_errors_for_each_provider() {
    let openai_401 = json!({"error": {"message": format!("Incorrect API key provided: {OPENAI_KEY}. You can find your API key at https://platform.openai.com/account/api-keys."),
        "type": "invalid_request_error", "param": null, "code": "invalid_api_key"}});
    let err = parse_response(&openai(), 401, &no_headers(), &openai_401.to_string()).unwrap_err();
    assert!(matches!(err, LlmError::Unauthorized { status: 401, .. }));
    let text = err.to_string();
    assert!(
        text.contains("Incorrect API key provided: [redacted]."),
        "{text}"
    );
    assert!(text.contains("Check that the key is correct"), "{text}");
    assert!(
        !text.contains(OPENAI_KEY) && !text.contains("TESTKEY"),
        "{text}"
    );

    let anthropic_403 = json!({"type": "error", "error": {"type": "permission_error",
        "message": "Your API key does not have permission to use the specified resource."}});
    assert_eq!(
        parse_response(&anthropic(), 403, &no_headers(), &anthropic_403.to_string()),
        Err(LlmError::Unauthorized {
            status: 403,
            message: "Your API key does not have permission to use the specified resource.".into()
        })
    );

    let gemini_404 = json!({"error": {"code": 404, "message": "models/gemini-9 is not found for API version v1beta.", "status": "NOT_FOUND"}});
    let err = parse_response(
        &gemini().with_model("gemini-9"),
        404,
        &no_headers(),
        &gemini_404.to_string(),
    )
    .unwrap_err();
    assert_eq!(
        err,
        LlmError::UnknownModel {
            model: "gemini-9".into(),
            message: "models/gemini-9 is not found for API version v1beta.".into()
        }
    );
    assert!(err
        .to_string()
        .contains("Check the model name and the base URL"));

    let rate = json!({"error": {"message": "Rate limit reached for gpt-4.1-mini.", "type": "requests", "code": "rate_limit_exceeded"}});
    let headers = vec![("Retry-After".to_string(), "7".to_string())];
    let err = parse_response(&openai(), 429, &headers, &rate.to_string()).unwrap_err();
    assert_eq!(err.retry_after_secs(), Some(7));
    assert!(err.is_retryable());
    assert!(err.to_string().contains("retry after 7 s"), "{err}");

    let gemini_429 = json!({"error": {"code": 429, "message": "Resource has been exhausted.", "status": "RESOURCE_EXHAUSTED",
        "details": [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "37s"}]}});
    let err = parse_response(&gemini(), 429, &no_headers(), &gemini_429.to_string()).unwrap_err();
    assert_eq!(err.retry_after_secs(), Some(37));
    let bare_429 = parse_response(&anthropic(), 429, &no_headers(), "{}").unwrap_err();
    assert_eq!(bare_429.retry_after_secs(), None);

    for status in [500u16, 503, 529] {
        let body = json!({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}});
        let err =
            parse_response(&anthropic(), status, &no_headers(), &body.to_string()).unwrap_err();
        assert_eq!(
            err,
            LlmError::Server {
                status,
                message: "Overloaded.".into()
            }
        );
        assert!(err.is_retryable());
    }
    let bad = parse_response(
        &openai(),
        400,
        &no_headers(),
        r#"{"error":{"message":"Invalid schema for response_format 'observation'."}}"#,
    );
    assert!(matches!(bad, Err(LlmError::BadRequest { status: 400, .. })));
    let html = parse_response(
        &compatible(),
        502,
        &no_headers(),
        "<html><body>Bad Gateway</body></html>",
    )
    .unwrap_err();
    assert_eq!(
        html,
        LlmError::Server {
            status: 502,
            message: "the server sent an HTML page instead of JSON.".into()
        }
    );
    assert!(matches!(
        parse_response(&compatible(), 0, &no_headers(), ""),
        Err(LlmError::Network(_))
    ));
}

#[test]
fn a_2xx_that_is_not_json_is_malformed() {
    let err = parse_response(
        &compatible(),
        200,
        &no_headers(),
        "<!doctype html><title>Ollama</title>",
    )
    .unwrap_err();
    assert!(
        matches!(&err, LlmError::Malformed(m) if m.contains("HTML")),
        "{err:?}"
    );
    let err = parse_response(
        &openai(),
        200,
        &no_headers(),
        r#"{"object":"list","data":[]}"#,
    )
    .unwrap_err();
    assert_eq!(err, LlmError::Malformed("the answer has no choices".into()));
}

#[test]
fn no_error_message_ever_contains_the_key() {
    let cases: Vec<(LlmConfig, &str)> = vec![
        (openai(), OPENAI_KEY),
        (anthropic(), ANTHROPIC_KEY),
        (gemini(), GEMINI_KEY),
    ];
    for (config, key) in cases {
        let echoes = [
            format!(r#"{{"error":{{"message":"bad key {key}"}}}}"#),
            format!(
                r#"{{"type":"error","error":{{"type":"authentication_error","message":"key={key}"}}}}"#
            ),
            format!("plain text mentioning {key} twice: {key}"),
        ];
        for body in &echoes {
            for status in [0u16, 400, 401, 403, 404, 429, 500, 503] {
                let err = parse_response(&config, status, &no_headers(), body).unwrap_err();
                let shown = format!("{err} {err:?}");
                assert!(!shown.contains(key), "{status}: {shown}");
                assert!(shown.contains("[redacted]"), "{status}: {shown}");
            }
        }
        let refusal = json!({"choices": [{"message": {"content": null, "refusal": format!("no {key}")}, "finish_reason": "stop"}]});
        if config.provider == Provider::OpenAi {
            let err =
                parse_response(&config, 200, &no_headers(), &refusal.to_string()).unwrap_err();
            assert!(!err.to_string().contains(key));
        }
        let net = LlmError::network(&format!("fetch failed for {key}"), &config.api_key);
        assert!(!net.to_string().contains(key));
    }
    assert_eq!(
        scrub("key abc", "ab"),
        "key abc",
        "very short keys are not searched for"
    );
    assert_eq!(
        scrub("leaked sk-live-0123456789abcdef!", ""),
        "leaked [redacted]!"
    );
}

#[test]
fn retry_after_values_parse_as_seconds() {
    assert_eq!(parse_retry_after("7"), Some(7));
    assert_eq!(parse_retry_after(" 1.2 "), Some(2));
    assert_eq!(parse_retry_after("37s"), Some(37));
    assert_eq!(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT"), None);
    assert_eq!(parse_retry_after("-3"), None);
}

// ---------------------------------------------------------------------------------------------
// The observation reply
// ---------------------------------------------------------------------------------------------

#[test]
fn json_object_is_found_between_the_first_and_last_brace() {
    assert_eq!(
        extract_json_object("```json\n{\"a\": {\"b\": 1}}\n```"),
        Some("{\"a\": {\"b\": 1}}")
    );
    assert_eq!(extract_json_object("no json"), None);
    assert_eq!(extract_json_object("} backwards {"), None);
}

#[test]
fn replies_are_read_leniently() {
    let text = r#"Here is my analysis.
```json
{
  "locations": ["Hall", {"name": "Tower", "aliases": "the spire", "extra": 1}, {"aliases": []}],
  "relations": [
    {"from": "hall", "to": "tower", "direction": "NE", "distance": "a long way", "confidence": 0.9},
    {"from": "hall", "to": "garden", "angle_deg": 181},
    {"from": "hall", "to": "well", "angle": "92°"},
    {"from": "hall", "to": "cellar", "direction": "through the trapdoor"},
    {"from": "hall", "to": "attic", "description": "a rope ladder"},
    {"to": "nowhere", "direction": "north"},
    "hall -> kitchen"
  ],
  "current_location": "Hall",
  "mood": "cheerful"
}
```
Hope this helps!"#;
    let reply = parse_observation_reply(text).unwrap();
    let names: Vec<&str> = reply.locations.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["Hall", "Tower"]);
    assert_eq!(reply.locations[1].aliases, ["the spire"]);
    let rel = |to: &str| reply.relations.iter().find(|r| r.to == to).unwrap();
    assert_eq!(rel("tower").direction, Some(Direction::Northeast));
    assert_eq!(rel("tower").distance, Some(Distance::Far));
    assert_eq!(
        rel("garden").direction,
        Some(Direction::South),
        "angle-only relations are discretized"
    );
    assert_eq!(rel("garden").angle_deg, Some(181.0));
    assert_eq!(rel("well").direction, Some(Direction::East));
    assert_eq!(rel("cellar").direction, None);
    assert_eq!(
        rel("cellar").description.as_deref(),
        Some("through the trapdoor")
    );
    assert_eq!(rel("attic").direction, None);
    assert_eq!(rel("attic").description.as_deref(), Some("a rope ladder"));
    assert_eq!(reply.relations.len(), 5);
    assert_eq!(reply.current_location.as_deref(), Some("Hall"));
    assert_eq!(reply.analysis, None);
    assert_eq!(reply.warnings.len(), 3, "{:?}", reply.warnings);
}

#[test]
fn an_empty_object_is_an_empty_reply_and_broken_json_is_an_error() {
    assert_eq!(
        parse_observation_reply("{}").unwrap(),
        ObservationReply::default()
    );
    assert!(matches!(
        parse_observation_reply("{\"locations\": [}"),
        Err(ReplyError::InvalidJson(_))
    ));
    assert_eq!(
        parse_observation_reply("nothing here"),
        Err(ReplyError::NoJson)
    );
    assert_eq!(
        LlmError::from(ReplyError::NoJson),
        LlmError::Malformed("the reply contains no JSON object".into())
    );
}

#[test]
fn canonicalizing_a_reply_merges_aliases_and_drops_self_links() {
    let text = r#"{"locations": [{"name": "The Great Hall", "aliases": ["Hall", "the foyer"]},
                                 {"name": "Kitchen", "aliases": []}],
                   "relations": [{"from": "hall", "to": "The Kitchen", "direction": "north"},
                                 {"from": "Foyer", "to": "great hall", "direction": "in"},
                                 {"from": "kitchen", "to": "An Old Pantry", "direction": "east"}],
                   "current_location": "the foyer", "analysis": "ok"}"#;
    let mut aliases = Aliases::new();
    let reply = parse_observation_reply(text)
        .unwrap()
        .canonicalized(&mut aliases);
    let names: Vec<&str> = reply.locations.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["great hall", "kitchen", "old pantry"]);
    assert_eq!(reply.locations[0].aliases, ["hall", "foyer"]);
    let pairs: Vec<(&str, &str)> = reply
        .relations
        .iter()
        .map(|r| (r.from.as_str(), r.to.as_str()))
        .collect();
    assert_eq!(
        pairs,
        [("great hall", "kitchen"), ("kitchen", "old pantry")]
    );
    assert_eq!(reply.current_location.as_deref(), Some("great hall"));
    assert_eq!(
        reply.warnings,
        ["dropped a relation from 'great hall' to itself"]
    );
    assert_eq!(
        aliases.iter().collect::<Vec<_>>(),
        [("hall", "great hall"), ("foyer", "great hall")]
    );
}

// ---------------------------------------------------------------------------------------------
// Discretization and names
// ---------------------------------------------------------------------------------------------

#[test]
fn angles_map_to_the_nearest_compass_direction() {
    let t = DEFAULT_ANGLE_TOLERANCE;
    let cases = [
        (0.0, Direction::North),
        (22.4, Direction::North),
        (22.5, Direction::Northeast),
        (44.0, Direction::Northeast),
        (45.0, Direction::Northeast),
        (46.0, Direction::Northeast),
        (90.0, Direction::East),
        (135.0, Direction::Southeast),
        (180.0, Direction::South),
        (225.0, Direction::Southwest),
        (270.0, Direction::West),
        (315.0, Direction::Northwest),
        (337.4, Direction::Northwest),
        (337.5, Direction::North),
        (359.0, Direction::North),
        (360.0, Direction::North),
        (-90.0, Direction::West),
        (720.0 + 90.0, Direction::East),
    ];
    for (angle, want) in cases {
        assert_eq!(discretize_angle(angle, t), Some(want), "{angle}°");
    }
    assert_eq!(discretize_angle(f64::NAN, t), None);
    assert_eq!(discretize_angle(f64::INFINITY, t), None);
    assert_eq!(discretize_angle(90.0, -1.0), None);
}

#[test]
fn a_tight_tolerance_rejects_ambiguous_bearings() {
    assert_eq!(discretize_angle(44.0, 10.0), Some(Direction::Northeast));
    assert_eq!(discretize_angle(30.0, 10.0), None);
    assert_eq!(discretize_angle(355.0, 10.0), Some(Direction::North));
    assert_eq!(discretize_angle(100.0, 10.0), Some(Direction::East));
    assert_eq!(discretize_angle(101.0, 10.0), None);
    assert_eq!(discretize_angle(90.0, 0.0), Some(Direction::East));
}

#[test]
fn compass_directions_round_trip_through_angles() {
    for d in Direction::ALL {
        match direction_angle(d) {
            Some(a) => assert_eq!(discretize_angle(a, 0.0), Some(d)),
            None => assert!(d.vector().is_none_or(|v| v[2] != 0), "{d} has no bearing"),
        }
    }
    assert_eq!(direction_angle(Direction::Southwest), Some(225.0));
}

#[test]
fn distance_words_map_to_three_bins() {
    let cases = [
        ("near", Some(Distance::Near)),
        ("Medium", Some(Distance::Medium)),
        ("FAR", Some(Distance::Far)),
        ("right next to it", Some(Distance::Near)),
        ("close by", Some(Distance::Near)),
        ("not far", Some(Distance::Near)),
        ("a short walk", Some(Distance::Medium)),
        ("some distance away", Some(Distance::Medium)),
        ("a long way off", Some(Distance::Far)),
        ("far-away", Some(Distance::Far)),
        ("distant.", Some(Distance::Far)),
        ("blue", None),
        ("", None),
    ];
    for (text, want) in cases {
        assert_eq!(Distance::from_words(text), want, "{text:?}");
    }
    assert_eq!(
        serde_json::to_string(&Distance::Medium).unwrap(),
        "\"medium\""
    );
}

#[test]
fn names_are_canonicalized() {
    assert_eq!(normalize_name("  The   Great  Hall "), "great hall");
    assert_eq!(normalize_name("An Old Mill."), "old mill");
    assert_eq!(normalize_name("a cellar"), "cellar");
    assert_eq!(normalize_name("\"Kitchen\""), "kitchen");
    assert_eq!(normalize_name("The"), "the", "a lone article is kept");
    assert_eq!(normalize_name("Theatre"), "theatre");
    assert_eq!(
        normalize_name("Hall of the Mountain King"),
        "hall of the mountain king"
    );
    assert_eq!(normalize_name("   "), "");
    let mut aliases = Aliases::new();
    aliases.insert("The Foyer", "Great Hall");
    aliases.insert("hall", "great hall");
    aliases.insert("great hall", "The Great Hall");
    assert_eq!(aliases.len(), 2, "an alias of itself is ignored");
    assert_eq!(aliases.canonical("the  FOYER"), "great hall");
    assert_eq!(aliases.canonical("Hall"), "great hall");
    assert_eq!(aliases.canonical("Kitchen"), "kitchen");
    let json = serde_json::to_string(&aliases).unwrap();
    assert_eq!(json, r#"[["foyer","great hall"],["hall","great hall"]]"#);
    assert_eq!(serde_json::from_str::<Aliases>(&json).unwrap(), aliases);
}

// ---------------------------------------------------------------------------------------------
// The offline extractor
// ---------------------------------------------------------------------------------------------

type Triple = (String, String, Option<Direction>);

fn triples(reply: &ObservationReply) -> Vec<Triple> {
    reply
        .relations
        .iter()
        .map(|r| (r.from.clone(), r.to.clone(), r.direction))
        .collect()
}

fn t(from: &str, to: &str, d: Option<Direction>) -> Triple {
    (from.to_string(), to.to_string(), d)
}

#[test]
fn the_extractor_reads_a_short_story() {
    let story = "You are standing in the Great Hall. The kitchen is north of the great hall, and \
the pantry is just east of the kitchen. North of the kitchen lies the herb garden. From the \
herb garden, a path leads east to the orchard. The cellar lies below the kitchen. You walk \
west into the library. You go up the stairs to the attic. Then you climb down the ladder to \
the library.";
    let reply = extract_observation(story, None);
    use Direction::*;
    assert_eq!(
        triples(&reply),
        vec![
            t("great hall", "kitchen", Some(North)),
            t("kitchen", "pantry", Some(East)),
            t("kitchen", "herb garden", Some(North)),
            t("herb garden", "orchard", Some(East)),
            t("kitchen", "cellar", Some(Down)),
            t("great hall", "library", Some(West)),
            t("library", "attic", Some(Up)),
            t("attic", "library", Some(Down)),
        ]
    );
    assert_eq!(reply.relations[1].distance, Some(Distance::Near));
    assert_eq!(reply.current_location.as_deref(), Some("library"));
    let names: Vec<&str> = reply.locations.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "great hall",
            "kitchen",
            "pantry",
            "herb garden",
            "orchard",
            "cellar",
            "library",
            "attic"
        ]
    );
    assert!(reply.warnings.is_empty(), "{:?}", reply.warnings);
    assert!(reply
        .analysis
        .as_deref()
        .unwrap_or("")
        .contains("8 relations"));
}

#[test]
fn the_extractor_handles_the_documented_sentence_shapes() {
    use Direction::*;
    let cases: Vec<(&str, Option<&str>, Vec<Triple>)> = vec![
        (
            "The kitchen is north of the hall.",
            None,
            vec![t("hall", "kitchen", Some(North))],
        ),
        (
            "North of the hall lies the kitchen.",
            None,
            vec![t("hall", "kitchen", Some(North))],
        ),
        (
            "To the south-west of the chapel stands an old mill.",
            None,
            vec![t("chapel", "old mill", Some(Southwest))],
        ),
        (
            "The tower lies far to the north east of the village.",
            None,
            vec![t("village", "tower", Some(Northeast))],
        ),
        (
            "The attic is above the bedroom.",
            None,
            vec![t("bedroom", "attic", Some(Up))],
        ),
        (
            "From the garden, a path leads east to the orchard.",
            None,
            vec![t("garden", "orchard", Some(East))],
        ),
        (
            "From the garden a narrow path winds southeast to the pond.",
            None,
            vec![t("garden", "pond", Some(Southeast))],
        ),
        (
            "A ladder leads up to the loft.",
            Some("barn"),
            vec![t("barn", "loft", Some(Up))],
        ),
        (
            "You walk west into the library.",
            Some("hall"),
            vec![t("hall", "library", Some(West))],
        ),
        (
            "You go up the stairs to the attic.",
            Some("landing"),
            vec![t("landing", "attic", Some(Up))],
        ),
        (
            "The shed is to the east.",
            Some("yard"),
            vec![t("yard", "shed", Some(East))],
        ),
        (
            "Go north. You are in the kitchen.",
            Some("hall"),
            vec![t("hall", "kitchen", Some(North))],
        ),
        (
            "You head east along the corridor and arrive at the armoury.",
            Some("hall"),
            vec![t("hall", "armoury", Some(East))],
        ),
        (
            "From the hall, a door to the north opens into the study.",
            None,
            vec![t("hall", "study", Some(North))],
        ),
        (
            "A path to the east leads to the garden.",
            Some("yard"),
            vec![t("yard", "garden", Some(East))],
        ),
        (
            "You walk to the north. You come to a clearing.",
            Some("camp"),
            vec![t("camp", "clearing", Some(North))],
        ),
        (
            "The kitchen is not far to the north of the hall.",
            None,
            vec![t("hall", "kitchen", Some(North))],
        ),
        (
            "You walk north, then east to the garden.",
            Some("hall"),
            vec![],
        ),
    ];
    for (text, current, want) in cases {
        let reply = extract_observation(text, current);
        assert_eq!(triples(&reply), want, "{text}");
    }
}

/// A text, where the reader was, the relations wanted, and where the reader is after.
type StoryCase<'a> = (&'a str, Option<&'a str>, Vec<Triple>, Option<&'a str>);

#[test]
fn the_extractor_follows_a_storys_characters() {
    use Direction::*;
    let cases: Vec<StoryCase<'_>> = vec![
        // A character's name moves the reader as "she" does.
        (
            "Tom walked north to the mill.",
            Some("village"),
            vec![t("village", "mill", Some(North))],
            Some("mill"),
        ),
        // So does a pronoun after a time phrase.
        (
            "The next morning they went back down to the cottage.",
            Some("ridge"),
            vec![t("ridge", "cottage", Some(Down))],
            Some("cottage"),
        ),
        // Leaving a place says where she was; entering one is going in.
        (
            "She left the chapel and went north to the square.",
            Some("inn"),
            vec![t("chapel", "square", Some(North))],
            Some("square"),
        ),
        (
            "He entered the cottage.",
            Some("forest"),
            vec![t("forest", "cottage", Some(In))],
            Some("cottage"),
        ),
        (
            "Inside the chapel was a small vestry.",
            None,
            vec![t("chapel", "small vestry", Some(In))],
            None,
        ),
        (
            "West of the square stood the inn, and she went there.",
            Some("square"),
            vec![t("square", "inn", Some(West))],
            Some("inn"),
        ),
        // A move ends where "until" says it did; "there" may close with a time word.
        (
            "We headed east along the road until we reached the village.",
            Some("orchard"),
            vec![t("orchard", "village", Some(East))],
            Some("village"),
        ),
        (
            "The stables stood north of the courtyard; we went there next.",
            Some("courtyard"),
            vec![t("courtyard", "stables", Some(North))],
            Some("stables"),
        ),
        // Things that run or drift are not characters.
        (
            "The river ran down to the sea.",
            Some("bridge"),
            vec![],
            Some("bridge"),
        ),
    ];
    for (text, current, want, after) in cases {
        let reply = extract_observation(text, current);
        assert_eq!(triples(&reply), want, "{text}");
        assert_eq!(reply.current_location.as_deref(), after, "{text}");
    }
}

#[test]
fn the_extractor_reads_a_storys_third_person_no_further_than_its_words() {
    for (text, current) in [
        ("She did not go north to the kitchen.", Some("hall")),
        ("He looked north.", Some("hall")),
        ("They went in.", Some("hall")),
        (
            "She went down, and the cold closed around her.",
            Some("hall"),
        ),
    ] {
        let reply = extract_observation(text, current);
        assert!(reply.relations.is_empty(), "{text}: {:?}", reply.relations);
    }
    // Going in with no place named: the reader stays put.
    let reply = extract_observation("They went in.", Some("hall"));
    assert_eq!(reply.current_location.as_deref(), Some("hall"));
    // A move down that never says where it ended, after the text said what lies below: the
    // reader is there, and no second way is made up.
    let reply = extract_observation(
        "Below the kitchen was the cellar. She went down.",
        Some("kitchen"),
    );
    assert_eq!(
        triples(&reply),
        vec![t("kitchen", "cellar", Some(Direction::Down))]
    );
    assert_eq!(reply.current_location.as_deref(), Some("cellar"));
    // "which" is the place named just before it, not the sentence's first words.
    let reply = extract_observation(
        "Climbing back up to the kitchen, she went out to the garden, which lay east of the kitchen.",
        Some("cellar"),
    );
    assert_eq!(
        triples(&reply),
        vec![
            t("cellar", "kitchen", Some(Direction::Up)),
            t("kitchen", "garden", Some(Direction::East)),
        ]
    );
}

#[test]
fn the_extractor_does_not_invent_directions() {
    // "Down the corridor" is not a move down; the link is kept as free text.
    let reply = extract_observation("You walk down the corridor to the kitchen.", Some("hall"));
    assert_eq!(triples(&reply), vec![t("hall", "kitchen", None)]);
    assert_eq!(
        reply.relations[0].description.as_deref(),
        Some("you walk down the corridor to the kitchen")
    );
    assert_eq!(reply.current_location.as_deref(), Some("kitchen"));

    for text in [
        "There is a door north of the hall.",
        "It is cold here.",
        "The kitchen smells of bread.",
        "You look north.",
        "The wind blows from the north.",
    ] {
        let reply = extract_observation(text, Some("hall"));
        assert!(reply.relations.is_empty(), "{text}: {:?}", reply.relations);
    }
    for text in [
        "The kitchen is not north of the hall.",
        "You cannot go north to the kitchen.",
        "There is no path east to the garden.",
    ] {
        let reply = extract_observation(text, Some("hall"));
        assert!(reply.relations.is_empty(), "{text}: {:?}", reply.relations);
        assert_eq!(reply.current_location.as_deref(), Some("hall"), "{text}");
    }
    let near = extract_observation("The kitchen is not far to the north of the hall.", None);
    assert_eq!(near.relations[0].distance, Some(Distance::Near));
    // A possible move links places but leaves the reader where they are.
    let reply = extract_observation(
        "From here you can go east to the garden. You could also walk up the ladder to the loft.",
        Some("hall"),
    );
    assert_eq!(
        triples(&reply),
        vec![
            t("hall", "garden", Some(Direction::East)),
            t("hall", "loft", Some(Direction::Up))
        ]
    );
    assert_eq!(reply.current_location.as_deref(), Some("hall"));
    let reply = extract_observation("You return to the hall.", Some("kitchen"));
    assert!(reply.relations.is_empty());
    assert_eq!(reply.current_location.as_deref(), Some("hall"));
}

#[test]
fn the_extractor_warns_when_a_move_has_no_start() {
    let reply = extract_observation("You walk west into the library.", None);
    assert!(reply.relations.is_empty());
    assert_eq!(reply.current_location.as_deref(), Some("library"));
    assert_eq!(
        reply.warnings,
        ["moved to 'library' without knowing where the move started"]
    );
}

#[test]
fn an_unfinished_move_leaves_the_location_unknown() {
    let reply = extract_observation("You go north.", Some("hall"));
    assert!(reply.relations.is_empty());
    assert_eq!(reply.current_location, None);
    assert_eq!(
        reply.warnings,
        ["a move from 'hall' (you go north) never said where it ended"]
    );
}

#[test]
fn extractor_output_survives_the_wire_format() {
    let reply = extract_observation("The kitchen is north of the hall.", None);
    let text = serde_json::to_string(&reply).unwrap();
    let back = parse_observation_reply(&text).unwrap();
    assert_eq!(triples(&back), triples(&reply));
}

// ---------------------------------------------------------------------------------------------
// The repair agent's answers
// ---------------------------------------------------------------------------------------------

#[test]
fn valid_actions_are_read_with_names_normalized() {
    let b = brief();
    let modify = "```json\n{\"action\": \"modify_edge\", \"edge\": [\" Hall \", \"Pantry\"], \"new_direction\": \"East\", \"reason\": \"the text says east\"}\n```";
    assert_eq!(
        parse_repair_action(modify, RepairMode::Baseline, &b),
        RepairAction::ModifyEdge {
            src: "hall".into(),
            dst: "pantry".into(),
            new_direction: Direction::East,
            reason: "the text says east".into()
        }
    );
    let remove = r#"I think it's spurious. {"action":"remove_edge","edge":{"src":"hall","dst":"pantry"},"new_direction":null,"reason":"spurious"}"#;
    assert_eq!(
        parse_repair_action(remove, RepairMode::Ei, &b),
        RepairAction::RemoveEdge {
            src: "hall".into(),
            dst: "pantry".into(),
            reason: "spurious".into()
        }
    );
    let rollback = r#"{"action":"rollback_to_version","edge":null,"new_direction":null,"version_id":"v1","reason":"bad edit at step 1"}"#;
    for mode in [RepairMode::Vc, RepairMode::VcEi] {
        assert_eq!(
            parse_repair_action(rollback, mode, &b),
            RepairAction::Rollback {
                version_id: 1,
                reason: "bad edit at step 1".into()
            }
        );
    }
    let skip = r#"{"action":"skip_conflict","reason":"not enough evidence"}"#;
    assert_eq!(
        parse_repair_action(skip, RepairMode::VcEi, &b),
        RepairAction::Skip {
            reason: "not enough evidence".into()
        }
    );
}

#[test]
fn invalid_actions_become_skips_with_a_reason() {
    let b = brief();
    let cases = [
        (
            "no json here",
            RepairMode::Baseline,
            "could not read the model's answer: the reply contains no JSON object",
        ),
        (
            r#"{"reason":"x"}"#,
            RepairMode::Baseline,
            "the answer has no 'action'",
        ),
        (
            r#"{"action":"teleport","reason":"x"}"#,
            RepairMode::Baseline,
            "unknown action 'teleport'",
        ),
        (
            r#"{"action":"modify_edge","edge":["hall"],"new_direction":"east"}"#,
            RepairMode::Baseline,
            "invalid modify_edge: edge must name 2 places, got 1",
        ),
        (
            r#"{"action":"modify_edge","edge":["hall",""],"new_direction":"east"}"#,
            RepairMode::Baseline,
            "invalid modify_edge: edge must be two non-empty place names",
        ),
        (
            r#"{"action":"modify_edge","edge":["hall","Hall"],"new_direction":"east"}"#,
            RepairMode::Baseline,
            "invalid modify_edge: edge goes from 'hall' to itself",
        ),
        (
            r#"{"action":"modify_edge","edge":"hall","new_direction":"east"}"#,
            RepairMode::Baseline,
            "invalid modify_edge: edge must be two non-empty place names",
        ),
        (
            r#"{"action":"modify_edge","edge":["hall","pantry"],"new_direction":"sideways"}"#,
            RepairMode::Ei,
            "invalid modify_edge: 'sideways' is not one of the 14 directions",
        ),
        (
            r#"{"action":"modify_edge","edge":["hall","pantry"],"new_direction":null}"#,
            RepairMode::Ei,
            "invalid modify_edge: no new_direction given",
        ),
        (
            r#"{"action":"remove_edge","edge":null}"#,
            RepairMode::Ei,
            "invalid remove_edge: no edge given",
        ),
        (
            r#"{"action":"rollback_to_version","version_id":1}"#,
            RepairMode::Baseline,
            "rollback_to_version is not allowed in baseline mode",
        ),
        (
            r#"{"action":"rollback_to_version","version_id":1}"#,
            RepairMode::Ei,
            "rollback_to_version is not allowed in ei mode",
        ),
        (
            r#"{"action":"rollback_to_version","version_id":9}"#,
            RepairMode::Vc,
            "invalid rollback_to_version: version v9 was not offered",
        ),
        (
            r#"{"action":"rollback_to_version","version_id":null}"#,
            RepairMode::VcEi,
            "invalid rollback_to_version: no integer version_id",
        ),
        (
            r#"{"action":"skip_conflict"}"#,
            RepairMode::Vc,
            "the model skipped this conflict",
        ),
    ];
    for (text, mode, reason) in cases {
        assert_eq!(
            parse_repair_action(text, mode, &b),
            RepairAction::Skip {
                reason: reason.into()
            },
            "{text}"
        );
    }
    let no_history = ConflictBrief {
        history: Vec::new(),
        ..brief()
    };
    assert_eq!(
        parse_repair_action(
            r#"{"action":"rollback_to_version","version_id":1}"#,
            RepairMode::Vc,
            &no_history
        ),
        RepairAction::Skip {
            reason: "rollback_to_version refused: no version history was offered".into()
        }
    );
}

#[test]
fn actions_check_edges_summarize_and_serialize() {
    let modify = RepairAction::ModifyEdge {
        src: "hall".into(),
        dst: "pantry".into(),
        new_direction: Direction::East,
        reason: "text".into(),
    };
    assert_eq!(modify.summary(), "modify_edge hall->pantry -> east (text)");
    assert_eq!(
        modify
            .clone()
            .check_edges(|a, b| a == "hall" && b == "pantry"),
        modify
    );
    assert_eq!(
        modify.clone().check_edges(|_, _| false),
        RepairAction::Skip {
            reason: "invalid modify_edge: there is no edge hall -> pantry".into()
        }
    );
    let rollback = RepairAction::Rollback {
        version_id: 3,
        reason: "early error".into(),
    };
    assert_eq!(rollback.summary(), "rollback_to_version v3 (early error)");
    assert_eq!(rollback.clone().check_edges(|_, _| false), rollback);
    assert_eq!(
        RepairAction::Skip {
            reason: "unsure".into()
        }
        .summary(),
        "skip_conflict (unsure)"
    );
    let b = brief();
    for action in [
        modify,
        RepairAction::RemoveEdge {
            src: "a".into(),
            dst: "b".into(),
            reason: "r".into(),
        },
        RepairAction::Rollback {
            version_id: 1,
            reason: "r".into(),
        },
        RepairAction::Skip { reason: "r".into() },
    ] {
        let wire = action.to_json().to_string();
        assert_eq!(
            parse_repair_action(&wire, RepairMode::VcEi, &b),
            action,
            "{wire}"
        );
    }
}

#[test]
fn repair_modes_parse_paper_names() {
    assert_eq!(RepairMode::parse("edge_impact"), Some(RepairMode::Ei));
    assert_eq!(RepairMode::parse("vc_only"), Some(RepairMode::Vc));
    assert_eq!(RepairMode::parse("VC+EI"), Some(RepairMode::VcEi));
    assert_eq!(RepairMode::parse("baseline"), Some(RepairMode::Baseline));
    assert_eq!(RepairMode::parse("magic"), None);
    let labels: Vec<&str> = RepairMode::ALL.iter().map(|m| m.paper_label()).collect();
    assert_eq!(labels, ["Base.", "EI", "VC", "VC+EI"]);
}

#[test]
fn http_errors_in_a_repair_call_are_errors_but_bad_answers_are_skips() {
    let b = brief();
    let err = read_repair_response(
        &openai(),
        RepairMode::Vc,
        &b,
        401,
        &no_headers(),
        r#"{"error":{"message":"no"}}"#,
    );
    assert!(matches!(err, Err(LlmError::Unauthorized { .. })));
    let (action, usage) = read_repair_response(
        &openai(),
        RepairMode::Baseline,
        &b,
        200,
        &no_headers(),
        &openai_body(
            r#"{"action":"rollback_to_version","version_id":1,"reason":"x"}"#,
            "stop",
        ),
    )
    .unwrap();
    assert_eq!(
        action,
        RepairAction::Skip {
            reason: "rollback_to_version is not allowed in baseline mode".into()
        }
    );
    assert_eq!(usage.total(), 150);
}

// ---------------------------------------------------------------------------------------------
// The transport seam
// ---------------------------------------------------------------------------------------------

struct FakeTransport {
    answer: Result<HttpResponse, LlmError>,
    seen: std::cell::RefCell<Vec<HttpRequest>>,
}

impl LlmTransport for FakeTransport {
    async fn send(&self, request: &HttpRequest) -> Result<HttpResponse, LlmError> {
        self.seen.borrow_mut().push(request.clone());
        self.answer.clone()
    }
}

fn block_on<F: std::future::Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(v) = future.as_mut().poll(&mut cx) {
            return v;
        }
    }
}

#[test]
fn a_transport_completes_the_round_trip() {
    let fake = FakeTransport {
        answer: Ok(HttpResponse {
            status: 200,
            headers: Vec::new(),
            body: openai_body(REPLY_JSON, "stop"),
        }),
        seen: Default::default(),
    };
    let (reply, _) = block_on(call_mapping(&fake, &openai(), &ctx())).unwrap();
    assert_library_reply(&reply);
    assert_eq!(
        fake.seen.borrow()[0],
        mapping_request(&openai(), &ctx()).unwrap()
    );

    let down = FakeTransport {
        answer: Err(LlmError::Timeout { secs: 30 }),
        seen: Default::default(),
    };
    let err = block_on(call_repair(&down, &openai(), RepairMode::Ei, &brief())).unwrap_err();
    assert_eq!(err.to_string(), "No answer from the LLM within 30 s. Try again, choose a faster model, or raise the time limit.");

    let nothing_sent = FakeTransport {
        answer: Err(LlmError::Cancelled),
        seen: Default::default(),
    };
    let err = block_on(call_mapping(
        &nothing_sent,
        &LlmConfig::new(Provider::Anthropic),
        &ctx(),
    ))
    .unwrap_err();
    assert_eq!(
        err,
        LlmError::MissingKey {
            provider: Provider::Anthropic
        }
    );
    assert!(
        nothing_sent.seen.borrow().is_empty(),
        "no request without a key"
    );
}

// ---------------------------------------------------------------------------------------------
// Round trips through the stand-in server (needs `node`; skipped when it is missing)
// ---------------------------------------------------------------------------------------------

mod stand_in {
    use super::*;
    use std::io::{BufRead, BufReader, Read, Write};
    use std::net::TcpStream;
    use std::process::{Child, Command, Stdio};

    pub struct Server {
        child: Child,
        pub port: u16,
    }

    impl Drop for Server {
        fn drop(&mut self) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }

    pub fn start() -> Option<Server> {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/llm_server/server.mjs");
        let mut child = match Command::new("node")
            .args([script, "--port", "0", "--idle-minutes", "5"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
        {
            Ok(c) => c,
            Err(e) => {
                eprintln!("skipping stand-in server tests: cannot run node ({e})");
                return None;
            }
        };
        let stdout = child.stdout.take().expect("piped stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("server output");
        let port = line
            .trim()
            .strip_prefix("LISTENING ")
            .and_then(|p| p.parse().ok())
            .expect("LISTENING <port>");
        Some(Server { child, port })
    }

    /// A minimal HTTP/1.1 client: one request per connection.
    pub fn send(
        port: u16,
        method: &str,
        path: &str,
        headers: &[(String, String)],
        body: &str,
    ) -> HttpResponse {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nhost: 127.0.0.1:{port}\r\nconnection: close\r\ncontent-length: {}\r\n",
            body.len()
        );
        for (k, v) in headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).expect("write head");
        stream.write_all(body.as_bytes()).expect("write body");
        let mut raw = String::new();
        stream.read_to_string(&mut raw).expect("read");
        let (head, body) = raw.split_once("\r\n\r\n").expect("header/body split");
        let mut lines = head.lines();
        let status = lines
            .next()
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|s| s.parse().ok())
            .expect("status line");
        let headers = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
            .collect();
        HttpResponse {
            status,
            headers,
            body: body.to_string(),
        }
    }

    pub fn script(port: u16, responses: Value) {
        let r = send(port, "POST", "/__reset", &[], "");
        assert_eq!(r.status, 200);
        let r = send(
            port,
            "POST",
            "/__script",
            &[],
            &json!({ "responses": responses }).to_string(),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }

    pub fn execute(port: u16, req: &HttpRequest) -> HttpResponse {
        let prefix = format!("http://127.0.0.1:{port}");
        let path = req
            .url
            .strip_prefix(&prefix)
            .expect("request aimed at the stand-in");
        send(port, &req.method, path, &req.headers, &req.body_text())
    }

    pub fn requests(port: u16) -> Vec<Value> {
        let r = send(port, "GET", "/__requests", &[], "");
        serde_json::from_str(&r.body).expect("request log")
    }
}

#[test]
fn every_provider_round_trips_through_the_stand_in_server() {
    let Some(server) = stand_in::start() else {
        return;
    };
    let port = server.port;
    let configs = [
        openai().with_base_url(format!("http://127.0.0.1:{port}/v1")),
        compatible().with_base_url(format!("http://127.0.0.1:{port}")),
        anthropic().with_base_url(format!("http://127.0.0.1:{port}/v1")),
        gemini()
            .with_base_url(format!("http://127.0.0.1:{port}/v1beta"))
            .with_model("gemini-2.0-flash"),
    ];
    for config in &configs {
        stand_in::script(port, json!([{ "content": REPLY_JSON }]));
        let req = mapping_request(config, &ctx()).unwrap();
        let res = stand_in::execute(port, &req);
        let (reply, usage) = read_mapping_response(config, res.status, &res.headers, &res.body)
            .unwrap_or_else(|e| panic!("{}: {e}", config.provider));
        assert_library_reply(&reply);
        assert_eq!(usage.total(), 18, "{}", config.provider);
        let log = stand_in::requests(port);
        assert_eq!(log.len(), 1);
        assert_eq!(
            log[0]["body"], req.body,
            "the server saw exactly the built body"
        );
        for (name, value) in &req.headers {
            assert_eq!(log[0]["headers"][name.as_str()], json!(value), "{name}");
        }
    }
    // The Anthropic answer came back as a forced tool call named after our schema.
    stand_in::script(
        port,
        json!([{ "content": r#"{"action":"skip_conflict","reason":"unsure"}"# }]),
    );
    let config = &configs[2];
    let req = repair_request(config, RepairMode::VcEi, &brief()).unwrap();
    let res = stand_in::execute(port, &req);
    assert!(
        res.body.contains("\"tool_use\"") && res.body.contains("\"repair_action\""),
        "{}",
        res.body
    );
    let (action, _) = read_repair_response(
        config,
        RepairMode::VcEi,
        &brief(),
        res.status,
        &res.headers,
        &res.body,
    )
    .unwrap();
    assert_eq!(
        action,
        RepairAction::Skip {
            reason: "unsure".into()
        }
    );
}

#[test]
fn injected_failures_from_the_stand_in_server_become_the_right_errors() {
    let Some(server) = stand_in::start() else {
        return;
    };
    let port = server.port;
    let configs = [
        openai().with_base_url(format!("http://127.0.0.1:{port}/v1")),
        anthropic().with_base_url(format!("http://127.0.0.1:{port}/v1")),
        gemini()
            .with_base_url(format!("http://127.0.0.1:{port}/v1beta"))
            .with_model("gemini-2.0-flash"),
    ];
    for config in &configs {
        stand_in::script(
            port,
            json!([
                {"status": 401, "message": format!("invalid x-api-key {}", config.api_key.expose())},
                {"status": 403},
                {"status": 404},
                {"status": 429, "headers": {"Retry-After": "3"}},
                {"status": 500},
                {"status": 503},
                {"content": "{\"locations\": [{\"name\": \"hal", "truncated": true},
                {"content": "I am not sure what you mean."},
                {"refusal": "I can't help with that."},
                {"body": "<html>proxy error</html>", "status": 200},
            ]),
        );
        let mut errors = Vec::new();
        for _ in 0..10 {
            let res = stand_in::execute(port, &mapping_request(config, &ctx()).unwrap());
            errors.push(
                read_mapping_response(config, res.status, &res.headers, &res.body).unwrap_err(),
            );
        }
        let p = config.provider;
        assert!(
            matches!(&errors[0], LlmError::Unauthorized { status: 401, .. }),
            "{p}: {:?}",
            errors[0]
        );
        assert!(
            !errors[0].to_string().contains(config.api_key.expose()),
            "{p}"
        );
        assert!(
            matches!(&errors[1], LlmError::Unauthorized { status: 403, .. }),
            "{p}"
        );
        assert!(matches!(&errors[2], LlmError::UnknownModel { .. }), "{p}");
        assert_eq!(errors[3].retry_after_secs(), Some(3), "{p}");
        assert!(
            matches!(&errors[4], LlmError::Server { status: 500, .. }),
            "{p}"
        );
        assert!(
            matches!(&errors[5], LlmError::Server { status: 503, .. }),
            "{p}"
        );
        assert_eq!(errors[6], LlmError::Truncated, "{p}");
        assert_eq!(
            errors[7],
            LlmError::Malformed("the reply contains no JSON object".into()),
            "{p}"
        );
        assert!(
            matches!(&errors[8], LlmError::Refusal(_)),
            "{p}: {:?}",
            errors[8]
        );
        assert!(
            matches!(&errors[9], LlmError::Malformed(m) if m.contains("HTML")),
            "{p}"
        );
    }
}
