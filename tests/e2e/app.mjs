#!/usr/bin/env node
// End-to-end flows of the release bundle in headless Chromium:
//
//   trunk build --release && node tests/e2e/app.mjs
//
// load → pick a demo → play the timeline to the end → conflicts > 0 → select a conflict and see
// its candidates → mark one not geometric and revert it → repair and see the count fall → reload and find the same project → export
// JSON, import it back, and get the same map and history → a bad file changes nothing → the
// solver with no conflict open → the solver's second reading of a transcript → SVG export → a walkthrough import → the route finder → keyboard
// stepping → ground truth → force layout → the Learn gallery. Saves a screenshot of each state
// under tests/e2e/artifacts/app-*.png.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, check, expectEqual, run, shot, watchProblems } from './harness.mjs';

const LOAD_TIMEOUT_MS = 30_000;

await run(async (context, url) => {
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = watchProblems(page);
  const id = (t) => page.getByTestId(t);
  const text = async (t) => (await id(t).first().textContent()).trim();
  const count = async () => Number(await text('conflict-count'));
  const timeline = async () => page.$eval('[data-testid="timeline"]', (el) => [Number(el.value), Number(el.max)]);
  const state = async () => ({
    name: await text('project-name'),
    rooms: await text('room-count'),
    exits: await text('exit-count'),
    conflicts: await count(),
    timeline: await timeline(),
  });
  const download = async (testid) => {
    const [dl] = await Promise.all([page.waitForEvent('download'), id(testid).click()]);
    return { name: dl.suggestedFilename(), text: await readFile(await dl.path(), 'utf8') };
  };

  const loaded = await check('the app loads and draws the starting map', async () => {
    await page.goto(url, { waitUntil: 'load' });
    await id('room').first().waitFor({ timeout: LOAD_TIMEOUT_MS });
    if ((await id('room').count()) < 2) throw new Error('fewer than two rooms drawn');
  });
  if (!loaded) return;
  page.setDefaultTimeout(10_000);
  await shot(page, 'app-01-load');

  await check('every test hook is on the page', async () => {
    for (const t of ['map-canvas', 'room', 'exit', 'conflict-list', 'timeline', 'timeline-play', 'commit-detail',
      'demo-picker', 'demo-item', 'repair-run', 'inspector', 'export-json', 'export-svg', 'import-file', 'follow-transcript', 'conflict-count']) {
      if ((await id(t).count()) === 0) throw new Error(`no element with data-testid="${t}"`);
    }
    const roomIds = await id('room').evaluateAll((els) => els.map((e) => e.dataset.roomId));
    if (roomIds.some((r) => r === undefined)) throw new Error('a room has no data-room-id');
  });

  await check('picking a demo starts its walkthrough at the first commit', async () => {
    await page.locator('[data-testid="demo-item"][data-demo-id="house"]').click();
    const [v] = await timeline();
    if (v > 1) throw new Error(`timeline at ${v}, expected the start`);
    if ((await id('timeline-play').textContent()).includes('Play')) throw new Error('not playing');
  });
  await shot(page, 'app-02-demo-picked');

  await check('pause and play run the timeline to the end', async () => {
    await id('timeline-play').click(); // pause
    const [paused] = await timeline();
    await page.waitForTimeout(600);
    expectEqual((await timeline())[0], paused, 'paused timeline');
    await page.locator('.timeline-bar select').selectOption('120');
    await id('timeline-play').click(); // play
    await page.waitForFunction(() => {
      const t = document.querySelector('[data-testid="timeline"]');
      return t && t.value === t.max;
    }, null, { timeout: 20_000 });
  });
  await shot(page, 'app-03-played');

  let before = 0;
  await check('the finished map has conflicts', async () => {
    before = await count();
    if (!(before > 0)) throw new Error(`conflict-count is ${before}`);
    const items = await id('conflict-item').count();
    expectEqual(items, before, 'conflict items listed');
    const types = await id('conflict-item').evaluateAll((els) => els.map((e) => e.dataset.conflictType));
    if (!types.every((t) => ['naming', 'directional', 'topological'].includes(t))) throw new Error(`types ${types}`);
  });

  await check('selecting a conflict shows its paths, LCA and ranked candidates', async () => {
    await id('conflict-item').first().click();
    await id('candidate-item').first().waitFor();
    if ((await id('candidate-item').count()) < 1) throw new Error('no candidates');
    const lca = await page.locator('[data-testid="inspector"] .lca').textContent();
    if (!lca.trim()) throw new Error('no LCA shown');
    if ((await page.locator('[data-testid="exit"].candidate').count()) < 1) throw new Error('candidates not marked on the map');
  });
  await shot(page, 'app-04-conflict');
  await shot(page, 'app-04-conflict');

  await check('marking a candidate not geometric is a commit whose change says so; reverting it restores the map', async () => {
    const [, max] = await timeline();
    const conflicts = await count();
    await id('candidate-item').first().getByRole('button', { name: 'Not geometric' }).click();
    await page.waitForFunction((m) => Number(document.querySelector('[data-testid="timeline"]').max) > m, max);
    // The exit is removed and added back changed: the two lines must not read alike.
    const changes = await page.$$eval('[data-testid="commit-detail"] .changes li', (ls) => ls.map((l) => l.textContent.replace(/^[+−✓] /, '')));
    if (new Set(changes).size !== changes.length || !changes.some((c) => c.endsWith('(not geometric)'))) throw new Error(`the mark's changes: ${JSON.stringify(changes)}`);
    await page.getByRole('button', { name: 'Revert this commit' }).click();
    await page.waitForFunction((m) => Number(document.querySelector('[data-testid="timeline"]').max) > m + 1, max);
    expectEqual(await count(), conflicts, 'conflicts after the revert');
  });

  await check('repair brings the conflict count down, one commit per action', async () => {
    const [, maxBefore] = await timeline();
    await id('repair-run').click();
    await page.waitForFunction((b) => Number(document.querySelector('[data-testid="conflict-count"]').textContent) < b, before);
    const [, maxAfter] = await timeline();
    if (!(maxAfter > maxBefore)) throw new Error('no repair commit on the timeline');
    const detail = await text('commit-detail');
    if (!/repair/i.test(detail)) throw new Error(`commit panel does not show a repair: ${detail.slice(0, 80)}`);
  });
  await shot(page, 'app-05-repaired');
  const repaired = await state();

  await check('a reload restores the same project', async () => {
    await page.waitForTimeout(600); // autosave runs a moment after each change
    await page.reload({ waitUntil: 'load' });
    await id('room').first().waitFor({ timeout: LOAD_TIMEOUT_MS });
    expectEqual(await state(), repaired, 'state after reload');
  });
  await shot(page, 'app-06-reloaded');

  let exported = null;
  await check('exporting and importing the project JSON gives the same map and history', async () => {
    exported = await download('export-json');
    const parsed = JSON.parse(exported.text);
    expectEqual(parsed.format, 'maprepair-project', 'format');
    await id('demo-item').first().click(); // open something else first
    await id('import-file').setInputFiles({ name: exported.name, mimeType: 'application/json', buffer: Buffer.from(exported.text) });
    await page.waitForFunction((n) => document.querySelector('[data-testid="project-name"]').textContent === n, repaired.name);
    expectEqual(await state(), repaired, 'state after import');
    const again = await download('export-json');
    expectEqual(again.text === exported.text, true, 'second export identical to the first');
  });
  await shot(page, 'app-07-imported');

  await check('a malformed file is refused with its place named, and nothing changes', async () => {
    const bad = '[{"src_node": "Hall", "dst_node": "Library"}]';
    await id('import-file').setInputFiles({ name: 'broken.edges.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
    await id('notice').waitFor();
    const message = await text('notice');
    if (!message.includes('broken.edges.json') || !message.includes('record 1')) throw new Error(message);
    expectEqual(await state(), repaired, 'state after a failed import');
  });
  await shot(page, 'app-08-import-error');

  await check('with no conflict open, the solver still removes an exit the rest of the map contradicts', async () => {
    // Out of the shed leads to the garden, and the garden's way in leads to the shed: the way in
    // from the forest is the odd one out, though no conflict is open (in/out have no geometry).
    const edges = JSON.stringify([
      { src_node: 'forest', dst_node: 'shed', action: 'in', seen_in_forward: 1 },
      { src_node: 'shed', dst_node: 'garden', action: 'out', seen_in_forward: 2 },
      { src_node: 'garden', dst_node: 'shed', action: 'in', seen_in_forward: 3 },
    ]);
    await id('import-file').setInputFiles({ name: 'shed.edges.json', mimeType: 'application/json', buffer: Buffer.from(edges) });
    await page.waitForFunction(() => /shed/i.test(document.querySelector('[data-testid="project-name"]').textContent));
    expectEqual(await count(), 0, 'conflicts in the imported map');
    await page.locator('.repair-panel select').selectOption('solver');
    const [, maxBefore] = await timeline();
    const exitsBefore = Number(await text('exit-count'));
    await id('repair-run').click();
    await page.waitForFunction((b) => Number(document.querySelector('[data-testid="exit-count"]').textContent) < b, exitsBefore);
    const [, maxAfter] = await timeline();
    if (!(maxAfter > maxBefore)) throw new Error('no repair commit on the timeline');
    const log = await page.locator('.repair-panel .repair-log').textContent();
    if (!/forest/i.test(log)) throw new Error(`the log does not name the exit removed: ${log.slice(0, 120)}`);
    await page.locator('.repair-panel select').selectOption('remove');
  });

  await check('on a game as an LLM built it, the solver reads the transcript again and removes what it does not show', async () => {
    await page.locator('[data-testid="demo-item"][data-demo-id="llm-cottage"]').click();
    await page.waitForFunction(() => /as an LLM built it/.test(document.querySelector('[data-testid="project-name"]').textContent), null, { timeout: LOAD_TIMEOUT_MS });
    await page.locator('.repair-panel select').selectOption('solver');
    await id('solver-hint').waitFor();
    await id('repair-run').click();
    await page.waitForFunction(() => /read again offline has \d+ of the \d+ exits/.test(document.querySelector('[data-testid="notice"]').textContent), null, { timeout: LOAD_TIMEOUT_MS });
    const [, removed, relabelled, moved] = (await text('notice')).match(/(\d+) removed, (\d+) relabelled, (\d+) moved/) ?? [];
    if (!(Number(removed) + Number(relabelled) + Number(moved) > 0)) throw new Error(`nothing edited: ${await text('notice')}`);
    const log = await page.locator('.repair-panel .repair-log').textContent();
    if (!/transcript read again offline/.test(log)) throw new Error(`the log does not give the reading as the reason: ${log.slice(0, 160)}`);
    const first = await page.locator('.repair-panel .repair-log .log-action strong').first().textContent();
    if (!/^(remove|relabel|start|mark) .+ —\S+→ /.test(first) || /#\d/.test(first)) throw new Error(`the log does not name the exit by its rooms: ${first}`);
  });
  await shot(page, 'app-08b-solver-reading');
  await check('the solver then adds the ways the text shows that the map lacks, each a commit named in the log', async () => {
    await page.locator('[data-testid="demo-item"][data-demo-id="llm-caves"]').click();
    await page.waitForFunction(() => /Dripping Caves, as an LLM built it/.test(document.querySelector('[data-testid="project-name"]').textContent), null, { timeout: LOAD_TIMEOUT_MS });
    await page.locator('.repair-panel select').selectOption('solver');
    if (!(await id('solver-fill').isChecked())) throw new Error('adding the ways the text shows is not on by default');
    const [, maxBefore] = await timeline();
    await id('repair-run').click();
    await page.waitForFunction(() => /It added \d+ ways? the text shows/.test(document.querySelector('[data-testid="notice"]').textContent), null, { timeout: LOAD_TIMEOUT_MS });
    const added = Number((await text('notice')).match(/It added (\d+) way/)[1]);
    const adds = await page.locator('.repair-panel .repair-log .log-action strong', { hasText: /^add .+ —\S+→ / }).count();
    if (!(added > 0 && adds === added)) throw new Error(`notice says ${added} added, the log lists ${adds}`);
    const [, maxAfter] = await timeline();
    if (!(maxAfter >= maxBefore + added)) throw new Error(`timeline ${maxBefore} -> ${maxAfter} for ${added} additions`);
  });
  await page.locator('.repair-panel select').selectOption('remove');

  await check('the SVG export is the drawn map', async () => {
    const svg = await download('export-svg');
    const rooms = (svg.text.match(/data-testid="room"/g) || []).length;
    expectEqual(String(rooms), await text('room-count'), 'rooms in the SVG');
    if (!svg.text.startsWith('<svg')) throw new Error('not an SVG');
  });

  await check('a MANGO walkthrough is automapped', async () => {
    const walk = await readFile(join(ROOT, 'src', 'view', 'lighthouse.walkthrough'));
    await id('import-file').setInputFiles({ name: 'lighthouse.walkthrough', mimeType: 'text/plain', buffer: walk });
    await page.waitForFunction(() => document.querySelector('[data-testid="project-name"]').textContent === 'lighthouse');
    if (Number(await text('room-count')) < 3) throw new Error('too few rooms');
    if ((await page.locator('.exit-label', { hasText: /^(up|down|in|out)/ }).count()) < 1) throw new Error('no labelled up/down/in/out exit');
    // The room the last step left the reader in carries the token, and only that room.
    expectEqual(await page.locator('.room.here .here-dot').count(), 1, 'rooms marked as where the reader is');
  });
  await shot(page, 'app-09-walkthrough');

  await check("a game transcript saved by an interpreter is automapped, undo taken back", async () => {
    const script = await readFile(join(ROOT, 'tests', 'fixtures', 'lighthouse-session.txt'));
    await id('import-file').setInputFiles({ name: 'lighthouse-session.txt', mimeType: 'text/plain', buffer: script });
    await page.waitForFunction(() => document.querySelector('[data-testid="project-name"]').textContent === 'lighthouse-session');
    expectEqual(await text('room-count'), '4', 'rooms');
    const names = await page.$$eval('[data-testid="room"]', (rs) => rs.map((r) => r.textContent));
    for (const n of ['Beach', 'Cliff Path', 'Lighthouse Door', 'Cliff Top']) {
      if (!names.some((x) => x.includes(n))) throw new Error(`no room ${n} in ${names}`);
    }
    if (!/Opened lighthouse-session\.txt: 4 rooms/.test(await text('notice'))) throw new Error(await text('notice'));
  });

  await check('a transcript being written is followed: the map grows with the file; a change made here stops it', async () => {
    const script = await readFile(join(ROOT, 'tests', 'fixtures', 'lighthouse-session.txt'), 'utf8');
    // The browser's file picker, answered with a file the test writes to as a game would.
    await page.evaluate((first) => {
      window.__live = { text: first, modified: 1 };
      window.showOpenFilePicker = async () => [{
        name: 'live.txt',
        getFile: async () => new File([window.__live.text], 'live.txt', { lastModified: window.__live.modified }),
      }];
    }, script.slice(0, script.indexOf('>undo\n')));
    await id('follow-transcript').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="project-name"]').textContent === 'live');
    expectEqual(await text('room-count'), '3', 'rooms before the game goes on');
    await id('follow-stop').waitFor();
    await page.evaluate((all) => { window.__live = { text: all, modified: 2 }; }, script);
    await page.waitForFunction(() => document.querySelector('[data-testid="room-count"]').textContent.trim() === '4', null, { timeout: 10_000 });
    await shot(page, 'app-09c-following');
    await page.getByRole('button', { name: 'Revert this commit' }).click();
    // Reverting a sighting takes the seen exit away and puts the assumed way back again: the
    // two lines must not read alike.
    const changes = await page.$$eval('[data-testid="commit-detail"] .changes li', (ls) => ls.map((l) => l.textContent.replace(/^[+−✓] /, '')));
    if (changes.length === 0 || new Set(changes).size !== changes.length) throw new Error(`the revert's changes: ${JSON.stringify(changes)}`);
    await page.evaluate((all) => { window.__live = { text: `${all}\n>n\nCliff Path\n`, modified: 3 }; }, script);
    await page.waitForFunction(() => /Following live\.txt stopped: the map was changed here/.test(document.querySelector('[data-testid="notice"]').textContent), null, { timeout: 10_000 });
    await id('follow-transcript').waitFor();
    expectEqual(await text('project-name'), 'live', 'the changed map stays open');
  });

  await check('the route finder lists the moves between two rooms and marks them on the map', async () => {
    // A select lists every room while it is in use (focused), and only the room chosen otherwise.
    const listed = async (t) => page.$$eval(`[data-testid="${t}"] option`, (os) => os.map((o) => o.value).filter((v) => v !== ''));
    expectEqual((await listed('route-from')).length, 0, 'rooms listed before the select is used');
    await id('route-from').focus();
    const rooms = await listed('route-from');
    expectEqual(String(rooms.length), await text('room-count'), 'rooms to pick from');
    await id('route-from').blur();
    // One end picked on the map (select a room, "Route from here"), the other in the panel.
    await id('room').first().click();
    const start = await id('room').first().getAttribute('data-room-id');
    await id('route-from-here').click();
    expectEqual(await page.$eval('[data-testid="route-from"]', (s) => s.value), start, 'start picked from the map');
    let steps = 0;
    for (const goal of rooms.filter((r) => r !== start)) {
      await id('route-to').focus();
      await id('route-to').selectOption(goal);
      await id('route-to').blur();
      await id('route-result').waitFor();
      steps = await id('route-step').count();
      if (steps >= 2) break;
    }
    if (steps < 2) throw new Error('no two rooms of the lighthouse map are two moves apart');
    expectEqual(await page.locator('[data-testid="exit"].route').count(), steps, 'exits marked on the map');
    expectEqual(await page.locator('[data-testid="room"].route-end').count(), 2, 'ends marked on the map');
    const first = await page.locator('.exit-label.route', { hasText: /^1\. / }).count();
    if (first < 1) throw new Error('the first move is not numbered on the map');
    await shot(page, 'app-09b-route');
    await id('route-swap').click();
    expectEqual(await page.$eval('[data-testid="route-to"]', (s) => s.value), start, 'ends swapped');
    await id('route-clear').click();
    expectEqual(await id('route-result').count(), 0, 'answers after clearing');
    expectEqual(await page.locator('[data-testid="exit"].route').count(), 0, 'exits still marked after clearing');
  });

  await check('a file dropped on the page opens', async () => {
    const edges = JSON.stringify([
      { src_node: 'Cellar', dst_node: 'Kitchen', action: 'up', seen_in_forward: 1 },
      { src_node: 'Kitchen', dst_node: 'Garden', action: 'go through hatch', seen_in_forward: 2 },
    ]);
    const transfer = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'cellar.edges.json', { type: 'application/json' }));
      return dt;
    }, edges);
    await page.dispatchEvent('.app', 'drop', { dataTransfer: transfer });
    await page.waitForFunction(() => document.querySelector('[data-testid="project-name"]').textContent === 'cellar');
    if ((await page.locator('.exit-label', { hasText: 'go through hatch' }).count()) < 1) throw new Error('free-text exit not labelled');
    await id('import-file').setInputFiles({ name: 'lighthouse.walkthrough', mimeType: 'text/plain', buffer: await readFile(join(ROOT, 'src', 'view', 'lighthouse.walkthrough')) });
    await page.waitForFunction(() => document.querySelector('[data-testid="project-name"]').textContent === 'lighthouse');
  });

  await check('floors can be shown one at a time', async () => {
    const all = await id('room').count();
    const floors = page.locator('select[aria-label="Floors"]');
    const options = await floors.locator('option').count();
    if (options < 3) throw new Error(`only ${options - 1} floors offered`);
    await floors.selectOption({ index: 1 });
    const one = await id('room').count();
    if (!(one < all)) throw new Error(`one floor shows ${one} of ${all} rooms`);
    await floors.selectOption('all');
  });

  await check('a PNG of the map can be downloaded', async () => {
    const [dl] = await Promise.all([page.waitForEvent('download'), id('export-png').click()]);
    if (!dl.suggestedFilename().endsWith('.png')) throw new Error(dl.suggestedFilename());
  });

  await check('← and → step through the history', async () => {
    await page.locator('[data-testid="demo-item"][data-demo-id="house"]').click();
    await id('timeline-play').click(); // pause at the start
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    const [v] = await timeline();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expectEqual((await timeline())[0], v + 2, 'after two → presses');
    await page.keyboard.press('ArrowLeft');
    expectEqual((await timeline())[0], v + 1, 'after ←');
    await page.keyboard.press('End');
  });

  await check('search finds a room and selects it; dragging moves it', async () => {
    await page.getByRole('searchbox', { name: 'Find a room' }).fill('kitch');
    await page.getByRole('searchbox', { name: 'Find a room' }).press('Enter');
    if ((await page.locator('[data-testid="room"].match').count()) !== 1) throw new Error('no single match marked');
    await page.waitForTimeout(300);
    const room = page.locator('[data-testid="room"].match');
    const before = await room.boundingBox();
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    await page.mouse.move(before.x + before.width / 2 + 60, before.y + before.height / 2 + 40, { steps: 5 });
    await page.mouse.up();
    const after = await room.boundingBox();
    if (Math.abs(after.x - before.x) < 20) throw new Error(`room did not move (${before.x} → ${after.x})`);
    await page.getByRole('searchbox', { name: 'Find a room' }).fill('');
  });

  await check('any commit can be reverted, as a new commit', async () => {
    const [, max] = await timeline();
    await page.getByRole('button', { name: 'Revert this commit' }).click();
    const [v, max2] = await timeline();
    expectEqual([v, max2], [max + 1, max + 1], 'timeline after revert');
    if (!/reverted/i.test(await text('commit-detail'))) throw new Error('the new commit does not say it reverts');
  });

  await check('a copy can be saved under a new name and reopened', async () => {
    await page.locator('.projects-menu summary').click();
    await page.getByPlaceholder('Save a copy as…').fill('My house');
    await page.locator('.save-as button').click();
    expectEqual(await text('project-name'), 'My house', 'project name');
    await page.locator('.projects-menu summary').click();
    await page.locator('.projects-menu summary').click();
    const saved = await page.locator('.projects-menu .saved li').allTextContents();
    if (!saved.some((s) => s.includes('My house')) || !saved.some((s) => s.includes('A small house'))) throw new Error(saved.join(', '));
    await page.locator('.projects-menu summary').click();
  });

  await check('the ground truth colours exits and gives precision and recall', async () => {
    await id('truth-toggle').check();
    const score = await text('truth-score');
    if (!/precision \d+ %/.test(score) || !/recall \d+ %/.test(score)) throw new Error(score);
    if ((await page.locator('.exit.truth-wrong, .exit.truth-spurious').count()) < 1) throw new Error('no exit marked wrong');
  });
  await shot(page, 'app-10-truth');

  await check('the force layout draws every room', async () => {
    await page.getByRole('button', { name: 'Force' }).click();
    const rooms = await id('room').count();
    expectEqual(String(rooms), await text('room-count'), 'rooms drawn');
  });
  await shot(page, 'app-11-force');

  await check('the Learn gallery steps through a paper scenario', async () => {
    await page.getByRole('button', { name: 'Learn' }).click();
    await id('lesson-start').first().waitFor();
    await shot(page, 'app-12-learn');
    const cards = page.locator('.lesson-card');
    await cards.filter({ hasText: 'Case Study B' }).getByTestId('lesson-start').click();
    await id('lesson-panel').waitFor();
    await id('lesson-next').click();
    if (!(await count() > 0)) throw new Error('the conflict does not appear at step 2');
    await id('lesson-next').click();
    await id('candidate-item').first().waitFor();
    await shot(page, 'app-13-lesson-localize');
    await id('lesson-next').click();
    // The repair runs in the worker: its commits come back a moment later.
    await page.waitForFunction(() => document.querySelector('[data-testid="conflict-count"]').textContent.trim() === '0', null, { timeout: 30_000 })
      .catch(() => {});
    expectEqual(await count(), 0, 'conflicts after the lesson repair');
  });
  await shot(page, 'app-14-lesson-repair');

  await check('a map too big to read whole opens readable, around where the reader is', async () => {
    await page.goto(`${page.url().split('#')[0].split('?')[0]}#demo=lattice-700`, { waitUntil: 'load' });
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="room"]').length > 500, null, { timeout: 30_000 });
    await page.waitForTimeout(500);
    const canvas = await page.locator('.map-frame').first().boundingBox();
    const dot = await page.locator('.here-dot').first().boundingBox();
    if (!canvas || !dot) throw new Error('no canvas or no reader token');
    const inside = dot.x >= canvas.x && dot.y >= canvas.y && dot.x <= canvas.x + canvas.width && dot.y <= canvas.y + canvas.height;
    if (!inside) throw new Error(`the reader's room is off screen: ${JSON.stringify({ dot, canvas })}`);
    const box = await page.locator('.room.here rect').first().boundingBox();
    if (!box || box.width < 40) throw new Error(`rooms are ${box?.width} px wide on screen`);
  });
  await shot(page, 'app-15-big-map');

  await check('no console errors, page errors or failed requests', () => {
    if (problems.length > 0) throw new Error(problems.join(' | '));
  });
});
