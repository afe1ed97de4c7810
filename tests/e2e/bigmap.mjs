#!/usr/bin/env node
// Big maps in the release bundle, in headless Chromium:
//
//   trunk build --release && node tests/e2e/bigmap.mjs        (BIGMAP_SIZES=2000,20000,100000)
//
// For each size, a lattice edge list (like ../shared/tools/gen_large.py grid-edges: rows of
// "Room x-y", every east link, half the north links, ~0.5 % wrong directions) is written to a
// temporary folder and opened with *Open file…*. Checks what a user sees — the map drawn, only
// the part in view as elements, a bitmap from afar, the minimap moving the view, clicking a
// room on the bitmap, the autosave (again after a change: only what changed is serialised) and a
// reload bringing it back — and prints the figures
// (choice to the frame that shows the map and to the page settled, pan/zoom frames per second near
// and far, reload to drawn frame, click to selected).
// Timings are reported, not gated on: they vary with the machine's load. Then: a project an
// older version left in localStorage is moved to IndexedDB, and a save the browser refuses
// says so and loses nothing. Screenshots go to tests/e2e/artifacts/bigmap-*.png.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check, expectEqual, panZoomFps, run, savedProject, shot, watchProblems } from './harness.mjs';

const SIZES = (process.env.BIGMAP_SIZES ?? '2000,20000,100000').split(',').filter(Boolean).map(Number);
const LOAD_TIMEOUT_MS = 120_000;

/** A lattice edge list of about `rooms` rooms, and its exact room count. */
function latticeEdges(rooms) {
  let s = 5;
  const rand = () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s / 4294967296;
  };
  const W = Math.floor(Math.sqrt(rooms)) + 1;
  const H = Math.floor(rooms / W);
  const recs = [];
  let n = 0;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (x + 1 < W) recs.push({ src_node: `Room ${x}-${y}`, dst_node: `Room ${x + 1}-${y}`, action: rand() > 0.005 ? 'east' : 'north', seen_in_forward: n++ });
      if (y + 1 < H && rand() < 0.5) recs.push({ src_node: `Room ${x}-${y}`, dst_node: `Room ${x}-${y + 1}`, action: rand() > 0.005 ? 'north' : 'east', seen_in_forward: n++ });
    }
  }
  return { text: JSON.stringify(recs), rooms: W * H };
}

const figures = [];

await run(async (context, url) => {
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = watchProblems(page);
  // The worker's stages of each job (src/automap_main.rs), from its console.
  const workerStages = [];
  const heardStages = (m) => {
    const t = m.text();
    if (t.startsWith('maprepair-worker-stages ')) workerStages.push(JSON.parse(t.slice('maprepair-worker-stages '.length)));
  };
  page.on('console', heardStages);
  page.on('worker', (w) => w.on?.('console', heardStages));
  page.setDefaultTimeout(LOAD_TIMEOUT_MS);
  const id = (t) => page.getByTestId(t);
  const text = async (t) => (await id(t).first().textContent()).trim();
  const dir = await mkdtemp(join(tmpdir(), 'maprepair-bigmap-'));
  const nextFrame = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  const marks = (name) => page.evaluate((n) => performance.getEntriesByName(n).map((m) => m.startTime), name);
  /** Waits until `room-count` says `rooms` and a map was drawn after `since`. */
  const drawn = (rooms, since) => page.waitForFunction(([n, t]) => {
    const count = document.querySelector('[data-testid="room-count"]');
    return count && count.textContent.trim() === String(n)
      && performance.getEntriesByName('map-drawn').some((m) => m.startTime > t);
  }, [rooms, since], { timeout: LOAD_TIMEOUT_MS });
  const rest = () => page.waitForTimeout(400); // the view repaints once the camera rests
  const surface = () => page.evaluate(() => ({
    elements: document.querySelectorAll('[data-testid="room"]').length,
    raster: document.querySelector('.map-raster').width,
  }));

  try {
    for (const size of SIZES) {
      const { text: edges, rooms } = latticeEdges(size);
      const file = join(dir, `lattice-${size}.edges.json`);
      await writeFile(file, edges);
      const row = { rooms };
      figures.push(row);
      await page.goto(url, { waitUntil: 'load' });
      await id('room').first().waitFor();

      const opened = await check(`${rooms} rooms: a lattice edge list opened from a file is drawn`, async () => {
        await page.evaluate(() => {
          document.querySelector('[data-testid="import-file"]').addEventListener('change', () => { window.__chosen = performance.now(); }, { capture: true, once: true });
        });
        await id('import-file').setInputFiles(file);
        const chosen = await page.waitForFunction(() => window.__chosen).then((h) => h.jsonValue());
        await drawn(rooms, chosen);
        // The frame that shows it: the first `map-shown` mark (set at the start of the frame
        // after a paint) after the first paint since the choice.
        row.drawn_ms = (await page.waitForFunction((t) => {
          const paint = performance.getEntriesByName('map-drawn').find((m) => m.startTime > t);
          const frame = paint && performance.getEntriesByName('map-shown').find((m) => m.startTime >= paint.startTime);
          return frame && frame.startTime;
        }, chosen).then((h) => h.jsonValue())) - chosen;
        // Until the page runs a task after that frame (the work queued behind it done).
        await nextFrame();
        row.settled_ms = (await page.evaluate(() => performance.now())) - chosen;
        row.stages = await page.evaluate(() => ({ ...globalThis.maprepairPerf }));
        // The read's stages in the worker, when it read the file (ms since the job arrived).
        row.worker = workerStages.filter((w) => 'Parsing' in w || 'Committing' in w).at(-1);
        expectEqual(await text('project-name'), `lattice-${size}`, 'project name');
      });
      if (!opened) continue;
      await rest();
      await shot(page, `bigmap-${size}-opened`);

      await check(`${rooms} rooms: it is autosaved (IndexedDB, not localStorage)`, async () => {
        const t = Date.now();
        await page.waitForFunction(() => performance.getEntriesByName('project-saved').length > 0, null, { timeout: LOAD_TIMEOUT_MS });
        row.saved_after_ms = Date.now() - t;
        row.save_ms = await page.evaluate(() => globalThis.maprepairPerf.save);
        const saved = await savedProject(page, `lattice-${size}`);
        if (!saved || saved.commits.length < 1) throw new Error('no saved project in IndexedDB');
        const local = await page.evaluate(() => JSON.stringify({ ...localStorage }).length);
        if (local > 10_000) throw new Error(`localStorage holds ${local} characters`);
      });

      await check(`${rooms} rooms: near, only what is in view is drawn, with names`, async () => {
        const s = await surface();
        if (!(s.elements > 0)) throw new Error('no room elements');
        if (rooms > 4000 && s.elements >= rooms) throw new Error(`all ${s.elements} rooms are elements`);
        if (await page.locator('[data-testid="room"] text').count() < 1) throw new Error('no names');
        if (rooms > 4000 && !(await id('minimap').isVisible())) throw new Error('no minimap while part of the map is out of view');
      });
      row.fps_near = await panZoomFps(page, '.map-frame', 40);
      await rest();

      await check(`${rooms} rooms: the minimap moves the view`, async () => {
        if (!(await id('minimap').isVisible())) return rooms <= 4000; // a small map fits the view
        const before = await id('minimap-view').boundingBox();
        const box = await id('minimap').boundingBox();
        await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.8);
        const after = await id('minimap-view').boundingBox();
        const centre = (b) => [b.x + b.width / 2, b.y + b.height / 2];
        const [cx, cy] = centre(after);
        if (Math.abs(cx - (box.x + box.width * 0.8)) > 3 || Math.abs(cy - (box.y + box.height * 0.8)) > 3) {
          throw new Error(`the view is at ${centre(after)} after a click at ${[box.x + box.width * 0.8, box.y + box.height * 0.8]} (was ${centre(before)})`);
        }
        await rest();
        if ((await surface()).elements < 1) throw new Error('nothing drawn where the view moved');
      });
      await shot(page, `bigmap-${size}-minimap-moved`);

      await check(`${rooms} rooms: from afar, the whole map is drawn (a bitmap above 4,000 rooms)`, async () => {
        await page.getByRole('button', { name: 'Fit' }).click();
        await rest();
        const s = await surface();
        if (rooms > 4000 && !(s.elements === 0 && s.raster > 0)) throw new Error(`elements ${s.elements}, bitmap width ${s.raster}`);
        if (rooms <= 4000 && s.elements !== rooms) throw new Error(`${s.elements} room elements of ${rooms}`);
      });
      await shot(page, `bigmap-${size}-fit`);
      row.fps_far = await panZoomFps(page, '.map-frame', 40);
      await rest();

      if (rooms > 4000) {
        await check(`${rooms} rooms: zooming in goes from dots to boxes to names, and a click on a box selects its room`, async () => {
          const frame = await page.locator('.map-frame').boundingBox();
          const at = { x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 };
          const detail = () => page.locator('.map-frame').getAttribute('data-detail');
          await page.getByRole('button', { name: 'Fit' }).click();
          await rest();
          expectEqual(await detail(), 'dots', 'detail when the whole map shows');
          await page.mouse.move(at.x, at.y);
          const seen = [];
          for (let i = 0; i < 40 && (await detail()) !== 'labels'; i++) {
            await page.mouse.wheel(0, -120);
            await rest();
            const d = await detail();
            if (seen.at(-1) !== d) {
              seen.push(d);
              await shot(page, `bigmap-${size}-zoom-${d}`);
              if (d === 'boxes') {
                const s = await surface();
                if (!(s.elements === 0 && s.raster > 0)) throw new Error(`boxes drawn as ${JSON.stringify(s)}`);
                let selected = false;
                for (const [dx, dy] of [[0, 0], [6, 0], [0, 6], [-6, 0], [0, -6], [12, 12], [-12, -12]]) {
                  const t = Date.now();
                  await page.mouse.click(at.x + dx, at.y + dy);
                  // The inspector follows once the drawing with the selection is made (about
                  // a second at 100,000 rooms); a click on a gap selects nothing.
                  selected = await page.waitForFunction(() => /Room \d+-\d+/.test(document.querySelector('[data-testid="inspector"]')?.textContent || ''), null, { timeout: 5000 })
                    .then(() => true, () => false);
                  if (selected) { row.select_ms = Date.now() - t; break; }
                }
                if (!selected) throw new Error('no click near the centre selected a room');
                await rest();
                await shot(page, `bigmap-${size}-boxes-selected`);
              }
            }
          }
          expectEqual(seen, ['dots', 'boxes', 'labels'].slice(3 - seen.length), 'levels seen zooming in');
          if (!seen.includes('boxes')) throw new Error(`levels seen: ${seen}`);
          if ((await surface()).elements < 1) throw new Error('no room elements at the readable zoom');
        });
      }

      await check(`${rooms} rooms: a change is saved again, serialising only what changed`, async () => {
        const saves = await page.evaluate(() => performance.getEntriesByName('project-saved').length);
        const commits = Number(await id('timeline').getAttribute('max')) + 1;
        await page.getByRole('button', { name: 'Revert this commit' }).click();
        await page.waitForFunction((n) => performance.getEntriesByName('project-saved').length > n, saves, { timeout: LOAD_TIMEOUT_MS });
        row.resave_ms = await page.evaluate(() => globalThis.maprepairPerf.save);
        const saved = await savedProject(page, `lattice-${size}`);
        expectEqual(saved.commits.length, commits + 1, 'commits saved after the revert');
      });
      await check(`${rooms} rooms: a reload brings it back`, async () => {
        // The room count as the change above left it.
        const now = Number(await text('room-count'));
        await page.evaluate(() => performance.clearMarks());
        const t = Date.now();
        await page.reload({ waitUntil: 'load' });
        await drawn(now, 0);
        await nextFrame();
        row.reload_ms = Date.now() - t;
        expectEqual(await text('project-name'), `lattice-${size}`, 'project name after reload');
      });
      await rest();
      await shot(page, `bigmap-${size}-reloaded`);

      console.log(`# ${rooms} rooms: ${JSON.stringify(row, (k, v) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v))}`);
    }

    await check('a project an older version kept in localStorage is moved to IndexedDB and opens', async () => {
      // From another page: a goto that only changes the address's hash would not reload.
      await page.goto('about:blank');
      await page.goto(`${url}#demo=house`, { waitUntil: 'load' });
      await id('room').first().waitFor();
      await page.waitForFunction(() => performance.getEntriesByName('project-saved').length > 0);
      const name = await text('project-name');
      const json = JSON.stringify(await savedProject(page, name));
      // As an older version left it: the project in localStorage, nothing in IndexedDB.
      await page.evaluate(([n, j]) => new Promise((ok, fail) => {
        localStorage.setItem(`maprepair.project.${n}`, j);
        localStorage.setItem('maprepair.current', n);
        const req = indexedDB.open('maprepair');
        req.onsuccess = () => {
          const tx = req.result.transaction('projects', 'readwrite');
          tx.objectStore('projects').delete(n);
          tx.oncomplete = () => { req.result.close(); ok(); };
          tx.onerror = () => fail(tx.error);
        };
      }), [name, json]);
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForFunction((n) => document.querySelector('[data-testid="project-name"]')?.textContent.trim() === n
        && document.querySelectorAll('[data-testid="room"]').length > 1, name);
      await page.waitForFunction((n) => localStorage.getItem(`maprepair.project.${n}`) === null, name);
      expectEqual(JSON.stringify(await savedProject(page, name)), json, 'the project moved to IndexedDB');
    });

    await check('a save the browser refuses says so, and the last saved copy is kept', async () => {
      const name = await text('project-name');
      const before = JSON.stringify(await savedProject(page, name));
      await page.evaluate(() => {
        window.__put = IDBObjectStore.prototype.put;
        IDBObjectStore.prototype.put = function () { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
      });
      await page.getByRole('button', { name: 'Revert this commit' }).click();
      await page.waitForFunction(() => /could not be saved/.test(document.querySelector('[data-testid="notice"]')?.textContent || ''));
      const notice = await text('notice');
      if (!/QuotaExceededError/.test(notice) || !/export/i.test(notice)) throw new Error(notice);
      expectEqual(await text('project-name'), name, 'the project is still open');
      await page.evaluate(() => { IDBObjectStore.prototype.put = window.__put; });
      expectEqual(JSON.stringify(await savedProject(page, name)), before, 'the saved copy');
    });

    await check('no console errors, page errors or failed requests', () => {
      if (problems.length > 0) throw new Error(problems.join(' | '));
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
    console.log('# rooms | choice to drawn frame (ms) | choice to settled (ms) | pan/zoom near (fps) | pan/zoom far (fps) | saved after (ms) | first save serialised (ms) | save after a change serialised (ms) | reload to drawn (ms) | click to selected (ms)');
    for (const r of figures) {
      const f = (v) => (v === undefined ? '–' : Math.round(v));
      console.log(`# ${r.rooms} | ${f(r.drawn_ms)} | ${f(r.settled_ms)} | ${f(r.fps_near)} | ${f(r.fps_far)} | ${f(r.saved_after_ms)} | ${f(r.save_ms)} | ${f(r.resave_ms)} | ${f(r.reload_ms)} | ${f(r.select_ms)}`);
    }
  }
});
