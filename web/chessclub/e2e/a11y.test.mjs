// Accessibility of every screen, against the real Go server on a temporary SQLite database, in
// Debian's Chromium, at 390 and 1 280 px: no control without a name in the accessibility tree
// that Chromium gives screen readers (a button, link, field, tab, switch… whose name is empty),
// and, walking the screen with the Tab key, every control the focus lands on shows that it has
// it (an outline, a ring, or Ionic's focus state). The screens: the home, the login and
// registration forms and a Swiss's projector view (standings, pairings) logged out; the home, a
// new tournament with its advanced settings open, a Swiss's players (with the public link and
// QR code open), pairings, standings, crosstable and history, a round robin's grid, a
// knockout's bracket, a player's card, the members and a member's profile, as an admin who
// organises them. A last test shows that the checks can fail: they find a button without a
// name, and one whose focus shows nothing.
//
//   node --test e2e/a11y.test.mjs     (npm run e2e runs every file of e2e/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { isoDay, launchChromium, startServer } from './harness.mjs';

const sizes = [
  ['390', { width: 390, height: 844 }],
  ['1280', { width: 1280, height: 800 }],
];
const people = ['olga', 'ana', 'ben', 'cleo', 'dan'];
// The roles Chromium's tree gives to what a person operates.
const controlRoles = new Set(['button', 'link', 'textbox', 'searchbox', 'combobox', 'listbox', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'option', 'spinbutton', 'slider']);

let server;
let browser;
const tokens = {};
const ids = {};
const screens = {};

const api = (...args) => server.api(...args);

before(async () => {
  server = await startServer();
  browser = await launchChromium();
  for (const [i, who] of people.entries()) {
    const json = { username: who, password: `${who}-secret-pass`, full_name: `${who[0].toUpperCase()}${who.slice(1)} Player`, declared_rating: 1800 - 50 * i };
    ids[who] = (await api('POST', '/user', { json })).id;
    tokens[who] = (await api('POST', '/login', { json: { username: who, password: json.password } })).token;
  }
  server.appoint('admin', 'olga');
  const create = async (fields, players) => {
    const t = await api('POST', '/tournaments', { token: tokens.olga, json: { start_date: isoDay(0), ...fields } });
    for (const p of players) await api('POST', `/tournaments/${t.id}/players`, { token: tokens[p] });
    await api('POST', `/tournaments/${t.id}/start`, { token: tokens.olga });
    return t.id;
  };
  const play = async (id, rounds, results = ['1-0', '1/2-1/2']) => {
    for (let r = 1; r <= rounds; r++) {
      const round = await api('POST', `/tournaments/${id}/rounds`, { token: tokens.olga });
      for (const b of round.boards) await api('PUT', `/tournaments/${id}/rounds/${r}/boards/${b.board}`, { token: tokens.olga, json: { result: results[(b.board + 1) % 2] } });
    }
  };
  const swiss = await create({ name: 'Thursday Swiss', rounds: 3 }, ['ana', 'ben', 'cleo', 'dan']);
  await play(swiss, 2);
  await api('POST', `/tournaments/${swiss}/rounds`, { token: tokens.olga });
  const rr = await create({ name: 'Spring Round Robin', format: 'round_robin' }, ['ana', 'ben', 'cleo', 'dan']);
  await play(rr, 1);
  const ko = await create({ name: 'Cup', format: 'knockout' }, ['ana', 'ben', 'cleo', 'dan']);
  await play(ko, 1, ['1-0', '0-1']);
  Object.assign(screens, {
    swiss,
    rr,
    ko,
  });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** unnamedControls lists the controls of the page's accessibility tree that have no name. */
async function unnamedControls(page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    return nodes
      .filter((n) => !n.ignored && controlRoles.has(n.role?.value) && !String(n.name?.value ?? '').trim())
      .map((n) => `${n.role.value} (node ${n.backendDOMNodeId})`);
  } finally {
    await cdp.detach();
  }
}

/**
 * focusWalk presses Tab up to limit times and returns, for each stop, what has the focus (deep
 * through shadow roots) and whether it shows it. A stop shows it when the element or its shadow
 * host has an outline, a box shadow or Ionic's ion-focused state; failing those, when the
 * control looks different focused and not (its picture with the focus and without, compared:
 * Ionic's fields show the focus by a highlight of their own).
 */
async function focusWalk(page, limit) {
  const stops = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate((n) => {
      let el = document.activeElement;
      const hosts = [];
      while (el?.shadowRoot?.activeElement) {
        hosts.push(el);
        el = el.shadowRoot.activeElement;
      }
      if (!el || el === document.body) return null;
      const shows = (e) => {
        const s = getComputedStyle(e);
        return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none' || e.classList.contains('ion-focused');
      };
      const host = hosts[0] ?? el.closest('ion-button, ion-item, ion-tab-button, ion-segment-button, ion-checkbox, ion-toggle, ion-radio, ion-select, ion-input, ion-textarea') ?? el;
      window.__a11yFocused = el;
      host.setAttribute('data-a11y-stop', String(n));
      const what = `${host.tagName.toLowerCase()}${host.id ? '#' + host.id : ''} "${(host.getAttribute('aria-label') ?? el.getAttribute('aria-label') ?? host.textContent ?? '').trim().slice(0, 40)}"`;
      return { what, visible: shows(el) || shows(host) };
    }, i);
    if (!stop) continue;
    if (!stop.visible) stop.visible = await looksFocused(page, page.locator(`[data-a11y-stop="${i}"]`));
    stops.push(stop);
  }
  return stops;
}

/** looksFocused compares the picture of the focused control with its picture once blurred. */
async function looksFocused(page, control) {
  const box = await control.boundingBox();
  if (!box || box.width === 0 || box.height === 0) return false;
  const clip = { x: Math.max(0, box.x - 4), y: Math.max(0, box.y - 4), width: box.width + 8, height: box.height + 8 };
  const focused = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  await page.evaluate(() => window.__a11yFocused.blur());
  await page.waitForTimeout(150); // Ionic's highlight transitions
  const blurred = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  await page.evaluate(() => window.__a11yFocused.focus());
  await page.waitForTimeout(150);
  return !focused.equals(blurred);
}

/** check opens path in page and asserts what the file's comment says of every screen. */
async function check(page, label, path, ready) {
  await page.goto(path);
  await ready(page);
  await page.waitForTimeout(300);
  assert.deepEqual(await unnamedControls(page), [], `${label}: controls without a name`);
  const stops = await focusWalk(page, 40);
  assert.ok(stops.length > 0, `${label}: Tab reaches no control`);
  const hidden = stops.filter((s) => !s.visible).map((s) => s.what);
  assert.deepEqual([...new Set(hidden)], [], `${label}: focus not shown on`);
}

async function context(size, who) {
  const ctx = await browser.newContext({ viewport: size, baseURL: server.baseURL, locale: 'en-GB' });
  if (who) {
    await ctx.addInitScript((token) => localStorage.setItem('CapacitorStorage.chessclub.token', token), tokens[who]);
  }
  const page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  return { ctx, page };
}

for (const [name, size] of sizes) {
  test(`at ${name} px, logged out: every control is named and shows the focus`, async () => {
    const { ctx, page } = await context(size);
    try {
      await check(page, 'home', '/', (p) => p.getByText('Thursday Swiss').first().waitFor());
      await check(page, 'login', '/login', (p) => p.getByLabel('Username').waitFor());
      await check(page, 'register', '/register', (p) => p.getByLabel('Username').waitFor());
      await check(page, 'public standings', `/tournaments/${screens.swiss}?tab=standings`, (p) => p.getByText('Thursday Swiss').first().waitFor());
      await check(page, 'projector, standings', `/tournaments/${screens.swiss}/projector?show=standings`, (p) => p.getByText('Ana Player').first().waitFor());
      await check(page, 'projector, pairings', `/tournaments/${screens.swiss}/projector?show=pairings`, (p) => p.getByText('Ana Player').first().waitFor());
    } finally {
      await ctx.close();
    }
  });
}

for (const [name, size] of sizes) {
  test(`at ${name} px, as an admin who organises: every control is named and shows the focus`, async () => {
    const { ctx, page } = await context(size, 'olga');
    const tournament = (id, tab) => `/tournaments/${id}?tab=${tab}`;
    const heading = (text) => (p) => p.getByText(text).first().waitFor();
    try {
      await check(page, 'home', '/tournaments', heading('Thursday Swiss'));
      await check(page, 'new tournament, advanced open', '/tournaments/new', async (p) => {
        await p.getByText('Advanced and FIDE report').click();
      });
      for (const tab of ['players', 'pairings', 'standings', 'crosstable', 'audit']) {
        await check(page, `Swiss, ${tab}`, tournament(screens.swiss, tab), heading('Thursday Swiss'));
      }
      await check(page, 'Swiss, public link and QR code open', tournament(screens.swiss, 'players'), async (p) => {
        await p.getByText('Public link and QR code').click();
        await p.getByTestId('public-link').waitFor();
      });
      await check(page, 'player card', `${tournament(screens.swiss, 'standings')}&player=${ids.ana}`, heading('Ana Player'));
      await check(page, 'round robin, crosstable', tournament(screens.rr, 'crosstable'), heading('Spring Round Robin'));
      await check(page, 'knockout, bracket', tournament(screens.ko, 'bracket'), heading('Cup'));
      await check(page, 'edit tournament', `/tournaments/${screens.swiss}/edit`, heading('Advanced and FIDE report'));
      await check(page, 'members', '/members', heading('Ben Player'));
      await check(page, 'a member', `/members/${ids.ben}`, heading('Ben Player'));
    } finally {
      await ctx.close();
    }
  });
}

test('the checks find an unnamed control and a focus that does not show', async () => {
  const { ctx, page } = await context(sizes[1][1]);
  try {
    await page.goto('/login');
    await page.getByLabel('Username').waitFor();
    await page.evaluate(() => {
      const bare = document.createElement('button');
      bare.id = 'bare';
      document.body.prepend(bare);
      const hidden = document.createElement('button');
      hidden.id = 'hidden-focus';
      hidden.textContent = 'No ring';
      hidden.style.cssText = 'outline: none; box-shadow: none; border: 0; background: none';
      document.body.prepend(hidden);
    });
    assert.ok((await unnamedControls(page)).length > 0, 'a button without a name is not found');
    const [first] = await focusWalk(page, 1);
    assert.match(first.what, /hidden-focus/);
    assert.equal(first.visible, false, 'a focus without a ring or a change is taken as shown');
  } finally {
    await ctx.close();
  }
});
