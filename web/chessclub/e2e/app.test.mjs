// End-to-end test of the Chess Club app: the built client, served by the real Go server on a
// temporary SQLite database, driven in Debian's Chromium at phone size (360×740, British English),
// and every screen again at 390 and 1 280 px. Every screen is photographed into
// test-artifacts/chessclub/, and any uncaught page error fails the test.
//
//   node --test e2e/            (scripts/test-web.sh runs it after building)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir, coldLoad, launchChromium, monthDay, startServer } from './harness.mjs';

const viewport = { width: 360, height: 740 };
const member = { username: 'magnus', password: 'correct horse battery', fullName: 'Magnus Olsen', email: 'magnus@example.edu' };
const tournamentName = 'Spring Rapid Open';

// The tournaments' dates count from the day the test runs, as the server's clock does: the one
// made with the form on the 10th and 11th of the month four months on, the one made through
// the API from the 1st to the 28th of the month after next.
const rapid = { start: monthDay(4, 10), end: monthDay(4, 11), dayBefore: monthDay(4, 9) };
const championship = { start: monthDay(2, 1), end: monthDay(2, 28) };

// How the app writes those days: weekdays and months in British English, and the months'
// abbreviations in British English and German as the browser's locale data has them
// (September was "Sep" and is "Sept").
const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthsShortEN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept?', 'Oct', 'Nov', 'Dec'];
const monthsShortDE = ['Jan\\.', 'Feb\\.', 'März', 'Apr\\.', 'Mai', 'Juni', 'Juli', 'Aug\\.', 'Sept?\\.', 'Okt\\.', 'Nov\\.', 'Dez\\.'];

/** dayOf splits a YYYY-MM-DD day into its year, month (0–11), day of the month and weekday (0 Sunday). */
function dayOf(iso) {
  const [year, month, day] = iso.split('-').map(Number);
  return { year, month: month - 1, day, weekday: new Date(year, month - 1, day).getDay() };
}

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

// recordNotifications replaces window.Notification with a subclass that records each notification
// and each request for permission, so the test can see what the app raised and when it asked
// (headless Chromium shows none). Where the test plays the person answering the browser's
// question (window.__answerPermission, a binding), it answers before the browser decides.
function recordNotifications() {
  const Real = window.Notification;
  const seen = [];
  const asked = [];
  Object.defineProperty(window, '__notifications', { value: seen });
  Object.defineProperty(window, '__permissionRequests', { value: asked });
  class Recording extends Real {
    constructor(title, options) {
      seen.push({ title, body: options?.body ?? '' });
      super(title, options);
    }
    static async requestPermission(...args) {
      asked.push(Date.now());
      if (window.__answerPermission) await window.__answerPermission();
      return Real.requestPermission(...args);
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

// The profile of the member the test registers, /members/ID.
let memberPath = '';

// focusedLabel names what has the keyboard focus, looking through Ionic's shadow roots: an input's
// label, or a button's text.
function focusedLabel(p = page) {
  return p.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body) return '';
    const host = el.getRootNode().host ?? el.closest('ion-input, ion-textarea');
    if (host?.tagName === 'ION-INPUT' || host?.tagName === 'ION-TEXTAREA') return host.label ?? '';
    if (el.labels?.length) return el.labels[0].innerText.trim();
    return (el.getAttribute('aria-label') || (host ?? el).innerText || '').trim();
  });
}

// assertInViewport fails unless the element is wholly inside the window, where a person sees it.
async function assertInViewport(locator, what, p = page) {
  const box = await locator.boundingBox();
  const size = p.viewportSize();
  assert.ok(box, `${what} is not shown`);
  assert.ok(box.y >= 0 && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width, `${what} is drawn at ${JSON.stringify(box)}, outside ${size.width}×${size.height}`);
}

before(async () => {
  rmSync(artifactsDir, { recursive: true, force: true });
  mkdirSync(artifactsDir, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
  context = await browser.newContext({ viewport, baseURL: server.baseURL, deviceScaleFactor: 1, locale: 'en-GB' });
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

test('the app has its icons and a web app manifest', async () => {
  const html = await (await fetch(server.baseURL + '/')).text();
  const href = (rel) => html.match(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`))?.[1];
  assert.equal(href('icon'), '/favicon.svg');
  assert.equal(href('apple-touch-icon'), '/apple-touch-icon.png');
  const manifest = await (await fetch(server.baseURL + href('manifest'))).json();
  assert.equal(manifest.name, 'Chess Club');
  assert.equal(manifest.start_url, '/');
  const sizes = [];
  for (const icon of [...manifest.icons, { src: '/apple-touch-icon.png', type: 'image/png' }]) {
    const res = await fetch(server.baseURL + icon.src);
    assert.equal(res.status, 200, icon.src);
    assert.equal(res.headers.get('content-type')?.split(';')[0], icon.type, icon.src);
    if (icon.type === 'image/png') {
      const png = Buffer.from(await res.arrayBuffer());
      sizes.push(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`);
    }
  }
  assert.deepEqual(sizes, ['192x192', '512x512', '180x180']);
});

test('every response carries the security headers; the app has a strict policy of its own', async () => {
  // A navigation (Accept: text/html) gets the app; other requests to /tournaments get the API.
  const app = await fetch(server.apiURL + '/tournaments', { headers: { Accept: 'text/html' } }); // the Go server's, also under E2E_PREVIEW
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

test('the first screen downloads at most 160 kB of JavaScript and CSS', async (t) => {
  const load = await coldLoad(browser, server.baseURL, '/');
  const report = load.files.map((f) => `${f.name} ${f.encoded} B`).join('\n');
  t.diagnostic(`${load.files.length} files, ${load.total} B on the wire`);
  assert.ok(load.files.length > 0, 'no JavaScript or CSS was loaded');
  if (process.env.E2E_PREVIEW) return; // vite preview does not compress
  for (const f of load.files) assert.ok(f.encoded < f.decoded || f.decoded < 1024, `${f.name} was not compressed`);
  assert.ok(load.total <= 160_000, `the first screen downloads ${load.total} B of JavaScript and CSS:\n${report}`);
});

test('a screen whose code cannot be loaded shows an error with “Try again”, and Back leaves it', async () => {
  await page.goto('/tournaments');
  await page.getByText('No tournaments yet.').waitFor();
  // As after a new release: the file the running app names is gone from the server.
  const chunk = /\/assets\/LoginPage-[^/]+\.js$/;
  let refused = 0;
  await page.route(chunk, (route) => {
    refused += 1;
    return route.fulfill({ status: 404, contentType: 'application/problem+json', body: '{"title":"Not found","status":404}' });
  });
  try {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }).click();
    const error = page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' });
    await error.waitFor();
    assert.ok(refused > 0, 'the screen did not ask for its chunk');
    assert.equal(path(), '/login');
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Log in');
    await screenshot('screen-error');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/tournaments');
    await page.getByText('No tournaments yet.').waitFor();
    await page.goForward();
    await error.waitFor();
  } finally {
    await page.unroute(chunk);
  }
  await page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  assert.equal(path(), '/login');
});

test('registering logs the member in and greets them where they land; with notifications allowed already, it announces the new member at once', async () => {
  await page.goto('/register');
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Password').fill('short');
  await page.getByLabel('Full name').fill(member.fullName);
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByText('Use at least 8 characters.').waitFor();
  // The focus went to the first field in error, ready to be corrected.
  await eventually(async () => assert.equal(await focusedLabel(), 'Password'));
  await screenshot('register-invalid');

  await page.getByLabel('Password').fill(member.password);
  await screenshot('register');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL((url) => /^\/members\/\d+$/.test(url.pathname));
  memberPath = path();
  const welcome = page.getByRole('status', { name: 'Welcome' });
  await welcome.waitFor();
  assert.match(await welcome.innerText(), /Welcome to the club, Magnus Olsen!/);
  await assertInViewport(welcome, 'the greeting');
  // The profile's heading names the member once their record has loaded.
  await page.getByRole('heading', { level: 1, name: member.fullName }).waitFor();
  const token = await page.evaluate(() => localStorage.getItem('CapacitorStorage.chessclub.token'));
  assert.ok(token && token.length >= 20, 'registering logged the member in');
  // This browser allowed notifications beforehand: the new member was announced by name as
  // soon as the account was made, nothing was asked, and the greeting says they are on.
  await page.waitForFunction(() => window.__notifications.some((n) => n.title !== ''));
  const notes = (await page.evaluate(() => window.__notifications)).filter((n) => n.title !== '');
  assert.deepEqual(notes, [{ title: 'Member created', body: 'Magnus Olsen (magnus) is now a member of the Chess Club.' }]);
  assert.deepEqual(await page.evaluate(() => window.__permissionRequests.length), 0);
  await welcome.getByText('Notifications are on.').waitFor();
  assert.equal(await welcome.getByRole('button', { name: 'Turn on notifications' }).count(), 0);
  await screenshot('register-welcome');
  await welcome.getByRole('button', { name: 'Close' }).click();
  await welcome.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
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
  await eventually(async () => assert.equal(await focusedLabel(), 'Password'));
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
  // Magnus declared no rating: the list says unrated, not the number that stands for it.
  assert.match(await row.innerText(), /unrated/);
  assert.doesNotMatch(await row.innerText(), /1200/);
  const token = await page.evaluate(() => localStorage.getItem('CapacitorStorage.chessclub.token'));
  assert.ok(token && token.length >= 20, 'the token is kept in Capacitor Preferences');
  await screenshot('members');
});

test('a photo taken with the camera is stored and shown in the list', async () => {
  const row = page.locator('ion-item.member', { hasText: member.fullName });
  await row.getByRole('button', { name: 'Take photo' }).click();
  const dialog = page.getByRole('dialog', { name: `Photo of ${member.fullName}` });
  await dialog.getByText('Frame your face, then take the photo.').waitFor();
  await screenshot('camera');
  await dialog.getByRole('button', { name: 'Take photo' }).click();
  await dialog.getByRole('img', { name: 'The photo just taken' }).waitFor();
  const upload = page.waitForResponse((res) => res.url().endsWith('/api/figures') && res.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Use photo' }).click();
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

test('the profile shows the photo large, the rating and the membership; the camera works by keyboard alone', async () => {
  const row = page.locator('ion-item.member', { hasText: member.fullName });
  await row.getByRole('link', { name: member.fullName }).click();
  await page.waitForURL((url) => url.pathname === memberPath);
  const photo = page.getByRole('img', { name: `Photo of ${member.fullName}` });
  await photo.waitFor();
  await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await photo.elementHandle());
  // The photo itself (up to 1024 px), not the thumbnail, drawn large.
  assert.doesNotMatch(await photo.getAttribute('src'), /thumbnail/);
  assert.ok((await photo.boundingBox()).width >= 250, 'the photo is drawn large');
  const facts = await page.locator('.profile-facts').innerText();
  assert.match(facts, /Rating\s+unrated/);
  assert.match(facts, /Member since\s+\w+ \d{4}/);
  assert.match(facts, new RegExp(member.email.replace('.', '\\.')));
  assert.equal(await page.title(), `${member.fullName} · Chess Club`);
  await screenshot('profile');

  // From the top of the screen, Tab reaches "Replace photo"; Enter opens the dialog, whose close
  // button has a name; Escape closes it and gives the focus back.
  await page.getByRole('heading', { level: 1 }).focus();
  for (let i = 0; i < 30 && (await focusedLabel()) !== 'Replace photo'; i++) await page.keyboard.press('Tab');
  assert.equal(await focusedLabel(), 'Replace photo', 'Tab does not reach "Replace photo"');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Photo of ${member.fullName}` });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Close' }).waitFor();
  await eventually(async () => assert.equal(await focusedLabel(), 'Take photo'));
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await eventually(async () => assert.equal(await focusedLabel(), 'Replace photo'));

  // Enter again, Enter on "Take photo" (focused once the camera shows), Enter on "Use photo".
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  await eventually(async () => assert.equal(await focusedLabel(), 'Take photo'));
  await page.keyboard.press('Enter');
  await eventually(async () => assert.equal(await focusedLabel(), 'Use photo'));
  const upload = page.waitForResponse((res) => res.url().endsWith('/api/figures') && res.request().method() === 'POST');
  const before = await photo.getAttribute('src');
  await page.keyboard.press('Enter');
  assert.equal((await upload).status(), 201);
  await dialog.waitFor({ state: 'detached' });
  await eventually(async () => assert.notEqual(await photo.getAttribute('src'), before, 'the new photo is shown'));
  await eventually(async () => assert.equal(await focusedLabel(), 'Replace photo'));
  // Tab stays within the open dialog.
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  const inside = [];
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    // Out of the dialog's last control, Tab may go to the browser's own controls (the page's
    // body then has the focus), never to the inert page behind the dialog.
    inside.push(await page.evaluate(() => document.activeElement === document.body || document.activeElement?.closest('dialog') !== null));
  }
  assert.deepEqual(inside, inside.map(() => true), 'Tab reached the page behind the dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
});

test('a tournament is created', async () => {
  await page.getByRole('link', { name: 'Tournaments' }).click();
  await page.waitForURL((url) => url.pathname === '/tournaments');
  await page.getByRole('link', { name: 'New tournament' }).click();
  await page.waitForURL((url) => url.pathname === '/tournaments/new');
  await page.getByLabel('Name').fill(`${tournamentName}\u2066`);
  await page.getByLabel('Start date').fill(rapid.start);
  await page.getByLabel('End date').fill(rapid.dayBefore);
  await page.getByRole('button', { name: 'Create tournament' }).click();
  await page.getByText('The end date cannot be before the start date.').waitFor();
  assert.equal(await fieldError('Name'), 'Remove the text-direction control characters.');
  await eventually(async () => assert.equal(await focusedLabel(), 'Name'));
  // Under the browser's date picker, the day in the user's words (British English here).
  const start = dayOf(rapid.start);
  assert.match(await fieldError('Start date'), new RegExp(`^${weekdays[start.weekday]},? ${start.day} ${months[start.month]} ${start.year}$`));
  await page.getByLabel('Name').fill(tournamentName);
  await page.getByLabel('End date').fill(rapid.end);
  await page.getByLabel('Location').fill('Student Union, Room 2');
  await page.getByRole('radio', { name: 'Round robin' }).click();
  // A round robin's rounds follow from its players: the form asks for none.
  await page.getByText('The rounds follow from the players: everyone meets everyone.').waitFor();
  assert.equal(await page.getByLabel('Rounds').count(), 0);
  await page.getByLabel('Time control').fill('15+10');
  await page.getByLabel('Description').fill('Seven rounds of rapid chess. Bring a clock.');
  await screenshot('tournament-new');
  await page.getByRole('button', { name: 'Create tournament' }).click();
  // The new tournament opens, where its players are entered next; the list has it too.
  await page.waitForURL((url) => /^\/tournaments\/\d+$/.test(url.pathname));
  await page.getByRole('heading', { level: 1, name: tournamentName }).waitFor();
  await page.goto('/tournaments');
  const item = page.locator('ion-item.tournament', { hasText: tournamentName });
  await item.waitFor();
  const text = await item.innerText();
  assert.match(text, /Round robin · 15\+10/);
  assert.match(text, new RegExp(`${start.day}\\s*–\\s*${start.day + 1} ${monthsShortEN[start.month]} ${start.year}`), 'the dates in the locale');
  assert.doesNotMatch(text, new RegExp(rapid.start.slice(0, 7)), 'no ISO dates');
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
    body: JSON.stringify({ name: 'Club Championship', start_date: championship.start, end_date: championship.end }),
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

test('where notifications are not allowed yet, nothing is asked until the greeting’s button; once allowed there, the new member is announced', async () => {
  const ctx = await browser.newContext({ viewport, baseURL: server.baseURL, locale: 'en-GB' });
  try {
    await ctx.addInitScript(recordNotifications);
    await watchCSP(ctx);
    // The person answers the browser's question with "Allow".
    await ctx.exposeBinding('__answerPermission', () => ctx.grantPermissions(['notifications'], { origin: server.baseURL }));
    const other = await ctx.newPage();
    other.setDefaultTimeout(15_000);
    other.on('pageerror', (err) => pageErrors.push(err));
    await other.goto('/register');
    await other.getByLabel('Username').fill('mikhail');
    await other.getByLabel('Password').fill('correct horse battery');
    await other.getByLabel('Full name').fill('Mikhail Tal');
    await other.getByRole('button', { name: 'Register' }).click();
    await other.waitForURL((url) => /^\/members\/\d+$/.test(url.pathname));
    const welcome = other.getByRole('status', { name: 'Welcome' });
    const turnOn = welcome.getByRole('button', { name: 'Turn on notifications' });
    await turnOn.waitFor();
    // Nothing was asked or raised by itself: the greeting says what notifications are for first.
    assert.equal(await other.evaluate(() => Notification.permission), 'default');
    assert.deepEqual(await other.evaluate(() => window.__permissionRequests.length), 0);
    assert.deepEqual((await other.evaluate(() => window.__notifications)).filter((n) => n.title !== ''), []);

    await turnOn.click();
    await other.waitForFunction(() => window.__notifications.some((n) => n.title !== ''));
    assert.deepEqual(await other.evaluate(() => window.__permissionRequests.length), 1);
    assert.equal(await other.evaluate(() => Notification.permission), 'granted');
    const notes = (await other.evaluate(() => window.__notifications)).filter((n) => n.title !== '');
    assert.deepEqual(notes, [{ title: 'Member created', body: 'Mikhail Tal (mikhail) is now a member of the Chess Club.' }]);
    await welcome.getByText('Notifications are on.').waitFor();
    assert.equal(await turnOn.count(), 0);
  } finally {
    await ctx.close();
  }
});

test('without notification permission, turning them on says so in a toast, on screen', async () => {
  const denied = await browser.newContext({ viewport, baseURL: server.baseURL, locale: 'de-DE' });
  try {
    await denied.addInitScript(recordNotifications);
    await watchCSP(denied);
    const other = await denied.newPage();
    other.on('pageerror', (err) => pageErrors.push(err));
    await other.goto('/register?next=%2Ftournaments');
    await other.getByLabel('Username').fill('judit');
    await other.getByLabel('Password').fill('correct horse battery');
    await other.getByLabel('Full name').fill('Judit Polgar');
    await other.getByRole('button', { name: 'Register' }).click();
    await other.waitForURL((url) => url.pathname === '/tournaments');
    // Dates in the browser's locale, here German.
    const listed = other.locator('ion-item.tournament', { hasText: 'Club Championship' });
    const { month, year } = dayOf(championship.start);
    assert.match(await listed.innerText(), new RegExp(`1\\.\\s*–\\s*28\\. ${monthsShortDE[month]} ${year}`));
    await other.getByRole('button', { name: 'Turn on notifications' }).click();
    const toast = other.locator('ion-toast').filter({ hasText: /^Notifications are not allowed/ });
    await toast.waitFor({ state: 'attached' });
    assert.equal(await other.evaluate(() => Notification.permission), 'denied');
    const shown = (await other.evaluate(() => window.__notifications)).filter((n) => n.title !== '');
    assert.deepEqual(shown, []);
    await other.waitForTimeout(500);
    await assertInViewport(toast.locator('.toast-wrapper'), 'the toast', other);
    shot += 1;
    await other.screenshot({ path: join(artifactsDir, `${String(shot).padStart(2, '0')}-notifications-denied-toast.png`) });
  } finally {
    await denied.close();
  }
});

test('a throttled login says how long to wait, and repeated errors replace the toast', async () => {
  const ctx = await browser.newContext({ viewport, baseURL: server.baseURL, locale: 'en-GB' });
  try {
    await watchCSP(ctx);
    const other = await ctx.newPage();
    other.on('pageerror', (err) => pageErrors.push(err));
    await other.goto('/login');
    await other.getByLabel('Username').fill('ghost');
    await other.getByLabel('Password').fill('not the password');
    const attempt = async () => {
      const answered = other.waitForResponse((res) => new URL(res.url()).pathname === '/api/login');
      await other.getByRole('button', { name: 'Log in' }).click();
      return answered;
    };
    let res;
    for (let i = 0; i < 10 && (res = await attempt()).status() !== 429; i++);
    assert.equal(res.status(), 429, 'the throttle never answered');
    const wait = Number(res.headers()['retry-after']);
    assert.ok(wait > 0, 'Retry-After is given');
    const toast = other.locator('ion-toast').filter({ hasText: 'Too many failed logins from this address.' });
    await toast.waitFor({ state: 'attached' });
    assert.match(await toast.evaluate((t) => t.message), wait > 59 ? /Try again in \d+ minutes?\.$/ : /Try again in \d+ seconds?\.$/);
    for (let i = 0; i < 3; i++) assert.equal((await attempt()).status(), 429);
    // Each toast replaces the one before (which slides away meanwhile): one is left, not four.
    await eventually(async () => assert.equal(await other.locator('ion-toast').count(), 1, 'the toasts stacked up'));
    await other.waitForTimeout(1000);
    assert.equal(await other.locator('ion-toast').count(), 1, 'a replaced toast came back');
    await assertInViewport(toast.locator('.toast-wrapper'), 'the toast', other);
    shot += 1;
    await other.screenshot({ path: join(artifactsDir, `${String(shot).padStart(2, '0')}-login-throttled.png`) });
  } finally {
    await ctx.close();
  }
});

// horizontalOverflow lists what is wider than the viewport on the page shown: the document, the
// scroller inside ion-content (which would clip or scroll sideways), and any element, inside
// Ionic's shadow roots too, whose box reaches past either edge.
function horizontalOverflow(width) {
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
  }, width);
}

// The app's routes, each with what shows that the screen has its content (the member's photo,
// a tournament…), logged out where a person sees it so and logged in where the screen needs it.
const everyScreen = [
  { route: '/login', heading: 'Log in', ready: () => page.getByRole('button', { name: 'Log in' }) },
  { route: '/register', heading: 'Register', ready: () => page.getByRole('button', { name: 'Register' }) },
  { route: '/tournaments', heading: 'Tournaments', name: 'tournaments-logged-out', ready: () => page.locator('ion-item.tournament', { hasText: 'Club Championship' }) },
  { route: '/nope', heading: 'Page not found', name: 'not-found', ready: () => page.getByText('There is no page at') },
  { login: true },
  { route: '/members', heading: 'Members', image: true, ready: () => page.getByRole('img', { name: `Photo of ${member.fullName}` }) },
  { route: () => memberPath, heading: member.fullName, name: 'member', image: true, ready: () => page.getByRole('img', { name: `Photo of ${member.fullName}` }) },
  { route: '/tournaments', heading: 'Tournaments', ready: () => page.locator('ion-item.tournament', { hasText: 'Club Championship' }) },
  { route: '/tournaments/new', heading: 'New tournament', ready: () => page.getByRole('button', { name: 'Create tournament' }) },
  { route: '/tournaments/delete', heading: 'Delete a tournament', ready: () => page.getByRole('radio', { name: /Club Championship/ }) },
];

// visitEveryScreen shows each screen at the given width, checks that it has its h1 and document
// title and that nothing sticks out sideways, runs check, and photographs it (shots).
async function visitEveryScreen(width, { shots, check = async () => {} }) {
  await page.setViewportSize({ width, height: width < 992 ? 800 : 800 });
  const wide = [];
  try {
    for (const screen of everyScreen) {
      if (screen.login) {
        await page.goto('/login');
        await page.getByLabel('Username').fill(member.username);
        await page.getByLabel('Password').fill(member.password);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.waitForURL((url) => url.pathname === '/members');
        continue;
      }
      const route = typeof screen.route === 'function' ? screen.route() : screen.route;
      await page.goto(route);
      await screen.ready().waitFor();
      assert.equal(path(), route, `${route} sent the person elsewhere`);
      if (screen.image) await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await screen.ready().elementHandle());
      assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), screen.heading, `${route}: its h1`);
      assert.equal(await page.title(), `${screen.heading} · Chess Club`, `${route}: its document title`);
      await check(route);
      if (shots) await screenshot(`${width}-${screen.name ?? route.slice(1).replaceAll('/', '-')}`);
      for (const problem of await horizontalOverflow(width)) wide.push(`${route}: ${problem}`);
    }
    assert.deepEqual(wide, [], `screens wider than ${width} px`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  } finally {
    await page.setViewportSize(viewport);
  }
}

test('every screen fits 360 px without horizontal scrolling', async () => {
  await visitEveryScreen(360, { shots: false });
});

test('every screen at 390 px: a tab bar with icons, the current tab marked', async () => {
  await visitEveryScreen(390, {
    shots: true,
    async check(route) {
      const tabs = page.getByRole('navigation', { name: 'Main' });
      assert.equal(await tabs.count(), 1, 'one main navigation is shown');
      assert.ok(await page.locator('.tab-bar').isVisible(), 'the tab bar is shown');
      assert.equal(await page.locator('.side-menu').isVisible(), false, 'no side menu on a phone');
      assert.equal(await tabs.locator('ion-icon').count(), 3, 'each tab has its icon');
      const current = await tabs.locator('[aria-current]').allInnerTexts();
      const want = { '/tournaments': ['Tournaments'], '/tournaments/new': ['Tournaments'], '/tournaments/delete': ['Tournaments'], '/members': ['Members'], '/login': ['Log in'], '/register': ['Log in'] }[route] ?? (route === memberPath ? ['My profile'] : []);
      assert.deepEqual(current, want, `${route}: the current tab`);
    },
  });
});

test('every screen at 1 280 px: a side menu, no tab bar, a readable width', async () => {
  await visitEveryScreen(1280, {
    shots: true,
    async check(route) {
      assert.ok(await page.locator('.side-menu').isVisible(), `${route}: the side menu is shown`);
      assert.equal(await page.locator('.tab-bar').isVisible(), false, `${route}: no tab bar on a desktop`);
      assert.ok(await page.locator('.side-menu .logo').isVisible(), 'the logo is in the side menu');
      const column = await page.locator('.ion-page .page').boundingBox();
      assert.ok(column.width <= 760, `${route}: the content is ${column.width} px wide`);
      const current = await page.locator('.side-nav [aria-current]').allInnerTexts();
      if (['/tournaments', '/members', memberPath].includes(route)) assert.equal(current.length, 1, `${route}: the current destination is marked`);
    },
  });
});

test('the screenshots show every screen', () => {
  const names = readdirSync(artifactsDir)
    .filter((f) => f.endsWith('.png'))
    .map((f) => f.replace(/^\d+-|\.png$/g, ''))
    .sort();
  assert.equal(names.length, shot, 'one file per screenshot taken');
  assert.deepEqual(names, [
    '1280-login',
    '1280-member',
    '1280-members',
    '1280-not-found',
    '1280-register',
    '1280-tournaments',
    '1280-tournaments-delete',
    '1280-tournaments-logged-out',
    '1280-tournaments-new',
    '390-login',
    '390-member',
    '390-members',
    '390-not-found',
    '390-register',
    '390-tournaments',
    '390-tournaments-delete',
    '390-tournaments-logged-out',
    '390-tournaments-new',
    'camera',
    'login',
    'login-throttled',
    'members',
    'members-photo',
    'notifications-denied-toast',
    'profile',
    'register',
    'register-conflict',
    'register-invalid',
    'register-invalid-name',
    'register-welcome',
    'screen-error',
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
