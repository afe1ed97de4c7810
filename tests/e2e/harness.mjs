// Shared by the end-to-end scripts: a static server for dist/, a headless Chromium with a
// persistent profile, and named checks that print `ok - …` / `not ok - …` and a final
// `N passed, M failed`.

import { createServer } from 'node:http';
import { mkdtemp, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = process.env.DIST || join(ROOT, 'dist');
export const ARTIFACTS = join(ROOT, 'tests', 'e2e', 'artifacts');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.json': 'application/json',
};

/** Serves `dir` on 127.0.0.1 at a free port. */
export function serveStatic(dir) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dir + sep)) return void res.writeHead(403).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-store' }).end(body);
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

/** Runs one named check; a throw or `false` fails it. Resolves to whether it passed. */
export async function check(name, fn) {
  try {
    if ((await fn()) === false) throw new Error('check returned false');
    results.push(true);
    console.log(`ok - ${name}`);
    return true;
  } catch (e) {
    results.push(false);
    console.log(`not ok - ${name}: ${String(e.message).split('\n')[0]}`);
    return false;
  }
}

export function expectEqual(actual, expected, what) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

/** Saves a screenshot under tests/e2e/artifacts/. */
export async function shot(page, name) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** Starts the server and a browser, runs `body(context, url)`, cleans up, prints the tally. */
export async function run(body, viewport = { width: 1440, height: 900 }) {
  try {
    if (!(await stat(join(DIST, 'index.html')).then(() => true, () => false))) {
      await check('dist/ holds a release bundle (run `trunk build --release` first)', () => false);
    } else {
      const server = await serveStatic(DIST);
      const url = `http://127.0.0.1:${server.address().port}/`;
      const profile = await mkdtemp(join(tmpdir(), 'maprepair-e2e-'));
      let context;
      try {
        context = await chromium.launchPersistentContext(profile, {
          executablePath: CHROMIUM, headless: true, args: ARGS, viewport, acceptDownloads: true,
        });
        await body(context, url);
      } finally {
        await context?.close().catch(() => {});
        server.close();
        await rm(profile, { recursive: true, force: true });
      }
    }
  } catch (e) {
    console.log(`not ok - the test harness ran: ${String(e.message).split('\n')[0]}`);
    results.push(false);
  }
  const passed = results.filter(Boolean).length;
  const failed = results.length - passed;
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

/** Collects console errors, page errors and failed requests. */
export function watchProblems(page) {
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  return problems;
}

/** The project saved under `name` in the page's IndexedDB (parsed), or null. */
export function savedProject(page, name) {
  return page.evaluate((n) => new Promise((ok, fail) => {
    const req = indexedDB.open('maprepair');
    req.onerror = () => fail(req.error);
    req.onsuccess = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains('projects')) { db.close(); ok(null); return; }
      const get = db.transaction('projects').objectStore('projects').get(n);
      get.onsuccess = () => { db.close(); ok(get.result === undefined ? null : JSON.parse(get.result)); };
      get.onerror = () => { db.close(); fail(get.error); };
    };
  }), name);
}

/** Every project text saved in the page's IndexedDB, joined (to search for what must not be there). */
export function savedTexts(page) {
  return page.evaluate(() => new Promise((ok, fail) => {
    const req = indexedDB.open('maprepair');
    req.onerror = () => fail(req.error);
    req.onsuccess = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains('projects')) { db.close(); ok(''); return; }
      const all = db.transaction('projects').objectStore('projects').getAll();
      all.onsuccess = () => { db.close(); ok(all.result.join('\n')); };
      all.onerror = () => { db.close(); fail(all.error); };
    };
  }));
}

/**
 * Frames per second while the element `selector` is panned and zoomed by pointer and wheel
 * events, one gesture a frame for 90 frames: two wheel steps of `delta` (in for the first half,
 * out for the second), then a 12-pixel drag, in turn.
 */
export function panZoomFps(page, selector, delta) {
  return page.evaluate(async ([sel, step]) => {
    const el = document.querySelector(sel);
    const r = el.getBoundingClientRect();
    const at = { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true, cancelable: true };
    const frames = 90;
    const t0 = performance.now();
    for (let i = 0; i < frames; i++) {
      if (i % 3 === 2) {
        el.dispatchEvent(new PointerEvent('pointerdown', { ...at, pointerId: 1 }));
        el.dispatchEvent(new PointerEvent('pointermove', { ...at, clientX: at.clientX + 12, pointerId: 1 }));
        el.dispatchEvent(new PointerEvent('pointerup', { ...at, pointerId: 1 }));
      } else {
        el.dispatchEvent(new WheelEvent('wheel', { ...at, deltaY: i < frames / 2 ? -step : step }));
      }
      await new Promise((res) => requestAnimationFrame(() => res()));
    }
    return (frames * 1000) / (performance.now() - t0);
  }, [selector, delta]);
}
