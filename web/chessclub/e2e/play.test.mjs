// End-to-end test of running a tournament in the app, against the real Go server on a temporary
// SQLite database, in Debian's Chromium: a member enters, the organiser starts the tournament
// and pairs round 1 on a phone, the member sees their board and gets the notification, the
// organiser enters the results with one tap per board, a second browser (a spectator on a
// desktop) sees the standings change without a reload, the tournament finishes and the member's
// rating chart shows. Each tournament screen is photographed at 390 and 1 280 px, and the
// standings printed to an A4 PDF, into test-artifacts/chessclub/tournament/.
//
//   node --test e2e/play.test.mjs     (npm run e2e runs every file of e2e/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir as baseArtifacts, confirmAlert, isoDay, launchChromium, startServer } from './harness.mjs';

const artifactsDir = join(baseArtifacts, 'tournament');
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const people = {
  olga: { username: 'olga', password: 'olga-secret-pass', fullName: 'Olga Ivanova', rating: 1900 },
  ana: { username: 'ana', password: 'ana-secret-pass', fullName: 'Ana Petrova', rating: 1700 },
  ben: { username: 'ben', password: 'ben-secret-pass', fullName: 'Ben Okafor', rating: 1650 },
  cleo: { username: 'cleo', password: 'cleo-secret-pass', fullName: 'Cleo Martin', rating: 1800 },
  dan: { username: 'dan', password: 'dan-secret-pass', fullName: 'Dan Weiss', rating: 1600 },
};

let server;
let browser;
const contexts = [];
const pageErrors = [];
const cspViolations = [];
const ids = {};
const tokens = {};
let tournamentId;

// recordNotifications, run in each page, records every notification the app raises (headless
// Chromium shows none).
function recordNotifications() {
  const Real = window.Notification;
  const seen = [];
  Object.defineProperty(window, '__notifications', { value: seen });
  window.Notification = class Recording extends Real {
    constructor(title, options) {
      seen.push({ title, body: options?.body ?? '' });
      super(title, options);
    }
  };
}

/** api calls the server's API (harness.mjs, startServer). */
const api = (...args) => server.api(...args);

// newPage opens a browser context of its own (its own storage: another person, or another
// device) at the given size, under the same watch for page errors and policy violations.
async function newPage(viewport, { notifications = true } = {}) {
  const context = await browser.newContext({ viewport, baseURL: server.baseURL, deviceScaleFactor: 1, locale: 'en-GB' });
  contexts.push(context);
  if (notifications) await context.grantPermissions(['notifications'], { origin: server.baseURL });
  await context.addInitScript(recordNotifications);
  await context.exposeBinding('__reportCSP', ({ page: p }, v) => cspViolations.push({ url: p.url(), ...v }));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => window.__reportCSP({ directive: e.violatedDirective, blocked: e.blockedURI }));
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (err) => pageErrors.push(err));
  return page;
}

async function logIn(page, who) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

async function shoot(page, name) {
  await page.waitForTimeout(300); // let toasts and transitions settle
  await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
}

// overflow lists what sticks out of the window sideways (a table scrolls inside its own box).
function overflow(page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const found = [];
    for (const el of document.querySelectorAll('.ion-page:not(.ion-page-hidden) ion-content *')) {
      if (el.closest('.table-scroll, .round-picker, .tabs')) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && (r.right > width + 0.5 || r.left < -0.5)) found.push(`${el.tagName.toLowerCase()}.${el.className} ${Math.round(r.left)}–${Math.round(r.right)}`);
    }
    return found;
  });
}

before(async () => {
  rmSync(artifactsDir, { recursive: true, force: true });
  mkdirSync(artifactsDir, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
  for (const [key, who] of Object.entries(people)) {
    const m = await api('POST', '/user', { json: { username: who.username, password: who.password, full_name: who.fullName, declared_rating: who.rating } });
    ids[key] = m.id;
    tokens[key] = (await api('POST', '/login', { json: { username: who.username, password: who.password } })).token;
  }
  // Olga directs the club's rated events: the admin has made her an arbiter.
  server.appoint('arbiter', 'olga');
  const t = await api('POST', '/tournaments', {
    token: tokens.olga,
    // Two days from now: upcoming on the list whenever the test runs.
    json: { name: 'Thursday Rapid', start_date: isoDay(2), location: 'Room 12', rounds: 1, time_control: '15+10', rated: true, description: 'Four players, one round.' },
  });
  tournamentId = t.id;
});

after(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
});

let ana;
let olga;
let spectator;

test('tapping a tournament in the list opens it; the list says it is upcoming', async () => {
  ana = await newPage(phone);
  await logIn(ana, people.ana);
  await ana.goto('/tournaments');
  const upcoming = ana.getByRole('list', { name: 'Upcoming' });
  await upcoming.locator('ion-item.tournament', { hasText: 'Thursday Rapid' }).click();
  await ana.waitForURL((url) => url.pathname === `/tournaments/${tournamentId}`);
  await ana.getByRole('heading', { level: 1, name: 'Thursday Rapid' }).waitFor();
  assert.equal(await ana.title(), 'Thursday Rapid · Chess Club');
  await ana.getByText('Four players, one round.').waitFor();
  await ana.getByText('Room 12', { exact: true }).waitFor();
});

test('a member enters the tournament on the Players tab', async () => {
  await ana.getByRole('tab', { name: 'Players' }).waitFor();
  assert.equal(await ana.getByRole('tab', { name: 'Players' }).getAttribute('aria-selected'), 'true');
  await ana.getByRole('button', { name: 'Enter this tournament' }).click();
  await ana.locator('.player-row', { hasText: people.ana.fullName }).waitFor();
  await ana.getByRole('button', { name: 'Leave this tournament' }).waitFor();
  const players = await api('GET', `/tournaments/${tournamentId}/players`);
  assert.deepEqual(players.map((p) => p.member_id), [ids.ana]);
});

test('the organiser adds members, starts the tournament and pairs round 1 on a phone; the member sees it live', async () => {
  await api('POST', `/tournaments/${tournamentId}/players`, { token: tokens.ben });
  olga = await newPage(phone);
  await logIn(olga, people.olga);
  await olga.goto(`/tournaments/${tournamentId}`);
  // The organiser adds Cleo from the members list.
  await olga.getByLabel('Add a member').selectOption({ label: `${people.cleo.fullName} · ${people.cleo.rating} (declared)` });
  await olga.getByRole('button', { name: 'Add', exact: true }).click();
  await olga.locator('.player-row', { hasText: people.cleo.fullName }).waitFor();
  // Dan enters elsewhere: the organiser's list follows without a reload.
  await api('POST', `/tournaments/${tournamentId}/players`, { token: tokens.dan });
  await olga.locator('.player-row', { hasText: people.dan.fullName }).waitFor();
  await ana.locator('.player-row', { hasText: people.dan.fullName }).waitFor();
  await shoot(olga, '390-tournament-players-organiser');

  await ana.evaluate(() => {
    window.__sameDocument = true;
  });
  await olga.getByRole('button', { name: 'Start' }).click();
  await confirmAlert(olga, 'Start');
  await olga.getByRole('button', { name: 'Pair round 1' }).click();
  await olga.locator('.board').first().waitFor();
  await ana.waitForFunction(() => window.__notifications.length === 1);
  // Un-pairing and pairing again: the round comes back the same, and is announced again.
  await olga.getByRole('button', { name: 'Un-pair round 1' }).click();
  await olga.getByText('No round has been paired yet.').waitFor();
  await olga.getByRole('button', { name: 'Pair round 1' }).click();
  await olga.locator('.board').first().waitFor();

  // The member's page, open all along, now shows the pairings with her board marked.
  const mine = ana.locator('.board.mine');
  await mine.waitFor();
  assert.equal(await ana.evaluate(() => window.__sameDocument), true, 'the member’s page was not reloaded');
  const round = (await api('GET', `/tournaments/${tournamentId}/rounds`))[0];
  const board = round.boards.find((b) => b.white.member_id === ids.ana || b.black.member_id === ids.ana);
  const colour = board.white.member_id === ids.ana ? 'White' : 'Black';
  const opponent = colour === 'White' ? board.black.full_name : board.white.full_name;
  const want = `Round 1: you play ${colour} on board ${board.board} against ${opponent}`;
  assert.match(await mine.innerText(), new RegExp(opponent));
  assert.equal(await mine.getAttribute('data-board'), String(board.board));
  await ana.getByText(want).waitFor();
  await shoot(ana, '390-tournament-pairings-member');
});

test('the member gets a notification of the pairing', async () => {
  const round = (await api('GET', `/tournaments/${tournamentId}/rounds`))[0];
  const board = round.boards.find((b) => b.white.member_id === ids.ana || b.black.member_id === ids.ana);
  const colour = board.white.member_id === ids.ana ? 'White' : 'Black';
  const opponent = colour === 'White' ? board.black.full_name : board.white.full_name;
  await ana.waitForFunction((n) => window.__notifications.length >= n, 2);
  const seen = await ana.evaluate(() => window.__notifications);
  // Round 1 was paired twice (before and after the un-pairing): one notification each time.
  assert.deepEqual(seen, [
    { title: 'Thursday Rapid', body: `Round 1: you play ${colour} on board ${board.board} against ${opponent}` },
    { title: 'Thursday Rapid', body: `Round 1: you play ${colour} on board ${board.board} against ${opponent}` },
  ]);
});

test('without permission for notifications, the pairing comes as a toast', async () => {
  const ben = await newPage(phone, { notifications: false });
  await logIn(ben, people.ben);
  await ben.goto(`/tournaments/${tournamentId}`);
  await ben.locator('.board.mine').waitFor();
  // An admin would un-pair and pair again; here the organiser does, from the API.
  await api('DELETE', `/tournaments/${tournamentId}/rounds/1`, { token: tokens.olga });
  await api('POST', `/tournaments/${tournamentId}/rounds`, { token: tokens.olga });
  const toast = ben.locator('ion-toast');
  await toast.waitFor();
  await ben.waitForFunction(() => /Round 1: you play (White|Black) on board \d against .+Notifications are off/.test(document.querySelector('ion-toast')?.message ?? ''));
  // (Capacitor's web plugin makes an empty notification to see whether they are supported.)
  assert.deepEqual(await ben.evaluate(() => window.__notifications.filter((n) => n.title)), []);
  await shoot(ben, '390-tournament-pairing-toast');
  await ben.context().close();
});

test('a spectator on a desktop sees the standings change without a reload while the organiser enters results on a phone', async () => {
  spectator = await newPage(desktop);
  await spectator.goto(`/tournaments/${tournamentId}?tab=standings`);
  await spectator.locator('table.standings').waitFor();
  await spectator.evaluate(() => {
    window.__sameDocument = true;
  });
  const pointsOf = (who) => spectator.locator('table.standings tr', { hasText: who }).locator('td').nth(1).innerText();
  assert.equal(await pointsOf(people.ana.fullName), '0');

  const round = (await api('GET', `/tournaments/${tournamentId}/rounds`))[0];
  await olga.goto(`/tournaments/${tournamentId}?tab=pairings`);
  const winners = [];
  for (const b of round.boards) {
    // The buttons are large enough for a thumb: at least 48 px high.
    const button = olga.getByRole('button', { name: `White wins on board ${b.board}` });
    const box = await button.boundingBox();
    assert.ok(box.height >= 48 && box.width >= 80, `the result button is ${box.width}×${box.height}`);
    await button.click();
    await olga.locator(`.board[data-board="${b.board}"] .result`, { hasText: '1–0' }).waitFor();
    winners.push(b.white.full_name);
  }
  await shoot(olga, '390-tournament-results-organiser');
  for (const w of winners) {
    await spectator.waitForFunction((name) => [...document.querySelectorAll('table.standings tbody tr')].some((tr) => tr.innerText.includes(name) && tr.querySelectorAll('td')[1]?.innerText === '1'), w);
  }
  assert.equal(await spectator.evaluate(() => window.__sameDocument), true, 'the spectator’s page was not reloaded');
  await spectator.getByText('After round 1.').waitFor();
});

test('the standings have a first column that stays put on a phone, and print as an A4 page without the app around them', async () => {
  await ana.goto(`/tournaments/${tournamentId}?tab=standings`);
  await ana.locator('table.standings').waitFor();
  assert.equal(await ana.locator('table.standings tbody th').first().evaluate((el) => getComputedStyle(el).position), 'sticky');
  await shoot(ana, '390-tournament-standings');
  await ana.emulateMedia({ media: 'print' });
  try {
    for (const hidden of ['ion-header', 'ion-footer', '.tabs', '.organiser-actions']) {
      const n = await ana.locator(hidden).count();
      for (let i = 0; i < n; i++) assert.equal(await ana.locator(hidden).nth(i).isVisible(), false, `${hidden} is printed`);
    }
    assert.ok(await ana.locator('table.standings').isVisible());
    const colours = await ana.locator('table.standings tbody th').first().evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
    assert.deepEqual(colours, ['rgb(0, 0, 0)', 'rgb(255, 255, 255)']);
    // Nothing paints over the table (Ionic's content background once did, leaving a white page).
    const onTop = await ana.locator('table.standings tbody th').first().evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.left + 4, r.top + r.height / 2));
    });
    assert.equal(onTop, true, 'the printed standings are covered');
    await ana.screenshot({ path: join(artifactsDir, 'standings-print-view.png'), fullPage: true });
    const pdf = await ana.pdf({ format: 'A4', printBackground: true });
    const text = pdf.toString('latin1');
    assert.equal(text.slice(0, 5), '%PDF-');
    assert.match(text, /\/MediaBox \[0 0 595\.9\d* 842\.8\d*\]/, 'an A4 page');
    assert.match(text, /\/Count 1\b/, 'one page');
    writeFileSync(join(artifactsDir, 'standings-a4.pdf'), pdf);
    await olga.goto(`/tournaments/${tournamentId}?tab=pairings`);
    await olga.locator('.board').first().waitFor();
    await olga.emulateMedia({ media: 'print' });
    assert.equal(await olga.locator('.result-buttons').first().isVisible(), false, 'the result buttons are printed');
    writeFileSync(join(artifactsDir, 'pairings-a4.pdf'), await olga.pdf({ format: 'A4', printBackground: true }));
  } finally {
    await ana.emulateMedia({ media: 'screen' });
    await olga.emulateMedia({ media: 'screen' });
  }
});

test('the crosstable shows each game as arbiters write it', async () => {
  await spectator.getByRole('tab', { name: 'Crosstable' }).click();
  const table = spectator.locator('table.crosstable');
  await table.waitFor();
  const cells = await table.locator('tbody td').allInnerTexts();
  assert.ok(cells.some((c) => /^\dw1$/.test(c)) && cells.some((c) => /^\db0$/.test(c)), `cells: ${cells.join(' ')}`);
});

test('the organiser finishes the tournament; the member’s profile shows the rating chart and the tournament', async () => {
  await olga.goto(`/tournaments/${tournamentId}`);
  await olga.getByRole('button', { name: 'Finish' }).click();
  assert.match(await confirmAlert(olga, 'Finish'), /^Finish: applies ratings to 4 players\./);
  await olga.getByText('Finished', { exact: true }).waitFor();
  await spectator.getByText('Finished', { exact: true }).waitFor(); // live, on the other screen
  await ana.goto(`/members/${ids.ana}`);
  const chart = ana.locator('.rating-chart svg');
  await chart.waitFor();
  assert.equal(await chart.locator('circle').count(), 2, 'the rating before and after');
  const history = await api('GET', `/members/${ids.ana}/ratings`, { token: tokens.ana });
  assert.equal(history.length, 1);
  assert.match(await chart.getAttribute('aria-label'), new RegExp(`Rating from ${history[0].rating_before} to ${history[0].rating}`));
  await ana.getByRole('list', { name: 'Tournaments played' }).getByRole('link', { name: 'Thursday Rapid' }).waitFor();
  await shoot(ana, '390-member-rating-chart');
});

test('the organiser downloads the TRF file and imports it as a new tournament', async () => {
  await olga.goto(`/tournaments/${tournamentId}`);
  const [download] = await Promise.all([olga.waitForEvent('download'), olga.getByRole('link', { name: 'Download TRF' }).click()]);
  const file = join(artifactsDir, 'thursday.trf');
  await download.saveAs(file);
  const trf = readFileSync(file, 'utf8');
  assert.match(trf, /^012 Thursday Rapid/m);
  await olga.goto('/tournaments');
  await olga.locator('input[type=file]').setInputFiles(file);
  await olga.waitForURL((url) => /^\/tournaments\/\d+$/.test(url.pathname) && url.pathname !== `/tournaments/${tournamentId}`);
  await olga.getByRole('heading', { level: 1, name: 'Thursday Rapid' }).waitFor();
  await olga.getByText('Finished', { exact: true }).waitFor();
  await olga.getByRole('tab', { name: 'Players' }).click();
  await olga.locator('.player-row', { hasText: people.ana.fullName }).waitFor(); // a guest of the file's, not Ana
  assert.equal(await olga.locator('.player-row').count(), 4);
});

test('the public TRF file has no birth dates; the arbiter’s FIDE report has them', async () => {
  await api('PATCH', `/members/${ids.ana}`, { token: tokens.ana, json: { birth_date: '2001-05-17' } });
  await olga.goto(`/tournaments/${tournamentId}`);
  const [open] = await Promise.all([olga.waitForEvent('download'), olga.getByRole('link', { name: 'Download TRF' }).click()]);
  const publicFile = join(artifactsDir, 'thursday-public.trf');
  await open.saveAs(publicFile);
  assert.doesNotMatch(readFileSync(publicFile, 'utf8'), /2001\/05\/17/);
  const [fide] = await Promise.all([olga.waitForEvent('download'), olga.getByRole('button', { name: 'FIDE report (with birth dates)' }).click()]);
  assert.equal(fide.suggestedFilename(), 'thursday-rapid.trf');
  const fideFile = join(artifactsDir, 'thursday-fide.trf');
  await fide.saveAs(fideFile);
  assert.match(readFileSync(fideFile, 'utf8'), new RegExp(`^001.*${people.ana.fullName}.*2001/05/17`, 'm'));
});

test('the organiser edits the tournament: after the start only its name, place and description', async () => {
  await olga.goto(`/tournaments/${tournamentId}/edit`);
  const name = olga.getByLabel('Name');
  await name.waitFor();
  assert.equal(await olga.evaluate(() => [...document.querySelectorAll('ion-input')].find((el) => el.name === 'rounds')?.disabled), true, 'a started tournament keeps its rounds');
  await name.fill('Thursday Rapid (November)');
  await olga.getByRole('button', { name: 'Save changes' }).click();
  await olga.waitForURL((url) => url.pathname === `/tournaments/${tournamentId}`);
  await olga.getByRole('heading', { level: 1, name: 'Thursday Rapid (November)' }).waitFor();
});

test('the list splits running, upcoming and past tournaments', async () => {
  // Dates around today's: what puts each one in its group is its state and its last day.
  const running = await api('POST', '/tournaments', { token: tokens.olga, json: { name: 'Winter Swiss', start_date: isoDay(-8), end_date: isoDay(22), rounds: 5 } });
  await api('POST', `/tournaments/${running.id}/players`, { token: tokens.ana });
  await api('POST', `/tournaments/${running.id}/players`, { token: tokens.ben });
  await api('POST', `/tournaments/${running.id}/start`, { token: tokens.olga });
  await api('POST', `/tournaments/${running.id}/rounds`, { token: tokens.olga });
  await api('POST', '/tournaments', { token: tokens.olga, json: { name: 'Spring Open', start_date: isoDay(133), end_date: isoDay(134), rounds: 7 } });
  await ana.goto('/tournaments');
  await ana.getByRole('list', { name: 'Running' }).locator('ion-item', { hasText: 'Winter Swiss' }).waitFor();
  await ana.getByRole('list', { name: 'Upcoming' }).locator('ion-item', { hasText: 'Spring Open' }).waitFor();
  await ana.getByRole('list', { name: 'Past' }).locator('ion-item', { hasText: 'Thursday Rapid (November)' }).waitFor();
  await shoot(ana, '390-tournaments-grouped');
});

test('every tournament screen at 390 and 1 280 px: its heading, nothing sideways, photographed', async () => {
  const screens = [
    { tab: 'players', ready: (p) => p.locator('.player-row').first() },
    { tab: 'pairings', ready: (p) => p.locator('.board').first() },
    { tab: 'standings', ready: (p) => p.locator('table.standings') },
    // On a phone the crosstable is a list of lines, a player each; on a laptop a table.
    { tab: 'crosstable', ready: (p, width) => p.locator(width === 390 ? 'ol.cross-lines' : 'table.crosstable') },
  ];
  for (const [width, p] of [
    [390, olga],
    [1280, olga],
  ]) {
    await p.setViewportSize({ width, height: 844 });
    for (const s of screens) {
      await p.goto(`/tournaments/${tournamentId}?tab=${s.tab}`);
      await s.ready(p, width).waitFor();
      await p.getByRole('heading', { level: 1, name: 'Thursday Rapid (November)' }).waitFor();
      assert.deepEqual(await overflow(p), [], `${s.tab} at ${width} px`);
      await shoot(p, `${width}-tournament-${s.tab}`);
    }
    await p.goto(`/tournaments/${tournamentId}/edit`);
    await p.getByRole('button', { name: 'Save changes' }).waitFor();
    assert.deepEqual(await overflow(p), [], `edit at ${width} px`);
    await shoot(p, `${width}-tournament-edit`);
    await p.goto(`/members/${ids.ana}`);
    await p.locator('.rating-chart svg').waitFor();
    assert.deepEqual(await overflow(p), [], `profile at ${width} px`);
    await shoot(p, `${width}-member-rating-chart`);
    await p.goto('/tournaments');
    await p.locator('ion-item.tournament').first().waitFor();
    await shoot(p, `${width}-tournaments-grouped`);
  }
  await olga.setViewportSize(phone);
});

test('the artifacts hold every screenshot and the printed standings', () => {
  const files = readdirSync(artifactsDir).sort();
  for (const want of ['390-tournament-pairings', '390-tournament-standings', '390-tournament-players', '390-tournament-crosstable', '390-tournament-edit', '390-member-rating-chart', '1280-tournament-pairings', '1280-tournament-standings', '1280-tournament-players', '1280-tournament-crosstable', '1280-tournament-edit', '1280-member-rating-chart', '390-tournaments-grouped', '1280-tournaments-grouped']) {
    assert.ok(files.includes(`${want}.png`), `${want}.png is missing`);
  }
  assert.ok(files.includes('standings-a4.pdf'));
});

test('no Content-Security-Policy violations and no uncaught page errors', () => {
  assert.deepEqual(cspViolations, []);
  assert.deepEqual(
    pageErrors.map((e) => e.message),
    [],
  );
});
