//! Provider responses: answers, truncation, refusals and HTTP errors become text or an error the user can act on, never carrying the key.

mod support;

use maprepair::domain::llm::error::scrub;
use maprepair::domain::llm::response::parse_retry_after;
use maprepair::domain::llm::*;
use serde_json::{json, Value};
use support::llm::*;

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
