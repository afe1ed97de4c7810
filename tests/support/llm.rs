//! Fixtures shared by the LLM protocol tests: keys, configs, a mapping context, a conflict brief,
//! a provider answer, and a tiny executor for the transport's futures.
#![allow(clippy::unwrap_used)]

use maprepair::domain::llm::*;
use maprepair::domain::Direction;
use serde_json::json;

pub const OPENAI_KEY: &str = "sk-proj-TESTKEY0123456789abcdefXYZ";
pub const ANTHROPIC_KEY: &str = "sk-ant-api03-TESTKEY0123456789abcdef";
pub const GEMINI_KEY: &str = "AIzaSyTESTKEY0123456789abcdefghij";

pub fn openai() -> LlmConfig {
    LlmConfig::new(Provider::OpenAi).with_key(OPENAI_KEY)
}
pub fn anthropic() -> LlmConfig {
    LlmConfig::new(Provider::Anthropic).with_key(ANTHROPIC_KEY)
}
pub fn gemini() -> LlmConfig {
    LlmConfig::new(Provider::Gemini).with_key(GEMINI_KEY)
}
pub fn compatible() -> LlmConfig {
    LlmConfig::new(Provider::OpenAiCompatible)
}

pub fn no_headers() -> Vec<(String, String)> {
    Vec::new()
}

pub fn ctx() -> MappingContext {
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

pub const CTX_USER: &str =
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

pub fn header_names(req: &HttpRequest) -> Vec<&str> {
    req.headers.iter().map(|(k, _)| k.as_str()).collect()
}

pub fn brief() -> ConflictBrief {
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

pub const REPLY_JSON: &str = r#"{"locations":[{"name":"Library","aliases":["reading room"],"description":"Dusty shelves."}],"relations":[{"from":"hall","to":"library","direction":"west","description":null,"angle_deg":null,"distance":null}],"current_location":"library","analysis":"Moved west."}"#;

pub fn openai_body(content: &str, finish: &str) -> String {
    json!({
        "id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4.1-mini",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content, "refusal": null},
                     "logprobs": null, "finish_reason": finish}],
        "usage": {"prompt_tokens": 120, "completion_tokens": 30, "total_tokens": 150}
    })
    .to_string()
}

pub fn assert_library_reply(reply: &ObservationReply) {
    assert_eq!(reply.locations[0].name, "Library");
    assert_eq!(reply.locations[0].aliases, ["reading room"]);
    assert_eq!(reply.relations.len(), 1);
    assert_eq!(reply.relations[0].from, "hall");
    assert_eq!(reply.relations[0].to, "library");
    assert_eq!(reply.relations[0].direction, Some(Direction::West));
    assert_eq!(reply.current_location.as_deref(), Some("library"));
}

/// Runs a future that never waits on anything outside it (the fake transports answer at once).
pub fn block_on<F: std::future::Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(v) = future.as_mut().poll(&mut cx) {
            return v;
        }
    }
}
