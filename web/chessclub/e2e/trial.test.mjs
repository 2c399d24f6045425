// End-to-end test of what a club night's organiser, its players and a spectator meet, in the
// real app against the real Go server on a temporary SQLite database, in Debian's Chromium:
// what cannot be undone is asked first and says what it does, Finish is prominent only once
// every round is played, and a withdrawn player is reinstated.
//
//   node --test e2e/trial.test.mjs     (npm run e2e runs every file of e2e/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir as baseArtifacts, confirmAlert, isoDay, launchChromium, startServer } from './harness.mjs';

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
const artifactsDir = join(baseArtifacts, 'trial');
const people = {
  rita: { fullName: 'Rita Root' },
  ana: { fullName: 'Ana Petrova', rating: 1700 },
  ben: { fullName: 'Ben Okafor', rating: 1900 },
  cleo: { fullName: 'Cleo Martin', rating: 1600 },
  dan: { fullName: 'Dan Weiss', rating: 1500 },
};
const players = ['ana', 'ben', 'cleo', 'dan'];
const password = (u) => `${u}-secret-pass`;

let server;
let browser;
const contexts = [];
const pageErrors = [];
const ids = {};
const tokens = {};
let swissId;

/** api calls the server's API (harness.mjs, startServer). */
const api = (...args) => server.api(...args);

async function newPage(username, viewport = phone) {
  const context = await browser.newContext({ viewport, baseURL: server.baseURL, deviceScaleFactor: 1, locale: 'en-GB' });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (err) => pageErrors.push(err));
  if (!username) return page;
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password(username));
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

async function shoot(page, name) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
}

/** playRound pairs the next round of the tournament and enters a win for White on each board. */
async function playRound(id) {
  const round = await api('POST', `/tournaments/${id}/rounds`, { token: tokens.rita });
  for (const b of round.boards) {
    await api('PUT', `/tournaments/${id}/rounds/${round.number}/boards/${b.board}`, { token: tokens.rita, json: { result: '1-0' } });
  }
  return round;
}

before(async () => {
  server = await startServer();
  browser = await launchChromium();
  for (const [username, who] of Object.entries(people)) {
    const body = { username, password: password(username), full_name: who.fullName };
    if (who.rating) body.declared_rating = who.rating;
    ids[username] = (await api('POST', '/user', { json: body })).id;
    tokens[username] = (await api('POST', '/login', { json: { username, password: password(username) } })).token;
  }
  server.appoint('admin', 'rita');
  const t = await api('POST', '/tournaments', {
    token: tokens.rita,
    json: { name: 'Club Night Swiss', start_date: isoDay(0), end_date: isoDay(0), location: 'Room 12', rounds: 3, rated: true },
  });
  swissId = t.id;
  for (const p of players) await api('POST', `/tournaments/${swissId}/players`, { token: tokens.rita, json: { member_id: ids[p] } });
});

after(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
  assert.deepEqual(pageErrors, [], 'no page error');
});

let rita;

test('Start asks first and says what it does; Cancel leaves the tournament taking entries', async () => {
  rita = await newPage('rita');
  await rita.goto(`/tournaments/${swissId}`);
  await rita.getByRole('button', { name: 'Start' }).click();
  const alert = rita.locator('ion-alert');
  await alert.getByRole('button', { name: 'Cancel' }).waitFor();
  assert.match(await alert.locator('.alert-message').innerText(), /^Start: 4 players get their pairing numbers and the entries close\./);
  await shoot(rita, '390-confirm-start');
  await alert.getByRole('button', { name: 'Cancel' }).click();
  await alert.waitFor({ state: 'detached' });
  assert.equal((await api('GET', `/tournaments/${swissId}`)).state, 'open', 'nothing was done');

  await rita.getByRole('button', { name: 'Start' }).click();
  await confirmAlert(rita, 'Start');
  await rita.getByText('Running', { exact: true }).waitFor();
  assert.equal((await api('GET', `/tournaments/${swissId}`)).state, 'running');
});

test('after round 1 of 3 Finish is a quiet "Finish early" that says what is left unplayed', async () => {
  await playRound(swissId);
  await rita.getByRole('button', { name: 'Pair round 2' }).waitFor();
  assert.equal(await rita.getByRole('button', { name: 'Finish', exact: true }).count(), 0, 'no bright Finish after round 1 of 3');
  const early = rita.getByRole('button', { name: 'Finish early' });
  assert.deepEqual(await rita.locator('ion-button.finish-early').evaluate((el) => [el.fill, el.color]), ['clear', 'medium']);
  await early.click();
  const alert = rita.locator('ion-alert');
  await alert.getByRole('button', { name: 'Cancel' }).waitFor();
  assert.equal(
    await alert.locator('.alert-message').innerText(),
    'Finish: applies ratings to 4 players. Only 1 of 3 rounds are played: the other 2 rounds are never paired. No result can be changed afterwards. This cannot be undone.',
  );
  await rita.keyboard.press('Escape');
  await alert.waitFor({ state: 'detached' });
  assert.equal((await api('GET', `/tournaments/${swissId}`)).state, 'running', 'Escape does nothing');
});

test('withdrawing a player asks first; Reinstate takes them back', async () => {
  await rita.getByRole('tab', { name: 'Players' }).click();
  await rita.getByRole('button', { name: 'Withdraw Ben Okafor' }).click();
  const message = await confirmAlert(rita, 'Withdraw');
  assert.match(message, /^Withdraw: Ben Okafor is not paired in the rounds to come; .* can be reinstated/);
  const row = rita.locator('.player-row', { hasText: 'Ben Okafor' });
  await row.getByText('(withdrew after round 1)').waitFor();
  await rita.getByRole('button', { name: 'Reinstate Ben Okafor' }).click();
  await row.getByText('(withdrew after round 1)').waitFor({ state: 'detached' });
  const ben = (await api('GET', `/tournaments/${swissId}/players`)).find((p) => p.member_id === ids.ben);
  assert.equal(ben.withdrawn_after, null);
  await shoot(rita, '390-players-reinstated');
});

test('a player withdraws themself only after saying yes', async () => {
  const dan = await newPage('dan');
  await dan.goto(`/tournaments/${swissId}?tab=players`);
  await dan.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const alert = dan.locator('ion-alert');
  await alert.getByRole('button', { name: 'Cancel' }).click();
  await alert.waitFor({ state: 'detached' });
  assert.equal((await api('GET', `/tournaments/${swissId}/players`)).find((p) => p.member_id === ids.dan).withdrawn_after, null);
});

test('once every round is played Finish is prominent, on a phone and a desktop, and finishes after a yes', async () => {
  await playRound(swissId);
  await playRound(swissId);
  await rita.goto(`/tournaments/${swissId}`);
  const finish = rita.getByRole('button', { name: 'Finish', exact: true });
  await finish.waitFor();
  assert.deepEqual(await rita.locator('ion-button.finish').evaluate((el) => [el.fill, el.color]), ['solid', 'success']);
  assert.equal(await rita.getByRole('button', { name: 'Finish early' }).count(), 0);
  await shoot(rita, '390-finish');
  await rita.setViewportSize(desktop);
  await shoot(rita, '1280-finish');
  await finish.click();
  assert.match(await confirmAlert(rita, 'Finish'), /^Finish: applies ratings to 4 players\. No result can be changed afterwards\./);
  await rita.getByText('Finished', { exact: true }).waitFor();
  await rita.setViewportSize(phone);
});

test('a refusal is told in a person’s words, without the API’s', async () => {
  const t = await api('POST', '/tournaments', { token: tokens.rita, json: { name: 'No Rounds Yet', start_date: isoDay(0), end_date: isoDay(0) } });
  for (const p of ['ana', 'ben']) await api('POST', `/tournaments/${t.id}/players`, { token: tokens.rita, json: { member_id: ids[p] } });
  await rita.goto(`/tournaments/${t.id}`);
  await rita.getByRole('button', { name: 'Start' }).click();
  await confirmAlert(rita, 'Start');
  const toast = rita.locator('ion-toast').filter({ hasText: /number of rounds/ });
  await toast.waitFor({ state: 'attached' });
  const text = await toast.evaluate((el) => el.message);
  assert.equal(text, "Set the number of rounds in the tournament's settings before starting a Swiss.");
  assert.doesNotMatch(text, /PATCH|POST|PUT|DELETE|\/api\/|_id\b/);
});

test('the new-tournament form marks its required fields before any submit, and opens what it creates', async () => {
  for (const viewport of [phone, desktop]) {
    await rita.setViewportSize(viewport);
    await rita.goto('/tournaments/new');
    await rita.getByRole('button', { name: 'Create tournament' }).waitFor();
    const marked = await rita.locator('ion-input').evaluateAll((els) =>
      els.map((el) => [el.name, getComputedStyle(el.querySelector('.label-text'), '::after').content]),
    );
    assert.deepEqual(
      marked.filter(([, mark]) => mark !== 'none').map(([name]) => name),
      ['name', 'start_date', 'end_date'],
      `required fields marked at ${viewport.width} px`,
    );
    assert.equal(await rita.getByLabel('Name', { exact: true }).getAttribute('required'), '');
    await rita.getByText('Fields marked * are required.').waitFor();
    await shoot(rita, `${viewport.width}-new-tournament`);
  }
  await rita.getByLabel('Name', { exact: true }).fill('Friday Blitz');
  await rita.getByLabel('Start date').fill(isoDay(3));
  await rita.getByLabel('End date').fill(isoDay(3));
  await rita.getByRole('button', { name: 'Create tournament' }).click();
  await rita.waitForURL((url) => /^\/tournaments\/\d+$/.test(url.pathname));
  await rita.getByRole('heading', { level: 1, name: 'Friday Blitz' }).waitFor();
  await rita.setViewportSize(phone);
});

test('the standings of a finished tournament say Final, and each column says what it counts, on a phone and a desktop', async () => {
  for (const viewport of [phone, desktop]) {
    await rita.setViewportSize(viewport);
    await rita.goto(`/tournaments/${swissId}?tab=standings`);
    await rita.getByText('Final standings').waitFor();
    assert.match(await rita.locator('.table-note').innerText(), /^Final standings after round 3\.$/);
    const legend = rita.getByRole('region', { name: 'What the columns count' });
    const codes = await legend.locator('.legend-item').evaluateAll((els) => els.map((el) => el.dataset.code));
    const headings = await rita.locator('table.standings thead th.num abbr').allInnerTexts();
    assert.deepEqual(codes.map((c) => (c === 'PTS' ? 'Pts' : c)), headings, 'one legend line per column');
    assert.match(await legend.locator('[data-code="BH/C1"] dd').innerText(), /opponents’ points.*Leaves out the lowest-scoring opponent\./);
    const de = await api('GET', `/tournaments/${swissId}/standings`);
    if (de.rows.every((r) => !r.values.DE)) {
      assert.match(await legend.locator('[data-code="DE"] dd').innerText(), /DE is 0 for everyone so far/);
    }
    await shoot(rita, `${viewport.width}-standings-final`);
  }
  await rita.setViewportSize(phone);
});

test('a withdrawn player’s missed round reads “absent” on the Crosstable as on the Pairings tab', async () => {
  const t = await api('POST', '/tournaments', { token: tokens.rita, json: { name: 'Two Round Swiss', start_date: isoDay(0), end_date: isoDay(0), rounds: 2 } });
  for (const p of players) await api('POST', `/tournaments/${t.id}/players`, { token: tokens.rita, json: { member_id: ids[p] } });
  await api('POST', `/tournaments/${t.id}/start`, { token: tokens.rita });
  await playRound(t.id);
  await api('DELETE', `/tournaments/${t.id}/players/${ids.dan}`, { token: tokens.rita });
  await api('POST', `/tournaments/${t.id}/rounds`, { token: tokens.rita });
  await rita.goto(`/tournaments/${t.id}?tab=pairings`);
  await rita.getByText('Dan Weiss: absent (0)').waitFor();
  await rita.getByRole('tab', { name: 'Crosstable' }).click();
  const row = rita.locator('table.crosstable tbody tr', { hasText: 'Dan Weiss' });
  const cells = await row.locator('td').allInnerTexts();
  assert.equal(cells[1], 'absent', `Dan's round 2: ${cells.join(' ')}`);
  assert.ok(!cells.some((c) => /^bye 0$/.test(c)), 'no "bye 0"');
});
