#!/usr/bin/env node
// End-to-end test of the offline prose reader in the app, on the release bundle:
//
//   trunk build --release && node tests/e2e/prose.mjs
//
// A chapter of published fiction from ../shared/prose (Gutenberg text as published, hard-wrapped)
// is pasted into Text → map with no key and the offline reader ticked. Checks: no request is
// made; the map has exactly the places the native reader (`maprepair read`, the same domain code
// built for the command line) finds in the same text, joined by its links; no place is a verb, a
// pronoun or a fragment; each paragraph is one commit; a commit that used words shows its
// sentence with those words highlighted. Screenshots go to tests/e2e/artifacts/prose-*.png.
// Without ../shared/prose (the development data beside the checkout) it prints SKIPPED and passes.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, check, expectEqual, run, savedProject, shot } from './harness.mjs';

const PASSAGE = 'treasure_island_stockade';
const TEXT_FILE = join(ROOT, '..', 'shared', 'prose', `${PASSAGE}.txt`);
const LOAD_TIMEOUT_MS = 30_000;

// Words no place name may contain: verbs, pronouns (a possessive may open it) and the titles that cut a name short
// ("Dr." read as a place in the first offline extractor).
const NOT_IN_A_NAME = new Set([
  'is', 'was', 'were', 'are', 'be', 'been', 'am', 'went', 'go', 'goes', 'gone', 'came', 'come',
  'said', 'says', 'say', 'could', 'would', 'should', 'will', 'shall', 'might', 'must', 'did', 'do',
  'does', 'had', 'has', 'have', 'happened', 'saw', 'see', 'seen', 'ran', 'run', 'walked', 'got',
  'i', 'he', 'she', 'they', 'we', 'you', 'it', 'me', 'him', 'her', 'them', 'us',
  'dr', 'mr', 'mrs', 'recite', 'lips',
]);
// A possessive may open a name, as the corpus's truths write them ("her room", "my chamber").
const POSSESSIVES = new Set(['my', 'his', 'her', 'its', 'their', 'our', 'your']);
// Words a name may not end with: it would be a fragment cut before its noun.
const NOT_AT_THE_END = new Set(['the', 'a', 'an', 'of', 'to', 'in', 'into', 'and', 'or', 'but', 'at', 'on', 'with', 'which', 'that']);

/** The native reader's map of the same text, from the binary `cargo test` built just before in
 *  scripts/test.sh (target/debug first: an optimised build left from earlier may be stale). */
function nativeReading(file) {
  const bin = ['debug', 'release', 'fast']
    .map((p) => join(ROOT, 'target', p, 'maprepair'))
    .find((p) => existsSync(p));
  if (!bin) return null;
  return JSON.parse(execFileSync(bin, ['read', file, '--format', 'json'], { encoding: 'utf8' }));
}

if (!existsSync(TEXT_FILE)) {
  console.log(`SKIPPED: ${TEXT_FILE} is absent (the development data beside the checkout)`);
  process.exit(0);
}
const text = await readFile(TEXT_FILE, 'utf8');
const native = nativeReading(TEXT_FILE);
const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim() !== '').length;

await run(async (context, url) => {
  const page = context.pages()[0] ?? (await context.newPage());
  const requests = [];
  page.on('request', (r) => { if (!r.url().startsWith(url.replace(/\/$/, ''))) requests.push(r.url()); });
  const id = (t) => page.getByTestId(t);
  const count = async (t) => Number((await id(t).first().textContent()).trim());

  const loaded = await check('the app loads with the Text → map panel', async () => {
    await page.goto(url, { waitUntil: 'load' });
    await id('build-offline').waitFor({ timeout: LOAD_TIMEOUT_MS });
  });
  if (!loaded) return;

  let project = null;
  await check(`a Gutenberg chapter (${PASSAGE}) pasted with the offline reader ticked builds its map without a request`, async () => {
    await id('build-offline').setChecked(true);
    await id('text-input').fill(text);
    await id('build-run').click();
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="build-progress"]')?.textContent.trim() === `${n} / ${n}`,
      paragraphs, { timeout: 60_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="build-run"]')?.disabled, null, { timeout: 20_000 });
    await page.waitForTimeout(800); // the autosave
    project = await savedProject(page, (await id('project-name').textContent()).trim());
    if (!project) throw new Error('the project was not saved');
    expectEqual(requests.length, 0, `requests to other origins (${requests.join(', ')})`);
  });
  await shot(page, 'prose-01-map');

  const names = () => project.commits.flatMap((c) => (c.change.added_rooms ?? []).map((r) => r.name));

  await check('each paragraph is one commit', async () => {
    expectEqual(project.commits.length, paragraphs, 'commits');
  });

  await check('the map has the places and links the native reader finds in the same text', async () => {
    const rooms = await count('room-count');
    if (!(rooms >= 5)) throw new Error(`only ${rooms} places on the map`);
    if (native === null) {
      console.log('  (no native binary in target/: the comparison with `maprepair read` is skipped)');
      return;
    }
    expectEqual(rooms, native.places.length, 'places');
    // A project keeps names in lower case (`read`'s JSON keeps the text's capitals).
    const lower = (list) => list.map((n) => n.toLowerCase()).sort().join(' | ');
    expectEqual(lower(names()), lower(native.places.map((p) => p.name)), 'place names');
    const linked = project.commits.flatMap((c) => (c.change.added_exits ?? []).filter((e) => e.origin !== 'inferred_reverse')).length;
    if (!(linked >= native.links.length)) throw new Error(`${linked} exits recorded for the reader's ${native.links.length} links`);
    if (!(native.links.length > 0)) throw new Error('the reader found no link in the chapter');
  });

  await check('no place is a verb, a pronoun or a fragment', async () => {
    for (const name of names()) {
      const words = name.toLowerCase().split(/[^a-z']+/).filter(Boolean);
      if (name.trim().length < 3) throw new Error(`"${name}" is too short to be a place`);
      const bad = words.find((w, i) => NOT_IN_A_NAME.has(w) && !(i === 0 && words.length > 1 && POSSESSIVES.has(w)));
      if (bad) throw new Error(`"${name}" holds "${bad}"`);
      if (NOT_AT_THE_END.has(words[words.length - 1])) throw new Error(`"${name}" is cut before its noun`);
    }
  });

  await check('a commit shows its sentence with the words the reader used highlighted', async () => {
    const used = project.commits.find((c) => c.analysis.includes('⟦'));
    if (!used) throw new Error('no commit records the words it used');
    await page.$eval('[data-testid="timeline"]', (el, v) => {
      el.value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, used.id);
    const marks = page.locator('[data-testid="commit-analysis"] mark.evidence');
    await marks.first().waitFor({ timeout: 5_000 });
    const marked = (await marks.allTextContents()).join(' ');
    const want = used.analysis.match(/⟦([^⟧]*)⟧/)[1];
    if (!marked.includes(want.trim())) throw new Error(`highlighted "${marked}", the commit used "${want}"`);
    const observation = (await page.locator('[data-testid="commit-detail"] pre.observation').textContent()).trim();
    if (observation.replace(/\s+/g, ' ') !== used.observation.trim().replace(/\s+/g, ' ')) {
      throw new Error(`the commit shows "${observation.slice(0, 80)}…", not its paragraph`);
    }
  });
  await shot(page, 'prose-02-commit');
});
