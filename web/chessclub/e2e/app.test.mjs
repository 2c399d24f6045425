// End-to-end test of the Chess Club app: the built client, served by the real Go server on a
// temporary SQLite database, driven in Debian's Chromium at phone size (360×740). Every screen is
// photographed into test-artifacts/chessclub/, and any uncaught page error fails the test.
//
//   node --test e2e/            (scripts/test-web.sh runs it after building)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir, launchChromium, startServer } from './harness.mjs';

const viewport = { width: 360, height: 740 };
const member = { username: 'magnus', password: 'correct horse battery', fullName: 'Magnus Olsen', email: 'magnus@example.edu' };
const tournamentName = 'Spring Rapid Open';

let server;
let browser;
let context;
let page;
const pageErrors = [];
const cspViolations = [];
let shot = 0;

// watchCSP records, for every page of context, each Content-Security-Policy violation the
// browser reports (the securitypolicyviolation event, in the page and its frames) and each
// console error about the policy: the app must run under the server's strict policy as is.
async function watchCSP(ctx) {
  await ctx.exposeBinding('__reportCSP', ({ page: p }, v) => cspViolations.push({ url: p.url(), ...v }));
  await ctx.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__reportCSP({ directive: e.violatedDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}`, sample: e.sample });
    });
  });
  ctx.on('console', (msg) => {
    if (msg.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(msg.text())) {
      cspViolations.push({ url: msg.page()?.url(), console: msg.text() });
    }
  });
}

// recordNotifications replaces window.Notification with a subclass that records each call, so
// the test can see the notification the app raised (headless Chromium shows none).
function recordNotifications() {
  const Real = window.Notification;
  const seen = [];
  Object.defineProperty(window, '__notifications', { value: seen });
  class Recording extends Real {
    constructor(title, options) {
      seen.push({ title, body: options?.body ?? '' });
      super(title, options);
    }
  }
  window.Notification = Recording;
}

async function screenshot(name) {
  shot += 1;
  await page.waitForTimeout(350); // let Ionic's transitions and toasts settle
  await page.screenshot({ path: join(artifactsDir, `${String(shot).padStart(2, '0')}-${name}.png`) });
}

// eventually retries check until it stops throwing (5 s at most): for values the app sets a moment
// after the event the test waits for.
async function eventually(check) {
  const deadline = Date.now() + 5000;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

// fieldError returns the error text announced for the input with the given label: the element
// its aria-describedby names, as a screen reader would read it.
async function fieldError(label) {
  const ids = (await page.getByLabel(label).getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(ids.split(/\s+/).filter(Boolean).map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join(' ').trim();
}

function path() {
  return new URL(page.url()).pathname;
}

before(async () => {
  rmSync(artifactsDir, { recursive: true, force: true });
  mkdirSync(artifactsDir, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
  context = await browser.newContext({ viewport, baseURL: server.baseURL, deviceScaleFactor: 1 });
  await context.grantPermissions(['notifications', 'camera'], { origin: server.baseURL });
  await context.addInitScript(recordNotifications);
  await watchCSP(context);
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (err) => pageErrors.push(err));
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('the Go server serves the built app, with index.html for deep links', async () => {
  for (const deep of ['/', '/tournaments/new']) {
    const res = await fetch(server.baseURL + deep);
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /<div id="root"><\/div>/, `${deep} is not the app's index.html`);
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    assert.ok(asset, 'index.html names no entry script');
    const js = await fetch(server.baseURL + asset);
    assert.equal(js.status, 200);
    if (!process.env.E2E_PREVIEW) assert.match(js.headers.get('cache-control') ?? '', /immutable/);
  }
});

test('every response carries the security headers; the app has a strict policy of its own', async () => {
  const app = await fetch(server.apiURL + '/tournaments'); // the Go server's, also under E2E_PREVIEW
  const policy = app.headers.get('content-security-policy') ?? '';
  assert.match(policy, /frame-ancestors 'none'/);
  assert.match(policy, /script-src 'self'(;|$)/, 'scripts from the app\'s own files only: no inline script, no eval');
  for (const res of [app, await fetch(server.apiURL + '/api/tournaments'), await fetch(server.apiURL + '/api/nothing')]) {
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff', res.url);
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer', res.url);
    assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/, res.url);
  }
});

test('a logged-out visit to /members lands on /login', async () => {
  await page.goto('/members');
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  assert.equal(path(), '/login');
  assert.equal(new URL(page.url()).searchParams.get('next'), '/members');
  await screenshot('login');
});

test('the tournament list is public and starts empty', async () => {
  await page.goto('/tournaments');
  await page.getByText('No tournaments yet.').waitFor();
  await screenshot('tournaments-empty');
});

test('registering raises a local notification and opens the login form', async () => {
  await page.goto('/register');
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Password').fill('short');
  await page.getByLabel('Full name').fill(member.fullName);
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByText('Use at least 8 characters.').waitFor();
  await screenshot('register-invalid');

  await page.getByLabel('Password').fill(member.password);
  await screenshot('register');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.waitForFunction(() => window.__notifications.some((n) => n.title !== ''));
  const notes = (await page.evaluate(() => window.__notifications)).filter((n) => n.title !== '');
  assert.equal(notes.length, 1);
  assert.equal(notes[0].title, 'Member created');
  assert.match(notes[0].body, /Magnus Olsen \(magnus\)/);
  await eventually(async () => assert.equal(await page.getByLabel('Username').inputValue(), member.username));
});

test('a taken username is reported next to the field', async () => {
  await page.goto('/register');
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Password').fill(member.password);
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByRole('button', { name: 'Register' }).click();
  await eventually(async () => assert.match(await fieldError('Username'), /taken/));
  assert.equal(await page.getByLabel('Username').getAttribute('aria-invalid'), 'true');
  await screenshot('register-conflict');
});

test('a name with a text-direction control is refused under the field, by the app and by the server', async () => {
  const evil = 'Vera\u202eMenchik';
  const posts = [];
  const seePost = (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/user') posts.push(req.postDataJSON());
  };
  page.on('request', seePost);
  try {
    await page.goto('/register');
    await page.getByLabel('Username').fill('vera');
    await page.getByLabel('Password').fill('😀'.repeat(5)); // 10 UTF-16 code units, 5 characters: too short
    await page.getByLabel('Full name').fill(evil);
    await page.getByRole('button', { name: 'Register' }).click();
    await eventually(async () => assert.equal(await fieldError('Full name'), 'Remove the text-direction control characters.'));
    assert.match(await fieldError('Password'), /Use at least 8 characters\./);
    assert.deepEqual(posts, [], 'the app sent what it knew the server refuses');
    await screenshot('register-invalid-name');

    // The server's own check, on a request the app would not send: its 422 names the field, and
    // the app shows the server's message under it.
    await page.route('**/api/user', async (route) => {
      const body = route.request().postDataJSON();
      await route.continue({ postData: JSON.stringify({ ...body, full_name: evil }) });
    });
    await page.getByLabel('Password').fill('😀'.repeat(100)); // 200 code units, 100 characters: fine
    await page.getByLabel('Full name').fill('Vera Menchik');
    const refused = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/user');
    await page.getByRole('button', { name: 'Register' }).click();
    const res = await refused;
    assert.equal(res.status(), 422);
    assert.equal(Object.keys((await res.json()).errors ?? {}).join(), 'full_name');
    await eventually(async () => assert.match(await fieldError('Full name'), /bidirectional/));
    assert.equal(await page.getByLabel('Full name').getAttribute('aria-invalid'), 'true');
    assert.equal(path(), '/register');
    assert.equal(posts.length, 1);
    assert.equal(posts[0].password, '😀'.repeat(100), 'the app sends a 100-emoji password, which the server accepts');
  } finally {
    page.off('request', seePost);
    await page.unroute('**/api/user');
  }
});

test('a wrong password is shown next to the password field', async () => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('Wrong username or password.').waitFor();
});

test('logging in returns to /members, which lists the member', async () => {
  await page.goto('/members');
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/members');
  const row = page.locator('ion-item.member', { hasText: member.fullName });
  await row.waitFor();
  assert.match(await row.innerText(), /1200/);
  const token = await page.evaluate(() => localStorage.getItem('CapacitorStorage.chessclub.token'));
  assert.ok(token && token.length >= 20, 'the token is kept in Capacitor Preferences');
  await screenshot('members');
});

test('a photo taken with the camera is stored and shown in the list', async () => {
  const row = page.locator('ion-item.member', { hasText: member.fullName });
  await row.getByRole('button', { name: 'Take photo' }).click();
  await page.locator('pwa-camera .shutter').click();
  await screenshot('camera');
  const upload = page.waitForResponse((res) => res.url().endsWith('/api/figures') && res.request().method() === 'POST');
  await page.locator('pwa-camera .accept-use').click();
  const res = await upload;
  assert.equal(res.status(), 201);
  const figure = await res.json();
  // Stored as a new encoding: JPEG, or PNG for a photo with transparent pixels.
  assert.match(figure.content_type, /^image\/(jpeg|png)$/);
  assert.ok(Math.max(figure.width, figure.height) <= 1024, `stored at ${figure.width}×${figure.height}`);

  // The list shows the thumbnail, a square of at most 128 pixels, not the photo.
  const img = row.getByRole('img', { name: `Photo of ${member.fullName}` });
  await img.waitFor();
  await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle());
  assert.equal(new URL(await img.getAttribute('src'), server.baseURL).pathname, new URL(figure.thumbnail_url, server.baseURL).pathname);
  const natural = await img.evaluate((el) => [el.naturalWidth, el.naturalHeight]);
  assert.ok(natural[0] === natural[1] && natural[0] <= 128, `thumbnail is ${natural[0]}×${natural[1]}`);
  for (const url of [figure.url, figure.thumbnail_url]) {
    const stored = await fetch(new URL(url, server.baseURL));
    assert.equal(stored.status, 200);
    assert.equal(stored.headers.get('content-type'), figure.content_type);
  }
  await screenshot('members-photo');
});

test('a tournament is created', async () => {
  await page.getByRole('link', { name: 'Tournaments' }).click();
  await page.waitForURL((url) => url.pathname === '/tournaments');
  await page.getByRole('link', { name: 'New tournament' }).click();
  await page.waitForURL((url) => url.pathname === '/tournaments/new');
  await page.getByLabel('Name').fill(`${tournamentName}\u2066`);
  await page.getByLabel('Start date').fill('2027-04-10');
  await page.getByLabel('End date').fill('2027-04-09');
  await page.getByRole('button', { name: 'Create tournament' }).click();
  await page.getByText('The end date cannot be before the start date.').waitFor();
  assert.equal(await fieldError('Name'), 'Remove the text-direction control characters.');
  await page.getByLabel('Name').fill(tournamentName);
  await page.getByLabel('End date').fill('2027-04-11');
  await page.getByLabel('Location').fill('Student Union, Room 2');
  await page.getByRole('radio', { name: 'Round robin' }).click();
  await page.getByLabel('Rounds').fill('7');
  await page.getByLabel('Time control').fill('15+10');
  await page.getByLabel('Description').fill('Seven rounds of rapid chess. Bring a clock.');
  await screenshot('tournament-new');
  await page.getByRole('button', { name: 'Create tournament' }).click();
  await page.waitForURL((url) => url.pathname === '/tournaments');
  const item = page.locator('ion-item.tournament', { hasText: tournamentName });
  await item.waitFor();
  assert.match(await item.innerText(), /Round robin · 7 rounds · 15\+10/);
  await screenshot('tournaments');
});

test('the tournament is deleted after a confirmation and is gone', async () => {
  await page.getByRole('link', { name: 'Delete a tournament' }).click();
  await page.waitForURL((url) => url.pathname === '/tournaments/delete');
  const del = page.getByRole('button', { name: 'Delete', exact: true });
  assert.equal(await del.isDisabled(), true, 'Delete is disabled until a tournament is picked');
  await page.getByRole('radio', { name: new RegExp(tournamentName) }).click();
  await screenshot('tournament-delete');
  await del.click();
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  await screenshot('tournament-delete-confirm');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('You have no tournaments to delete.').waitFor();

  const list = await (await fetch(`${server.apiURL}/api/tournaments`)).json();
  assert.deepEqual(list, []);
  await page.getByRole('link', { name: 'Tournaments' }).click();
  await page.getByText('No tournaments yet.').waitFor();
  assert.equal(await page.locator('ion-item.tournament', { hasText: tournamentName }).count(), 0);
});

test('pulling the list down refreshes it', async () => {
  const login = await fetch(`${server.apiURL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: member.username, password: member.password }),
  });
  const { token } = await login.json();
  const created = await fetch(`${server.apiURL}/api/tournaments`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Club Championship', start_date: '2027-09-01', end_date: '2027-09-30' }),
  });
  assert.equal(created.status, 201);
  assert.equal(path(), '/tournaments');
  assert.equal(await page.locator('ion-item.tournament', { hasText: 'Club Championship' }).count(), 0);

  const content = page.locator('.ion-page:not(.ion-page-hidden) ion-content');
  const box = await content.boundingBox();
  const x = box.x + box.width / 2;
  await page.mouse.move(x, box.y + 20);
  await page.mouse.down();
  for (let dy = 10; dy <= 300; dy += 10) await page.mouse.move(x, box.y + 20 + dy);
  await page.mouse.up();
  await page.locator('ion-item.tournament', { hasText: 'Club Championship' }).waitFor();
});

const deviceKey = `CapacitorStorage.chessclub.device.${member.username}`;

test('logging out forgets the token; /members then leads to /login', async () => {
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  assert.equal(await page.evaluate(() => localStorage.getItem('CapacitorStorage.chessclub.token')), null);
  await page.goto('/members');
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('button', { name: 'Log in' }).waitFor();
});

test('the next login sends the device token kept from the last one, and keeps the new one', async () => {
  const kept = await page.evaluate((key) => localStorage.getItem(key), deviceKey);
  assert.ok(kept && kept.length > 40, 'the device token outlives logout');
  await page.goto('/login');
  await page.getByLabel('Username').fill(member.username.toUpperCase());
  await page.getByLabel('Password').fill(member.password);
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  const res = await answered;
  assert.equal(res.status(), 200);
  assert.equal(res.request().postDataJSON().device_token, kept);
  const fresh = (await res.json()).device_token;
  assert.notEqual(fresh, kept);
  await eventually(async () => assert.equal(await page.evaluate((key) => localStorage.getItem(key), deviceKey), fresh));
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
});

test('a token the server no longer accepts is forgotten, and the login page shown', async () => {
  await page.evaluate(() => localStorage.setItem('CapacitorStorage.chessclub.token', 'revoked-or-made-up-token'));
  await page.goto('/tournaments/new');
  await page.waitForURL((url) => url.pathname === '/login');
  assert.equal(new URL(page.url()).searchParams.get('next'), '/tournaments/new');
  assert.equal(await page.evaluate(() => localStorage.getItem('CapacitorStorage.chessclub.token')), null);
});

test('without notification permission, registering shows a toast instead', async () => {
  const denied = await browser.newContext({ viewport, baseURL: server.baseURL });
  try {
    await denied.addInitScript(recordNotifications);
    await watchCSP(denied);
    const other = await denied.newPage();
    other.on('pageerror', (err) => pageErrors.push(err));
    await other.goto('/register');
    await other.getByLabel('Username').fill('judit');
    await other.getByLabel('Password').fill('correct horse battery');
    await other.getByLabel('Full name').fill('Judit Polgar');
    await other.getByRole('button', { name: 'Register' }).click();
    await other.waitForURL((url) => url.pathname === '/login');
    await other.locator('ion-toast').filter({ hasText: 'Member created: Judit Polgar' }).waitFor({ state: 'attached' });
    assert.equal(await other.evaluate(() => Notification.permission), 'denied');
    const shown = (await other.evaluate(() => window.__notifications)).filter((n) => n.title !== '');
    assert.deepEqual(shown, []);
    shot += 1;
    await other.waitForTimeout(350);
    await other.screenshot({ path: join(artifactsDir, `${String(shot).padStart(2, '0')}-register-toast.png`) });
  } finally {
    await denied.close();
  }
});

// horizontalOverflow lists what is wider than the viewport on the page shown: the document, the
// scroller inside ion-content (which would clip or scroll sideways), and any element, inside
// Ionic's shadow roots too, whose box reaches past either edge.
function horizontalOverflow() {
  return page.evaluate(async (width) => {
    const found = [];
    if (document.documentElement.scrollWidth > width) found.push(`the document is ${document.documentElement.scrollWidth}px wide`);
    const shown = [...document.querySelectorAll('.ion-page:has(> ion-content)')].filter((p) => !p.classList.contains('ion-page-hidden'));
    if (shown.length !== 1) found.push(`${shown.length} pages are shown`);
    for (const pageEl of shown) {
      const content = pageEl.querySelector('ion-content');
      const scroller = await content.getScrollElement();
      if (scroller.scrollWidth > scroller.clientWidth) found.push(`ion-content scrolls ${scroller.scrollWidth}px in ${scroller.clientWidth}px`);
      const describe = (el) => el.tagName.toLowerCase() + (el.id ? `#${el.id}` : '') + (typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '');
      const visit = (root) => {
        for (const el of root.querySelectorAll('*')) {
          const r = el.getBoundingClientRect();
          if (r.width > 0 && r.height > 0 && (r.right > width + 0.5 || r.left < -0.5)) {
            found.push(`${describe(el)} spans ${Math.round(r.left)}–${Math.round(r.right)}px`);
          }
          if (el.shadowRoot) visit(el.shadowRoot);
        }
      };
      visit(pageEl);
    }
    return found;
  }, viewport.width);
}

// The routes, each with what shows that the screen has its content (the member's photo,
// a tournament…), logged out where a person sees it so and logged in where the screen needs it.
const screensAt360 = [
  { route: '/login', ready: () => page.getByRole('button', { name: 'Log in' }) },
  { route: '/register', ready: () => page.getByRole('button', { name: 'Register' }) },
  { route: '/tournaments', name: 'tournaments-logged-out', ready: () => page.locator('ion-item.tournament', { hasText: 'Club Championship' }) },
  { login: true },
  { route: '/members', ready: () => page.getByRole('img', { name: `Photo of ${member.fullName}` }) },
  { route: '/tournaments', ready: () => page.locator('ion-item.tournament', { hasText: 'Club Championship' }) },
  { route: '/tournaments/new', ready: () => page.getByRole('button', { name: 'Create tournament' }) },
  { route: '/tournaments/delete', ready: () => page.getByRole('radio', { name: /Club Championship/ }) },
];

test('every screen fits 360 px without horizontal scrolling', async () => {
  const wide = [];
  for (const { route, name, ready, login } of screensAt360) {
    if (login) {
      await page.goto('/login');
      await page.getByLabel('Username').fill(member.username);
      await page.getByLabel('Password').fill(member.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.pathname === '/members');
      continue;
    }
    await page.goto(route);
    await ready().waitFor();
    assert.equal(path(), route, `${route} sent the person elsewhere`);
    if (route === '/members') {
      await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await ready().elementHandle());
    }
    await screenshot(`360-${name ?? route.slice(1).replaceAll('/', '-')}`);
    for (const problem of await horizontalOverflow()) wide.push(`${route}: ${problem}`);
  }
  assert.deepEqual(wide, [], 'screens wider than 360 px');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
});

test('the member list on a desktop', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login?next=%2Fmembers');
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/members');
  await page.getByRole('img', { name: `Photo of ${member.fullName}` }).waitFor();
  await screenshot('members-desktop');
  await page.setViewportSize(viewport);
});

test('the screenshots show every screen', () => {
  const names = readdirSync(artifactsDir)
    .filter((f) => f.endsWith('.png'))
    .map((f) => f.replace(/^\d+-|\.png$/g, ''))
    .sort();
  assert.equal(names.length, shot, 'one file per screenshot taken');
  assert.deepEqual(names, [
    '360-login',
    '360-members',
    '360-register',
    '360-tournaments',
    '360-tournaments-delete',
    '360-tournaments-logged-out',
    '360-tournaments-new',
    'camera',
    'login',
    'members',
    'members-desktop',
    'members-photo',
    'register',
    'register-conflict',
    'register-invalid',
    'register-invalid-name',
    'register-toast',
    'tournament-delete',
    'tournament-delete-confirm',
    'tournament-new',
    'tournaments',
    'tournaments-empty',
  ]);
});

test('no Content-Security-Policy violations', () => {
  assert.deepEqual(cspViolations, []);
});

test('no uncaught page errors', () => {
  assert.deepEqual(
    pageErrors.map((e) => e.message),
    [],
  );
});
