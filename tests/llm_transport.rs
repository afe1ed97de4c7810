//! The transport seam, and one round trip per provider through the stand-in server (`tests/llm_server/server.mjs`; skipped without node).

mod support;

use maprepair::domain::llm::*;
use serde_json::{json, Value};
use support::llm::*;

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
