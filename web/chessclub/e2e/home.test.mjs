// End-to-end test of the club's home and the members' faces, against the real Go server on a
// temporary SQLite database, in Debian's Chromium: the home tells a visitor which round is being
// played (with a link to its boards), when the next tournament starts counted from today, and
// which tournament finished last; a tournament's list of players shows a member's photo where
// the club has one and initials otherwise; a destructive action on the home is a plain link.
// Each view is photographed at 390 and 1 280 px into test-artifacts/chessclub/home/.
//
//   node --test e2e/home.test.mjs     (npm run e2e runs every file of e2e/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir as baseArtifacts, isoDay, launchChromium, openPage, startServer } from './harness.mjs';

const artifactsDir = join(baseArtifacts, 'home');
const sizes = [
  ['390', { width: 390, height: 844 }],
  ['1280', { width: 1280, height: 800 }],
];
const people = {
  olga: { username: 'olga', password: 'olga-secret-pass', fullName: 'Olga Ivanova' },
  ana: { username: 'ana', password: 'ana-secret-pass', fullName: 'Ana Petrova' },
  ben: { username: 'ben', password: 'ben-secret-pass', fullName: 'Ben Okafor' },
  cleo: { username: 'cleo', password: 'cleo-secret-pass', fullName: 'Cleo Martin' },
  dan: { username: 'dan', password: 'dan-secret-pass', fullName: 'Dan Weiss' },
};

let server;
let browser;
const contexts = [];
const pageErrors = [];
const tokens = {};
const ids = {};
let figure;

const api = (...args) => server.api(...args);

/** newPage opens a page at viewport in a context of its own (harness.mjs, openPage). */
const newPage = (viewport) => openPage(browser, server.baseURL, viewport, { contexts, pageErrors });

async function logIn(page, who) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

async function shoot(page, name) {
  await page.waitForTimeout(300); // let transitions settle
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
}

/** swiss creates a Swiss as Olga with the members named entered, and starts it. */
async function swiss(fields, who) {
  const t = await api('POST', '/tournaments', { token: tokens.olga, json: { format: 'swiss', start_date: isoDay(0), end_date: isoDay(0), ...fields } });
  for (const w of who) await api('POST', `/tournaments/${t.id}/players`, { token: tokens[w] });
  await api('POST', `/tournaments/${t.id}/start`, { token: tokens.olga });
  return t.id;
}

/** uploadPhoto stores a small PNG drawn by the browser as the photo of the member whose token is given. */
async function uploadPhoto(token) {
  const page = await newPage({ width: 400, height: 400 });
  const dataUrl = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = c.height = 256;
    const g = c.getContext('2d');
    g.fillStyle = '#2f6f4f';
    g.fillRect(0, 0, 256, 256);
    g.fillStyle = '#f2d6b3';
    g.beginPath();
    g.arc(128, 110, 60, 0, Math.PI * 2);
    g.fill();
    return c.toDataURL('image/png');
  });
  const body = Buffer.from(dataUrl.split(',')[1], 'base64');
  const res = await fetch(`${server.apiURL}/api/figures`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'image/png' }, body });
  assert.equal(res.status, 201, await res.clone().text());
  return res.json();
}

before(async () => {
  rmSync(artifactsDir, { recursive: true, force: true });
  mkdirSync(artifactsDir, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
  for (const [key, who] of Object.entries(people)) {
    ids[key] = (await api('POST', '/user', { json: { username: who.username, password: who.password, full_name: who.fullName } })).id;
    tokens[key] = (await api('POST', '/login', { json: { username: who.username, password: who.password } })).token;
  }
  figure = await uploadPhoto(tokens.ana);

  // Finished: a one-round Swiss, played and closed.
  const done = await swiss({ name: 'Autumn Blitz', rounds: 1 }, ['ana', 'ben', 'cleo', 'dan']);
  const r1 = await api('POST', `/tournaments/${done}/rounds`, { token: tokens.olga });
  for (const b of r1.boards) if (b.result === null) await api('PUT', `/tournaments/${done}/rounds/1/boards/${b.board}`, { token: tokens.olga, json: { result: '1-0' } });
  await api('POST', `/tournaments/${done}/finish`, { token: tokens.olga });

  // Running: round 1 of 4 paired, one of its two games played.
  const running = await swiss({ name: 'Winter Swiss', rounds: 4, end_date: isoDay(2) }, ['ana', 'ben', 'cleo', 'dan']);
  const round = await api('POST', `/tournaments/${running}/rounds`, { token: tokens.olga });
  await api('PUT', `/tournaments/${running}/rounds/1/boards/${round.boards[0].board}`, { token: tokens.olga, json: { result: '1/2-1/2' } });

  // Upcoming: in three days.
  await api('POST', '/tournaments', { token: tokens.olga, json: { name: 'Spring Open', format: 'swiss', rounds: 5, start_date: isoDay(3), end_date: isoDay(4) } });
});

after(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
  assert.deepEqual(pageErrors, []);
});

for (const [size, viewport] of sizes) {
  test(`the home at ${size} px: the round being played, the next start, the latest finish`, async () => {
    const page = await newPage(viewport);
    await page.goto('/tournaments');
    const home = page.getByRole('list', { name: 'At the club' });
    await home.waitFor();

    const now = home.locator('.home-now[data-tournament="Winter Swiss"]');
    assert.match(await now.innerText(), /Playing now\s+Winter Swiss\s+Round 1 of 4: 1 of 2 games played · 4 players · Live\sboards/);
    const next = home.locator('.home-next[data-tournament="Spring Open"]');
    assert.match(await next.innerText(), /Next\s+Spring Open\s+Starts in 3 days/);
    const last = home.locator('.home-last[data-tournament="Autumn Blitz"]');
    assert.match(await last.innerText(), /Latest result\s+Autumn Blitz\s+Ended today after 1 round · Final\sstandings/);
    await shoot(page, `home-${size}`);

    // The link to the live boards opens the running round's pairings.
    await now.getByRole('link', { name: 'Live boards of Winter Swiss' }).click();
    await page.waitForURL((url) => url.pathname !== '/tournaments');
    assert.equal(new URL(page.url()).searchParams.get('tab'), 'pairings');
    await page.getByRole('tab', { name: 'Pairings', selected: true }).waitFor();

    await page.goto('/tournaments');
    await home.locator('.home-last').getByRole('link', { name: 'Final standings of Autumn Blitz' }).click();
    await page.getByRole('tab', { name: 'Standings', selected: true }).waitFor();
  });

  test(`at ${size} px a member's photo beside their name among the players, initials for the others`, async () => {
    const page = await newPage(viewport);
    await logIn(page, people.olga);
    await page.goto('/tournaments');
    // Deleting is a way off the home, not its loudest button: no danger colour on the link.
    const del = page.getByRole('link', { name: 'Delete a tournament' }).or(page.getByRole('button', { name: 'Delete a tournament' }));
    assert.equal(await del.first().getAttribute('color'), null);

    const home = page.getByRole('list', { name: 'At the club' });
    await home.getByRole('link', { name: 'Winter Swiss', exact: true }).click();
    await page.getByRole('tab', { name: 'Players' }).click();
    const players = page.getByRole('list', { name: 'Players' });
    const photo = players.locator(`[data-member="${ids.ana}"]`).getByRole('img', { name: 'Photo of Ana Petrova' });
    await photo.waitFor();
    await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await photo.elementHandle());
    // The thumbnail, a square of at most 128 pixels, not the photo.
    assert.equal(new URL(await photo.getAttribute('src'), server.baseURL).pathname, new URL(figure.thumbnail_url, server.baseURL).pathname);
    const natural = await photo.evaluate((el) => [el.naturalWidth, el.naturalHeight]);
    assert.ok(natural[0] === natural[1] && natural[0] <= 128, `thumbnail is ${natural[0]}×${natural[1]}`);
    assert.equal(await players.locator(`[data-member="${ids.ben}"] .initials`).innerText(), 'BO');
    assert.equal(await players.locator(`[data-member="${ids.ben}"] img`).count(), 0);
    await shoot(page, `players-${size}`);
  });
}
