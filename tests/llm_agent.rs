//! The repair agent's answers: actions read, checked and summarized, or skipped with a reason.

mod support;

use maprepair::domain::llm::*;
use maprepair::domain::Direction;
use support::llm::*;

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

/// Replies that are no valid action in their mode, and the skip reason each must give.
const INVALID_ACTIONS: &[(&str, RepairMode, &str)] = &[
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

#[test]
fn invalid_actions_become_skips_with_a_reason() {
    let b = brief();
    for &(text, mode, reason) in INVALID_ACTIONS {
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
