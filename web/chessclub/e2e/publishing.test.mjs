// End-to-end test of a tournament night as a room sees it, against the real Go server on a
// temporary SQLite database, in Debian's Chromium: the projector view of the standings and of
// the pairings (the whole window, no menus, public), every column inside a 1 280-px window, the
// table turning through its pages with "Page 1 of 2", and following a result entered meanwhile;
// the crosstable of eleven rounds in the order of the standings with every round in view at
// 1 280 px, and as a line of results per player on a 390-px phone; the standings with every
// tie-break at 1 280 px; the organiser's public link and its QR code; the projector printed
// (every row, no buttons) to a PDF. Pictures and the PDF go to test-artifacts/chessclub/publishing/.
//
//   node --test e2e/publishing.test.mjs     (npm run e2e runs every file of e2e/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir as baseArtifacts, isoDay, launchChromium, logIn, openPage, password, startServer } from './harness.mjs';

const artifactsDir = join(baseArtifacts, 'publishing');
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

let server;
let browser;
const contexts = [];
const pageErrors = [];
let token;
let swiss; // an imported Swiss of twenty guests, eleven rounds played
let live; // a Swiss of four members, round 1 paired, no result yet
const members = { olga: 'Olga Ivanova', ana: 'Ana Petrova', ben: 'Ben Okafor', cleo: 'Cleo Martin', dan: 'Dan Weiss' };
const tokens = {};

const api = (...args) => server.api(...args);

/** newPage opens a page at viewport in a context of its own (harness.mjs, openPage). */
const newPage = (viewport) => openPage(browser, server.baseURL, viewport, { contexts, pageErrors });

async function shoot(page, name) {
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
}

/** importSwiss imports, as Olga, a Swiss of n guests rated from 2300 down, then pairs and plays every round (White wins on odd boards, draws on even ones). */
async function importSwiss(n, rounds) {
  let trf = `012 Guests Open\nXXR ${rounds}\n`;
  for (let i = 1; i <= n; i++) {
    trf += `001 ${String(i).padStart(4)}      ${`Guest ${String(i).padStart(2, '0')}`.padEnd(33)} ${String(2300 - 10 * i).padStart(4)}\n`;
  }
  const res = await fetch(`${server.apiURL}/api/tournaments/import`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/plain; charset=utf-8' }, body: trf });
  assert.equal(res.status, 201, await res.clone().text());
  const t = await res.json();
  for (let r = 1; r <= rounds; r++) {
    const round = await api('POST', `/tournaments/${t.id}/rounds`, { token });
    for (const b of round.boards) {
      if (b.result === null) await api('PUT', `/tournaments/${t.id}/rounds/${r}/boards/${b.board}`, { token, json: { result: b.board % 2 ? '1-0' : '1/2-1/2' } });
    }
  }
  return t.id;
}

/** overflow measures how far an element's content goes past its box sideways (0: it fits). */
function overflow(locator) {
  return locator.evaluate((el) => el.scrollWidth - el.clientWidth);
}

/** inWindow tells whether each element of locator lies wholly inside the window's width and height. */
async function inWindow(page, locator) {
  const size = page.viewportSize();
  const boxes = await locator.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
  return boxes.map((b) => b.width > 0 && b.left >= 0 && b.right <= size.width + 0.5 && b.top >= 0 && b.bottom <= size.height + 0.5);
}

before(async () => {
  rmSync(artifactsDir, { recursive: true, force: true });
  mkdirSync(artifactsDir, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
  for (const [username, fullName] of Object.entries(members)) {
    await api('POST', '/user', { json: { username, password: password(username), full_name: fullName, declared_rating: 1500 } });
    tokens[username] = (await api('POST', '/login', { json: { username, password: password(username) } })).token;
  }
  token = tokens.olga;
  swiss = await importSwiss(20, 11);
  const t = await api('POST', '/tournaments', { token, json: { name: 'Thursday Swiss', start_date: isoDay(0), rounds: 3 } });
  for (const who of ['ana', 'ben', 'cleo', 'dan']) await api('POST', `/tournaments/${t.id}/players`, { token: tokens[who] });
  await api('POST', `/tournaments/${t.id}/start`, { token });
  await api('POST', `/tournaments/${t.id}/rounds`, { token });
  live = t.id;
});

after(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
  assert.deepEqual(pageErrors, []);
});

test('the projector’s standings: every column in a 1 280-px window, no menus, a page at a time', async () => {
  const standings = await api('GET', `/tournaments/${swiss}/standings`);
  const page = await newPage(desktop);
  await page.goto(`/tournaments/${swiss}/projector?show=standings&seconds=2`);
  const table = page.getByRole('region', { name: 'Standings' });
  await table.locator('tbody tr').first().waitFor();
  // The app's frame is not there: no header, side menu or tab bar.
  assert.equal(await page.locator('ion-header, .side-menu, ion-footer').count(), 0);
  await page.getByRole('heading', { level: 1, name: 'Guests Open' }).waitFor();
  await page.getByText('Final standings after round 11').or(page.getByText('Standings after round 11')).waitFor();

  const headings = await table.locator('thead th').allInnerTexts();
  assert.deepEqual(headings, ['#', 'Player', 'Rating', 'Pts', ...standings.tiebreaks.filter((c) => c !== 'PTS')]);
  assert.ok(standings.tiebreaks.includes('SB') && standings.tiebreaks.includes('DE'), `tie-breaks ${standings.tiebreaks}`);
  assert.deepEqual(await inWindow(page, table.locator('thead th')), headings.map(() => true), 'each heading inside the window');
  assert.equal(await overflow(page.locator('main.projector')), 0, 'nothing past the right edge');

  // Twenty players do not fit 800 px in large type: page 1 of 2, then page 2, on the timer.
  const indicator = page.getByTestId('projector-page');
  assert.match(await indicator.innerText(), /^Page 1 of 2$/);
  const visible = () => table.locator('tbody tr:visible th').allInnerTexts();
  const first = await visible();
  assert.ok(first.length >= 5 && first.length < 20, `${first.length} rows on the first page`);
  assert.ok((await inWindow(page, table.locator('tbody tr:visible'))).every(Boolean), 'the first page’s rows are inside the window');
  await shoot(page, '1280-projector-standings-page-1');
  await page.waitForFunction(() => document.querySelector('[data-testid="projector-page"]')?.textContent === 'Page 2 of 2', null, { timeout: 10_000 });
  const second = await visible();
  assert.ok((await inWindow(page, table.locator('tbody tr:visible'))).every(Boolean), 'the second page’s rows are inside the window');
  const seen = [...first, ...second].map((t) => t.replace(/^\d+\s+/, ''));
  assert.deepEqual(seen, standings.rows.map((r) => r.player.full_name), 'the two pages are the standings in order, each row once');
  await shoot(page, '1280-projector-standings-page-2');
  await page.waitForFunction(() => document.querySelector('[data-testid="projector-page"]')?.textContent === 'Page 1 of 2', null, { timeout: 10_000 });
});

test('printed, the projector’s standings are every row without the buttons, and save as a PDF', async () => {
  const standings = await api('GET', `/tournaments/${swiss}/standings`);
  const page = await newPage(desktop);
  await page.goto(`/tournaments/${swiss}/projector?show=standings`);
  const table = page.getByRole('region', { name: 'Standings' });
  await table.locator('tbody tr').first().waitFor();
  await page.getByRole('button', { name: 'Print / Save as PDF' }).waitFor();
  await page.emulateMedia({ media: 'print' });
  const names = (await table.locator('tbody tr:visible th').allInnerTexts()).map((t) => t.replace(/^\d+\s+/, ''));
  assert.deepEqual(names, standings.rows.map((r) => r.player.full_name), 'every row, in order');
  assert.equal(await page.getByRole('button', { name: 'Print / Save as PDF' }).isVisible(), false);
  assert.equal(await page.getByTestId('projector-page').isVisible(), false, 'no page number on paper');
  const pdf = await page.pdf({ format: 'A4' });
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  writeFileSync(join(artifactsDir, 'projector-standings.pdf'), pdf);
  await page.emulateMedia({ media: 'screen' });
});

test('the projector’s pairings follow a result entered meanwhile', async () => {
  const page = await newPage(desktop);
  await page.goto(`/tournaments/${live}/projector?show=pairings`);
  const table = page.getByRole('region', { name: 'Round 1 pairings' });
  await table.locator('tbody tr').first().waitFor();
  assert.deepEqual(await table.locator('thead th').allInnerTexts(), ['Board', 'White', 'Pts', 'Result', 'Pts', 'Black']);
  assert.deepEqual(await inWindow(page, table.locator('thead th')), [true, true, true, true, true, true]);
  assert.equal(await page.getByTestId('projector-page').count(), 0, 'two boards fit: no pages');
  const board1 = table.locator('tbody tr').first();
  assert.equal(await board1.locator('td.result').innerText(), '–');
  await api('PUT', `/tournaments/${live}/rounds/1/boards/1`, { token, json: { result: '1-0' } });
  await page.waitForFunction(() => document.querySelector('.projector-table tbody tr td.result')?.textContent === '1–0', null, { timeout: 10_000 });
  await shoot(page, '1280-projector-pairings');

  // The switch shows the standings in the same window.
  await page.getByRole('link', { name: 'Standings' }).click();
  await page.getByRole('region', { name: 'Standings' }).locator('tbody tr').first().waitFor();
  assert.equal(new URL(page.url()).searchParams.get('show'), 'standings');
});

test('on a phone the projector is cards that fit the width, every tie-break of each player on them', async () => {
  const standings = await api('GET', `/tournaments/${swiss}/standings`);
  const page = await newPage(phone);
  await page.goto(`/tournaments/${swiss}/projector?show=standings`);
  const cards = page.getByRole('list', { name: 'Standings' }).locator('li');
  await cards.first().waitFor();
  assert.equal(await cards.count(), 20, 'every player, no pages');
  assert.equal(await page.getByTestId('projector-page').count(), 0);
  assert.equal(await overflow(page.locator('main.projector')), 0, 'nothing past the right edge');
  const codes = standings.tiebreaks.filter((c) => c !== 'PTS');
  const firstCard = await cards.first().locator('.projector-card-values abbr').allInnerTexts();
  assert.deepEqual(firstCard, codes);
  assert.ok((await inWindow(page, cards.first().locator('.projector-card-values span'))).every(Boolean), 'the first card’s tie-breaks are on screen');
  await shoot(page, '390-projector-standings');

  await page.goto(`/tournaments/${swiss}/projector?show=pairings`);
  const boards = page.getByRole('list', { name: 'Round 11 pairings' }).locator('li');
  await boards.first().waitFor();
  assert.equal(await boards.count(), 10);
  assert.equal(await overflow(page.locator('main.projector')), 0);
  await shoot(page, '390-projector-pairings');
});

test('at 1 280 px the crosstable of eleven rounds shows every round, in the order of the standings', async () => {
  const standings = await api('GET', `/tournaments/${swiss}/standings`);
  const page = await newPage(desktop);
  await page.goto(`/tournaments/${swiss}?tab=crosstable`);
  const box = page.getByRole('region', { name: 'Crosstable' });
  await box.locator('tbody tr').first().waitFor();
  const heads = box.locator('thead th');
  assert.deepEqual((await heads.allInnerTexts()).slice(1), [...Array.from({ length: 11 }, (_, i) => `R${i + 1}`), 'Pts']);
  assert.deepEqual(await inWindow(page, heads), Array.from({ length: 13 }, () => true), 'each heading inside the window');
  assert.equal(await overflow(box), 0, 'the table does not scroll');
  assert.equal(await page.getByTestId('scroll-hint').count(), 0);
  const names = await box.locator('tbody th a').allInnerTexts();
  assert.deepEqual(names, standings.rows.map((r) => r.player.full_name), 'rows in the order of the standings');
  assert.equal((await box.locator('tbody tr').first().locator('.place').innerText()).trim(), '1');
  await shoot(page, '1280-crosstable-11-rounds');
});

test('at 1 280 px the standings show every tie-break without scrolling', async () => {
  const standings = await api('GET', `/tournaments/${swiss}/standings`);
  const page = await newPage(desktop);
  await page.goto(`/tournaments/${swiss}?tab=standings`);
  const box = page.getByRole('region', { name: 'Standings' });
  await box.locator('tbody tr').first().waitFor();
  const heads = box.locator('thead th');
  assert.deepEqual((await heads.allInnerTexts()).slice(2), ['Pts', ...standings.tiebreaks.filter((c) => c !== 'PTS')]);
  assert.deepEqual(await inWindow(page, heads), (await heads.allInnerTexts()).map(() => true), 'each heading inside the window');
  assert.equal(await overflow(box), 0, 'the table does not scroll');
  assert.equal(await page.getByTestId('scroll-hint').count(), 0);
  await shoot(page, '1280-standings-every-tiebreak');
});

test('on a phone the crosstable is a line of results per player that wraps inside the screen', async () => {
  const cross = await api('GET', `/tournaments/${swiss}/crosstable`);
  const standings = await api('GET', `/tournaments/${swiss}/standings`);
  const page = await newPage(phone);
  await page.goto(`/tournaments/${swiss}?tab=crosstable`);
  const lines = page.getByRole('list', { name: 'Crosstable' }).locator('li');
  await lines.first().waitFor();
  assert.equal(await lines.count(), 20);
  const leader = standings.rows[0].player;
  const row = cross.players.find((p) => p.player.member_id === leader.member_id);
  const games = await lines.first().locator('.cross-game').allInnerTexts();
  assert.equal(games.length, 11);
  // Each round as arbiters write it: the opponent's pairing number, the colour, the result.
  for (const [i, cell] of row.rounds.entries()) {
    const result = cell.result === '=' ? '½' : cell.result;
    const want = cell.opponent === null ? /^R\d+ (bye|absent)/ : new RegExp(`^R${i + 1} ${cell.opponent}${cell.colour === 'black' ? 'b' : 'w'}${result.replace('+', '\\+')}$`);
    assert.match(games[i], want);
  }
  assert.match(await lines.first().innerText(), new RegExp(leader.full_name));
  assert.ok((await inWindow(page, lines.first().locator('.cross-game'))).every(Boolean), 'every round of the first line is on screen');
  await shoot(page, '390-crosstable-lines');
});

test('the organiser finds the public link, the projector link and a QR code; a visitor opens them without logging in', async () => {
  const page = await newPage(desktop);
  await logIn(page, 'olga');
  await page.goto(`/tournaments/${live}`);
  await page.getByText('Public link and QR code').click();
  const link = page.getByTestId('public-link');
  await link.waitFor();
  const origin = new URL(server.baseURL).origin;
  assert.equal(await link.innerText(), `${origin}/tournaments/${live}`);
  assert.equal(await page.getByTestId('projector-link').innerText(), `${origin}/tournaments/${live}/projector`);
  const qr = page.getByRole('img', { name: `QR code of ${origin}/tournaments/${live}` });
  const box = await qr.boundingBox();
  assert.ok(box && box.width >= 150 && Math.abs(box.width - box.height) < 1, `a square code: ${JSON.stringify(box)}`);
  assert.ok((await qr.locator('path').getAttribute('d')).length > 1000, 'the code has its modules');
  await shoot(page, '1280-public-link');

  const visitor = await newPage(phone);
  await visitor.goto(`/tournaments/${live}`);
  await visitor.getByRole('tab', { name: 'Pairings' }).waitFor();
  assert.equal(await visitor.getByText('Public link and QR code').count(), 0, 'a visitor is not shown the organiser’s panel');
  await visitor.goto(`/tournaments/${live}/projector`);
  await visitor.getByRole('list', { name: 'Standings' }).or(visitor.getByText('No standings yet.')).first().waitFor();
  assert.equal(new URL(visitor.url()).pathname, `/tournaments/${live}/projector`, 'no login asked');
});
