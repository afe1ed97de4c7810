//! Repair requests in the four modes (baseline, EI, VC, VC+EI): prompts, schemas and the exact request per provider.

mod support;

use maprepair::domain::llm::agent::{repair_system_prompt, repair_user_prompt};
use maprepair::domain::llm::request::to_gemini_schema;
use maprepair::domain::llm::*;
use maprepair::domain::Direction;
use serde_json::json;
use support::llm::*;

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
