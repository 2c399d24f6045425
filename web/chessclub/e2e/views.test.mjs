// End-to-end test of the tournament views for players and spectators, against the real Go
// server on a temporary SQLite database, in Debian's Chromium: a round robin's N × N grid and
// its schedule of every round, a knockout's bracket with match scores, a player's card that a
// logged-out visitor opens from the public standings, ratings shown for what they are
// (unrated, declared), guests of an imported tournament with their badge and kept out of the
// members list, and on a phone the wide standings that keep names and points in view and say
// that they scroll, the crosstable as a line of results per player, the round chips that show
// every round, and the place that wraps with its pin.
// Each view is photographed at 390 and 1 280 px into test-artifacts/chessclub/views/.
//
//   node --test e2e/views.test.mjs     (npm run e2e runs every file of e2e/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir as baseArtifacts, isoDay, launchChromium, openPage, openPlayerCard, startServer } from './harness.mjs';

const artifactsDir = join(baseArtifacts, 'views');
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const sizes = [
  ['390', phone],
  ['1280', desktop],
];
// Four members who declared a rating, and Eve, who has none.
const people = {
  olga: { username: 'olga', password: 'olga-secret-pass', fullName: 'Olga Ivanova' },
  ana: { username: 'ana', password: 'ana-secret-pass', fullName: 'Ana Petrova', rating: 1700 },
  ben: { username: 'ben', password: 'ben-secret-pass', fullName: 'Ben Okafor', rating: 1650 },
  cleo: { username: 'cleo', password: 'cleo-secret-pass', fullName: 'Cleo Martin', rating: 1800 },
  dan: { username: 'dan', password: 'dan-secret-pass', fullName: 'Dan Weiss', rating: 1600 },
  eve: { username: 'eve', password: 'eve-secret-pass', fullName: 'Eve Novak' },
};
const longPlace = 'Student Union, Room 12 on the second floor, behind the library';

let server;
let browser;
const contexts = [];
const pageErrors = [];
const ids = {};
const tokens = {};
const tournaments = {};

/** api calls the server's API (harness.mjs, startServer). */
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

/** result sets a board's result as the organiser. */
function result(id, round, board, value) {
  return api('PUT', `/tournaments/${id}/rounds/${round}/boards/${board}`, { token: tokens.olga, json: { result: value } });
}

/** create makes a tournament as Olga and enters the members named. */
async function create(fields, who) {
  const t = await api('POST', '/tournaments', { token: tokens.olga, json: { start_date: isoDay(0), ...fields } });
  for (const w of who) await api('POST', `/tournaments/${t.id}/players`, { token: tokens[w] });
  await api('POST', `/tournaments/${t.id}/start`, { token: tokens.olga });
  return t.id;
}

// importSwiss imports, as Olga, a Swiss of n guests and the given rounds, none paired, rated
// from 2300 down but the last, who is unrated; then pairs and plays every round (White wins on
// odd boards, draws on even ones).
async function importSwiss(n, rounds) {
  let trf = `012 Guests Open\nXXR ${rounds}\n`;
  for (let i = 1; i <= n; i++) {
    const rating = i === n ? '    ' : String(2300 - 10 * i).padStart(4);
    trf += `001 ${String(i).padStart(4)}      ${`Guest ${String(i).padStart(2, '0')}`.padEnd(33)} ${rating}\n`;
  }
  const res = await fetch(`${server.apiURL}/api/tournaments/import`, { method: 'POST', headers: { Authorization: `Bearer ${tokens.olga}`, 'Content-Type': 'text/plain; charset=utf-8' }, body: trf });
  assert.equal(res.status, 201, await res.clone().text());
  const t = await res.json();
  for (let r = 1; r <= rounds; r++) {
    const round = await api('POST', `/tournaments/${t.id}/rounds`, { token: tokens.olga });
    for (const b of round.boards) if (b.result === null) await result(t.id, r, b.board, b.board % 2 ? '1-0' : '1/2-1/2');
  }
  return t.id;
}

before(async () => {
  rmSync(artifactsDir, { recursive: true, force: true });
  mkdirSync(artifactsDir, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
  for (const [key, who] of Object.entries(people)) {
    const json = { username: who.username, password: who.password, full_name: who.fullName };
    if (who.rating) json.declared_rating = who.rating;
    ids[key] = (await api('POST', '/user', { json })).id;
    tokens[key] = (await api('POST', '/login', { json: { username: who.username, password: who.password } })).token;
  }

  // A round robin of five (an odd field: someone is free each round), two rounds played.
  tournaments.rr = await create({ name: 'Spring Round Robin', format: 'round_robin', location: longPlace }, ['ana', 'ben', 'cleo', 'dan', 'eve']);
  for (let r = 1; r <= 2; r++) {
    const round = await api('POST', `/tournaments/${tournaments.rr}/rounds`, { token: tokens.olga });
    for (const b of round.boards) await result(tournaments.rr, r, b.board, ['1-0', '1/2-1/2', '0-1'][(b.board + r) % 3]);
  }

  // A knockout of two-game matches: one won outright, one level and decided in the rapid games.
  tournaments.ko = await create({ name: 'Cup', format: 'knockout', games_per_match: 2 }, ['ana', 'ben', 'cleo', 'dan']);
  const round = await api('POST', `/tournaments/${tournaments.ko}/rounds`, { token: tokens.olga });
  const [m1, m2] = [round.boards.filter((b) => b.board <= 2), round.boards.filter((b) => b.board > 2)];
  await result(tournaments.ko, 1, m1[0].board, '1-0');
  await result(tournaments.ko, 1, m1[1].board, '1/2-1/2');
  await result(tournaments.ko, 1, m2[0].board, '1-0');
  await result(tournaments.ko, 1, m2[1].board, '1-0'); // each won with White: 1–1
  const rapid = (await api('GET', `/tournaments/${tournaments.ko}/rounds/1`)).boards.filter((b) => b.stage === 'rapid');
  assert.equal(rapid.length, 2, 'a level match goes to its rapid games');
  await result(tournaments.ko, 1, rapid[0].board, '1-0');
  await result(tournaments.ko, 1, rapid[1].board, '1/2-1/2');

  // An imported Swiss of twenty guests and ten rounds, all played.
  tournaments.swiss = await importSwiss(20, 10);
});

after(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
  assert.deepEqual(pageErrors, []);
});

test('a logged-out visitor opens a player card from the public standings, not the login page', async () => {
  for (const [size, viewport] of sizes) {
    const page = await newPage(viewport);
    const card = await openPlayerCard(page, tournaments.rr, people.ana.fullName);
    const url = new URL(page.url());
    assert.equal(url.pathname, `/tournaments/${tournaments.rr}`, 'the visitor stays on the tournament');
    assert.equal(url.searchParams.get('player'), String(ids.ana));

    // The card agrees with the API's: each round's opponent, colour and result, the points.
    const want = await api('GET', `/tournaments/${tournaments.rr}/players/${ids.ana}`);
    assert.equal(await card.getByTestId('card-points').innerText(), String(want.points).replace('.5', '½').replace(/^0½$/, '½'));
    assert.equal(await card.getByTestId('card-rating').innerText(), '1700 (declared)');
    // Eve is unrated, so no rating tie-break has a value (FIDE C.07 10).
    assert.equal(want.performance, null);
    assert.equal(await card.getByTestId('card-performance').innerText(), 'not counted: some players are unrated');
    const rows = card.locator('tbody tr');
    assert.equal(await rows.count(), want.rounds.length);
    for (const [i, r] of want.rounds.entries()) {
      const text = await rows.nth(i).innerText();
      if (r.opponent) {
        assert.match(text, new RegExp(`${r.opponent.full_name} \\((unrated|${r.opponent.rating} \\(declared\\))\\)`));
        assert.match(text, r.colour === 'white' ? /White/ : /Black/);
      } else {
        assert.match(text, /no game/);
      }
    }
    // Nothing private: no login name, no e-mail, no link to a profile that needs a login.
    const all = await card.innerText();
    assert.doesNotMatch(all, /ana-secret|@|\bana\b/);
    assert.equal(await card.getByRole('link', { name: /Member profile/ }).count(), 0);
    await shoot(page, `${size}-player-card`);

    await card.getByRole('button', { name: `Close the card of ${people.ana.fullName}` }).click();
    await card.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).searchParams.get('player'), null);
  }
});

test('a round robin’s crosstable is the N × N grid, with the schedule of every round', async () => {
  for (const [size, viewport] of sizes) {
    const page = await newPage(viewport);
    await page.goto(`/tournaments/${tournaments.rr}?tab=crosstable`);
    const grid = page.locator('table.rr-grid');
    await grid.waitFor();
    const players = await api('GET', `/tournaments/${tournaments.rr}/players`);
    const names = await grid.locator('tbody th.sticky a').allInnerTexts();
    assert.deepEqual(names, players.sort((a, b) => a.start_rank - b.start_rank).map((p) => p.full_name), 'rows in pairing-number order');
    assert.deepEqual(await grid.locator('thead th.rr-col').allInnerTexts(), ['1', '2', '3', '4', '5']);
    // The diagonal is shaded: each row's own cell is its own column.
    for (let i = 0; i < 5; i++) {
      const cells = grid.locator('tbody tr').nth(i).locator('td.rr-own, td.rr-cell');
      assert.equal(await cells.count(), 5);
      assert.equal(await cells.nth(i).getAttribute('class'), 'rr-own');
    }
    // Every game played shows twice (once from each side), on its colour's square.
    assert.equal(await grid.locator('.rr-game.white').count(), 4);
    assert.equal(await grid.locator('.rr-game.black').count(), 4);
    const cross = await api('GET', `/tournaments/${tournaments.rr}/crosstable`);
    const first = cross.players.find((p) => p.player.start_rank === 1).rounds.find((c) => c.opponent !== null);
    const label = await grid.locator('tbody tr').nth(0).locator('td').nth(first.opponent - 1).locator('.rr-game').first().getAttribute('aria-label');
    assert.match(label, new RegExp(`Round ${first.round}, ${first.colour === 'white' ? 'White' : 'Black'}`));

    // The schedule: all five rounds, the three still to come included, each with its free player.
    const schedule = page.locator('.schedule');
    await schedule.getByRole('heading', { name: 'Schedule of every round' }).waitFor();
    assert.equal(await schedule.locator('.schedule-round').count(), 5);
    assert.equal(await schedule.getByText('· to come').count(), 3);
    assert.equal(await schedule.locator('.schedule-free').count(), 5);
    const want = await api('GET', `/tournaments/${tournaments.rr}/schedule`);
    const round5 = schedule.locator('.schedule-round[data-round="5"] li');
    assert.equal(await round5.count(), want.rounds[4].games.length);
    assert.match(await round5.first().innerText(), new RegExp(`${want.rounds[4].games[0].white.full_name}[\\s\\S]*${want.rounds[4].games[0].black.full_name}`));
    await shoot(page, `${size}-round-robin-crosstable`);
  }
});

test('a knockout has a bracket with each match’s score, stage by stage', async () => {
  for (const [size, viewport] of sizes) {
    const page = await newPage(viewport);
    await page.goto(`/tournaments/${tournaments.ko}`);
    await page.getByRole('tab', { name: 'Bracket' }).click();
    const matches = page.locator('.bracket-round:not(.ahead) .bracket-match');
    await matches.first().waitFor();
    assert.equal(await matches.count(), 2);
    const bracket = await api('GET', `/tournaments/${tournaments.ko}/bracket`);
    const scores = await page.locator('.bracket-score').allInnerTexts();
    assert.deepEqual(scores.sort(), ['1–1, rapid 1½–½', '1–1, rapid ½–1½', '1½–½', '½–1½'].sort());
    for (const m of bracket.rounds[0].matches) {
      await page.locator('.bracket-side.won', { hasText: m.winner.full_name }).waitFor();
    }
    await page.getByRole('heading', { name: 'Semi-finals' }).waitFor();
    // The final still to come, between the two winners.
    const final = page.locator('.bracket-round.ahead');
    await final.getByRole('heading', { name: /^Final/ }).waitFor();
    assert.deepEqual((await final.locator('.bracket-side').allInnerTexts()).sort(), bracket.rounds[0].matches.map((m) => m.winner.full_name).sort());
    await shoot(page, `${size}-knockout-bracket`);
  }
  // Other formats have no bracket tab.
  const page = await newPage(phone);
  await page.goto(`/tournaments/${tournaments.rr}`);
  await page.getByRole('tab', { name: 'Crosstable' }).waitFor();
  assert.equal(await page.getByRole('tab', { name: 'Bracket' }).count(), 0);
});

test('ratings show for what they are: unrated, or declared', async () => {
  const page = await newPage(desktop);
  await page.goto(`/tournaments/${tournaments.rr}?tab=standings`);
  const row = (name) => page.getByRole('region', { name: 'Standings' }).locator('tr', { hasText: name });
  assert.match(await row(people.eve.fullName).innerText(), /unrated/);
  assert.doesNotMatch(await row(people.eve.fullName).innerText(), /1200/);
  assert.match(await row(people.cleo.fullName).innerText(), /1800 \(declared\)/);
  await page.getByRole('tab', { name: 'Players' }).click();
  const players = page.getByRole('list', { name: 'Players' });
  assert.match(await players.locator('.player-row', { hasText: people.eve.fullName }).innerText(), /unrated/);
  assert.match(await players.locator('.player-row', { hasText: people.dan.fullName }).innerText(), /1600 \(declared\)/);
  await players.getByRole('link', { name: people.eve.fullName }).click();
  assert.equal(await page.locator('.player-card').getByTestId('card-rating').innerText(), 'unrated');
  await shoot(page, '1280-ratings-players');
});

test('guests of an imported tournament have a badge, and the members list has members alone', async () => {
  const page = await newPage(phone);
  await page.goto(`/tournaments/${tournaments.swiss}?tab=standings`);
  const standings = page.getByRole('region', { name: 'Standings' });
  await standings.locator('tbody tr').first().waitFor();
  assert.equal(await standings.locator('.guest-badge').count(), 20);
  assert.match(await standings.locator('tr', { hasText: 'Guest 20' }).innerText(), /unrated/);
  assert.match(await standings.locator('tr', { hasText: 'Guest 01' }).innerText(), /2290 \(declared\)/);
  await page.getByRole('tab', { name: 'Players' }).click();
  assert.equal(await page.getByRole('list', { name: 'Players' }).locator('.guest-badge').count(), 20);
  await page.getByRole('tab', { name: 'Crosstable' }).click();
  // On a phone the crosstable is a line of results per player (a list), not a table.
  await page.getByRole('list', { name: 'Crosstable' }).locator('li').first().waitFor();
  assert.equal(await page.getByRole('list', { name: 'Crosstable' }).locator('.guest-badge').count(), 20);
  await page.getByRole('tab', { name: 'Pairings' }).click();
  const boards = page.getByRole('list', { name: 'Round 10 pairings' });
  await boards.locator('.board').first().waitFor();
  assert.equal(await boards.locator('.guest-badge').count(), 20, 'both players of each of the ten boards');
  await shoot(page, '390-guests-pairings');

  const member = await newPage(phone);
  await logIn(member, people.olga);
  await member.goto('/members');
  const list = member.getByRole('list', { name: 'Members' });
  await list.getByText(people.ana.fullName).waitFor();
  assert.equal(await list.getByText(/Guest \d\d/).count(), 0);
  await shoot(member, '390-members-without-guests');
});

test('on a phone, wide tables keep names and points in view and say that they scroll', async () => {
  for (const [size, viewport] of sizes) {
    const page = await newPage(viewport);
    // A phone's crosstable is no table but a line of results per player, each inside the screen.
    if (size === '390') {
      await page.goto(`/tournaments/${tournaments.swiss}?tab=crosstable`);
      const lines = page.getByRole('list', { name: 'Crosstable' }).locator('li');
      await lines.first().waitFor();
      assert.equal(await page.getByRole('region', { name: 'Crosstable' }).count(), 0, 'no sideways-scrolling table');
      const rights = await lines.locator('.cross-game').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
      assert.equal(rights.length, 20 * 10, 'every round of every player');
      assert.ok(Math.max(...rights) <= viewport.width, `the lines wrap inside ${viewport.width} px`);
      await shoot(page, `${size}-crosstable-lines`);
    }
    for (const tab of size === '390' ? ['standings'] : ['standings', 'crosstable']) {
      await page.goto(`/tournaments/${tournaments.swiss}?tab=${tab}`);
      const box = page.getByRole('region', { name: tab === 'standings' ? 'Standings' : 'Crosstable' });
      await box.locator('tbody tr').first().waitFor();
      const wide = await box.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      if (size === '390') assert.ok(wide, `the ${tab} is wider than a phone`);
      if (!wide) continue;
      await page.getByTestId('scroll-hint').waitFor();
      await shoot(page, `${size}-${tab}-scroll-start`);
      await box.evaluate((el) => {
        el.scrollLeft = el.scrollWidth;
      });
      await page.waitForFunction((label) => document.querySelector(`[aria-label="${label}"]`)?.classList.contains('more-left'), tab === 'standings' ? 'Standings' : 'Crosstable');
      // After scrolling to the far end, the first row's name and points are still inside the box.
      const inView = await box.evaluate((el, pointsCell) => {
        const b = el.getBoundingClientRect();
        const row = el.querySelector('tbody tr');
        const within = (c) => {
          const r = c.getBoundingClientRect();
          return r.left >= b.left - 1 && r.right <= b.right + 1;
        };
        return { name: within(row.querySelector('th.sticky')), points: within(row.querySelector(pointsCell)) };
      }, tab === 'standings' ? (size === '390' ? '.sticky-pts' : 'td.num:last-child') : '.sticky-end');
      assert.deepEqual(inView, { name: true, points: true }, `${tab} at ${size} px`);
      await shoot(page, `${size}-${tab}-scrolled`);
    }
  }
});

test('on a phone, the round chips show every round, 9 and 10 included', async () => {
  const page = await newPage(phone);
  await page.goto(`/tournaments/${tournaments.swiss}?tab=pairings`);
  const picker = page.getByRole('group', { name: 'Round' });
  await picker.waitFor();
  for (let r = 1; r <= 10; r++) {
    const chip = picker.getByRole('button', { name: `Round ${r}`, exact: true });
    const b = await chip.boundingBox();
    assert.ok(b && b.x >= 0 && b.x + b.width <= phone.width, `round ${r}'s chip is on screen`);
  }
  for (const r of [9, 10]) {
    await picker.getByRole('button', { name: `Round ${r}`, exact: true }).click();
    await page.getByRole('heading', { name: new RegExp(`^Round ${r}`) }).waitFor();
  }
  await shoot(page, '390-round-chips');
  await page.setViewportSize(desktop);
  await shoot(page, '1280-round-chips');
});

test('on a phone, a long place wraps with its pin beside it', async () => {
  for (const [size, viewport] of sizes) {
    const page = await newPage(viewport);
    await page.goto(`/tournaments/${tournaments.rr}`);
    const place = page.locator('.tournament-details').getByText(longPlace, { exact: true });
    await place.waitFor();
    const where = await place.evaluate((el) => {
      const pin = el.previousElementSibling;
      const p = pin.getBoundingClientRect();
      const lines = el.getClientRects();
      const first = lines[0];
      return {
        pinBesidePlace: el.parentElement === pin.parentElement && p.right <= first.left + 1 && p.bottom > first.top && p.top < first.bottom,
        fits: Math.max(...[...lines].map((r) => r.right)) <= window.innerWidth,
      };
    });
    assert.deepEqual(where, { pinBesidePlace: true, fits: true }, `at ${size} px`);
    await shoot(page, `${size}-place`);
  }
});
