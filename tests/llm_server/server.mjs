#!/usr/bin/env node
// A local stand-in for the LLM providers, for tests. Plain Node 20, no dependencies.
//
//   node tests/llm_server/server.mjs --port 0 [--idle-minutes 30]
//
// Binds 127.0.0.1 only and prints `LISTENING <port>` on stdout once ready. Endpoints:
//
//   POST /v1/chat/completions, /chat/completions      OpenAI and OpenAI-compatible shape
//   POST /v1/messages, /messages                      Anthropic shape
//   POST /v1beta/models/<model>:generateContent       Gemini shape (also /v1/models/…)
//   OPTIONS <anything>                                CORS preflight, permissive
//
// Control endpoints (not recorded):
//
//   POST /__script   {"responses": [entry, ...]}  appends entries to the answer queue
//   GET  /__requests                             every provider request received so far
//   POST /__reset                                clears the queue and the request log
//   GET  /__health                               {"ok": true, "queued": n}
//
// A script entry:
//   status     HTTP status (default 200)
//   headers    extra response headers, e.g. {"retry-after": "7"}
//   delay_ms   wait before answering (for time-out tests)
//   body       sent verbatim (a string, or JSON) — overrides everything below
//   content    the text the model "says"; wrapped in the shape of the endpoint that is hit
//              (OpenAI: message.content; Gemini: parts[0].text; Anthropic: a tool_use block
//              whose input is the parsed JSON, or a text block if it is not JSON)
//   truncated  true: finish_reason "length" / stop_reason "max_tokens" / finishReason "MAX_TOKENS"
//   refusal    a refusal text: OpenAI message.refusal / Anthropic stop_reason "refusal" /
//              Gemini finishReason "SAFETY"
//   message    for an error status without a body: the provider-shaped error message
//   usage      {"input": n, "output": n} token counts (defaults 11 and 7)
//
// An empty queue answers 500 with a provider-shaped error saying so. The process exits on
// SIGTERM/SIGINT, and by itself after --idle-minutes (default 30) without any request.

import http from 'node:http';

const args = process.argv.slice(2);
function arg(name, fallback) {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
}
const port = Number(arg('port', '0'));
const idleMs = Number(arg('idle-minutes', '30')) * 60 * 1000;
const MAX_BODY = 5 * 1024 * 1024;

let queue = [];
let requests = [];
let counter = 0;

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': [
    'content-type', 'authorization', 'x-api-key', 'anthropic-version',
    'anthropic-dangerous-direct-browser-access', 'anthropic-beta', 'x-goog-api-key',
    'x-goog-api-client', 'openai-organization', 'openai-project',
  ].join(', '),
  'access-control-expose-headers': 'retry-after, x-request-id, request-id',
  'access-control-max-age': '600',
};

let idleTimer = null;
function touch() {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    process.stderr.write(`stand-in LLM server: idle for ${idleMs} ms, exiting\n`);
    shutdown(0);
  }, idleMs);
}

function send(res, status, body, extraHeaders = {}) {
  if (res.writableEnded || res.destroyed) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const headers = {
    ...CORS_HEADERS,
    'content-type': typeof body === 'string' && !looksLikeJson(body)
      ? 'text/plain; charset=utf-8'
      : 'application/json',
    'content-length': Buffer.byteLength(text),
    ...lowerKeys(extraHeaders),
  };
  res.writeHead(status, headers);
  res.end(text);
}

function looksLikeJson(text) {
  try { JSON.parse(text); return true; } catch { return false; }
}

function lowerKeys(obj) {
  const out = {};
  for (const [k, v] of Object.entries(obj || {})) out[k.toLowerCase()] = String(v);
  return out;
}

function providerOf(path) {
  if (path === '/v1/chat/completions' || path === '/chat/completions') return 'openai';
  if (path === '/v1/messages' || path === '/messages') return 'anthropic';
  const m = path.match(/^\/(v1beta|v1)\/models\/([^/:]+):generateContent$/);
  if (m) return 'gemini';
  return null;
}

function errorBody(provider, status, message) {
  switch (provider) {
    case 'anthropic': {
      const type = {
        400: 'invalid_request_error', 401: 'authentication_error', 403: 'permission_error',
        404: 'not_found_error', 429: 'rate_limit_error', 529: 'overloaded_error',
      }[status] || 'api_error';
      return { type: 'error', error: { type, message } };
    }
    case 'gemini': {
      const s = {
        400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED',
        404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 503: 'UNAVAILABLE',
      }[status] || 'UNKNOWN';
      return { error: { code: status, message, status: s } };
    }
    default: {
      const type = status === 429 ? 'rate_limit_exceeded'
        : status === 401 ? 'invalid_api_key' : status >= 500 ? 'server_error' : 'invalid_request_error';
      return { error: { message, type, param: null, code: type } };
    }
  }
}

const DEFAULT_MESSAGES = {
  400: 'Bad request.', 401: 'Invalid API key.', 403: 'Permission denied.',
  404: 'The model does not exist.', 429: 'Rate limit reached. Please slow down.',
  500: 'Internal server error.', 502: 'Bad gateway.', 503: 'The service is overloaded.',
  529: 'Overloaded.',
};

function successBody(provider, entry, req) {
  counter += 1;
  const usage = { input: entry.usage?.input ?? 11, output: entry.usage?.output ?? 7 };
  const content = entry.content ?? '';
  const model = req.body?.model ?? req.model ?? 'stand-in';
  if (provider === 'openai') {
    const message = { role: 'assistant', content: entry.refusal ? null : content, refusal: entry.refusal ?? null };
    return {
      id: `chatcmpl-stub-${counter}`, object: 'chat.completion', created: 0, model,
      choices: [{ index: 0, message, logprobs: null,
        finish_reason: entry.truncated ? 'length' : 'stop' }],
      usage: { prompt_tokens: usage.input, completion_tokens: usage.output,
        total_tokens: usage.input + usage.output },
    };
  }
  if (provider === 'anthropic') {
    let block;
    if (entry.refusal) {
      block = { type: 'text', text: entry.refusal };
    } else {
      let parsed = null;
      try { parsed = JSON.parse(content); } catch { parsed = null; }
      const toolName = req.body?.tool_choice?.name ?? req.body?.tools?.[0]?.name ?? 'output';
      block = parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? { type: 'tool_use', id: `toolu_stub_${counter}`, name: toolName, input: parsed }
        : { type: 'text', text: content };
    }
    return {
      id: `msg_stub_${counter}`, type: 'message', role: 'assistant', model,
      content: [block],
      stop_reason: entry.refusal ? 'refusal' : entry.truncated ? 'max_tokens'
        : block.type === 'tool_use' ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: usage.input, output_tokens: usage.output },
    };
  }
  // Gemini.
  return {
    candidates: [{
      content: { role: 'model', parts: entry.refusal ? [] : [{ text: content }] },
      finishReason: entry.refusal ? 'SAFETY' : entry.truncated ? 'MAX_TOKENS' : 'STOP',
      index: 0,
    }],
    usageMetadata: { promptTokenCount: usage.input, candidatesTokenCount: usage.output,
      totalTokenCount: usage.input + usage.output },
    modelVersion: req.model ?? 'stand-in',
  };
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) { reject(new Error('body too large')); req.destroy(); return; }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseMaybeJson(text) {
  if (text === '') return null;
  try { return JSON.parse(text); } catch { return text; }
}

async function answerProvider(req, res, provider, record) {
  const entry = queue.shift();
  if (!entry) {
    send(res, 500, errorBody(provider, 500,
      `stand-in LLM server: no scripted response queued for ${req.method} ${record.path}; POST /__script first`));
    return;
  }
  if (entry.delay_ms) {
    await new Promise((r) => setTimeout(r, Number(entry.delay_ms)));
  }
  const status = Number(entry.status ?? 200);
  const headers = entry.headers ?? {};
  if (entry.body !== undefined) {
    send(res, status, entry.body, headers);
  } else if (status >= 200 && status < 300) {
    send(res, status, successBody(provider, entry, record), headers);
  } else {
    const message = entry.message ?? DEFAULT_MESSAGES[status] ?? `HTTP ${status}`;
    send(res, status, errorBody(provider, status, message), headers);
  }
}

async function handle(req, res) {
  touch();
  const url = new URL(req.url, 'http://127.0.0.1');
  const path = url.pathname;
  if (req.method === 'OPTIONS') {
    requests.push({ method: 'OPTIONS', path, query: url.search, headers: req.headers, body: null });
    const asked = req.headers['access-control-request-headers'];
    const extra = asked ? { 'access-control-allow-headers': `${CORS_HEADERS['access-control-allow-headers']}, ${asked}` } : {};
    res.writeHead(204, { ...CORS_HEADERS, ...extra, 'content-length': 0 });
    res.end();
    return;
  }
  let text;
  try {
    text = await readBody(req);
  } catch (e) {
    send(res, 413, { error: { message: String(e.message) } });
    return;
  }
  if (path === '/__script' && req.method === 'POST') {
    const parsed = parseMaybeJson(text);
    const list = Array.isArray(parsed) ? parsed : parsed?.responses;
    if (!Array.isArray(list)) {
      send(res, 400, { error: { message: 'expected {"responses": [...]}' } });
      return;
    }
    queue.push(...list);
    send(res, 200, { ok: true, queued: queue.length });
    return;
  }
  if (path === '/__requests' && req.method === 'GET') {
    send(res, 200, requests);
    return;
  }
  if (path === '/__reset' && req.method === 'POST') {
    queue = [];
    requests = [];
    send(res, 200, { ok: true });
    return;
  }
  if (path === '/__health') {
    send(res, 200, { ok: true, queued: queue.length });
    return;
  }
  const provider = providerOf(path);
  if (!provider || req.method !== 'POST') {
    send(res, 404, { error: { message: `stand-in LLM server: no endpoint ${req.method} ${path}` } });
    return;
  }
  const modelMatch = path.match(/models\/([^/:]+):generateContent$/);
  const record = {
    method: req.method, path, query: url.search, headers: req.headers,
    body: parseMaybeJson(text), provider, model: modelMatch ? decodeURIComponent(modelMatch[1]) : undefined,
  };
  requests.push(record);
  await answerProvider(req, res, provider, record);
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((e) => {
    send(res, 500, { error: { message: `stand-in LLM server crashed: ${e.message}` } });
  });
});

function shutdown(code) {
  server.close();
  server.closeAllConnections?.();
  process.exit(code);
}

process.on('SIGTERM', () => shutdown(0));
process.on('SIGINT', () => shutdown(0));

server.listen(port, '127.0.0.1', () => {
  touch();
  process.stdout.write(`LISTENING ${server.address().port}\n`);
});
