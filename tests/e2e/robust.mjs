#!/usr/bin/env node
// The locked-down page and its front door, on the release bundle in headless Chromium:
//
//   trunk build --release && node tests/e2e/robust.mjs
//
// dist/index.html carries the Content-Security-Policy and no inline script, and the app starts
// under it with no violation → names made of markup (a project's, an edge list's, a
// transcript's) are drawn and listed as text and nothing in them runs → every reproducer in
// ../shared/fuzz-repros opened with *Open file…* shows its message naming the file and the
// place (or opens, when it is a valid map) and a refused file leaves the open project as it was
// → with an API key set, no export (JSON, edges.json, SVG), no saved project, no console line
// and no message holds it → the edges.json export opens again as the same map.

import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, DIST, check, expectEqual, run, savedTexts, shot, watchProblems } from './harness.mjs';

const LOAD_TIMEOUT_MS = 30_000;
const KEY = 'sk-robust-test-0f9e8d7c6b5a4938';
const REPROS = join(ROOT, '..', 'shared', 'fuzz-repros');

// What each reproducer must do when opened: the words its message holds (the file's name is
// always required), or `null` for a valid map that opens.
const EXPECTED = {
  '01_project_room_id_u32max.project.json': ['commit 0, field "added_rooms"', 'room id 4294967295'],
  '02_project_exit_id_u32max.project.json': ['commit 0, field "added_exits"', 'exit id 4294967295'],
  '03_project_room_id_30M.project.json': ['commit 0, field "added_rooms"', 'room id 30000000'],
  '04_repair_ref_remove_drops_room_edges.json': null,
  '05_repair_solver_nongeometric_lost_edges.json': null,
  '06_repair_modify_default_reverse_edges.json': null,
  '07_invalid_utf8_edges.json': ['line 1, byte 38', 'not UTF-8'],
  '07b_invalid_utf8.walkthrough': ['line 8, byte 124', 'not UTF-8'],
  '08_project_bad_label_no_place.project.json': ['commit 2', 'origin', 'line 4, column', 'inferred_ruverse'],
  '09_bom_edges.json': null,
  '10_route_tiny_edges.json': null,
  '11_project_reference_repair_drops_history.project.json': null,
};

// Names that would run script if they were ever put into the page as markup.
const IMG = '<img src=x onerror="window.__pwned=(window.__pwned||0)+1">';
const SCRIPT = '<script>window.__pwned=(window.__pwned||0)+1</script>';
const SVG = '<svg onload="window.__pwned=(window.__pwned||0)+1">';

function hostileProject() {
  const room = (id, name) => ({ id, name, canonical: name.toLowerCase(), aliases: [SVG], description: `${SCRIPT} described` });
  const exit = (id, from, to, label) => ({ id, from, to, label, origin: 'observed' });
  return JSON.stringify({
    format: 'maprepair-project', version: 1, name: `hostile ${IMG}`,
    commits: [
      { id: 0, step: 0, trigger: 'observation', observation: `> north\n${SCRIPT}`, analysis: IMG,
        change: { added_rooms: [room(0, IMG), room(1, SCRIPT), room(2, SVG)] } },
      { id: 1, step: 1, trigger: 'observation', observation: IMG, analysis: SCRIPT,
        change: { added_exits: [exit(0, 0, 1, 'north'), exit(1, 1, 2, `go ${IMG}`), exit(2, 2, 0, 'east')] } },
    ],
    ground_truth: [{ src_node: IMG, dst_node: SCRIPT, action: SVG }],
  });
}

await run(async (context, url) => {
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = watchProblems(page);
  const consoleLines = [];
  page.on('console', (m) => consoleLines.push(m.text()));
  // Every CSP violation the page reports, from the first byte on.
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const id = (t) => page.getByTestId(t);
  const text = async (t) => (await id(t).first().textContent()).trim();
  const state = async () => ({ name: await text('project-name'), rooms: await text('room-count'), exits: await text('exit-count') });
  const notice = () => page.evaluate(() => (document.querySelector('[data-testid="notice"]')?.textContent || '').trim());
  // Opens a file with *Open file…* and waits for the notice that it was opened or refused.
  const open = async (name, buffer) => {
    const before = await notice();
    await id('import-file').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
    await page.waitForFunction((old) => {
      const now = (document.querySelector('[data-testid="notice"]')?.textContent || '').trim();
      return now && now !== old && !/^Reading /.test(now);
    }, before, { timeout: LOAD_TIMEOUT_MS });
    return notice();
  };
  const download = async (testid) => {
    const [dl] = await Promise.all([page.waitForEvent('download'), id(testid).click()]);
    return { name: dl.suggestedFilename(), text: await readFile(await dl.path(), 'utf8') };
  };

  await check('dist/index.html carries the Content-Security-Policy and no inline script', async () => {
    const html = await readFile(join(DIST, 'index.html'), 'utf8');
    const csp = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)"/)?.[1];
    if (!csp) throw new Error('no CSP meta tag');
    for (const d of ["script-src 'self' 'wasm-unsafe-eval'", "object-src 'none'", 'connect-src', 'https://api.openai.com', 'http://127.0.0.1:*']) {
      if (!csp.includes(d)) throw new Error(`CSP lacks ${d}`);
    }
    if (/script-src[^;]*'unsafe-inline'/.test(csp)) throw new Error('CSP allows inline script');
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs, body]) => !/\bsrc=/.test(attrs) || body.trim());
    if (inline.length) throw new Error(`inline script: ${inline[0][0].slice(0, 80)}`);
  });

  const loaded = await check('the app starts under the policy with no violation', async () => {
    await page.goto(url, { waitUntil: 'load' });
    await id('room').first().waitFor({ timeout: LOAD_TIMEOUT_MS });
    const v = await page.evaluate(() => window.__violations);
    if (v.length) throw new Error(v.join('; '));
  });
  if (!loaded) return;
  page.setDefaultTimeout(10_000);

  await check('an inline script is refused by the page (the policy is in force)', async () => {
    await page.evaluate(() => { const s = document.createElement('script'); s.textContent = 'window.__inline = 1'; document.body.appendChild(s); s.remove(); });
    await page.waitForTimeout(100);
    expectEqual(await page.evaluate(() => window.__inline), undefined, 'inline script ran');
    const v = await page.evaluate(() => window.__violations.splice(0));
    if (!v.some((x) => x.startsWith('script-src'))) throw new Error(`no violation reported: ${v}`);
  });

  await check('names made of markup are shown as text and nothing in them runs', async () => {
    const message = await open('hostile.maprepair.json', Buffer.from(hostileProject()));
    if (!/^Opened hostile/.test(message)) throw new Error(message);
    await id('room').first().waitFor();
    const labels = await page.locator('[data-testid="room"]').allTextContents();
    if (!labels.some((l) => l.includes('<img'))) throw new Error(`room labels: ${labels.join(' | ')}`);
    await id('room').first().click();
    await page.waitForTimeout(300);
    await shot(page, 'robust-01-hostile-names');
    const injected = await page.evaluate(() => document.querySelectorAll('img[src="x"], svg[onload], script:not([src])').length);
    expectEqual(injected, 0, 'elements made from names');
    // An edge list and a transcript with the same names.
    const edges = JSON.stringify([{ src_node: IMG, dst_node: SCRIPT, action: 'north' }, { src_node: SCRIPT, dst_node: SVG, action: `go ${IMG}` }]);
    await open('hostile.edges.json', Buffer.from(edges));
    const transcript = `${IMG}\nA room.\n\n>north\n${SCRIPT}\nAnother.\n\n>south\n${IMG}\nA room.\n`;
    await open('hostile.txt', Buffer.from(transcript));
    await page.waitForTimeout(300);
    expectEqual(await page.evaluate(() => window.__pwned), undefined, 'script from a name ran');
    expectEqual(await page.evaluate(() => document.querySelectorAll('img[src="x"], svg[onload]').length), 0, 'elements made from names');
  });

  const repros = await readdir(REPROS).then((f) => f.filter((n) => n !== 'README.md').sort(), () => null);
  if (!repros) {
    console.log(`ok - SKIPPED: ${REPROS} is absent; the reproducer checks need ../shared beside the checkout`);
  } else {
    await check('every reproducer is known to this test', async () => {
      const unknown = repros.filter((n) => !(n in EXPECTED));
      if (unknown.length) throw new Error(`no expectation for ${unknown.join(', ')}`);
    });
    // A known project to fall back to. A small demo plays its walkthrough from the first commit:
    // wait for the end, or a room the playback adds between two reads of the state would look
    // like a change the refused file made.
    await id('demo-item').first().click();
    await id('room').first().waitFor();
    await page.locator('.timeline-bar select').selectOption('20');
    await page.waitForFunction(() => {
      const t = document.querySelector('[data-testid="timeline"]');
      return t && Number(t.max) > 0 && t.value === t.max;
    }, null, { timeout: LOAD_TIMEOUT_MS });
    for (const name of repros.filter((n) => n in EXPECTED)) {
      await check(`opening ${name} ${EXPECTED[name] ? 'names the file and the place and keeps the open project' : 'opens it'}`, async () => {
        const before = await state();
        const message = await open(name, await readFile(join(REPROS, name)));
        const want = EXPECTED[name];
        if (want === null) {
          if (!message.startsWith(`Opened ${name}`)) throw new Error(message);
        } else {
          if (!message.startsWith('Nothing was changed.') || !message.includes(name)) throw new Error(message);
          for (const w of want) if (!message.includes(w)) throw new Error(`"${w}" not in: ${message}`);
          expectEqual(await state(), before, 'the open project');
        }
        if (problems.some((p) => /panicked|unreachable|RuntimeError/.test(p))) throw new Error(problems.join('; '));
      });
    }
    await shot(page, 'robust-02-repro-refused');
  }

  await check('an edges.json export opens again as the same map', async () => {
    await page.locator('[data-testid="demo-item"][data-demo-id="house"]').click();
    await id('room').first().waitFor();
    await page.evaluate(() => { const t = document.querySelector('[data-testid="timeline"]'); t.value = t.max; t.dispatchEvent(new Event('input', { bubbles: true })); });
    await page.waitForTimeout(300);
    const shown = await state();
    const conflicts = await text('conflict-count');
    const edges = await download('export-edges');
    await open(edges.name, Buffer.from(edges.text));
    const back = await state();
    expectEqual([back.rooms, back.exits, await text('conflict-count')], [shown.rooms, shown.exits, conflicts], 'rooms, exits and conflicts');
  });

  await check('with an API key set, no export, saved project, console line or message holds it', async () => {
    await id('llm-settings').waitFor({ timeout: LOAD_TIMEOUT_MS });
    await id('llm-settings').click();
    await id('llm-provider').selectOption('openai-compatible');
    await id('llm-base-url').fill('http://127.0.0.1:9/v1');
    await id('llm-key').fill(KEY);
    await id('llm-save').click();
    await id('llm-settings-panel').waitFor({ state: 'detached' });
    const exports = [];
    for (const t of ['export-json', 'export-edges', 'export-svg']) exports.push(await download(t));
    for (const e of exports) if (e.text.includes(KEY)) throw new Error(`the key is in ${e.name}`);
    await page.waitForTimeout(600);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    if (stored.includes(KEY)) throw new Error('the key is in the browser storage');
    if ((await savedTexts(page)).includes(KEY)) throw new Error('the key is in a saved project');
    // A refused file's message, and every console line so far.
    const message = await open('07_bad.json', Buffer.from('[{"src_node": 1}]'));
    if (message.includes(KEY)) throw new Error('the key is in a message');
    if (consoleLines.some((l) => l.includes(KEY))) throw new Error('the key is in the console');
  });

  await check('no policy violation, page error or failed request along the way', async () => {
    const v = await page.evaluate(() => window.__violations);
    const real = problems.filter((p) => !/favicon|127\.0\.0\.1:9\//.test(p) && !/Content Security Policy.*inline/.test(p));
    if (v.length || real.length) throw new Error([...v, ...real].join('; '));
  });
});
