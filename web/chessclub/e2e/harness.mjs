// Starts what the browser tests need: the real Go server (cmd/chessclub) on a free port with a
// temporary SQLite database and photo directory, and Debian's Chromium through playwright-core.
// Nothing here downloads a browser.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const repoDir = resolve(appDir, '../..');
export const artifactsDir = process.env.TEST_ARTIFACTS ?? join(repoDir, 'test-artifacts', 'chessclub');

/** The Chromium flags: headless, no sandbox (root in CI), a fake camera that needs no prompt. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

/** chromiumPath finds Debian's Chromium, preferring the binary that skips the wrapper script. */
export function chromiumPath() {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium']) {
    if (p && existsSync(p)) return p;
  }
  throw new Error('Chromium is not installed: apt-get install -y chromium (scripts/test-web.sh does this)');
}

export function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs, headless: true });
}

/**
 * isoDay returns the calendar day offsetDays from today (negative: before it) as YYYY-MM-DD, in
 * the local time zone, which the browser shares: the server runs on the real clock, so every
 * date a test gives it or expects back is counted from the day the test runs.
 */
export function isoDay(offsetDays = 0, from = new Date()) {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + offsetDays);
  return localISO(d);
}

/**
 * monthDay returns day (1–28, which every month has) of the month monthsAhead months after the
 * current one, as YYYY-MM-DD: for dates the app shows as a range within one month.
 */
export function monthDay(monthsAhead, day, from = new Date()) {
  return localISO(new Date(from.getFullYear(), from.getMonth() + monthsAhead, day));
}

function localISO(d) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

async function waitFor(url, child, logs) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${logs.join('')}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within 60 s:\n${logs.join('')}`);
}

/**
 * startServer builds cmd/chessclub (or uses $CHESSCLUB_BIN) and runs it on a fresh database.
 * It returns the base URL and a stop function that also removes the temporary directory.
 */
export async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), 'chessclub-e2e-'));
  let bin = process.env.CHESSCLUB_BIN;
  if (!bin) {
    bin = join(dir, 'chessclub');
    execFileSync('go', ['build', '-o', bin, './cmd/chessclub'], { cwd: repoDir, stdio: 'inherit' });
  }
  mkdirSync(join(dir, 'figures'));
  const port = await freePort();
  const logs = [];
  // -samples=false: the tests start from an empty club, without the sample tournaments.
  const child = spawn(bin, ['-addr', `127.0.0.1:${port}`, '-db', `sqlite:${join(dir, 'x.db')}`, '-figures', join(dir, 'figures'), '-samples=false'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => logs.push(String(d)));
  child.stderr.on('data', (d) => logs.push(String(d)));
  const apiURL = `http://127.0.0.1:${port}`;
  const processes = [child];
  let baseURL = apiURL;
  await waitFor(`${apiURL}/healthz`, child, logs);

  // E2E_PREVIEW=1 serves dist/ with `vite preview` (proxying /api to the Go server) instead of
  // the app embedded in the binary: for trying a build before it is committed and embedded.
  if (process.env.E2E_PREVIEW === '1') {
    const previewPort = await freePort();
    const preview = spawn(join(appDir, 'node_modules/.bin/vite'), ['preview', '--port', String(previewPort), '--strictPort'], {
      cwd: appDir,
      env: { ...process.env, CHESSCLUB_API_URL: apiURL },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    preview.stdout.on('data', (d) => logs.push(String(d)));
    preview.stderr.on('data', (d) => logs.push(String(d)));
    processes.push(preview);
    baseURL = `http://127.0.0.1:${previewPort}`;
    await waitFor(`${baseURL}/`, preview, logs);
  }

  const dbURL = `sqlite:${join(dir, 'x.db')}`;
  return {
    baseURL,
    apiURL,
    logs,
    /**
     * api calls the server's API at path (below /api) as the member whose token is given, with
     * json as the body, fails the test on any answer but a success, and returns the decoded
     * answer.
     */
    async api(method, path, { token, json } = {}) {
      const headers = {};
      if (token) headers.Authorization = `Bearer ${token}`;
      if (json !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(`${apiURL}/api${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return text ? JSON.parse(text) : undefined;
    },
    /**
     * appoint gives the registered member username a role ('arbiter' or 'admin') as the club's
     * admin does on the server's machine: with the command line, on the running server's
     * database.
     */
    appoint(role, username) {
      execFileSync(bin, [role, '-db', dbURL, username], { stdio: ['ignore', 'pipe', 'inherit'] });
    },
    async stop() {
      for (const p of processes.reverse()) {
        if (p.exitCode === null) {
          p.kill('SIGTERM');
          await new Promise((r) => p.once('exit', r));
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * openPage opens a page at viewport in a new context of browser, at baseURL, as the tests see
 * the app: British English, a device scale of 1, 15 s for each step. The context is added to
 * contexts (for the file to close when it ends) and every uncaught page error to pageErrors
 * (which a file asserts is empty).
 */
export async function openPage(browser, baseURL, viewport, { contexts, pageErrors }) {
  const context = await browser.newContext({ viewport, baseURL, deviceScaleFactor: 1, locale: 'en-GB' });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (err) => pageErrors.push(err));
  return page;
}

/**
 * coldLoad opens path in a fresh browser context with the cache disabled and, once the first
 * screen has rendered (the app's chessclub:first-render mark) and the network has been idle for
 * half a second, returns every JavaScript and CSS file the page loaded with its size on the
 * wire (encoded, gzip from the Go server) and unpacked. profile, when given, throttles the CPU
 * (cpu: rate) and the network (latency ms, down and up in bytes per second) through the
 * DevTools protocol. It also returns the paint timings.
 */
export async function coldLoad(browser, baseURL, path, profile = {}) {
  const context = await browser.newContext({ viewport: profile.viewport ?? { width: 390, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (profile.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
    if (profile.network) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: profile.network.latency,
        downloadThroughput: profile.network.down,
        uploadThroughput: profile.network.up,
      });
    }
    await page.goto(baseURL + path, { waitUntil: 'networkidle', timeout: 120_000 });
    await page.waitForFunction(() => performance.getEntriesByName('chessclub:first-render').length > 0, null, { timeout: 60_000 });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    return await page.evaluate(() => {
      const files = performance
        .getEntriesByType('resource')
        .filter((r) => /\.(js|css)(\?|$)/.test(new URL(r.name).pathname))
        .map((r) => ({ name: new URL(r.name).pathname, encoded: r.encodedBodySize, decoded: r.decodedBodySize }));
      return {
        files,
        total: files.reduce((n, f) => n + f.encoded, 0),
        fcp: performance.getEntriesByName('first-contentful-paint')[0].startTime,
        rendered: performance.getEntriesByName('chessclub:first-render')[0].startTime,
        dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
      };
    });
  } finally {
    await context.close();
  }
}

/**
 * confirmAlert answers the app's confirmation (an ion-alert) of an action that cannot be undone
 * by tapping its button named word, and returns the alert's message as shown, once it has gone.
 */
export async function confirmAlert(page, word) {
  const alert = page.locator('ion-alert');
  await alert.getByRole('button', { name: word, exact: true }).waitFor();
  const message = await alert.locator('.alert-message').innerText();
  await alert.getByRole('button', { name: word, exact: true }).click();
  await alert.waitFor({ state: 'detached' });
  return message;
}

/** password is the password a test's member registers and logs in with. */
export function password(username) {
  return `${username}-secret-pass`;
}

/**
 * startClub starts the server (startServer) and Chromium, and sets up a club: each of people
 * (username → { fullName, rating }) registers with password(username) and the declared rating
 * given, and logs in; then each username of admins is made an admin and each of arbiters an
 * arbiter, as the club's admin does on the server's machine. It returns the server, the browser,
 * and ids and tokens by username; api(...) is server.api.
 */
export async function startClub(people, { admins = [], arbiters = [] } = {}) {
  const server = await startServer();
  const browser = await launchChromium();
  const ids = {};
  const tokens = {};
  for (const [username, who] of Object.entries(people)) {
    const body = { username, password: password(username), full_name: who.fullName };
    if (who.rating) body.declared_rating = who.rating;
    ids[username] = (await server.api('POST', '/user', { json: body })).id;
    tokens[username] = (await server.api('POST', '/login', { json: { username, password: password(username) } })).token;
  }
  for (const username of admins) server.appoint('admin', username);
  for (const username of arbiters) server.appoint('arbiter', username);
  return { server, browser, ids, tokens, api: (...args) => server.api(...args) };
}

/** logIn logs page in as username (password(username)) on the login screen, and waits to leave it. */
export async function logIn(page, username) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password(username));
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * swapSeats swaps two players on the screen of a pairing by hand (ManualPairing): a tap on the
 * seat of one, then on the seat of the other (a board's or the bye's). Each player is a PlayerRef
 * ({ start_rank, full_name }), as the seats name them: "…: 3 Ana Petrova".
 */
export async function swapSeats(page, a, b) {
  const seat = (p) => page.getByRole('button', { name: new RegExp(`: ${p.start_rank} ${p.full_name}$`) });
  await seat(a).click();
  await seat(b).click();
}

/**
 * openPlayerCard opens, on the public standings of tournament id, the card of the player named
 * fullName by the link on their name, and returns the card once its heading shows.
 */
export async function openPlayerCard(page, id, fullName) {
  await page.goto(`/tournaments/${id}?tab=standings`);
  await page.getByRole('region', { name: 'Standings' }).getByRole('link', { name: fullName }).click();
  const card = page.locator('.player-card');
  await card.getByRole('heading', { name: fullName }).waitFor();
  return card;
}
