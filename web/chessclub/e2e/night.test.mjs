// End-to-end test of a club night's players, against the real Go server on a temporary SQLite
// database, in Debian's Chromium, at 390 and 1 280 px: a newcomer registers with a starting
// rating, which seeds them; a member without one gives their FIDE standard rating in the
// profile, which starts their club rating; an organiser who is a plain member adds a player who has no account
// (a walk-in: name, rating, FIDE id, federation), before the start and late into the running
// Swiss, and a wrong field is shown under it; an arbiter corrects a result of a finished rated
// tournament from the app, told first that the club ratings are computed again. Each view is photographed into
// test-artifacts/chessclub/night/.
//
//   node --test e2e/night.test.mjs     (npm run e2e runs every file of e2e/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir as baseArtifacts, confirmAlert, isoDay, logIn, openPage, password, startClub } from './harness.mjs';

const artifactsDir = join(baseArtifacts, 'night');
const sizes = [
  ['390', { width: 390, height: 844 }],
  ['1280', { width: 1280, height: 800 }],
];
const people = {
  hana: { fullName: 'Hana Host' },
  ada: { fullName: 'Ada Arbiter' },
  ana: { fullName: 'Ana Petrova', rating: 1710 },
  ben: { fullName: 'Ben Okafor', rating: 1650 },
  cleo: { fullName: 'Cleo Martin', rating: 1840 },
};

let club;
const contexts = [];
const pageErrors = [];

/** newPage opens a page at viewport in a context of its own (harness.mjs, openPage). */
const newPage = (viewport) => openPage(club.browser, club.server.baseURL, viewport, { contexts, pageErrors });

async function shoot(page, name) {
  await page.waitForTimeout(300); // let transitions settle
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
}

/** fill types value into the Ionic input labelled label (its inner native input). */
async function fill(scope, label, value) {
  await scope.getByLabel(label, { exact: true }).fill(value);
}

before(async () => {
  mkdirSync(artifactsDir, { recursive: true });
  club = await startClub(people, { arbiters: ['ada'] });
});

after(async () => {
  for (const c of contexts) await c.close();
  await club?.browser.close();
  await club?.server.stop();
  assert.deepEqual(pageErrors, []);
});

for (const [size, viewport] of sizes) {
  test(`registering with a starting rating at ${size} px`, async () => {
    const page = await newPage(viewport);
    const username = `new${size}`;
    await page.goto('/register');
    await fill(page, 'Username', username);
    await fill(page, 'Password', password(username));
    await fill(page, 'Full name', `Nina New ${size}`);
    await fill(page, 'Starting rating', '99');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Enter a whole number from 100 to 3000').waitFor();
    await fill(page, 'Starting rating', '1850');
    await shoot(page, `register-${size}`);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL((url) => url.pathname !== '/register');
    const { token } = await club.api('POST', '/login', { json: { username, password: password(username) } });
    const me = await club.api('GET', '/me', { token });
    assert.equal(me.rating, 1850);
    assert.equal(me.rating_status, 'declared');
  });

  test(`a FIDE standard rating starts the club rating at ${size} px`, async () => {
    const username = `fide${size}`;
    await club.api('POST', '/user', { json: { username, password: password(username), full_name: `Fay FIDE ${size}` } });
    const { token } = await club.api('POST', '/login', { json: { username, password: password(username) } });
    const me = await club.api('GET', '/me', { token });
    assert.equal(me.rating_status, 'unrated');
    const page = await newPage(viewport);
    await logIn(page, username);
    await page.goto(`/members/${me.id}`);
    await page.getByRole('button', { name: 'Edit FIDE details' }).click();
    assert.equal(await page.getByLabel('Starting club rating').inputValue(), '');
    await page.getByLabel('FIDE standard rating').fill('1900');
    await page.getByRole('button', { name: 'Save FIDE details' }).click();
    await page.locator('.fide-facts').getByText('1900').waitFor();
    const after = await club.api('GET', '/me', { token });
    assert.deepEqual([after.rating, after.rating_status], [1900, 'declared']);
    await page.getByRole('button', { name: 'Edit FIDE details' }).click();
    assert.equal(await page.getByLabel('Starting club rating').inputValue(), '1900');
    await shoot(page, `fide-start-${size}`);
  });

  test(`walk-in players at ${size} px: before the start and late into the Swiss`, async () => {
    const { api, tokens } = club;
    const t = await api('POST', '/tournaments', { token: tokens.hana, json: { name: `Friday Rapid ${size}`, format: 'swiss', rounds: 3, start_date: isoDay(0) } });
    for (const p of ['ana', 'ben', 'cleo']) await api('POST', `/tournaments/${t.id}/players`, { token: tokens[p] });

    const page = await newPage(viewport);
    await logIn(page, 'hana');
    await page.goto(`/tournaments/${t.id}?tab=players`);
    const walkIn = page.locator('details.walk-in');
    await walkIn.locator('summary', { hasText: 'Add a player without an account' }).click();
    const form = page.getByRole('form', { name: 'A player without an account' });
    await fill(form, 'Name', 'Wanda Walker');
    await fill(form, 'Rating', '2395');
    await fill(form, 'FIDE id', '1503014');
    await fill(form, 'Federation', 'no');
    await form.getByRole('button', { name: 'Add the player' }).click();
    await form.getByText('Enter a FIDE federation code of three letters').waitFor();
    await fill(form, 'Federation', 'nor');
    await shoot(page, `walk-in-form-${size}`);
    await form.getByRole('button', { name: 'Add the player' }).click();
    const list = page.getByRole('list', { name: 'Players' });
    const row = list.locator('.player-row', { hasText: 'Wanda Walker' });
    await row.waitFor();
    assert.match(await row.innerText(), /guest/);
    assert.match(await row.innerText(), /2395/);
    // The form is empty again, for the next one at the door.
    assert.equal(await form.getByLabel('Name', { exact: true }).inputValue(), '');

    const players = await api('GET', `/tournaments/${t.id}/players`);
    const wanda = players.find((p) => p.full_name === 'Wanda Walker');
    assert.ok(wanda?.guest, JSON.stringify(players));

    // Started and one round paired: a latecomer at the door gets a half-point bye for it.
    await api('POST', `/tournaments/${t.id}/start`, { token: tokens.hana });
    const r1 = await api('POST', `/tournaments/${t.id}/rounds`, { token: tokens.hana });
    await page.reload();
    await walkIn.locator('summary').click();
    await fill(form, 'Name', 'Lars Late');
    await form.getByText('A half-point bye (½ point)').click();
    await shoot(page, `walk-in-late-${size}`);
    await form.getByRole('button', { name: 'Add the player' }).click();
    await list.locator('.player-row', { hasText: 'Lars Late' }).waitFor();
    for (const b of r1.boards) await api('PUT', `/tournaments/${t.id}/rounds/1/boards/${b.board}`, { token: tokens.hana, json: { result: '1-0' } });
    const standings = await api('GET', `/tournaments/${t.id}/standings`);
    const lars = standings.rows.find((r) => r.player.full_name === 'Lars Late');
    assert.equal(Number(lars?.values.PTS), 0.5, JSON.stringify(standings.rows));
    await shoot(page, `walk-in-players-${size}`);
  });
}

for (const [size, viewport] of sizes) {
  test(`a correction after the finish, from the app, at ${size} px`, async () => {
    const { api, tokens } = club;
    const t = await api('POST', '/tournaments', { token: tokens.ada, json: { name: `Closed Rapid ${size}`, format: 'swiss', rounds: 1, rated: true, start_date: isoDay(0) } });
    for (const p of ['ana', 'ben', 'cleo', 'hana']) await api('POST', `/tournaments/${t.id}/players`, { token: tokens[p] });
    await api('POST', `/tournaments/${t.id}/start`, { token: tokens.ada });
    const r1 = await api('POST', `/tournaments/${t.id}/rounds`, { token: tokens.ada });
    for (const b of r1.boards) await api('PUT', `/tournaments/${t.id}/rounds/1/boards/${b.board}`, { token: tokens.ada, json: { result: '1-0' } });
    await api('POST', `/tournaments/${t.id}/finish`, { token: tokens.ada });

    // A player sees the final boards, and no way to change them.
    const ana = await newPage(viewport);
    await logIn(ana, 'ana');
    await ana.goto(`/tournaments/${t.id}?tab=pairings`);
    await ana.getByRole('heading', { name: 'Round 1 · complete' }).waitFor();
    assert.equal(await ana.getByRole('button', { name: 'Correct a result' }).count(), 0);
    assert.equal(await ana.getByRole('button', { name: 'Black wins on board 1' }).count(), 0);

    const page = await newPage(viewport);
    await logIn(page, 'ada');
    await page.goto(`/tournaments/${t.id}?tab=pairings`);
    await page.getByRole('button', { name: 'Correct a result' }).click();
    await page.getByRole('note').getByText(/club ratings are computed again/).waitFor();
    await shoot(page, `correct-after-finish-${size}`);
    await page.getByRole('button', { name: 'Black wins on board 1' }).click();
    assert.equal(
      await confirmAlert(page, 'Replace'),
      'Board 1 of round 1 has 1–0. Replace it with 0–1? The tournament has finished: its standings change, and the club ratings are computed again from this tournament on.',
    );
    await page.locator('.board[data-board="1"] .result[data-result="0-1"]').waitFor();
    assert.equal((await api('GET', `/tournaments/${t.id}/rounds/1/boards/1`)).result, '0-1');
    const trail = await api('GET', `/tournaments/${t.id}/audit`, { token: tokens.ada });
    assert.ok(trail.some((e) => e.action === 'result.corrected' && e.actor_username === 'ada'), JSON.stringify(trail.map((e) => e.action)));
    assert.ok(trail.some((e) => e.action === 'ratings.recomputed'), JSON.stringify(trail.map((e) => e.action)));
    await page.getByRole('button', { name: 'Done correcting' }).click();
    assert.equal(await page.getByRole('button', { name: 'Black wins on board 1' }).count(), 0);
  });
}
