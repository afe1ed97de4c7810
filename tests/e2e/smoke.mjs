#!/usr/bin/env node
// End-to-end smoke test of the release bundle in headless Chromium.
//
//   trunk build --release && node tests/e2e/smoke.mjs
//
// Builds nothing: serves dist/ from a tiny static server on 127.0.0.1 (a free port), opens it in
// /usr/bin/chromium (or $CHROMIUM) with a fresh profile, and checks that the wasm app mounts and
// shows the demo map and its conflict counts with no console errors. A wasm-bindgen or wasm-opt
// mismatch shows up here as a load-time error. Saves tests/e2e/artifacts/smoke.png, prints one
// line per check and a final `N passed, M failed`, and exits non-zero on any failure.

import { createServer } from 'node:http';
import { mkdtemp, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = join(ROOT, 'dist');
const ARTIFACTS = join(ROOT, 'tests', 'e2e', 'artifacts');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const LOAD_TIMEOUT_MS = 30_000;

// The built-in demo (src/ui/demo.rs): a seven-room house with one wrong step.
const DEMO = { rooms: 7, directional: 1, topological: 1, naming: 0, total: 2 };

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** Serves `dir` on 127.0.0.1 at a free port; resolves to the server once it listens. */
function serveStatic(dir) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dir + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      const type = TYPES[extname(file)] || 'application/octet-stream';
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok(server));
  });
}

const results = [];

/** Runs one named check (a thrown error or a false result fails it); resolves to its outcome. */
async function check(name, fn) {
  try {
    const outcome = await fn();
    if (outcome === false) throw new Error('check returned false');
    results.push(true);
    console.log(`ok - ${name}`);
    return true;
  } catch (e) {
    results.push(false);
    console.log(`not ok - ${name}: ${e.message.split('\n')[0]}`);
    return false;
  }
}

function expectEqual(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

async function run() {
  const hasBundle = await stat(join(DIST, 'index.html')).then(() => true, () => false);
  if (!hasBundle) {
    await check('dist/ holds a release bundle (run `trunk build --release` first)', () => false);
    return;
  }
  const server = await serveStatic(DIST);
  const url = `http://127.0.0.1:${server.address().port}/`;
  const profile = await mkdtemp(join(tmpdir(), 'maprepair-e2e-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1200, height: 800 },
    });
    await exercise(context, url);
  } finally {
    await context?.close().catch(() => {});
    server.close();
    await rm(profile, { recursive: true, force: true });
  }
}

async function exercise(context, url) {
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));

  const text = (testid) => page.getByTestId(testid).textContent();

  const noProblems = () => {
    if (problems.length > 0) throw new Error(problems.join(' | '));
  };
  const mounted = await check('the page loads and the wasm app mounts', async () => {
    // A wasm that does not instantiate throws a page error: fail at once instead of timing out.
    const crashed = new Promise((_, reject) => page.once('pageerror', reject));
    crashed.catch(() => {});
    await page.goto(url, { waitUntil: 'load' });
    await Promise.race([page.getByTestId('conflict-count').waitFor({ timeout: LOAD_TIMEOUT_MS }), crashed]);
  });
  if (!mounted) {
    // Nothing else can pass; say why the app did not start.
    await check('no console errors, page errors or failed requests', noProblems);
    return;
  }
  page.setDefaultTimeout(5_000);
  await check('the header says maprepair', async () => expectEqual(await page.locator('h1').textContent(), 'maprepair', 'h1'));
  await check('the conflict total is shown', async () => expectEqual(await text('conflict-count'), String(DEMO.total), 'total'));
  await check('conflicts are counted by type', async () => {
    expectEqual(await text('count-directional'), String(DEMO.directional), 'directional');
    expectEqual(await text('count-topological'), String(DEMO.topological), 'topological');
    expectEqual(await text('count-naming'), String(DEMO.naming), 'naming');
  });
  await check('the map canvas draws every room once', async () => {
    await page.getByTestId('map-canvas').waitFor();
    expectEqual(await text('room-count'), String(DEMO.rooms), 'room count');
    const ids = await page.getByTestId('room').evaluateAll((rooms) => rooms.map((r) => r.dataset.roomId));
    expectEqual(ids.length, DEMO.rooms, 'rooms drawn');
    expectEqual(new Set(ids).size, DEMO.rooms, 'distinct room ids');
  });
  await check('the map canvas draws every exit', async () => {
    const drawn = await page.getByTestId('exit').count();
    expectEqual(String(drawn), await text('exit-count'), 'exits drawn');
  });
  await check('north is up and east is right', async () => {
    const box = (name) => page.getByTestId('room').filter({ hasText: name }).boundingBox();
    const [porch, hall, kitchen] = [await box('Porch'), await box('Hall'), await box('Kitchen')];
    if (!(hall.y < porch.y)) throw new Error(`Hall (y=${hall.y}) is not above Porch (y=${porch.y})`);
    if (!(kitchen.x > hall.x)) throw new Error(`Kitchen (x=${kitchen.x}) is not right of Hall (x=${hall.x})`);
  });
  await check('the exits of the wrong step are marked', async () => {
    const marked = await page.locator('[data-testid="exit"].conflicted').count();
    if (marked === 0) throw new Error('no exit has the class "conflicted"');
  });

  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, 'smoke.png'), fullPage: true });

  await check('no console errors, page errors or failed requests', noProblems);
}

try {
  await run();
} catch (e) {
  console.log(`not ok - the test harness ran: ${e.message.split('\n')[0]}`);
  results.push(false);
}
const passed = results.filter(Boolean).length;
const failed = results.length - passed;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
