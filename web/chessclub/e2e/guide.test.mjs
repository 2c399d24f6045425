// The arbiters' guide's pictures (docs/ARBITERS.md): a club night run through the real app,
// against the real Go server on a temporary SQLite database, in Debian's Chromium, on a 390 px
// phone and a 1 280 px desktop. The organiser registers, creates a three-round Swiss, enters six
// members, starts it, pairs each round, enters every result with one tap, shows the standings
// and the crosstable and finishes it; then a round robin's and a knockout's pairings, and the
// list of tournaments. What each picture shows is checked before it is taken; it is written to
// docs/images/guide-*.png (the window, without toasts; a tall one for the whole form, the top
// only for the greeting), each under 150 kB, unless the picture there already shows the same.
//
// The browser's clock is set to a Thursday evening in March 2027 and the tournaments are dated
// from that day, so that every run shows the same dates whatever day it runs on (the server's
// clock is real: nothing it answers here depends on the day, and the pictures leave out the
// one date it sets, when the organiser joined). A new run may still differ from the committed
// pictures by a few anti-aliased pixels, which picture() ignores.
//
//   node --test e2e/guide.test.mjs     (npm run e2e runs every file of e2e/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { confirmAlert, isoDay, launchChromium, repoDir, startServer } from './harness.mjs';

const imagesDir = join(repoDir, 'docs', 'images');
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
/** The evening of the club night, in the browser's (the machine's) time zone. */
const clubNight = new Date(2027, 2, 4, 19, 30);
const maxImageBytes = 150_000;

const organiser = { username: 'olga', password: 'olga-secret-pass', fullName: 'Olga Ivanova' };
// The players, each with the rating they declared when registering.
const players = [
  { username: 'cleo', fullName: 'Cleo Martin', rating: 1840 },
  { username: 'eva', fullName: 'Eva Lindqvist', rating: 1765 },
  { username: 'ana', fullName: 'Ana Petrova', rating: 1710 },
  { username: 'ben', fullName: 'Ben Okafor', rating: 1650 },
  { username: 'dan', fullName: 'Dan Weiss', rating: 1580 },
  { username: 'finn', fullName: 'Finn Gallagher', rating: 1495 },
];

let server;
let browser;
let context;
let page;
const pageErrors = [];
const cspViolations = [];
const tokens = {};
const ids = {};
let swissId;
const taken = [];

/** day is the club night's date moved by offset days, as YYYY-MM-DD. */
const day = (offset = 0) => isoDay(offset, clubNight);

/** api calls the server's API (harness.mjs, startServer). */
const api = (...args) => server.api(...args);

/**
 * picture writes the window (or the part clip names) as docs/images/NAME.png, without toasts or
 * animations. A picture that differs from the one already there by a few anti-aliased pixels
 * only is not written, so that a run leaves the committed pictures as they are unless a screen
 * has changed.
 */
async function picture(name, clip) {
  // Nothing hovered or focused, so that the same screen makes the same picture on every run.
  await page.mouse.move(0, 0);
  await page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    el?.blur?.();
  });
  await page.waitForTimeout(300); // let Ionic's transitions settle
  const path = join(imagesDir, `${name}.png`);
  const png = await page.screenshot({ clip, animations: 'disabled', caret: 'hide', style: 'ion-toast { display: none !important; }' });
  assert.ok(png.length < maxImageBytes, `${name}.png is ${png.length} B, over ${maxImageBytes} B`);
  taken.push(name);
  if (existsSync(path) && (await pixelsApart(readFileSync(path), png)) <= sameScreenPixels) return;
  writeFileSync(path, png);
}

// Two pictures of the same screen differ in at most a few pixels at the curves of rounded
// corners; changed text or layout differs in hundreds.
const sameScreenPixels = 64;

/**
 * pixelsApart counts the pixels in which two PNG pictures differ (all of them when their sizes
 * differ), decoding them in a blank page of the browser.
 */
async function pixelsApart(a, b) {
  const blank = await browser.newPage();
  try {
    return await blank.evaluate(async (urls) => {
      const images = await Promise.all(
        urls.map(
          (src) =>
            new Promise((resolve, reject) => {
              const img = new Image();
              img.onload = () => resolve(img);
              img.onerror = reject;
              img.src = src;
            }),
        ),
      );
      const [w, h] = [images[1].width, images[1].height];
      if (images[0].width !== w || images[0].height !== h) return w * h;
      const [pa, pb] = images.map((img) => {
        const canvas = new OffscreenCanvas(w, h);
        const ctx = canvas.getContext('2d');
        ctx.drawImage(img, 0, 0);
        return ctx.getImageData(0, 0, w, h).data;
      });
      let n = 0;
      for (let i = 0; i < pa.length; i += 4) {
        if (pa[i] !== pb[i] || pa[i + 1] !== pb[i + 1] || pa[i + 2] !== pb[i + 2] || pa[i + 3] !== pb[i + 3]) n += 1;
      }
      return n;
    }, [a, b].map((buf) => `data:image/png;base64,${buf.toString('base64')}`));
  } finally {
    await blank.close();
  }
}

/** assertInWindow fails unless the element is wholly inside the window, in the picture. */
async function assertInWindow(locator, what) {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  assert.ok(box && box.y >= 0 && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width, `${what} is drawn at ${JSON.stringify(box)}, outside ${size.width}×${size.height}`);
}

/** points writes a score as the app does: 1½, ½, 2. */
function points(n) {
  const whole = Math.floor(n);
  if (n === whole) return String(whole);
  return whole === 0 ? '½' : `${whole}½`;
}

// The results the organiser enters, by board: the first board's White wins, the second is a
// draw, the third board's Black wins.
const resultByBoard = { 1: { button: 'White wins', white: 1, black: 0 }, 2: { button: 'Draw', white: 0.5, black: 0.5 }, 3: { button: 'Black wins', white: 0, black: 1 } };
const scored = new Map(); // full name → points
const games = new Map(); // full name → crosstable cells by round, as the test expects them

function record(round, board, start) {
  const r = resultByBoard[board.board];
  const code = (p) => (p === 1 ? '1' : p === 0 ? '0' : '½');
  for (const [me, them, colour, got] of [
    [board.white, board.black, 'w', r.white],
    [board.black, board.white, 'b', r.black],
  ]) {
    scored.set(me.full_name, (scored.get(me.full_name) ?? 0) + got);
    const cells = games.get(me.full_name) ?? [];
    cells[round - 1] = `${start[them.member_id]}${colour}${code(got)}`;
    games.set(me.full_name, cells);
  }
}

/** playRound taps each board's result on the Pairings tab, checking each as it lands. */
async function playRound(number) {
  const round = (await api('GET', `/tournaments/${swissId}/rounds`)).find((r) => r.number === number);
  assert.equal(round.boards.length, 3, `round ${number} has three boards`);
  const start = Object.fromEntries((await api('GET', `/tournaments/${swissId}/players`)).map((p) => [p.member_id, p.start_rank]));
  const labels = { 1: '1–0', 2: '½–½', 3: '0–1' };
  for (const b of round.boards) {
    await page.getByRole('button', { name: `${resultByBoard[b.board].button} on board ${b.board}` }).click();
    await page.locator(`.board[data-board="${b.board}"] .result`, { hasText: labels[b.board] }).waitFor();
    record(number, b, start);
    if (number === 1 && b.board === 2) {
      // Two results in, the third board still waiting for its tap.
      await page.getByRole('button', { name: 'White wins on board 3' }).waitFor();
      assert.equal(await page.locator('.board[data-board="3"] .result').getAttribute('data-result'), '', 'board 3 has no result yet');
      await picture('guide-result');
    }
  }
  await page.getByRole('heading', { level: 3, name: `Round ${number} · complete` }).waitFor();
}

before(async () => {
  mkdirSync(imagesDir, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
  for (const p of players) {
    const m = await api('POST', '/user', { json: { username: p.username, password: `${p.username}-secret-pass`, full_name: p.fullName, declared_rating: p.rating } });
    ids[p.username] = m.id;
    tokens[p.username] = (await api('POST', '/login', { json: { username: p.username, password: `${p.username}-secret-pass` } })).token;
  }
  context = await browser.newContext({ viewport: phone, baseURL: server.baseURL, deviceScaleFactor: 1, locale: 'en-GB' });
  await context.clock.setFixedTime(clubNight);
  await context.exposeBinding('__reportCSP', ({ page: p }, v) => cspViolations.push({ url: p.url(), ...v }));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => window.__reportCSP({ directive: e.violatedDirective, blocked: e.blockedURI }));
  });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (err) => pageErrors.push(err));
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

test('the organiser registers and is greeted, logged in', async () => {
  await page.goto('/register');
  await page.getByLabel('Username').fill(organiser.username);
  await page.getByLabel('Password').fill(organiser.password);
  await page.getByLabel('Full name').fill(organiser.fullName);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL((url) => /^\/members\/\d+$/.test(url.pathname));
  const welcome = page.getByRole('status', { name: 'Welcome' });
  await welcome.waitFor();
  assert.match(await welcome.innerText(), /Welcome to the club, Olga Ivanova! Your account is ready and you are logged in\./);
  await page.getByRole('heading', { level: 1, name: organiser.fullName }).waitFor();
  // The header and the greeting (the profile below it says when the member joined, by the
  // server's clock).
  const box = await welcome.boundingBox();
  await picture('guide-register', { x: 0, y: 0, width: phone.width, height: Math.ceil(box.y + box.height + 16) });
  tokens.olga = (await api('POST', '/login', { json: { username: organiser.username, password: organiser.password } })).token;
  // The club's admin makes her an arbiter, who may direct rated events and enter members.
  server.appoint('arbiter', organiser.username);
});

test('the organiser creates a three-round Swiss for tonight', async () => {
  // A tall phone, so that the picture holds the whole form.
  await page.setViewportSize({ width: phone.width, height: 1400 });
  await page.goto('/tournaments/new');
  await page.getByLabel('Name').fill('Thursday Swiss');
  await page.getByLabel('Start date').fill(day());
  await page.getByLabel('End date').fill(day());
  await page.getByLabel('Location').fill('Student Union, Room 2.14');
  await page.getByRole('radio', { name: 'Swiss' }).click();
  await page.getByLabel('Rounds').fill('3');
  await page.getByLabel('Time control').fill('15+10');
  await page.getByRole('switch', { name: 'Rated (counts for club ratings)' }).click();
  await page.getByLabel('Description').fill('Three rounds of rapid, paired by the FIDE Dutch system.');
  // The browser's date picker, with the day spelled out under it.
  await page.getByText(/^Thursday,? 4 March 2027$/).first().waitFor();
  await page.locator('.ion-page:not(.ion-page-hidden) ion-content').evaluate((el) => el.scrollToTop(0));
  await assertInWindow(page.getByLabel('Name'), 'the name');
  await assertInWindow(page.getByRole('button', { name: 'Create tournament' }), 'the button');
  await picture('guide-create');
  await page.setViewportSize(phone);
  await page.getByRole('button', { name: 'Create tournament' }).click();
  await page.waitForURL((url) => /^\/tournaments\/\d+$/.test(url.pathname));
  await page.goto('/tournaments');
  const item = page.getByRole('list', { name: 'Upcoming' }).locator('ion-item.tournament', { hasText: 'Thursday Swiss' });
  await item.waitFor();
  assert.match(await item.innerText(), /Swiss · 3 rounds · 15\+10/);
  assert.match(await item.innerText(), /4 Mar 2027/);
  await item.click();
  await page.waitForURL((url) => /^\/tournaments\/\d+$/.test(url.pathname));
  swissId = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('heading', { level: 1, name: 'Thursday Swiss' }).waitFor();
});

test('players enter: three by themselves, three added by the organiser', async () => {
  for (const p of players.slice(0, 3)) await api('POST', `/tournaments/${swissId}/players`, { token: tokens[p.username] });
  for (const p of players.slice(0, 3)) await page.locator('.player-row', { hasText: p.fullName }).waitFor(); // live, no reload
  for (const p of players.slice(3)) {
    await page.getByLabel('Add a member').selectOption({ label: `${p.fullName} · ${p.rating} (declared)` });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.locator('.player-row', { hasText: p.fullName }).waitFor();
  }
  const rows = await page.locator('.player-row').allInnerTexts();
  assert.equal(rows.length, 6);
  for (const p of players) assert.ok(rows.some((r) => r.includes(p.fullName) && r.includes(String(p.rating))), `${p.fullName} (${p.rating}) is listed`);
  await page.getByRole('button', { name: 'Start' }).waitFor();
  await picture('guide-players');
});

test('the organiser starts the tournament and pairs round 1', async () => {
  await page.getByRole('button', { name: 'Start' }).click();
  await confirmAlert(page, 'Start');
  await page.getByRole('button', { name: 'Pair round 1' }).click();
  await page.getByRole('heading', { level: 3, name: 'Round 1' }).waitFor();
  const round = (await api('GET', `/tournaments/${swissId}/rounds`))[0];
  assert.equal(round.boards.length, 3);
  for (const b of round.boards) {
    const line = await page.locator(`.board[data-board="${b.board}"] .board-line`).innerText();
    assert.match(line, new RegExp(`${b.white.full_name}[\\s\\S]*${b.black.full_name}`), `board ${b.board}: ${line}`);
  }
  // The Dutch system pairs the top half against the bottom half: 1–4, 5–2, 3–6 by rating.
  assert.deepEqual(
    round.boards.map((b) => [b.white.full_name, b.black.full_name].sort()),
    [
      ['Ben Okafor', 'Cleo Martin'],
      ['Dan Weiss', 'Eva Lindqvist'],
      ['Ana Petrova', 'Finn Gallagher'],
    ],
  );
  assert.equal(await page.getByText('Round 1 of 3').count(), 1);
  await picture('guide-pairings');
});

test('the organiser enters each result with one tap, and the next rounds likewise', async () => {
  await playRound(1);
  for (const n of [2, 3]) {
    await page.getByRole('button', { name: `Pair round ${n}` }).click();
    await page.getByRole('heading', { level: 3, name: `Round ${n}` }).waitFor();
    await playRound(n);
  }
  await page.getByRole('button', { name: 'Finish' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Pair round 4' }).count(), 0, 'three rounds, no fourth');
});

test('the standings after the last round', async () => {
  await page.getByRole('tab', { name: 'Standings' }).click();
  await page.getByText('After round 3.').waitFor();
  const rows = await page.locator('table.standings tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({ name: tr.querySelector('th a').innerText, points: tr.querySelectorAll('td')[1].innerText })),
  );
  assert.equal(rows.length, 6);
  assert.deepEqual(
    Object.fromEntries(rows.map((r) => [r.name, r.points])),
    Object.fromEntries([...scored].map(([name, p]) => [name, points(p)])),
    'each player’s points are the results entered',
  );
  const order = rows.map((r) => scored.get(r.name));
  assert.deepEqual(order, [...order].sort((a, b) => b - a), 'best first');
  await picture('guide-standings');
});

test('the crosstable on a desktop', async () => {
  await page.setViewportSize(desktop);
  try {
    await page.getByRole('tab', { name: 'Crosstable' }).click();
    const table = page.locator('table.crosstable');
    await table.waitFor();
    const rows = await table.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({ name: tr.querySelector('th a').innerText, cells: [...tr.querySelectorAll('td')].map((td) => td.innerText) })),
    );
    assert.equal(rows.length, 6);
    for (const r of rows) {
      // Each round's game as the test entered it (opponent's number, colour, result), then the points.
      assert.deepEqual(r.cells, [...games.get(r.name), points(scored.get(r.name))], r.name);
    }
    await picture('guide-crosstable');
  } finally {
    await page.setViewportSize(phone);
  }
});

test('the organiser finishes the tournament: the final standings on a desktop, every tie-break', async () => {
  await page.getByRole('button', { name: 'Finish' }).click();
  await confirmAlert(page, 'Finish');
  await page.getByText('Finished', { exact: true }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Finish' }).count(), 0);
  await page.setViewportSize(desktop);
  try {
    await page.getByRole('tab', { name: 'Standings' }).click();
    const table = page.locator('table.standings');
    await table.waitFor();
    const leader = [...scored].sort((a, b) => b[1] - a[1])[0][0];
    assert.match(await table.locator('tbody tr').first().innerText(), new RegExp(`^1\\s+${leader}`));
    const standings = await api('GET', `/tournaments/${swissId}/standings`);
    const headings = await table.locator('thead th').allInnerTexts();
    assert.deepEqual(headings.slice(2), ['Pts', ...standings.tiebreaks.filter((c) => c !== 'PTS')]);
    await assertInWindow(table, 'the standings, every column');
    await picture('guide-finish');
  } finally {
    await page.setViewportSize(phone);
  }
});

test('a round robin’s pairings: four players, three rounds', async () => {
  // From tonight, one round a week.
  const rr = await api('POST', '/tournaments', { token: tokens.olga, json: { name: 'Spring Round Robin', start_date: day(), end_date: day(14), format: 'round_robin', location: 'Library café', time_control: '60+30' } });
  for (const p of players.slice(0, 4)) await api('POST', `/tournaments/${rr.id}/players`, { token: tokens[p.username] });
  await api('POST', `/tournaments/${rr.id}/start`, { token: tokens.olga });
  await api('POST', `/tournaments/${rr.id}/rounds`, { token: tokens.olga });
  await page.goto(`/tournaments/${rr.id}?tab=pairings`);
  await page.getByRole('heading', { level: 1, name: 'Spring Round Robin' }).waitFor();
  await page.getByRole('heading', { level: 3, name: 'Round 1' }).waitFor();
  assert.equal(await page.getByText('Round 1 of 3').count(), 1, 'four players, three rounds');
  assert.equal(await page.locator('.board').count(), 2);
  await picture('guide-round-robin');
});

test('a knockout’s pairings: a drawn game is settled by a decider', async () => {
  const ko = await api('POST', '/tournaments', { token: tokens.olga, json: { name: 'Cup Night', start_date: day(), format: 'knockout', location: 'Student Union, Room 2.14', time_control: '10+5' } });
  for (const p of players.slice(0, 4)) await api('POST', `/tournaments/${ko.id}/players`, { token: tokens[p.username] });
  await api('POST', `/tournaments/${ko.id}/start`, { token: tokens.olga });
  await api('POST', `/tournaments/${ko.id}/rounds`, { token: tokens.olga });
  await page.goto(`/tournaments/${ko.id}?tab=pairings`);
  await page.getByRole('heading', { level: 1, name: 'Cup Night' }).waitFor();
  await page.getByRole('heading', { level: 3, name: 'Round 1' }).waitFor();
  assert.equal(await page.locator('.board').count(), 2);
  const buttons = await page.getByRole('group', { name: 'Result on board 1' }).getByRole('button').allInnerTexts();
  assert.deepEqual(buttons, ['1–0', '1–0 decider', '0–1 decider', '0–1']);
  await picture('guide-knockout');
});

test('the list: running, upcoming and past', async () => {
  await api('POST', '/tournaments', { token: tokens.olga, json: { name: 'Spring Open', start_date: day(30), end_date: day(31), rounds: 5, time_control: '90+30', location: 'Student Union, Room 2.14' } });
  await page.goto('/tournaments');
  const group = (name) => page.getByRole('list', { name }).locator('ion-item.tournament');
  await group('Past').first().waitFor();
  assert.deepEqual((await group('Running').allInnerTexts()).map((t) => t.split('\n')[0]), ['Spring Round Robin', 'Cup Night']);
  assert.deepEqual((await group('Upcoming').allInnerTexts()).map((t) => t.split('\n')[0]), ['Spring Open']);
  assert.deepEqual((await group('Past').allInnerTexts()).map((t) => t.split('\n')[0]), ['Thursday Swiss']);
  await picture('guide-list');
});

test('every picture was taken', () => {
  assert.deepEqual(taken.sort(), [
    'guide-create',
    'guide-crosstable',
    'guide-finish',
    'guide-knockout',
    'guide-list',
    'guide-pairings',
    'guide-players',
    'guide-register',
    'guide-result',
    'guide-round-robin',
    'guide-standings',
  ]);
});

test('no Content-Security-Policy violations and no uncaught page errors', () => {
  assert.deepEqual(cspViolations, []);
  assert.deepEqual(
    pageErrors.map((e) => e.message),
    [],
  );
});
