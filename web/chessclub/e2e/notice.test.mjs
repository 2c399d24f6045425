// End-to-end test of a long pairing's notice, against the real Go server on a temporary SQLite
// database, in Debian's Chromium: a spectator (logged out) follows a Swiss of 1 000 players;
// when its organiser pairs a round, the server announces it on the live stream at once
// (round_pairing, for a field of 1 000 or more), the screen says "Pairing round 2…" in a live
// region, and the words go when the boards come. Photographed at 390 px into
// test-artifacts/chessclub/notice/.
//
//   node --test e2e/notice.test.mjs     (npm run e2e runs every file of e2e/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir as baseArtifacts, launchChromium, startServer } from './harness.mjs';

const artifactsDir = join(baseArtifacts, 'notice');
const players = 1000;
let server;
let browser;
let token;
let id;

before(async () => {
  rmSync(artifactsDir, { recursive: true, force: true });
  mkdirSync(artifactsDir, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
  const json = { username: 'olga', password: 'olga-secret-pass', full_name: 'Olga Ivanova' };
  await server.api('POST', '/user', { json });
  token = (await server.api('POST', '/login', { json: { username: json.username, password: json.password } })).token;
  let trf = `012 Online Open\nXXR 9\n`;
  for (let i = 1; i <= players; i++) {
    trf += `001 ${String(i).padStart(4)}      ${`Player ${String(i).padStart(4, '0')}`.padEnd(33)} ${String(2600 - i).padStart(4)}\n`;
  }
  const res = await fetch(`${server.apiURL}/api/tournaments/import`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/plain' }, body: trf });
  assert.equal(res.status, 201, await res.clone().text());
  id = (await res.json()).id;
  // Round 1 paired and played, so that the test pairs round 2: its score groups take the
  // engine long enough (some tenths of a second) for the notice and the round to come as two
  // renders, not one.
  const round = await server.api('POST', `/tournaments/${id}/rounds`, { token });
  const boards = [...round.boards];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let b = boards.shift(); b; b = boards.shift()) {
        await server.api('PUT', `/tournaments/${id}/rounds/1/boards/${b.board}`, { token, json: { result: ['1-0', '0-1', '1/2-1/2'][b.board % 3] } });
      }
    }),
  );
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('a spectator is told that a long pairing is under way, until the boards come', async () => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.baseURL, locale: 'en-GB' });
  try {
    const page = await ctx.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`/tournaments/${id}?tab=pairings`);
    await page.getByText('Online Open').first().waitFor();
    const notice = page.locator('.pairing-notice');
    assert.equal(await notice.getAttribute('role'), 'status');
    assert.equal((await notice.innerText()).trim(), '');
    // Every text the notice shows, however briefly: the pairing may take less than a second.
    await page.evaluate(() => {
      window.noticeTexts = [];
      const el = document.querySelector('.pairing-notice');
      new MutationObserver(() => window.noticeTexts.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true });
    });
    await page.waitForTimeout(1500); // the live stream is open
    await server.api('POST', `/tournaments/${id}/rounds`, { token });
    await page.getByText('Round 2', { exact: true }).first().waitFor();
    await page.waitForFunction(() => document.querySelector('.pairing-notice').textContent === '');
    const seen = await page.evaluate(() => window.noticeTexts);
    assert.ok(seen.some((t) => t.startsWith('Pairing round 2…')), `the notice showed ${JSON.stringify(seen)}`);
    await page.screenshot({ path: join(artifactsDir, 'paired-390.png') });
  } finally {
    await ctx.close();
  }
});
