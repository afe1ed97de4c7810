//! The LLM repair agent glued to the repair loop: the brief each mode sees, the model's action
//! turned into a decision on exit ids (or a skip with a reason), and whole scripted runs that
//! commit the model's reason.
#![allow(clippy::unwrap_used)]

mod support;

use std::cell::RefCell;
use std::collections::VecDeque;
use support::llm::block_on;

use maprepair::domain::analysis::Analysis;
use maprepair::domain::llm::decider::{find_exit, rule_name};
use maprepair::domain::llm::*;
use maprepair::domain::repair::{Action, Budget, RepairSession};
use maprepair::domain::{Direction, History, Label, Trigger};

/// hall -north-> kitchen, then hall -north-> library: one doorway, two places.
fn conflicted() -> History {
    let mut history = History::new();
    let texts = [
        "The kitchen is north of the hall.",
        "The library is north of the hall.",
    ];
    let mut current = None;
    for (i, text) in texts.iter().enumerate() {
        let reply = read_offline(text, current.as_deref());
        current = apply_observation(
            &mut history,
            i as u32,
            text,
            &reply,
            current.as_deref(),
            Spelling::Key,
        )
        .unwrap()
        .current;
    }
    assert!(Analysis::of(history.head()).counts().total > 0);
    history
}

fn action(text: &str, mode: RepairMode, brief: &ConflictBrief) -> RepairAction {
    parse_repair_action(text, mode, brief)
}

#[test]
fn each_mode_sees_what_the_paper_gives_it() {
    let history = conflicted();
    let mut session = RepairSession::new(Budget::default());
    let pending = session.next(&history).unwrap();
    let ctx = pending.context(&history);
    let recent = vec!["remove_edge a->b (test)".to_string()];
    let base = conflict_brief(&ctx, RepairMode::Baseline, &recent);
    let conflict = &pending.analysis.conflicts[pending.target];
    assert_eq!(base.conflict_type, conflict.ctype.as_str());
    assert_eq!(
        base.details[0],
        ("rule".into(), rule_name(&conflict.kind).into())
    );
    assert!(!base.description.is_empty());
    assert_eq!(base.involved_edges.len(), conflict.exits.len());
    assert!(base.candidates.is_empty() && base.history.is_empty());
    assert_eq!(base.recent_actions, recent);

    let ei = conflict_brief(&ctx, RepairMode::Ei, &[]);
    assert!(!ei.candidates.is_empty() && ei.history.is_empty());
    assert_eq!(ei.candidates.len(), pending.candidates.len().min(5));
    assert_eq!(ei.candidates[0].score, pending.candidates[0].score);

    let vc = conflict_brief(&ctx, RepairMode::Vc, &[]);
    assert!(vc.candidates.is_empty());
    assert_eq!(vc.history.len(), 2);
    assert_eq!(vc.history[1].version_id, 1);
    assert_eq!(vc.history[1].trigger, "observation");
    let recall = vc.history[1].recall.as_deref().unwrap();
    assert!(
        recall.contains("observation: The library is north of the hall."),
        "{recall}"
    );
    assert!(recall.contains("added: hall -north-> library"), "{recall}");
    let prompt = repair_prompt(RepairMode::Vc, &vc).user;
    assert!(
        prompt.contains("recall: observation: The library"),
        "{prompt}"
    );

    let both = conflict_brief(&ctx, RepairMode::VcEi, &[]);
    assert!(!both.candidates.is_empty() && !both.history.is_empty());
}

#[test]
fn a_duplicate_label_is_described_with_room_names() {
    let history = conflicted();
    let analysis = Analysis::of(history.head());
    let dup = analysis
        .conflicts
        .iter()
        .find(|c| rule_name(&c.kind) == "duplicate_label")
        .unwrap();
    let text = maprepair::domain::llm::decider::conflict_description(history.head(), dup);
    assert_eq!(
        text,
        "Going north from 'hall' leads to more than one place: 'kitchen' and 'library'."
    );
}

#[test]
fn actions_become_decisions_on_exit_ids_or_skips_with_reasons() {
    let history = conflicted();
    let mut session = RepairSession::new(Budget::default());
    let pending = session.next(&history).unwrap();
    let ctx = pending.context(&history);
    let brief = conflict_brief(&ctx, RepairMode::VcEi, &[]);
    let hall_library = find_exit(&ctx, "Hall", "the library").unwrap();
    assert_eq!(
        history.head().exit(hall_library).unwrap().label,
        Label::Dir(Direction::North)
    );

    let modify = action(
        r#"{"action":"modify_edge","edge":["hall","library"],"new_direction":"east","reason":"the library is east"}"#,
        RepairMode::VcEi,
        &brief,
    );
    let d = decision_for(&modify, RepairMode::VcEi, &ctx);
    assert_eq!(
        d.action,
        Action::ModifyEdge {
            exit: hall_library,
            to: Label::Dir(Direction::East)
        }
    );
    assert_eq!(d.reason, "LLM agent (VC+EI): the library is east");

    let remove = action(
        r#"{"action":"remove_edge","edge":["hall","library"],"reason":"spurious"}"#,
        RepairMode::Baseline,
        &brief,
    );
    assert_eq!(
        decision_for(&remove, RepairMode::Baseline, &ctx).action,
        Action::RemoveEdge { exit: hall_library }
    );

    let rollback = action(
        r#"{"action":"rollback_to_version","version_id":0,"reason":"undo the library"}"#,
        RepairMode::Vc,
        &brief,
    );
    assert_eq!(
        decision_for(&rollback, RepairMode::Vc, &ctx).action,
        Action::RollbackToVersion { version: 0 }
    );
    // Not in baseline; not to the current version; not twice.
    let d = decision_for(&rollback, RepairMode::Baseline, &ctx);
    assert_eq!(d.action, Action::SkipConflict);
    assert!(d.reason.contains("not allowed"), "{}", d.reason);
    let to_head = RepairAction::Rollback {
        version_id: 1,
        reason: String::new(),
    };
    assert!(decision_for(&to_head, RepairMode::Vc, &ctx)
        .reason
        .contains("changes nothing"));
    let mut spent = pending.clone();
    spent.rollback_allowed = false;
    let spent_ctx = spent.context(&history);
    assert!(decision_for(&rollback, RepairMode::Vc, &spent_ctx)
        .reason
        .contains("already used its rollback"));
    assert!(conflict_brief(&spent_ctx, RepairMode::Vc, &[])
        .history
        .is_empty());

    for (text, why) in [
        (
            r#"{"action":"remove_edge","edge":["hall","attic"],"reason":"x"}"#,
            "there is no edge hall -> attic",
        ),
        (
            r#"{"action":"modify_edge","edge":["hall","library"],"new_direction":"north","reason":"x"}"#,
            "already north",
        ),
        (r#"{"action":"skip_conflict","reason":"unsure"}"#, "unsure"),
        ("I think you should remove it.", "could not read"),
    ] {
        let d = decision_for(&action(text, RepairMode::Ei, &brief), RepairMode::Ei, &ctx);
        assert_eq!(d.action, Action::SkipConflict, "{text}");
        assert!(d.reason.contains(why), "{text}: {}", d.reason);
    }
}

struct Script {
    answers: RefCell<VecDeque<String>>,
    seen: RefCell<Vec<HttpRequest>>,
}

impl LlmTransport for Script {
    async fn send(&self, request: &HttpRequest) -> Result<HttpResponse, LlmError> {
        self.seen.borrow_mut().push(request.clone());
        let content = self.answers.borrow_mut().pop_front().unwrap_or_default();
        let body = serde_json::json!({
            "choices": [{"message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 100, "completion_tokens": 20}
        });
        Ok(HttpResponse {
            status: 200,
            headers: vec![],
            body: body.to_string(),
        })
    }
}

/// Runs a whole session with the model's scripted answers; returns the history and requests.
fn run_agent(mode: RepairMode, answers: &[&str]) -> (History, Vec<HttpRequest>, RepairSession) {
    let mut history = conflicted();
    let script = Script {
        answers: RefCell::new(answers.iter().map(|s| s.to_string()).collect()),
        seen: RefCell::new(Vec::new()),
    };
    let config = LlmConfig::new(Provider::OpenAiCompatible).with_base_url("http://127.0.0.1:9/v1");
    let mut session = RepairSession::new(Budget::default());
    let mut recent: Vec<String> = Vec::new();
    while let Some(pending) = session.next(&history) {
        let ctx = pending.context(&history);
        let brief = conflict_brief(&ctx, mode, &recent);
        let got = block_on(ask_repair(&script, &config, mode, &brief, |_, _| async {
            true
        }));
        let Outcome::Done(act) = got.outcome else {
            panic!("{:?}", got.outcome)
        };
        recent.push(act.summary());
        let decision = decision_for(&act, mode, &ctx);
        session.apply(&mut history, &pending, decision);
    }
    let seen = script.seen.into_inner();
    (history, seen, session)
}

#[test]
fn every_mode_applies_the_scripted_action_and_commits_its_reason() {
    let modify = r#"{"action":"modify_edge","edge":["hall","library"],"new_direction":"east","reason":"the library is to the east"}"#;
    let remove = r#"{"action":"remove_edge","edge":["hall","library"],"reason":"the library link is wrong"}"#;
    let rollback =
        r#"{"action":"rollback_to_version","version_id":0,"reason":"version 1 was the mistake"}"#;
    for (mode, answer, reason, marker) in [
        (
            RepairMode::Baseline,
            modify,
            "the library is to the east",
            None,
        ),
        (
            RepairMode::Ei,
            remove,
            "the library link is wrong",
            Some("Candidate edges"),
        ),
        (
            RepairMode::Vc,
            rollback,
            "version 1 was the mistake",
            Some("Version history"),
        ),
        (
            RepairMode::VcEi,
            modify,
            "the library is to the east",
            Some("Candidate edges"),
        ),
    ] {
        let (history, seen, session) = run_agent(mode, &[answer]);
        assert_eq!(Analysis::of(history.head()).counts().total, 0, "{mode}");
        let head = history.commits().last().unwrap();
        assert_eq!(head.trigger, Trigger::ConflictRepair, "{mode}");
        assert_eq!(
            head.analysis,
            format!("LLM agent ({}): {reason}", mode.paper_label())
        );
        assert_eq!(history.len(), 3, "{mode}: one repair commit");
        assert_eq!(session.log.len(), 1);
        let prompt = seen[0].body["messages"][1]["content"].as_str().unwrap();
        if let Some(m) = marker {
            assert!(prompt.contains(m), "{mode}: {prompt}");
        } else {
            assert!(!prompt.contains("Candidate edges") && !prompt.contains("Version history"));
        }
    }
}

#[test]
fn prose_without_json_is_a_skip_with_the_reason() {
    // Prose without JSON is a skip (parsed, not an HTTP error): the conflict is abandoned.
    let (history, seen, session) = run_agent(RepairMode::Baseline, &["Remove the library edge."]);
    assert!(!seen.is_empty());
    assert_eq!(history.len(), 2, "nothing committed");
    assert_eq!(session.log[0].decision.action, Action::SkipConflict);
    assert!(session.log[0].decision.reason.contains("could not read"));
}
