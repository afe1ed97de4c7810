//! The text → map pipeline: splitting, one commit per observation with scripted model replies
//! and with the offline reader, canonical names, discretized bearings, resuming, and the retry
//! policy around a call.
#![allow(clippy::unwrap_used)]

mod support;

use std::cell::RefCell;
use std::collections::VecDeque;
use support::llm::block_on;

use maprepair::domain::llm::build::{aliases_of, corrective_note, LOOSE_ANGLE_TOLERANCE};
use maprepair::domain::llm::*;
use maprepair::domain::map::Origin;
use maprepair::domain::{History, Label, Project, Trigger};

const STORY: &str = "You are standing in the hall. The kitchen is north of the hall.\n\n\
You walk north into the kitchen. The pantry lies east of the kitchen.\n\n\
From the kitchen, a narrow door leads to the cellar.";

fn replies() -> Vec<&'static str> {
    vec![
        r#"{"locations":[{"name":"Hall","aliases":[],"description":"A draughty hall."},{"name":"the Kitchen","aliases":[],"description":null}],
            "relations":[{"from":"hall","to":"kitchen","direction":"north","description":null,"angle_deg":null,"distance":"near"}],
            "current_location":"hall","analysis":"The kitchen is north of the hall."}"#,
        // Fenced, with prose around it, an alias and a repeated relation (traversed).
        "Here you go:\n```json\n{\"locations\":[{\"name\":\"Pantry\",\"aliases\":[\"the larder\"],\"description\":\"Shelves.\"}],\
\"relations\":[{\"from\":\"Hall\",\"to\":\"The kitchen\",\"direction\":\"N\"},{\"from\":\"kitchen\",\"to\":\"pantry\",\"direction\":\"east\"}],\
\"current_location\":\"The Kitchen\",\"analysis\":\"Moved north; pantry to the east.\",\"mood\":\"ignored\"}\n```\nDone.",
        r#"{"locations":[{"name":"cellar","aliases":[],"description":null}],
            "relations":[{"from":"kitchen","to":"cellar","direction":null,"description":"Through a narrow door","angle_deg":null,"distance":null},
                         {"from":"larder","to":"cellar","direction":"through the hatch"}],
            "current_location":null,"analysis":"A door from the kitchen to the cellar."}"#,
    ]
}

fn exits(history: &History) -> Vec<String> {
    let map = history.head();
    let name = |id| map.room(id).map(|r| r.name.clone()).unwrap();
    let mut out: Vec<String> = map
        .exits()
        .map(|e| {
            let inferred = if e.origin == Origin::InferredReverse {
                " (inferred)"
            } else {
                ""
            };
            format!("{} -{}-> {}{inferred}", name(e.from), e.label, name(e.to))
        })
        .collect();
    out.sort();
    out
}

fn rooms(history: &History) -> Vec<String> {
    history.head().rooms().map(|r| r.name.clone()).collect()
}

#[test]
fn paragraphs_lines_separators_and_walkthroughs_split() {
    assert_eq!(split_observations(STORY, &Split::Paragraphs).len(), 3);
    let text = "  one\r\n\r\n\r\ntwo\nstill two  \n\n   \nthree";
    assert_eq!(
        split_observations(text, &Split::Paragraphs),
        vec!["one", "two\nstill two", "three"]
    );
    assert_eq!(
        split_observations(text, &Split::Lines),
        vec!["one", "two", "still two", "three"]
    );
    assert_eq!(
        split_observations("a\n---\nb\n---\n\n---\nc", &Split::Separator("---".into())),
        vec!["a", "b", "c"]
    );
    assert_eq!(
        split_observations("a b", &Split::Separator("  ".into())),
        vec!["a b"]
    );
    let walk = include_str!("../src/view/lighthouse.walkthrough");
    let steps = split_observations(walk, &Split::Lines);
    assert!(steps.len() >= 6);
    assert_eq!(
        steps[0],
        "> Init\nBeach\nYou stand on wet sand. A lighthouse rises to the north."
    );
    assert_eq!(steps[1], "> north\nLighthouse Door\nA heavy door leads in.");
    // An interpreter's transcript is read command by command too, whatever the split.
    let script = "Beach\nWet sand.\n\n>n\nLighthouse Door\nA heavy door.\n\n>s\nBeach\n\n>";
    assert_eq!(
        split_observations(script, &Split::Lines),
        [
            "> Init\nBeach\nWet sand.",
            "> n\nLighthouse Door\nA heavy door.",
            "> s\nBeach"
        ]
    );
}

#[test]
fn scripted_replies_build_the_story_one_commit_per_observation() {
    let observations = split_observations(STORY, &Split::Paragraphs);
    let mut history = History::new();
    let mut current: Option<String> = None;
    for (i, (text, answer)) in observations.iter().zip(replies()).enumerate() {
        assert_eq!(committed_observations(&history), i);
        let reply = parse_observation_reply(answer).unwrap();
        let applied = apply_observation(
            &mut history,
            i as u32,
            text,
            &reply,
            current.as_deref(),
            Spelling::Key,
        )
        .unwrap();
        assert_eq!(applied.version, i as u32);
        current = applied.current;
    }
    assert_eq!(current.as_deref(), Some("kitchen"));
    assert_eq!(rooms(&history), vec!["hall", "kitchen", "pantry", "cellar"]);
    assert_eq!(
        exits(&history),
        vec![
            "cellar --> kitchen (inferred)",
            "cellar --> pantry (inferred)",
            "hall -north-> kitchen",
            "kitchen --> cellar",
            "kitchen -east-> pantry",
            "kitchen -south-> hall (inferred)",
            "pantry --> cellar",
            "pantry -west-> kitchen (inferred)",
        ]
    );
    // One commit per observation, carrying its text, id and the model's analysis.
    assert_eq!(history.len(), 3);
    for (i, c) in history.commits().iter().enumerate() {
        assert_eq!(c.trigger, Trigger::Observation);
        assert_eq!(c.observation_id, Some(i as u32));
        assert_eq!(c.step, i as u32);
        assert_eq!(c.observation, observations[i]);
    }
    assert_eq!(
        history.commits()[1].analysis,
        "Moved north; pantry to the east."
    );
    // The repeated hall → kitchen relation is usage evidence, not a new exit.
    let hall_kitchen = history
        .head()
        .exits()
        .find(|e| e.label == Label::parse("north"))
        .unwrap()
        .id;
    assert_eq!(history.commits()[1].traversed, vec![hall_kitchen]);
    // Names canonicalized; the alias and the description are kept.
    let pantry = history.head().find_room("larder").unwrap();
    assert_eq!(pantry.name, "pantry");
    assert_eq!(pantry.aliases, vec!["larder"]);
    assert_eq!(
        history
            .head()
            .find_room("hall")
            .unwrap()
            .description
            .as_deref(),
        Some("A draughty hall.")
    );
    assert_eq!(aliases_of(history.head()).get("larder"), Some("pantry"));
    assert_eq!(committed_observations(&history), 3);
    assert_eq!(guess_current(&history).as_deref(), Some("cellar"));
}

#[test]
fn the_offline_reader_builds_the_same_story() {
    let (history, _) = build_offline(STORY);
    assert_eq!(history.len(), 3);
    let got = exits(&history);
    for want in [
        "hall -north-> kitchen",
        "kitchen -east-> pantry",
        "kitchen -south-> hall (inferred)",
    ] {
        assert!(
            got.contains(&want.to_string()),
            "{want} missing from {got:?}"
        );
    }
    assert!(history.commits()[0]
        .analysis
        .starts_with("Offline prose reader"));
    assert!(rooms(&history).contains(&"cellar".to_string()), "{got:?}");
}

/// The offline reader's map of `text`, split by blank lines, one commit per paragraph, read as
/// the app reads it without a key: walkthrough steps one at a time, prose by the prose reader
/// over the whole text; and where the reader is at the end.
fn build_offline(text: &str) -> (History, Option<String>) {
    let mut history = History::new();
    let mut current: Option<String> = None;
    let observations = split_observations(text, &Split::Paragraphs);
    let prose = prose_replies(&observations).unwrap();
    for (i, text) in observations.iter().enumerate() {
        let reply = if is_walkthrough(text) || text.starts_with("> ") {
            read_offline(text, current.as_deref())
        } else {
            prose[i].clone()
        };
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
    (history, current)
}

/// A novel's way of telling a house: past tense, third person, places in relative clauses.
const NOVEL: &str = "Eleanor left the drawing room and crossed the hall. North of the hall lay \
the library, its shelves black with age, and she went in.

From the library a narrow door led east into the study, where her father's papers still lay on \
the desk.

She returned west to the library and then south to the hall. To the east of the hall was the \
kitchen, warm and smelling of bread.

Below the kitchen, down a flight of stone steps, was the cellar. She went down, and the cold \
closed around her.

Climbing back up to the kitchen, she went out through the back door to the garden, which lay \
east of the kitchen.";

#[test]
fn the_offline_reader_maps_a_novels_past_tense_and_third_person() {
    let (history, current) = build_offline(NOVEL);
    let got = exits(&history);
    for want in [
        "hall -north-> library",
        "library -east-> study",
        // The text never takes her into the study: the way back is only inferred.
        "study -west-> library (inferred)",
        // "She returned west to the library and then south to the hall": the second leg has
        // no verb of its own; the way back from the hall's north door stands for it.
        "library -south-> hall (inferred)",
        "hall -east-> kitchen",
        "kitchen -down-> cellar",
        // "Climbing back up to the kitchen": a participle's move is not read; the way down
        // stands for it.
        "cellar -up-> kitchen (inferred)",
        "kitchen -east-> garden",
    ] {
        assert!(
            got.contains(&want.to_string()),
            "{want} missing from {got:?}"
        );
    }
    // No place is made of words that are not one ("climbing back up"), and the move out to
    // the garden is not a second, directionless way beside the one the text gives.
    let mut places = rooms(&history);
    places.sort();
    assert_eq!(
        places,
        [
            "cellar",
            "drawing room",
            "garden",
            "hall",
            "kitchen",
            "library",
            "study"
        ],
        "{got:?}"
    );
    assert_eq!(
        got.iter()
            .filter(|e| e.starts_with("kitchen -") && e.contains("garden"))
            .count(),
        1,
        "{got:?}"
    );
    assert_eq!(current.as_deref(), Some("garden"));
    // She left the drawing room and crossed the hall: the two are joined, by no stated
    // direction.
    assert!(
        got.iter()
            .any(|e| e.starts_with("drawing room -") && e.ends_with("-> hall")),
        "{got:?}"
    );
}

#[test]
fn a_way_walked_again_with_no_direction_is_not_a_second_way() {
    let (history, current) = build_offline(
        "I walked out into the courtyard.

From the courtyard, a gate opened west onto the orchard.

I crossed the courtyard and passed through the gate into the orchard.",
    );
    let got = exits(&history);
    assert_eq!(
        got.iter()
            .filter(|e| e.contains("courtyard -") && e.ends_with("orchard"))
            .count(),
        1,
        "{got:?}"
    );
    assert!(
        got.contains(&"courtyard -west-> orchard".to_string()),
        "{got:?}"
    );
    assert_eq!(current.as_deref(), Some("orchard"));
    // The last paragraph walked the known way: it adds no exit.
    let last = history.commits().last().unwrap();
    assert!(last.change.added_exits.is_empty(), "{:?}", last.change);
}

#[test]
fn the_offline_reader_follows_a_walkthrough() {
    let (history, _) = build_offline(include_str!("../src/view/lighthouse.walkthrough"));
    let got = exits(&history);
    assert!(
        got.contains(&"beach -north-> lighthouse door".to_string()),
        "{got:?}"
    );
    assert!(
        got.contains(&"lighthouse door -in-> lighthouse base".to_string()),
        "{got:?}"
    );
    assert!(
        got.contains(&"lighthouse base -up-> lamp room".to_string()),
        "{got:?}"
    );
}

#[test]
fn a_reload_resumes_at_the_next_observation() {
    let observations = split_observations(STORY, &Split::Paragraphs);
    let answers = replies();
    let mut project = Project {
        name: "story".into(),
        ..Project::default()
    };
    let mut current = None;
    for i in 0..2 {
        let reply = parse_observation_reply(answers[i]).unwrap();
        current = apply_observation(
            &mut project.history,
            i as u32,
            &observations[i],
            &reply,
            current.as_deref(),
            Spelling::Key,
        )
        .unwrap()
        .current;
    }
    // Save and load as the app does; a repair commit in between does not count.
    let mut reloaded = Project::from_json(&project.to_json(), "story").unwrap();
    reloaded
        .history
        .commit(
            Default::default(),
            maprepair::domain::CommitInfo {
                step: 9,
                trigger: Some(Trigger::ConflictRepair),
                ..Default::default()
            },
        )
        .unwrap();
    let next = committed_observations(&reloaded.history);
    assert_eq!(next, 2);
    let guessed = guess_current(&reloaded.history);
    assert_eq!(guessed.as_deref(), Some("pantry"));
    let reply = parse_observation_reply(answers[2]).unwrap();
    apply_observation(
        &mut reloaded.history,
        next as u32,
        &observations[next],
        &reply,
        current.as_deref(),
        Spelling::Key,
    )
    .unwrap();
    assert_eq!(committed_observations(&reloaded.history), 3);
    let ids: Vec<Option<u32>> = reloaded
        .history
        .commits()
        .iter()
        .map(|c| c.observation_id)
        .collect();
    assert_eq!(ids, vec![Some(0), Some(1), None, Some(2)]);
}

#[test]
fn the_context_lists_known_places_current_location_and_recent_steps() {
    let observations = split_observations(STORY, &Split::Paragraphs);
    let mut history = History::new();
    for (i, answer) in replies().iter().take(2).enumerate() {
        let reply = parse_observation_reply(answer).unwrap();
        apply_observation(
            &mut history,
            i as u32,
            &observations[i],
            &reply,
            None,
            Spelling::Key,
        )
        .unwrap();
    }
    let ctx = mapping_context(&history, Some(" kitchen "), &observations[2]);
    assert_eq!(ctx.known_locations, vec!["hall", "kitchen", "pantry"]);
    assert_eq!(ctx.current_location.as_deref(), Some("kitchen"));
    assert_eq!(ctx.recent_steps, observations[..2].to_vec());
    assert_eq!(ctx.observation, observations[2]);
    let empty = mapping_context(&History::new(), Some("  "), "x");
    assert!(empty.known_locations.is_empty() && empty.current_location.is_none());
}

fn relation(from: &str, to: &str, angle: f64) -> RelationReply {
    RelationReply {
        from: from.into(),
        to: to.into(),
        direction: discretize_angle(angle, DEFAULT_ANGLE_TOLERANCE),
        description: None,
        angle_deg: Some(angle),
        distance: Some(Distance::Far),
    }
}

#[test]
fn bearings_are_discretized_and_bend_only_to_avoid_a_conflict() {
    let mut history = History::new();
    let first = ObservationReply {
        relations: vec![relation("hall", "kitchen", 0.0)],
        ..Default::default()
    };
    apply_observation(&mut history, 0, "t0", &first, None, Spelling::Key).unwrap();
    // 95° is east; no conflict to avoid.
    let east = ObservationReply {
        relations: vec![relation("hall", "yard", 95.0)],
        ..Default::default()
    };
    let applied = apply_observation(&mut history, 1, "t1", &east, None, Spelling::Key).unwrap();
    assert!(applied.warnings.is_empty());
    // 20° is north, but north is taken (a conflict); 20° is within the loose tolerance of
    // north-east, which is free.
    const { assert!(45.0 - 20.0 <= LOOSE_ANGLE_TOLERANCE) };
    let bent = ObservationReply {
        relations: vec![relation("hall", "garden", 20.0)],
        ..Default::default()
    };
    let applied = apply_observation(&mut history, 2, "t2", &bent, None, Spelling::Key).unwrap();
    assert_eq!(applied.warnings.len(), 1, "{:?}", applied.warnings);
    assert!(history.commits()[2].analysis.contains("read as northeast"));
    // 5° is too far from north-east: it stays north (and the conflict is detected later).
    let strict = ObservationReply {
        relations: vec![relation("hall", "shed", 5.0)],
        ..Default::default()
    };
    apply_observation(&mut history, 3, "t3", &strict, None, Spelling::Key).unwrap();
    let got = exits(&history);
    for want in [
        "hall -north-> kitchen",
        "hall -east-> yard",
        "hall -northeast-> garden",
        "hall -north-> shed",
    ] {
        assert!(
            got.contains(&want.to_string()),
            "{want} missing from {got:?}"
        );
    }
    // A relation with no direction, whatever else it says, is a link (and so is its way back).
    let vague = ObservationReply {
        relations: vec![RelationReply {
            from: "yard".into(),
            to: "well".into(),
            direction: None,
            description: None,
            angle_deg: None,
            distance: Some(Distance::Far),
        }],
        ..Default::default()
    };
    apply_observation(&mut history, 4, "t4", &vague, None, Spelling::Key).unwrap();
    assert!(exits(&history).contains(&"yard --> well".to_string()));
    assert!(exits(&history).contains(&"well --> yard (inferred)".to_string()));
}

#[test]
fn an_empty_or_skipped_observation_still_commits_its_text() {
    let mut history = History::new();
    apply_observation(
        &mut history,
        0,
        "Nothing here.",
        &ObservationReply::default(),
        None,
        Spelling::Key,
    )
    .unwrap();
    let v = skip_observation(&mut history, 1, "Gibberish", "the reply could not be read").unwrap();
    assert_eq!(v, 1);
    let c = &history.commits()[1];
    assert!(c.change.is_empty());
    assert_eq!(c.observation, "Gibberish");
    assert_eq!(c.analysis, "Skipped: the reply could not be read");
    assert_eq!(committed_observations(&history), 2);
}

// ---- the retry policy -------------------------------------------------------------------

fn openai_ok(content: &str) -> HttpResponse {
    let body = serde_json::json!({
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
    });
    HttpResponse {
        status: 200,
        headers: vec![],
        body: body.to_string(),
    }
}

fn status(code: u16, headers: &[(&str, &str)]) -> HttpResponse {
    HttpResponse {
        status: code,
        headers: headers
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        body: r#"{"error":{"message":"nope"}}"#.into(),
    }
}

struct Script {
    answers: RefCell<VecDeque<Result<HttpResponse, LlmError>>>,
    seen: RefCell<Vec<HttpRequest>>,
}

impl Script {
    fn new(answers: Vec<Result<HttpResponse, LlmError>>) -> Script {
        Script {
            answers: RefCell::new(answers.into()),
            seen: RefCell::new(Vec::new()),
        }
    }
}

impl LlmTransport for Script {
    async fn send(&self, request: &HttpRequest) -> Result<HttpResponse, LlmError> {
        self.seen.borrow_mut().push(request.clone());
        self.answers
            .borrow_mut()
            .pop_front()
            .unwrap_or(Err(LlmError::Network("script exhausted".into())))
    }
}

fn config() -> LlmConfig {
    LlmConfig::new(Provider::OpenAiCompatible).with_base_url("http://127.0.0.1:9/v1")
}

const GOOD: &str =
    r#"{"locations":[{"name":"hall"}],"relations":[],"current_location":"hall","analysis":"ok"}"#;

fn run(script: &Script, waits: &RefCell<Vec<u64>>) -> Attempted<ObservationReply> {
    let ctx = mapping_context(&History::new(), None, "You are in the hall.");
    block_on(read_observation(script, &config(), &ctx, |ms, _| {
        waits.borrow_mut().push(ms);
        async { true }
    }))
}

#[test]
fn rate_limits_wait_as_told_then_back_off() {
    let script = Script::new(vec![
        Ok(status(429, &[("Retry-After", "7")])),
        Ok(status(429, &[])),
        Ok(openai_ok(GOOD)),
    ]);
    let waits = RefCell::new(Vec::new());
    let got = run(&script, &waits);
    assert!(matches!(got.outcome, Outcome::Done(_)));
    assert_eq!(*waits.borrow(), vec![7000, 2000]);
    assert_eq!(got.attempts, 3);
    assert_eq!(got.usage.total(), 15);
    // Too many: the run pauses with the 429 message.
    let script = Script::new((0..6).map(|_| Ok(status(429, &[]))).collect());
    let waits = RefCell::new(Vec::new());
    let got = run(&script, &waits);
    assert!(matches!(
        got.outcome,
        Outcome::Paused(LlmError::RateLimited { .. })
    ));
    assert_eq!(*waits.borrow(), vec![1000, 2000, 4000, 8000]);
}

#[test]
fn server_errors_retry_twice_then_pause() {
    let script = Script::new(vec![Ok(status(503, &[])), Ok(openai_ok(GOOD))]);
    let waits = RefCell::new(Vec::new());
    assert!(matches!(run(&script, &waits).outcome, Outcome::Done(_)));
    let script = Script::new((0..5).map(|_| Ok(status(500, &[]))).collect());
    let waits = RefCell::new(Vec::new());
    let got = run(&script, &waits);
    assert!(matches!(
        got.outcome,
        Outcome::Paused(LlmError::Server { status: 500, .. })
    ));
    assert_eq!(got.attempts, 3);
}

#[test]
fn unreadable_json_gets_one_corrective_retry_then_a_skip() {
    let script = Script::new(vec![
        Ok(openai_ok("{\"locations\": [")),
        Ok(openai_ok(GOOD)),
    ]);
    let waits = RefCell::new(Vec::new());
    let got = run(&script, &waits);
    assert!(matches!(got.outcome, Outcome::Done(_)));
    let seen = script.seen.borrow();
    let last = seen[1].body["messages"][1]["content"].as_str().unwrap();
    assert!(
        last.contains("Your previous answer could not be used"),
        "{last}"
    );
    assert!(corrective_note("x").contains("(x)"));
    drop(seen);

    let mut truncated = openai_ok("{\"locations\": [");
    truncated.body = truncated.body.replace("\"stop\"", "\"length\"");
    let script = Script::new(vec![Ok(truncated.clone()), Ok(truncated)]);
    let got = run(&script, &RefCell::new(Vec::new()));
    assert!(matches!(got.outcome, Outcome::Skipped(LlmError::Truncated)));
    assert_eq!(got.attempts, 2);
}

#[test]
fn refusals_skip_and_setup_errors_pause() {
    let refusal = HttpResponse {
        status: 200,
        headers: vec![],
        body: r#"{"choices":[{"message":{"role":"assistant","content":null,"refusal":"I can't help with that."},"finish_reason":"stop"}]}"#.into(),
    };
    let got = run(&Script::new(vec![Ok(refusal)]), &RefCell::new(Vec::new()));
    assert!(matches!(
        got.outcome,
        Outcome::Skipped(LlmError::Refusal(_))
    ));
    for (answer, want) in [
        (Ok(status(401, &[])), "rejected the API key"),
        (Ok(status(404, &[])), "not found"),
        (Err(LlmError::Timeout { secs: 30 }), "within 30 s"),
        (Err(LlmError::Network("Failed to fetch".into())), "CORS"),
    ] {
        let got = run(&Script::new(vec![answer]), &RefCell::new(Vec::new()));
        match got.outcome {
            Outcome::Paused(e) => assert!(e.to_string().contains(want), "{e}"),
            other => panic!("expected a pause, got {other:?}"),
        }
    }
    // A wait that reports cancellation pauses the run.
    let script = Script::new(vec![Ok(status(429, &[]))]);
    let ctx = mapping_context(&History::new(), None, "x");
    let got = block_on(read_observation(&script, &config(), &ctx, |_, _| async {
        false
    }));
    assert_eq!(got.outcome, Outcome::Paused(LlmError::Cancelled));
    // A missing key pauses before anything is sent.
    let script = Script::new(vec![]);
    let got = block_on(read_observation(
        &script,
        &LlmConfig::new(Provider::OpenAi),
        &ctx,
        |_, _| async { true },
    ));
    assert!(matches!(
        got.outcome,
        Outcome::Paused(LlmError::MissingKey { .. })
    ));
    assert!(script.seen.borrow().is_empty());
    assert_eq!(
        recovery(
            &LlmError::Server {
                status: 502,
                message: String::new()
            },
            0,
            false
        ),
        Recovery::Retry { wait_ms: 1000 }
    );
}

#[test]
fn the_offline_reader_shows_the_texts_capitals_and_a_model_reply_stays_lowercase() {
    let text = "We landed on Skeleton Island and walked up to the old stockade.\n\n\
The stockade stood on a knoll. From skeleton island we saw it.";
    let history = read_prose(&split_observations(text, &Split::Paragraphs)).unwrap();
    let names = rooms(&history);
    assert!(names.contains(&"Skeleton Island".to_string()), "{names:?}");
    assert!(names.contains(&"old stockade".to_string()), "{names:?}");
    // The lowercase re-mention is the same room, found by its key.
    assert_eq!(
        names
            .iter()
            .filter(|n| n.eq_ignore_ascii_case("skeleton island"))
            .count(),
        1,
        "{names:?}"
    );
    // A model's reply keeps the lowercase names.
    let reply = parse_observation_reply(replies()[0]).unwrap();
    let mut model = History::new();
    apply_observation(&mut model, 0, "x", &reply, None, Spelling::Key).unwrap();
    assert!(rooms(&model).iter().all(|n| *n == n.to_lowercase()));
}
