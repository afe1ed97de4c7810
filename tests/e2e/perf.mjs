#!/usr/bin/env node
// Speed of the release bundle, measured in headless Chromium with the Performance API:
//
//   trunk build --release && node tests/e2e/perf.mjs
//
// Prints each number and checks it against the budget:
//   * the wasm the page loads to start is under 400 KB gzipped (the LLM tools' module, fetched
//     after the first map is drawn, is printed beside it);
//   * the first map is drawn within 1 s of navigation (the `map-drawn` performance mark);
//   * a 2,000-room map is generated, laid out and drawn in under 1 s (click to next frame);
//   * it pans and zooms at 30+ frames per second;
//   * scrubbing a 1,000-commit timeline shows each state within 50 ms (input to next frame: the
//     map, the counts and the timeline; the side panels follow a frame later, and that time is
//     printed too).

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST, check, panZoomFps, run, shot } from './harness.mjs';

const numbers = {};
const report = (name, value, unit, budget) => {
  numbers[name] = value;
  console.log(`# ${name}: ${value.toFixed(1)} ${unit} (budget ${budget} ${unit})`);
};

/** Time from an action in the page to the frame after the resulting redraw. */
const TIMED = `async (act) => {
  const t0 = performance.now();
  act();
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - t0;
}`;

/** The same, to the frame after that: what the app defers past the first frame is in it too. */
const TIMED_TWO_FRAMES = `async (act) => {
  const t0 = performance.now();
  act();
  for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - t0;
}`;

await run(async (context, url) => {
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(60_000);

  await check('the release wasm is under 400 KB gzipped', async () => {
    const gz = async (f) => gzipSync(await readFile(join(DIST, f)), { level: 9 }).length / 1024;
    // The one index.html starts (through boot.js); the others are fetched later.
    const html = await readFile(join(DIST, 'index.html'), 'utf8');
    const wasm = html.match(/[\w.-]+_bg\.wasm/)?.[0];
    if (!wasm) throw new Error('index.html loads no wasm');
    const kb = await gz(wasm);
    report('wasm gzipped', kb, 'KB', 400);
    for (const other of (await readdir(DIST)).filter((f) => f.endsWith('.wasm') && f !== wasm)) {
      report(`${other} gzipped (loaded after the first map)`, await gz(other), 'KB', 'none');
    }
    return kb < 400;
  });

  await check('the first map is drawn within 1 s of navigation', async () => {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('map-drawn').length > 0);
    const ms = await page.evaluate(() => performance.getEntriesByName('map-drawn')[0].startTime);
    report('first map drawn', ms, 'ms after navigation', 1000);
    return ms < 1000;
  });

  await check('a 2,000-room map is laid out and drawn in under 1 s', async () => {
    const ms = await page.evaluate(`(${TIMED})(() => document.querySelector('[data-demo-id="lattice-2000"]').click())`);
    const rooms = await page.getByTestId('room').count();
    const stages = await page.evaluate(() => ({ ...globalThis.maprepairPerf }));
    report('2,000-room map: click to drawn frame', ms, 'ms', 1000);
    console.log(`# rooms drawn: ${rooms}; last stages (ms): ${JSON.stringify(stages, (k, v) => (typeof v === 'number' ? Math.round(v) : v))}`);
    await shot(page, 'perf-2000-rooms');
    // The same map laid out again without generating it: force layout, then back to the grid.
    const force = await page.evaluate(`(${TIMED})(() => [...document.querySelectorAll('.segmented button')].find((b) => b.textContent === 'Force').click())`);
    report('2,000-room map: force layout and draw', force, 'ms', 'none');
    await shot(page, 'perf-2000-rooms-force');
    const grid = await page.evaluate(`(${TIMED})(() => [...document.querySelectorAll('.segmented button')].find((b) => b.textContent === 'Grid').click())`);
    report('2,000-room map: grid layout and draw (no generation)', grid, 'ms', 1000);
    return rooms >= 2000 && ms < 1000 && grid < 1000;
  });

  await check('the 2,000-room map pans and zooms at 30+ frames per second', async () => {
    const fps = await panZoomFps(page, '[data-testid="map-canvas"]', 60);
    report('pan/zoom on 2,000 rooms', fps, 'frames/s', '≥ 30');
    return fps >= 30;
  });

  await check('scrubbing a 1,000-commit timeline shows each state within 50 ms', async () => {
    // A query string makes this a new page load (a hash alone would not reload).
    await page.goto(`${url}?scrub#demo=lattice-700`, { waitUntil: 'load' });
    await page.getByTestId('room').first().waitFor();
    const commits = await page.$eval('[data-testid="timeline"]', (el) => Number(el.max) + 1);
    const scrubTo = (v, timed = TIMED) => page.evaluate(`(${timed})(() => {
      const t = document.querySelector('[data-testid="timeline"]');
      t.value = '${v}';
      t.dispatchEvent(new Event('input', { bubbles: true }));
    })`);
    // Dragging the slider from start to end: 50 states, about 20 commits apart.
    const drag = [];
    for (let i = 0; i <= 50; i++) drag.push(await scrubTo(Math.round((i / 50) * (commits - 1))));
    // Jumping to 20 far-apart versions in a scattered order (harder: most of the map changes).
    const jumps = [];
    for (let i = 0; i < 20; i++) jumps.push(await scrubTo(Math.floor((((i * 7) % 20) + 0.5) / 20 * commits)));
    // The side panels (conflict list, commit panel) follow the map one frame later while
    // scrubbing: the same drag again, timed to the frame after that.
    const dragPanels = [];
    for (let i = 0; i <= 50; i++) dragPanels.push(await scrubTo(Math.round((i / 50) * (commits - 1)), TIMED_TWO_FRAMES));
    const stats = (xs) => { const s = [...xs].sort((a, b) => a - b); return [s[Math.floor(s.length / 2)], s[s.length - 1]]; };
    const [dragMedian, dragWorst] = stats(drag.slice(1));
    const [jumpMedian, jumpWorst] = stats(jumps);
    console.log(`# timeline of ${commits} commits`);
    report('scrub (drag) median', dragMedian, 'ms', 50);
    report('scrub (drag) worst', dragWorst, 'ms', 50);
    report('scrub (far jumps) median', jumpMedian, 'ms', 'none');
    report('scrub (far jumps) worst', jumpWorst, 'ms', 'none');
    const [panelsMedian, panelsWorst] = stats(dragPanels.slice(1));
    report('scrub (drag) with the side panels, to the second frame: median', panelsMedian, 'ms', 'none');
    report('scrub (drag) with the side panels, to the second frame: worst', panelsWorst, 'ms', 'none');
    // The view repaints once the camera rests (a jump past the painted margin shows blank till then).
    await page.waitForTimeout(400);
    await shot(page, 'perf-scrub');
    return commits >= 1000 && dragWorst < 50;
  });
});
