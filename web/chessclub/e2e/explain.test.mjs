// End-to-end test of the standings' explanations, against the real Go server on a temporary
// SQLite database, in Debian's Chromium: a logged-out visitor taps a player's Buchholz Cut-1 and
// Sonneborn-Berger values in the public standings of a Swiss with a half-point bye asked for, a
// forfeit and an odd field's pairing bye, and reads how each value is reached: the sum with the
// actual numbers, ending in the value shown, each round's part, the rounds not played counted
// against a virtual opponent, the round cut. The keyboard opens and closes it too, and the focus
// comes back to the value. Photographed at 390 and 1 280 px into
// test-artifacts/chessclub/explain/.
//
//   node --test e2e/explain.test.mjs     (npm run e2e runs every file of e2e/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir as baseArtifacts, isoDay, launchChromium, openPage, startServer } from './harness.mjs';

const artifactsDir = join(baseArtifacts, 'explain');
const sizes = [
  ['390', { width: 390, height: 844 }],
  ['1280', { width: 1280, height: 800 }],
];
const people = ['Olga Ivanova', 'Ana Petrova', 'Ben Okafor', 'Cleo Martin', 'Dan Weiss', 'Eve Novak'].map((fullName, i) => ({
  username: fullName.split(' ')[0].toLowerCase(),
  password: `${fullName.split(' ')[0].toLowerCase()}-secret-pass`,
  fullName,
  rating: i === 0 ? undefined : 1800 - 50 * i,
}));

let server;
let browser;
const contexts = [];
const pageErrors = [];
const tokens = {};
const ids = {};
let tournamentId;

const api = (...args) => server.api(...args);

/** newPage opens a page at viewport in a context of its own (harness.mjs, openPage). */
const newPage = (viewport) => openPage(browser, server.baseURL, viewport, { contexts, pageErrors });

async function shoot(page, name) {
  await page.waitForTimeout(300); // let transitions settle
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
}

before(async () => {
  rmSync(artifactsDir, { recursive: true, force: true });
  mkdirSync(artifactsDir, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
  for (const who of people) {
    const json = { username: who.username, password: who.password, full_name: who.fullName };
    if (who.rating) json.declared_rating = who.rating;
    ids[who.username] = (await api('POST', '/user', { json })).id;
    tokens[who.username] = (await api('POST', '/login', { json: { username: who.username, password: who.password } })).token;
  }
  // A Swiss of five: someone has the pairing bye each round. Eve asks for a half-point bye in
  // round 3; board 1 of round 1 is won by forfeit.
  const t = await api('POST', '/tournaments', { token: tokens.olga, json: { name: 'Tuesday Swiss', start_date: isoDay(0), rounds: 3 } });
  tournamentId = t.id;
  for (const who of ['ana', 'ben', 'cleo', 'dan', 'eve']) await api('POST', `/tournaments/${t.id}/players`, { token: tokens[who] });
  await api('PUT', `/tournaments/${t.id}/players/${ids.eve}/byes/3`, { token: tokens.eve });
  await api('POST', `/tournaments/${t.id}/start`, { token: tokens.olga });
  for (let r = 1; r <= 3; r++) {
    const round = await api('POST', `/tournaments/${t.id}/rounds`, { token: tokens.olga });
    for (const b of round.boards) {
      const value = r === 1 && b.board === 1 ? '1-0 forfeit' : ['1-0', '1/2-1/2', '0-1'][(b.board + r) % 3];
      await api('PUT', `/tournaments/${t.id}/rounds/${r}/boards/${b.board}`, { token: tokens.olga, json: { result: value } });
    }
  }
});

after(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
  assert.deepEqual(pageErrors, []);
});

/** shown writes a value as the standings table does. */
function shown(v) {
  return String(Math.round(v * 100) / 100);
}

test('a visitor taps a tie-break value and reads how it is reached, with the numbers', async () => {
  const st = await api('GET', `/tournaments/${tournamentId}/standings?explain=1`);
  const columns = ['PTS', ...st.tiebreaks.filter((c) => c !== 'PTS')];
  // The player whose Buchholz Cut-1 counts a virtual opponent: a bye or a forfeit.
  const row = st.rows.find((r) => r.explain['BH/C1'].terms.some((t) => t.virtual));
  assert.ok(row, 'someone has a round not played in their Buchholz');
  for (const [size, viewport] of sizes) {
    const page = await newPage(viewport);
    await page.goto(`/tournaments/${tournamentId}?tab=standings`);
    const line = page.locator(`table.standings tr[data-member="${row.player.member_id}"]`);
    for (const code of ['BH/C1', 'SB']) {
      const value = line.locator('td').nth(1 + columns.indexOf(code)).getByRole('button');
      assert.equal(await value.innerText(), shown(row.values[code]));
      await value.click();
      const dialog = page.getByRole('dialog', { name: new RegExp(`^${row.player.full_name}:`) });
      await dialog.waitFor();
      const formula = await dialog.locator('.tiebreak-formula').innerText();
      // The sum of the terms counted, as the server computed them, ends in the value shown.
      const counted = row.explain[code].terms.filter((t) => !t.left_out);
      assert.equal(formula.split(';')[0], `${counted.map((t) => shown(t.value)).join(' + ')} = ${shown(row.values[code])}`);
      const sum = counted.reduce((s, t) => s + t.value, 0);
      assert.equal(Math.round(sum * 100), Math.round(row.values[code] * 100), `${code}: the terms add up to the value`);
      const items = dialog.locator('.tiebreak-terms li');
      assert.equal(await items.count(), row.explain[code].terms.length, 'one line per round');
      if (code === 'BH/C1') {
        assert.match(await dialog.innerText(), /virtual opponent/);
        assert.equal(await dialog.locator('.tiebreak-terms li.left-out').count(), 1, 'Cut-1 cuts one round');
        assert.match(formula, /; cut: /);
      } else {
        assert.match(await dialog.innerText(), /beaten.*half the scores of those drawn/);
      }
      await shoot(page, `${size}-${code.replace('/', '-')}`);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    }

    // The keyboard: Enter on a value opens it, Escape closes it, and the focus is back on it.
    const pts = line.locator('td').nth(1).getByRole('button');
    await pts.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    assert.match(await dialog.locator('.tiebreak-formula').innerText(), new RegExp(`= ${await pts.innerText()}$`));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await pts.evaluate((el) => el === document.activeElement), true, 'the focus is back on the value');
    const ring = await pts.evaluate((el) => getComputedStyle(el).outlineStyle);
    assert.notEqual(ring, 'none', 'the focus is visible');
  }
});
