#!/usr/bin/env node
// Opening a transcript of another system than the demos', as a player would, in headless
// Chromium:
//
//   trunk build --release && node tests/e2e/transcripts.mjs
//
// A TextWorld transcript (banner, quest text, `-= Room =-` titles) and a MUD log (`[Room]`
// titles, `[Exits: …]` lines) and an Inform 7 game whose ways are its own words, each opened with
// *Open file…* and no location list, draw their rooms. Saves a screenshot of each under tests/e2e/artifacts/transcripts-*.png.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, check, expectEqual, run, shot, watchProblems } from './harness.mjs';

const LOAD_TIMEOUT_MS = 30_000;

await run(async (context, url) => {
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = watchProblems(page);
  const id = (t) => page.getByTestId(t);
  const text = async (t) => (await id(t).first().textContent()).trim();
  const roomNames = () => page.$$eval('[data-testid="room"]', (rs) => rs.map((r) => r.textContent));

  const loaded = await check('the app loads and draws the starting map', async () => {
    await page.goto(url, { waitUntil: 'load' });
    await id('room').first().waitFor({ timeout: LOAD_TIMEOUT_MS });
  });
  if (!loaded) return;

  // Opens a fixture from tests/fixtures/systems/ and checks the rooms drawn.
  const opens = async (file, project, rooms, exits) => {
    const buffer = await readFile(join(ROOT, 'tests', 'fixtures', 'systems', file));
    await id('import-file').setInputFiles({ name: file, mimeType: 'text/plain', buffer });
    await page.waitForFunction(
      (name) => document.querySelector('[data-testid="project-name"]').textContent === name,
      project,
      { timeout: LOAD_TIMEOUT_MS },
    );
    expectEqual(await text('room-count'), String(rooms.length), 'rooms');
    expectEqual(await text('exit-count'), String(exits), 'exits');
    const names = await roomNames();
    for (const n of rooms) {
      if (!names.some((x) => x.includes(n))) throw new Error(`no room ${n} in ${names}`);
    }
  };

  await check('a TextWorld transcript opened with no location list draws its map', () =>
    opens('textworld.txt', 'textworld', ['Kitchenette', 'Austere Study', 'Kitchen'], 4));
  await shot(page, 'transcripts-textworld');

  await check('a MUD log opened with no location list draws its map', () =>
    opens('mud.txt', 'mud', ['Temple Square', 'Market Street', 'North Gate', 'Bakery'], 6));
  await shot(page, 'transcripts-mud');

  // An Inform 7 game of its own directions ("spinward", "widdershins"; the compass refused):
  // its ways are drawn by their own names, "spin" read as the player's short "spinward".
  await check('an Inform 7 game of its own directions opened with no list draws its ways', () =>
    opens('inform7-own-directions.txt', 'inform7-own-directions', ['Docking Ring', 'Galley', 'Observation Deck'], 4));
  await shot(page, 'transcripts-own-directions');

  await check('no console errors, page errors or failed requests', () => {
    if (problems.length) throw new Error(problems.join('; '));
  });
});
