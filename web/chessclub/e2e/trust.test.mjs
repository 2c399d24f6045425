// End-to-end test of who may do what, in the real app against the real Go server on a
// temporary SQLite database, in Debian's Chromium: the admin (made one on the command line)
// appoints an arbiter on the member's profile; an organiser who is no arbiter cannot make a
// tournament rated, and invites a member instead of entering them; the member sees the
// invitation on the tournament list and accepts it; the organiser reads each of these changes in
// the tournament's audit trail; a member who has declared no rating is shown as unrated; and
// a player watching a tournament that its organiser deletes is taken back to the list.
//
//   node --test e2e/trust.test.mjs     (npm run e2e runs every file of e2e/)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { isoDay, logIn, startClub } from './harness.mjs';

const phone = { width: 390, height: 844 };
const people = {
  rita: { fullName: 'Rita Root' },
  ada: { fullName: 'Ada Arbiter', rating: 2100 },
  hana: { fullName: 'Hana Host', rating: 1750 },
  ivan: { fullName: 'Ivan Invitee' },
};

let server;
let browser;
const contexts = [];
const pageErrors = [];
const cspViolations = [];
let ids = {};
let tokens = {};
let tournamentId;

/** api calls the server's API (harness.mjs, startClub). */
const api = (...args) => server.api(...args);

async function newPage(username) {
  const context = await browser.newContext({ viewport: phone, baseURL: server.baseURL, deviceScaleFactor: 1, locale: 'en-GB' });
  contexts.push(context);
  await context.exposeBinding('__reportCSP', ({ page: p }, v) => cspViolations.push({ url: p.url(), ...v }));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => window.__reportCSP({ directive: e.violatedDirective, blocked: e.blockedURI }));
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (err) => pageErrors.push(err));
  await logIn(page, username);
  return page;
}

before(async () => {
  // The club's first admin is made on the server's machine.
  ({ server, browser, ids, tokens } = await startClub(people, { admins: ['rita'] }));
});

after(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
});

test('the admin makes a member an arbiter on their profile', async () => {
  const rita = await newPage('rita');
  await rita.goto(`/members/${ids.ada}`);
  await rita.getByRole('heading', { level: 1, name: 'Ada Arbiter' }).waitFor();
  await rita.getByRole('button', { name: 'Make arbiter' }).click();
  await rita.getByRole('button', { name: 'Take back the arbiter role' }).waitFor();
  assert.match(await rita.locator('.profile-handle').innerText(), /@ada · arbiter/);
  assert.equal((await api('GET', `/members/${ids.ada}`, { token: tokens.rita })).role, 'arbiter');
});

test('an organiser who is no arbiter cannot make a tournament rated', async () => {
  const hana = await newPage('hana');
  await hana.goto('/tournaments/new');
  const rated = hana.getByRole('switch', { name: 'Rated (counts for club ratings)' });
  await rated.waitFor();
  assert.equal(await rated.isDisabled(), true);
  await hana.getByText('Only an arbiter or an admin may organise a rated tournament.').waitFor();
});

test('the organiser invites a member, who is not entered until they accept', async () => {
  const t = await api('POST', '/tournaments', { token: tokens.hana, json: { name: 'Friday Blitz', start_date: isoDay(3), rounds: 3, time_control: '3+2' } });
  tournamentId = t.id;
  const hana = await newPage('hana');
  await hana.goto(`/tournaments/${tournamentId}?tab=players`);
  const select = hana.getByLabel('Invite a member');
  await select.waitFor();
  // Ivan declared no rating: the list says he is unrated, not a number.
  assert.ok((await select.locator('option').allInnerTexts()).includes('Ivan Invitee · unrated'));
  await select.selectOption({ label: 'Ivan Invitee · unrated' });
  await hana.getByRole('button', { name: 'Invite', exact: true }).click();
  const pending = hana.getByRole('list', { name: 'Invitations' });
  await pending.getByText('not answered yet').waitFor();
  assert.deepEqual(await api('GET', `/tournaments/${tournamentId}/players`), []);
});

test('the member accepts the invitation from the tournament list', async () => {
  const ivan = await newPage('ivan');
  await ivan.goto('/tournaments');
  await ivan.getByRole('heading', { name: 'Invitations' }).waitFor();
  await ivan.getByRole('button', { name: 'Accept the invitation to Friday Blitz' }).click();
  await ivan.getByRole('heading', { name: 'Invitations' }).waitFor({ state: 'detached' });
  const players = await api('GET', `/tournaments/${tournamentId}/players`);
  assert.deepEqual(
    players.map((p) => p.full_name),
    ['Ivan Invitee'],
  );
});

test('the organiser reads every change in the audit trail; a player does not see it', async () => {
  const hana = await newPage('hana');
  await hana.goto(`/tournaments/${tournamentId}?tab=audit`);
  const trail = hana.getByRole('list', { name: 'Audit trail' });
  await trail.getByText('ivan entered Ivan Invitee').waitFor();
  const lines = await trail.locator('.audit-what').allInnerTexts();
  assert.deepEqual(lines, ['hana created the tournament', 'hana invited Ivan Invitee', 'ivan accepted the invitation (Ivan Invitee)', 'ivan entered Ivan Invitee']);
  const ivan = await newPage('ivan');
  await ivan.goto(`/tournaments/${tournamentId}`);
  await ivan.getByRole('tab', { name: 'Players' }).waitFor();
  assert.equal(await ivan.getByRole('tab', { name: 'Audit trail' }).count(), 0);
});

test('members who declared no rating are unrated on the members list and their profile', async () => {
  const ada = await newPage('ada');
  await ada.goto('/members');
  const ivanRow = ada.locator('[data-member="ivan"]');
  await ivanRow.waitFor();
  assert.equal((await ivanRow.locator('.rating').innerText()).trim(), 'unrated');
  assert.equal((await ada.locator('[data-member="hana"] .rating').innerText()).trim(), '1750 (declared)');
  await ada.goto(`/members/${ids.ivan}`);
  assert.equal((await ada.locator('.rating-value').innerText()).trim(), 'unrated');
});

test('a player watching a tournament that is deleted is taken back to the list', async () => {
  const ivan = await newPage('ivan');
  await ivan.goto(`/tournaments/${tournamentId}`);
  await ivan.getByRole('heading', { level: 1, name: 'Friday Blitz' }).waitFor();
  await api('DELETE', `/tournaments/${tournamentId}`, { token: tokens.hana });
  await ivan.waitForURL((url) => url.pathname === '/tournaments');
  await ivan.getByText('Friday Blitz was deleted.').waitFor();
});

test('no Content-Security-Policy violations and no uncaught page errors', () => {
  assert.deepEqual(cspViolations, []);
  assert.deepEqual(
    pageErrors.map((e) => e.message),
    [],
  );
});
