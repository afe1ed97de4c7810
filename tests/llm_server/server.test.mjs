// Tests for the stand-in LLM server: node --test tests/llm_server/server.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
let child;
let base;

before(async () => {
  child = spawn(process.execPath, [path.join(here, 'server.mjs'), '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/LISTENING (\d+)/);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`server exited early with ${code}`)));
  });
  base = `http://127.0.0.1:${port}`;
});

after(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.on('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
});

async function script(...responses) {
  await fetch(`${base}/__reset`, { method: 'POST' });
  const r = await fetch(`${base}/__script`, {
    method: 'POST',
    body: JSON.stringify({ responses }),
  });
  assert.equal(r.status, 200);
}

async function post(p, body, headers = {}) {
  return fetch(`${base}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const REPLY = '{"locations":[],"relations":[],"current_location":"hall","analysis":"ok"}';

test('answers CORS preflight with the provider headers allowed', async () => {
  const r = await fetch(`${base}/v1/messages`, {
    method: 'OPTIONS',
    headers: {
      origin: 'http://localhost:8080',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'x-api-key, anthropic-version, anthropic-dangerous-direct-browser-access',
    },
  });
  assert.equal(r.status, 204);
  assert.equal(r.headers.get('access-control-allow-origin'), '*');
  const allowed = r.headers.get('access-control-allow-headers');
  for (const h of ['x-api-key', 'anthropic-version', 'anthropic-dangerous-direct-browser-access', 'x-goog-api-key', 'authorization']) {
    assert.ok(allowed.includes(h), `${h} missing from ${allowed}`);
  }
  assert.match(r.headers.get('access-control-allow-methods'), /POST/);
});

test('wraps content in the OpenAI shape and records the request', async () => {
  await script({ content: REPLY });
  const r = await post('/v1/chat/completions', { model: 'gpt-x', messages: [] }, { authorization: 'Bearer sk-test' });
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('access-control-allow-origin'), '*');
  const j = await r.json();
  assert.equal(j.choices[0].message.content, REPLY);
  assert.equal(j.choices[0].finish_reason, 'stop');
  assert.equal(j.usage.total_tokens, 18);
  assert.equal(j.model, 'gpt-x');
  const log = await (await fetch(`${base}/__requests`)).json();
  assert.equal(log.length, 1);
  assert.equal(log[0].path, '/v1/chat/completions');
  assert.equal(log[0].headers.authorization, 'Bearer sk-test');
  assert.deepEqual(log[0].body, { model: 'gpt-x', messages: [] });
});

test('wraps JSON content as an Anthropic tool_use block named after the forced tool', async () => {
  await script({ content: REPLY });
  const r = await post('/v1/messages', { model: 'claude-x', tool_choice: { type: 'tool', name: 'observation' } });
  const j = await r.json();
  assert.equal(j.type, 'message');
  assert.equal(j.stop_reason, 'tool_use');
  assert.equal(j.content[0].type, 'tool_use');
  assert.equal(j.content[0].name, 'observation');
  assert.deepEqual(j.content[0].input, JSON.parse(REPLY));
  assert.deepEqual(j.usage, { input_tokens: 11, output_tokens: 7 });
});

test('non-JSON content becomes an Anthropic text block (malformed replies)', async () => {
  await script({ content: 'Sure! Here is the map you asked for.' });
  const j = await (await post('/messages', {})).json();
  assert.equal(j.content[0].type, 'text');
  assert.equal(j.stop_reason, 'end_turn');
});

test('wraps content in the Gemini shape and records the model', async () => {
  await script({ content: REPLY });
  const r = await post('/v1beta/models/gemini-test:generateContent', { contents: [] }, { 'x-goog-api-key': 'AIza-test' });
  const j = await r.json();
  assert.equal(j.candidates[0].content.parts[0].text, REPLY);
  assert.equal(j.candidates[0].finishReason, 'STOP');
  assert.equal(j.usageMetadata.totalTokenCount, 18);
  const log = await (await fetch(`${base}/__requests`)).json();
  assert.equal(log[0].model, 'gemini-test');
  assert.equal(log[0].headers['x-goog-api-key'], 'AIza-test');
});

test('truncation and refusal are shaped per provider', async () => {
  await script(
    { content: '{"locations": [', truncated: true },
    { content: '{"a":', truncated: true },
    { content: '{"a":', truncated: true },
    { refusal: 'I cannot help with that.' },
    { refusal: 'No.' },
    { refusal: 'No.' },
  );
  assert.equal((await (await post('/v1/chat/completions', {})).json()).choices[0].finish_reason, 'length');
  assert.equal((await (await post('/v1/messages', {})).json()).stop_reason, 'max_tokens');
  assert.equal((await (await post('/v1beta/models/g:generateContent', {})).json()).candidates[0].finishReason, 'MAX_TOKENS');
  const o = await (await post('/v1/chat/completions', {})).json();
  assert.equal(o.choices[0].message.refusal, 'I cannot help with that.');
  assert.equal(o.choices[0].message.content, null);
  assert.equal((await (await post('/v1/messages', {})).json()).stop_reason, 'refusal');
  assert.equal((await (await post('/v1beta/models/g:generateContent', {})).json()).candidates[0].finishReason, 'SAFETY');
});

test('error statuses get provider-shaped bodies and scripted headers', async () => {
  await script(
    { status: 429, headers: { 'Retry-After': '7' } },
    { status: 401, message: 'bad key' },
    { status: 404 },
    { status: 503 },
    { status: 403 },
  );
  const r429 = await post('/v1/chat/completions', {});
  assert.equal(r429.status, 429);
  assert.equal(r429.headers.get('retry-after'), '7');
  assert.equal((await r429.json()).error.type, 'rate_limit_exceeded');
  const r401 = await post('/v1/messages', {});
  assert.equal(r401.status, 401);
  assert.deepEqual(await r401.json(), { type: 'error', error: { type: 'authentication_error', message: 'bad key' } });
  const r404 = await post('/v1beta/models/nope:generateContent', {});
  assert.equal((await r404.json()).error.status, 'NOT_FOUND');
  assert.equal((await post('/chat/completions', {})).status, 503);
  assert.equal((await post('/v1/messages', {})).status, 403);
});

test('a verbatim body and a delay are honoured', async () => {
  await script({ body: 'not json at all', delay_ms: 150 });
  const t0 = Date.now();
  const r = await post('/v1/chat/completions', {});
  assert.ok(Date.now() - t0 >= 140, 'answer came too early');
  assert.equal(await r.text(), 'not json at all');
});

test('an empty queue answers 500 with a clear message', async () => {
  await script();
  const r = await post('/v1/chat/completions', {});
  assert.equal(r.status, 500);
  assert.match((await r.json()).error.message, /no scripted response queued/);
});

test('unknown paths are 404 and reset clears the log', async () => {
  await script();
  assert.equal((await post('/v2/whatever', {})).status, 404);
  await fetch(`${base}/__reset`, { method: 'POST' });
  const log = await (await fetch(`${base}/__requests`)).json();
  assert.deepEqual(log, []);
});

test('exits by itself when idle, and on SIGTERM', async () => {
  const start = (extra) => spawn(process.execPath, [path.join(here, 'server.mjs'), '--port', '0', ...extra], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const idle = start(['--idle-minutes', '0.005']);
  const idleCode = await new Promise((r) => idle.on('exit', (code) => r(code)));
  assert.equal(idleCode, 0);

  const busy = start([]);
  await new Promise((r) => busy.stdout.once('data', r));
  const exited = new Promise((r) => busy.on('exit', (code, signal) => r({ code, signal })));
  busy.kill('SIGTERM');
  assert.deepEqual(await exited, { code: 0, signal: null });
});
