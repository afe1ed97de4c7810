//! Building the HTTP request for one LLM call, as a plain value.
//!
//! [`build_request`] turns a config, a [`Prompt`] (system + user text) and a
//! [`StructuredOutput`] (the JSON schema the answer must follow) into an [`HttpRequest`] that a
//! transport sends as-is. The requests are exactly what a browser would send to each provider:
//!
//! * OpenAI — `POST {base}/chat/completions`, `Authorization: Bearer`, `response_format`
//!   `json_schema` with `strict: true`;
//! * OpenAI-compatible — the same endpoint at the user's base URL, `Authorization` only when a
//!   key is set, `response_format: {"type":"json_object"}` (widely supported);
//! * Anthropic — `POST {base}/messages` with `x-api-key`, `anthropic-version`,
//!   `anthropic-dangerous-direct-browser-access`, structured output through a forced tool call;
//! * Gemini — `POST {base}/models/{model}:generateContent`, key in `x-goog-api-key` (never in
//!   the URL), `responseSchema` in Gemini's OpenAPI dialect (see [`to_gemini_schema`]).
//!
//! `HttpRequest`'s `Debug` output redacts the key-bearing headers.

use serde_json::{json, Map, Value};
use std::fmt;

use super::config::LlmConfig;
use super::error::LlmError;
use super::provider::Provider;

/// Token budget given to reasoning models, which spend tokens thinking before they answer.
pub const REASONING_MIN_TOKENS: u32 = 4000;

/// One HTTP request, ready for a transport.
#[derive(Clone, PartialEq)]
pub struct HttpRequest {
    /// Always `POST` for the provider calls.
    pub method: String,
    /// Full URL.
    pub url: String,
    /// Header names (lowercase) and values, in sending order.
    pub headers: Vec<(String, String)>,
    /// The JSON body.
    pub body: Value,
}

impl HttpRequest {
    /// The body as the text to send.
    pub fn body_text(&self) -> String {
        self.body.to_string()
    }

    /// A header's value, matched case-insensitively.
    pub fn header(&self, name: &str) -> Option<&str> {
        super::response::header_value(&self.headers, name)
    }
}

/// Headers whose values are secrets.
const SECRET_HEADERS: [&str; 3] = ["authorization", "x-api-key", "x-goog-api-key"];

impl fmt::Debug for HttpRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let headers: Vec<(&str, &str)> = self
            .headers
            .iter()
            .map(|(k, v)| {
                let secret = SECRET_HEADERS.iter().any(|s| k.eq_ignore_ascii_case(s));
                (k.as_str(), if secret { "<redacted>" } else { v.as_str() })
            })
            .collect();
        f.debug_struct("HttpRequest")
            .field("method", &self.method)
            .field("url", &self.url)
            .field("headers", &headers)
            .field("body", &self.body)
            .finish()
    }
}

/// The two messages of a call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompt {
    /// The instructions (role, rules, output format).
    pub system: String,
    /// The task itself.
    pub user: String,
}

/// The JSON shape the answer must have.
#[derive(Debug, Clone, PartialEq)]
pub struct StructuredOutput {
    /// A name for the schema (OpenAI `json_schema.name`, Anthropic tool name): `[a-zA-Z0-9_-]`.
    pub name: String,
    /// One sentence on what the object is (Anthropic tool description).
    pub description: String,
    /// A JSON Schema in OpenAI's strict subset: every object lists all its properties in
    /// `required`, sets `additionalProperties: false`, and marks optional values with a
    /// `["type","null"]` union.
    pub schema: Value,
}

/// Sampling settings for one call.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RequestOptions {
    /// Upper bound on answer tokens.
    pub max_tokens: u32,
    /// Sampling temperature; `None` leaves the provider default. Never sent to OpenAI's
    /// reasoning models, which reject it.
    pub temperature: Option<f32>,
}

impl RequestOptions {
    /// Settings for reading an observation: deterministic, room for long relation lists.
    pub fn for_mapping() -> RequestOptions {
        RequestOptions {
            max_tokens: 4000,
            temperature: Some(0.0),
        }
    }

    /// The paper's repair settings: temperature 0.2, at most 1,500 tokens.
    pub fn for_repair() -> RequestOptions {
        RequestOptions {
            max_tokens: 1500,
            temperature: Some(0.2),
        }
    }
}

/// Rounds a temperature to two decimals so `0.2f32` is sent as `0.2`, not `0.20000000298…`;
/// whole values are sent as integers (`0`, `1`), the way a browser's `JSON.stringify` would.
fn temperature_value(t: f32) -> Value {
    let rounded = (f64::from(t) * 100.0).round() / 100.0;
    if rounded.fract() == 0.0 && rounded.abs() < 1e6 {
        json!(rounded as i64)
    } else {
        json!(rounded)
    }
}

/// Builds the request for one call.
///
/// Reasoning models (see [`LlmConfig::is_reasoning_model`]) get at least
/// [`REASONING_MIN_TOKENS`] tokens; OpenAI's also get no temperature.
///
/// # Errors
/// [`LlmError::MissingKey`] or [`LlmError::InvalidConfig`] from [`LlmConfig::validate`].
pub fn build_request(
    config: &LlmConfig,
    prompt: &Prompt,
    output: &StructuredOutput,
    options: &RequestOptions,
) -> Result<HttpRequest, LlmError> {
    config.validate()?;
    let reasoning = config.is_reasoning_model();
    let max_tokens = if reasoning {
        options.max_tokens.max(REASONING_MIN_TOKENS)
    } else {
        options.max_tokens
    };
    let temperature = if reasoning && config.provider == Provider::OpenAi {
        None
    } else {
        options.temperature
    };
    let call = Call {
        base: config.base_url(),
        model: config.model(),
        key: config.api_key.expose(),
        max_tokens,
        temperature,
    };
    let mut headers = vec![("content-type".to_string(), "application/json".to_string())];
    let (url, body) = match config.provider {
        Provider::OpenAi | Provider::OpenAiCompatible => {
            let strict = config.provider == Provider::OpenAi;
            openai_call(&call, strict, prompt, output, &mut headers)
        }
        Provider::Anthropic => anthropic_call(&call, prompt, output, &mut headers),
        Provider::Gemini => gemini_call(&call, prompt, output, &mut headers),
    };
    Ok(HttpRequest {
        method: "POST".into(),
        url,
        headers,
        body,
    })
}

/// What every provider's request is built from.
struct Call<'a> {
    base: &'a str,
    model: &'a str,
    key: &'a str,
    max_tokens: u32,
    temperature: Option<f32>,
}

/// OpenAI's chat completions (strict JSON schema) and compatible servers (JSON object mode).
fn openai_call(
    call: &Call<'_>,
    strict: bool,
    prompt: &Prompt,
    output: &StructuredOutput,
    headers: &mut Vec<(String, String)>,
) -> (String, Value) {
    if !call.key.is_empty() {
        headers.push(("authorization".into(), format!("Bearer {}", call.key)));
    }
    let mut body = Map::new();
    body.insert("model".into(), json!(call.model));
    body.insert(
        "messages".into(),
        json!([
            {"role": "system", "content": prompt.system},
            {"role": "user", "content": prompt.user},
        ]),
    );
    if let Some(t) = call.temperature {
        body.insert("temperature".into(), temperature_value(t));
    }
    if strict {
        body.insert("max_completion_tokens".into(), json!(call.max_tokens));
        body.insert(
            "response_format".into(),
            json!({
                "type": "json_schema",
                "json_schema": {
                    "name": output.name,
                    "strict": true,
                    "schema": output.schema,
                }
            }),
        );
    } else {
        body.insert("max_tokens".into(), json!(call.max_tokens));
        body.insert("response_format".into(), json!({"type": "json_object"}));
    }
    body.insert("stream".into(), json!(false));
    (
        format!("{}/chat/completions", call.base),
        Value::Object(body),
    )
}

/// Anthropic's messages with the output as a forced tool call.
fn anthropic_call(
    call: &Call<'_>,
    prompt: &Prompt,
    output: &StructuredOutput,
    headers: &mut Vec<(String, String)>,
) -> (String, Value) {
    headers.push(("x-api-key".into(), call.key.to_string()));
    headers.push(("anthropic-version".into(), "2023-06-01".into()));
    headers.push((
        "anthropic-dangerous-direct-browser-access".into(),
        "true".into(),
    ));
    let mut body = Map::new();
    body.insert("model".into(), json!(call.model));
    body.insert("max_tokens".into(), json!(call.max_tokens));
    body.insert("system".into(), json!(prompt.system));
    body.insert(
        "messages".into(),
        json!([{"role": "user", "content": prompt.user}]),
    );
    body.insert(
        "tools".into(),
        json!([{
            "name": output.name,
            "description": output.description,
            "input_schema": output.schema,
        }]),
    );
    body.insert(
        "tool_choice".into(),
        json!({"type": "tool", "name": output.name}),
    );
    if let Some(t) = call.temperature {
        body.insert("temperature".into(), temperature_value(t));
    }
    (format!("{}/messages", call.base), Value::Object(body))
}

/// Gemini's generateContent with a response schema.
fn gemini_call(
    call: &Call<'_>,
    prompt: &Prompt,
    output: &StructuredOutput,
    headers: &mut Vec<(String, String)>,
) -> (String, Value) {
    headers.push(("x-goog-api-key".into(), call.key.to_string()));
    let mut generation = Map::new();
    generation.insert("responseMimeType".into(), json!("application/json"));
    generation.insert("responseSchema".into(), to_gemini_schema(&output.schema));
    generation.insert("maxOutputTokens".into(), json!(call.max_tokens));
    if let Some(t) = call.temperature {
        generation.insert("temperature".into(), temperature_value(t));
    }
    let body = json!({
        "systemInstruction": {"parts": [{"text": prompt.system}]},
        "contents": [{"role": "user", "parts": [{"text": prompt.user}]}],
        "generationConfig": Value::Object(generation),
    });
    (
        format!("{}/models/{}:generateContent", call.base, call.model),
        body,
    )
}

/// "One of these strings, or null", in the form OpenAI's strict mode accepts:
/// `{"anyOf": [{"type": "string", "enum": [...]}, {"type": "null"}]}`.
pub fn nullable_enum(values: &[&str]) -> Value {
    json!({"anyOf": [{"type": "string", "enum": values}, {"type": "null"}]})
}

/// Converts a JSON Schema in OpenAI's strict subset into Gemini's OpenAPI dialect: uppercase
/// types (`OBJECT`, `STRING`, `ARRAY`, `NUMBER`, `INTEGER`, `BOOLEAN`), `["t","null"]` unions and
/// `anyOf: [t, {"type": "null"}]` as `t` with `nullable: true`, `null` dropped from `enum`
/// (with `format: "enum"`), no `additionalProperties`, and `propertyOrdering` taken from
/// `required`.
pub fn to_gemini_schema(schema: &Value) -> Value {
    let Some(obj) = schema.as_object() else {
        return schema.clone();
    };
    if let Some(Value::Array(branches)) = obj.get("anyOf") {
        let is_null = |b: &Value| b.get("type").and_then(Value::as_str) == Some("null");
        let others: Vec<&Value> = branches.iter().filter(|b| !is_null(b)).collect();
        let has_null = others.len() < branches.len();
        let mut out = match others.as_slice() {
            [single] => match to_gemini_schema(single) {
                Value::Object(m) => m,
                _ => Map::new(),
            },
            many => {
                let mut m = Map::new();
                let converted: Vec<Value> = many.iter().map(|b| to_gemini_schema(b)).collect();
                m.insert("anyOf".into(), Value::Array(converted));
                m
            }
        };
        if let Some(d) = obj.get("description") {
            out.insert("description".into(), d.clone());
        }
        if has_null {
            out.insert("nullable".into(), json!(true));
        }
        return Value::Object(out);
    }
    let mut out = Map::new();
    let mut nullable = false;
    match obj.get("type") {
        Some(Value::String(t)) => {
            out.insert("type".into(), json!(t.to_uppercase()));
        }
        Some(Value::Array(types)) => {
            let mut main = None;
            for t in types.iter().filter_map(Value::as_str) {
                if t == "null" {
                    nullable = true;
                } else if main.is_none() {
                    main = Some(t.to_uppercase());
                }
            }
            if let Some(m) = main {
                out.insert("type".into(), json!(m));
            }
        }
        _ => {}
    }
    if let Some(d) = obj.get("description") {
        out.insert("description".into(), d.clone());
    }
    if let Some(Value::Array(values)) = obj.get("enum") {
        let kept: Vec<Value> = values.iter().filter(|v| !v.is_null()).cloned().collect();
        if kept.len() < values.len() {
            nullable = true;
        }
        out.insert("format".into(), json!("enum"));
        out.insert("enum".into(), Value::Array(kept));
    }
    if let Some(items) = obj.get("items") {
        out.insert("items".into(), to_gemini_schema(items));
    }
    if let Some(Value::Object(props)) = obj.get("properties") {
        let converted: Map<String, Value> = props
            .iter()
            .map(|(k, v)| (k.clone(), to_gemini_schema(v)))
            .collect();
        out.insert("properties".into(), Value::Object(converted));
    }
    if let Some(required) = obj.get("required") {
        out.insert("required".into(), required.clone());
        out.insert("propertyOrdering".into(), required.clone());
    }
    if nullable {
        out.insert("nullable".into(), json!(true));
    }
    Value::Object(out)
}
