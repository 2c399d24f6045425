// End-to-end test of the arbiter's screens, in the real app against the real Go server on a
// temporary SQLite database, in Debian's Chromium, on a 390 px phone and a 1 280 px desktop:
// the admin appoints an arbiter on the member's profile; the arbiter runs a rated Swiss whose
// Pairings tab shows pairing numbers and points before the round, a list by name for the wall
// (and both print), and the pairing checker's verdict; the arbiter changes a round's pairing by
// hand (a rematch is refused and explained, a worse pairing is saved once confirmed) and opens
// the next round's pairing by hand; a member fills in their FIDE details; the admin uploads
// FIDE's rating list; a member is told of a new invitation to play by a notification.
//
// Each screen is photographed at both sizes into the test artifacts; the guide's pictures
// (docs/images/arbiter-*.png, the part of the screen the guide describes) are written when
// missing, or all of them again with DOCS_PICTURES=1.
//
//   node --test e2e/arbiter.test.mjs     (npm run e2e runs every file of e2e/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir, confirmAlert, isoDay, launchChromium, repoDir, startServer, swapSeats } from './harness.mjs';

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const imagesDir = join(repoDir, 'docs', 'images');
const maxImageBytes = 150_000;

const people = {
  rita: { fullName: 'Rita Root' },
  ada: { fullName: 'Ada Arbiter' },
  hana: { fullName: 'Hana Host' },
  ivan: { fullName: 'Ivan Invitee' },
  cleo: { fullName: 'Cleo Martin', rating: 1840 },
  eva: { fullName: 'Eva Lindqvist', rating: 1765 },
  ana: { fullName: 'Ana Petrova', rating: 1710 },
  ben: { fullName: 'Ben Okafor', rating: 1650 },
  dan: { fullName: 'Dan Weiss', rating: 1580 },
};
const players = ['cleo', 'eva', 'ana', 'ben', 'dan'];
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

/** newPage logs username in, in a browser context of its own at the given size. */
async function newPage(username, viewport = phone) {
  const context = await browser.newContext({ viewport, baseURL: server.baseURL, deviceScaleFactor: 1, locale: 'en-GB' });
  contexts.push(context);
  await context.grantPermissions(['notifications'], { origin: server.baseURL });
  await context.addInitScript(recordNotifications);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (err) => pageErrors.push(err));
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password(username));
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

/** settle leaves nothing hovered or focused and lets Ionic's transitions end. */
async function settle(page) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => document.activeElement?.blur?.());
  await page.waitForTimeout(300);
}

/** shot writes the whole window into the test artifacts as arbiter-NAME-WIDTH.png. */
async function shot(page, name) {
  mkdirSync(artifactsDir, { recursive: true });
  await settle(page);
  const width = page.viewportSize().width;
  await page.screenshot({ path: join(artifactsDir, `arbiter-${name}-${width}.png`), fullPage: true, animations: 'disabled', caret: 'hide' });
}

/**
 * picture writes the part of the screen the guide describes (locator) as docs/images/NAME.png,
 * without toasts, when it is missing or DOCS_PICTURES=1 asks for all of them again.
 */
async function picture(page, name, locator) {
  await settle(page);
  const png = await locator.screenshot({ animations: 'disabled', caret: 'hide', style: 'ion-toast { display: none !important; }' });
  assert.ok(png.length < maxImageBytes, `${name}.png is ${png.length} B, over ${maxImageBytes} B`);
  const path = join(imagesDir, `${name}.png`);
  if (!existsSync(path) || process.env.DOCS_PICTURES === '1') writeFileSync(path, png);
}

/** enterResult sets a board's result through the API, with its version as If-Match. */
async function enterResult(tid, board, result) {
  const res = await fetch(`${server.apiURL}/api/tournaments/${tid}/rounds/${board.round}/boards/${board.board}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${tokens.ada}`, 'Content-Type': 'application/json', 'If-Match': `"b${board.version}"` },
    body: JSON.stringify({ result }),
  });
  assert.equal(res.status, 200, await res.text());
}

const rounds = (tid) => api('GET', `/tournaments/${tid}/rounds`);

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
});

after(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
  assert.deepEqual(pageErrors, []);
});

test('the admin appoints the arbiter on the member’s profile', async () => {
  const rita = await newPage('rita');
  await rita.goto(`/members/${ids.ada}`);
  await rita.getByRole('button', { name: 'Make arbiter' }).click();
  await rita.getByRole('button', { name: 'Take back the arbiter role' }).waitFor();
  assert.equal((await api('GET', `/members/${ids.ada}`, { token: tokens.rita })).role, 'arbiter');
  await picture(rita, 'arbiter-role', rita.locator('.role-control'));
  await shot(rita, 'role');
});

test('the Pairings tab shows pairing numbers, points before the round and the checker’s verdict', async () => {
  const t = await api('POST', '/tournaments', {
    token: tokens.ada,
    json: { name: 'Club Championship', start_date: isoDay(0), end_date: isoDay(0), location: 'Room 2', format: 'swiss', rounds: 3, time_control: '60+30', description: '', rated: true },
  });
  swissId = t.id;
  for (const u of players) await api('POST', `/tournaments/${swissId}/players`, { token: tokens.ada, json: { member_id: ids[u] } });
  await api('POST', `/tournaments/${swissId}/start`, { token: tokens.ada });
  await api('POST', `/tournaments/${swissId}/rounds`, { token: tokens.ada });
  const [r1] = await rounds(swissId);
  // White wins on board 1, a draw on board 2.
  await enterResult(swissId, r1.boards[0], '1-0');
  await enterResult(swissId, r1.boards[1], '1/2-1/2');
  await api('POST', `/tournaments/${swissId}/rounds`, { token: tokens.ada });
  const [, r2] = await rounds(swissId);
  const before = { [r1.boards[0].white.member_id]: '1', [r1.boards[0].black.member_id]: '0', [r1.boards[1].white.member_id]: '½', [r1.boards[1].black.member_id]: '½', [r1.byes[0].player.member_id]: '1' };

  for (const viewport of [phone, desktop]) {
    const ada = await newPage('ada', viewport);
    await ada.goto(`/tournaments/${swissId}?tab=pairings`);
    const b1 = ada.locator('.board[data-board="1"]');
    await b1.waitFor();
    const white = r2.boards[0].white;
    const text = await b1.locator('.player.white').innerText();
    assert.match(text, new RegExp(`${white.start_rank}\\s+${white.full_name}`), text);
    assert.match(text, new RegExp(`${before[white.member_id]} points?`), text);
    const check = ada.getByRole('region', { name: 'Pairing check of round 2' });
    await check.getByText('The checker agrees: this is the pairing the Dutch system makes.').waitFor();
    await shot(ada, 'pairings');
    if (viewport === phone) await picture(ada, 'arbiter-pairings', ada.locator('.tab-panel'));

    // The list by name for the wall, alphabetical, each with their board and colour.
    await ada.getByRole('button', { name: 'By name' }).click();
    const names = await ada.locator('table.wall-list tbody th').allInnerTexts();
    const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en'));
    assert.deepEqual(names, sorted);
    assert.equal(names.length, 5);
    const row = ada.locator(`table.wall-list tr[data-member="${white.member_id}"]`);
    assert.match(await row.innerText(), /\b1\b[\s\S]*White/);
    await shot(ada, 'wall');
    if (viewport === phone) await picture(ada, 'arbiter-wall', ada.locator('.tab-panel'));

    // Printed: the tools and the verdict stay off the sheet; the list keeps its rows.
    await ada.emulateMedia({ media: 'print' });
    assert.equal(await ada.locator('.pairings-tools').isVisible(), false);
    assert.equal(await ada.locator('.round-check').isVisible(), false);
    assert.equal(await ada.locator('table.wall-list tbody tr').count(), 5);
    await shot(ada, 'wall-print');
    await ada.emulateMedia({ media: 'screen' });
  }
});

test('the arbiter changes a round’s pairing by hand: a rematch is refused, a worse pairing saved once confirmed', async () => {
  const [r1, r2] = await rounds(swissId);
  const ada = await newPage('ada');
  await ada.goto(`/tournaments/${swissId}?tab=pairings`);
  await ada.getByRole('button', { name: 'Change the pairing' }).click();
  await ada.getByRole('heading', { name: 'Round 2: change the pairing' }).waitFor();

  // Two players who met in round 1, both on boards of round 2, put on one board: a rematch.
  const onBoard = (id) => r2.boards.find((b) => b.white.member_id === id || b.black.member_id === id);
  const met = r1.boards.find((b) => onBoard(b.white.member_id) && onBoard(b.black.member_id));
  const a = met.white;
  const b = met.black;
  const boardA = onBoard(a.member_id);
  const opponentOfA = boardA.white.member_id === a.member_id ? boardA.black : boardA.white;
  await swapSeats(ada, opponentOfA, b);
  await ada.getByRole('button', { name: 'Save', exact: true }).click();
  const refusal = ada.getByRole('alert').filter({ hasText: 'This pairing cannot be saved' });
  await refusal.waitFor();
  assert.match(await refusal.innerText(), /two players meet who have played each other before, or who must not meet \(C1\)/);
  assert.equal((await rounds(swissId))[1].boards.length, r2.boards.length, 'nothing was saved');

  // Back to the engine's pairing, then the colours of board 1 the other way round.
  await ada.getByRole('button', { name: 'Start again' }).click();
  await ada.getByRole('button', { name: 'Swap colours on board 1' }).click();
  await ada.getByRole('button', { name: 'Check' }).click();
  const verdict = ada.getByRole('region', { name: 'What the checker says' });
  await verdict.getByText(/differs from the Dutch system’s on board 1/).waitFor();
  await shot(ada, 'manual');
  await picture(ada, 'arbiter-manual', ada.locator('.manual-pairing'));
  await ada.getByRole('button', { name: 'Save', exact: true }).click();
  const message = await confirmAlert(ada, 'Save anyway');
  assert.match(message, /^This pairing is worse than the Dutch system’s: .+ \(C\d+\)/);
  await ada.locator('.board[data-board="1"]').waitFor();
  const saved = (await rounds(swissId))[1].boards[0];
  assert.equal(saved.white.member_id, r2.boards[0].black.member_id);
  assert.equal(saved.black.member_id, r2.boards[0].white.member_id);
  const check = ada.getByRole('region', { name: 'Pairing check of round 2' });
  await check.getByText(/This pairing differs from the Dutch system’s on board 1\. It is worse on/).waitFor();
  assert.ok((await check.locator('.verdict-reasons li').count()) >= 1);
  await shot(ada, 'check');
  await picture(ada, 'arbiter-check', check);

  const trail = await api('GET', `/tournaments/${swissId}/audit`, { token: tokens.ada });
  assert.ok(trail.some((e) => e.action === 'round.paired_manually'), 'the change is in the audit trail');
});

test('the arbiter opens the next round’s pairing by hand once the last is complete', async () => {
  const [, r2] = await rounds(swissId);
  for (const board of r2.boards) await enterResult(swissId, board, '1/2-1/2');
  const ada = await newPage('ada', desktop);
  await ada.goto(`/tournaments/${swissId}?tab=pairings`);
  await ada.getByRole('button', { name: 'Pair by hand: round 3' }).click();
  await ada.getByRole('heading', { name: 'Round 3: pair by hand' }).waitFor();
  assert.equal(await ada.locator('.manual-board').count(), 2);
  assert.equal(await ada.locator('.manual-bye .seat').count(), 1);
  await ada.getByRole('button', { name: 'Check' }).click();
  await ada.getByRole('region', { name: 'What the checker says' }).waitFor();
  await shot(ada, 'next-round');
  // A change not saved is not dropped without a word.
  await ada.locator('.manual-board .seat').nth(0).click();
  await ada.locator('.manual-board .seat').nth(2).click();
  await ada.getByRole('button', { name: 'Cancel' }).click();
  assert.equal(await confirmAlert(ada, 'Leave'), 'Your changes to round 3 are not saved; leaving drops them.');
  await ada.getByRole('button', { name: 'Pair by hand: round 3' }).waitFor();
  assert.equal((await rounds(swissId)).length, 2, 'nothing was paired');
});

test('a member fills in their FIDE details; another member sees only the public ones', async () => {
  const ana = await newPage('ana');
  await ana.goto(`/members/${ids.ana}`);
  await ana.getByRole('button', { name: 'Edit FIDE details' }).click();
  await ana.getByLabel('FIDE id').fill('4100018');
  await ana.getByLabel('Federation').fill('eng');
  await ana.getByLabel('Title').selectOption('WFM');
  await ana.getByLabel('FIDE standard rating').fill('900');
  await ana.getByLabel('Birth date').fill('2004-05-17');
  await ana.getByRole('button', { name: 'Save FIDE details' }).click();
  await ana.getByText('A FIDE rating is between 1000 and 3000.').waitFor();
  assert.equal(await ana.getByLabel('FIDE standard rating').getAttribute('aria-invalid'), 'true');
  await shot(ana, 'fide-form');
  await ana.getByLabel('FIDE standard rating').fill('1850');
  await ana.getByRole('button', { name: 'Save FIDE details' }).click();
  const facts = ana.locator('.fide-facts');
  await facts.getByText('Woman FIDE Master (WFM)').waitFor();
  assert.match(await facts.innerText(), /FIDE id\s+4100018[\s\S]*Federation\s+ENG[\s\S]*FIDE standard\s+1850[\s\S]*Birth date\s+2004-05-17/);
  const stored = await api('GET', `/members/${ids.ana}`, { token: tokens.ana });
  assert.deepEqual([stored.fide_id, stored.federation, stored.title, stored.fide_rating_standard, stored.birth_date], [4100018, 'ENG', 'WFM', 1850, '2004-05-17']);
  await shot(ana, 'fide-profile');
  await picture(ana, 'arbiter-fide-profile', ana.locator('.fide'));

  const ben = await newPage('ben', desktop);
  await ben.goto(`/members/${ids.ana}`);
  const seen = ben.locator('.fide-facts');
  await seen.getByText('4100018').waitFor();
  assert.doesNotMatch(await seen.innerText(), /Birth date|2004/);
  assert.equal(await ben.getByRole('button', { name: 'Edit FIDE details' }).count(), 0);
  await shot(ben, 'fide-public');
});

test('the admin uploads FIDE’s rating list and reads what it changed', async () => {
  // A standard list as FIDE publishes it: fixed columns under a header whose rating column is
  // headed by the list's month.
  const columns = [['ID Number', 0], ['Name', 15], ['Fed', 76], ['Sex', 80], ['Tit', 84], ['WTit', 89], ['OTit', 94], ['FOA', 109], ['NOV26', 113], ['Gms', 119], ['K', 123], ['Bday', 126], ['Flag', 132]];
  const line = (values) => values.reduce((s, v, i) => s.padEnd(columns[i][1]) + v, '').trimEnd();
  const list = [
    line(columns.map(([w]) => w)),
    line(['4100018', 'Petrova, Ana', 'ENG', 'F', '', 'WFM', '', '', '1875', '9', '20', '2004', 'w']),
    line(['4100026', 'Nobody, Else', 'ENG', 'M', '', '', '', '', '1500', '0', '40', '1990', '']),
  ].join('\n') + '\n';

  for (const viewport of [phone, desktop]) {
    const rita = await newPage('rita', viewport);
    await rita.goto('/members');
    const upload = rita.getByRole('region', { name: 'FIDE rating list' });
    await upload.waitFor();
    await rita.getByLabel('Which list').selectOption('standard');
    await rita.getByLabel('The list’s file').setInputFiles({ name: 'standard_nov26frl.txt', mimeType: 'text/plain', buffer: Buffer.from(list) });
    await rita.getByRole('button', { name: 'Upload the list' }).click();
    const result = upload.getByRole('status');
    await result.waitFor();
    const text = await result.innerText();
    if (viewport === phone) {
      assert.match(text, /FIDE’s standard list with 2 players: 1 member found by their FIDE id, 1 changed\./);
      assert.match(text, /Ana Petrova \(FIDE id 4100018\): standard 1850 → 1875/);
      await picture(rita, 'arbiter-fide-upload', upload);
    } else {
      // The same list again changes nothing.
      assert.match(text, /1 member found by their FIDE id, nothing changed\./);
    }
    await shot(rita, 'fide-upload');
  }
  assert.equal((await api('GET', `/members/${ids.ana}`, { token: tokens.rita })).fide_rating_standard, 1875);
});

test('a member is told of a new invitation to play, once', async () => {
  const t = await api('POST', '/tournaments', {
    token: tokens.hana,
    json: { name: 'Friday Blitz', start_date: isoDay(7), end_date: isoDay(7), location: '', format: 'swiss', rounds: 5, time_control: '3+2', description: '' },
  });
  await api('POST', `/tournaments/${t.id}/invitations`, { token: tokens.hana, json: { member_id: ids.ivan } });
  for (const viewport of [phone, desktop]) {
    const ivan = await newPage('ivan', viewport);
    await ivan.goto('/tournaments');
    await ivan.getByRole('button', { name: 'Accept the invitation to Friday Blitz' }).waitFor();
    await ivan.waitForFunction(() => window.__notifications.length === 1);
    const [notice] = await ivan.evaluate(() => window.__notifications);
    assert.equal(notice.title, 'Invitation to play');
    assert.match(notice.body, /^You are invited to play in Friday Blitz \(.+\)\. Accept or decline it in the app/);
    await shot(ivan, 'invitation');
    // Shown again on this device, it is not announced again.
    await ivan.reload();
    await ivan.getByRole('button', { name: 'Accept the invitation to Friday Blitz' }).waitFor();
    await ivan.waitForTimeout(500);
    assert.equal(await ivan.evaluate(() => window.__notifications.length), 0);
  }
});
