// The screens' forms in jsdom, through the real router, session and API module against a
// scripted server; Ionic's components are replaced by plain HTML (see ionic-stand-ins.tsx).
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { TOKEN_KEY } from './api';
import { AppPage } from './components/AppPage';
import { screens } from './screens';
import { SessionProvider } from './session';
import { FakeServer, MemoryStore, alice, json, newApi, problem } from './testing';

vi.mock('@ionic/react', () => import('./ionic-stand-ins'));
vi.mock('./components/ionic', async () => ({
  ...(await import('./ionic-stand-ins')),
  showToast: vi.fn(async () => undefined),
  showAlert: vi.fn(async () => undefined),
}));
vi.mock('./notify', () => ({ notifyMemberCreated: vi.fn(async () => 'denied') }));
vi.mock('./photo', () => ({ takePhoto: vi.fn(), PhotoCancelled: class extends Error {} }));

let here = '';
function Where() {
  const location = useLocation();
  here = location.pathname + location.search;
  return null;
}

function start(path: string, server: FakeServer, store = new MemoryStore()) {
  const { api } = newApi(server, store);
  render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider api={api}>
        <Where />
        <Routes>
          {screens.map(({ path: p, title, auth, account, Page }) => (
            <Route key={p} path={p} element={<AppPage path={p} title={title} auth={auth} account={account}><Page /></AppPage>} />
          ))}
          <Route path="*" element={<Navigate to="/tournaments" replace />} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
  return { api, store };
}

function loggedIn() {
  const store = new MemoryStore();
  store.values.set(TOKEN_KEY, 'tok');
  return store;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const pathname = () => here.split('?')[0];
/** errorOf returns the error announced for the input with the given label (its aria-describedby). */
function errorOf(label: string): string {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
  return ids
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}
const query = () => new URLSearchParams(here.split('?')[1] ?? '');

describe('login', () => {
  it('sends a logged-out visit to /members to the login form and back after logging in', async () => {
    const server = new FakeServer()
      .on('POST /api/login', json(200, { token: 'tok', token_type: 'Bearer', expires_at: '', member: alice }))
      .on('GET /api/members', json(200, [alice]));
    const { store } = start('/members', server);
    await screen.findByRole('button', { name: 'Log in' });
    expect(pathname()).toBe('/login');
    expect(query().get('next')).toBe('/members');

    type('Username', 'alice');
    type('Password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(pathname()).toBe('/members'));
    expect(store.values.get(TOKEN_KEY)).toBe('tok');
    expect(await screen.findByText('Alice Liddell', { selector: 'h2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('asks for both fields without calling the server', async () => {
    const server = new FakeServer();
    start('/login', server);
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    await screen.findByText('Enter your username.');
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(server.seen).toEqual([]);
  });

  it('shows a wrong password next to the password field', async () => {
    const server = new FakeServer().on('POST /api/login', problem(401, 'Authentication required', 'Wrong username or password.'));
    start('/login', server);
    await screen.findByLabelText('Username');
    type('Username', 'alice');
    type('Password', 'nope-nope');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Wrong username or password.');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(pathname()).toBe('/login');
  });

  it('logs out: the token is forgotten and the guarded page is left', async () => {
    const server = new FakeServer()
      .on('GET /api/me', json(200, alice))
      .on('GET /api/members', json(200, [alice]))
      .on('POST /api/logout', new Response(null, { status: 204 }));
    const store = loggedIn();
    start('/members', server, store);
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(store.values.has(TOKEN_KEY)).toBe(false);
    expect(server.seen.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/logout');
  });

  it('goes to the login page when the server rejects the stored token', async () => {
    const server = new FakeServer().on('GET /api/me', problem(401, 'Authentication required', 'The token has expired.'));
    const store = loggedIn();
    start('/tournaments/new', server, store);
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(query().get('next')).toBe('/tournaments/new');
    expect(store.values.has(TOKEN_KEY)).toBe(false);
  });
});

describe('members', () => {
  it('shows members with a photo by its thumbnail, and the others by their initials', async () => {
    const withPhoto = { ...alice, photo_url: '/api/figures/0123', thumbnail_url: '/api/figures/0123/thumbnail' };
    const without = { ...alice, id: 2, username: 'bob', full_name: 'Bob Fischer' };
    const server = new FakeServer().on('GET /api/me', json(200, alice)).on('GET /api/members', json(200, [withPhoto, without]));
    start('/members', server, loggedIn());
    const img = await screen.findByRole('img', { name: 'Photo of Alice Liddell' });
    expect(new URL(img.getAttribute('src')!, 'http://localhost').pathname).toBe('/api/figures/0123/thumbnail');
    expect(screen.getByText('BF')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Photo of Bob Fischer' })).toBeNull();
  });
});

describe('register', () => {
  it('checks the form before sending it', async () => {
    const server = new FakeServer();
    start('/register', server);
    await screen.findByLabelText('Username');
    type('Username', 'x');
    type('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Use at least 8 characters.');
    expect(screen.getByText('Enter your full name.')).toBeTruthy();
    expect(screen.getByText(/Use 3 to 32 characters/)).toBeTruthy();
    expect(server.seen).toEqual([]);
  });

  it('shows the server field errors next to the fields', async () => {
    const server = new FakeServer().on('POST /api/user', problem(409, 'Conflict', 'The username is taken.', { username: 'is already taken' }));
    start('/register', server);
    await screen.findByLabelText('Username');
    type('Username', 'alice');
    type('Password', 'correct horse');
    type('Full name', 'Alice Liddell');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('is already taken');
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses control characters and counts emoji as the server does, before sending', async () => {
    const server = new FakeServer();
    start('/register', server);
    await screen.findByLabelText('Username');
    type('Username', 'K\u212aarpov'); // with a Kelvin sign, which lower-cases to an ASCII k
    type('Password', '😀😀😀😀😀'); // ten UTF-16 code units, five characters
    type('Full name', 'Anatoly\u202eKarpov');
    type('Email', 'anatoly@example.edu\u2066');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Use at least 8 characters.');
    expect(errorOf('Username')).toMatch(/Use 3 to 32 characters/);
    expect(errorOf('Full name')).toBe('Remove the text-direction control characters.');
    expect(errorOf('Email')).toBe('Remove the text-direction control characters.');
    expect(server.seen).toEqual([]);
  });

  it('sends a long emoji password the server accepts', async () => {
    const server = new FakeServer().on('POST /api/user', json(201, { ...alice, id: 9, username: 'emoji', full_name: 'Emoji Fan' }));
    start('/register', server);
    await screen.findByLabelText('Username');
    type('Username', 'emoji');
    type('Password', '😀'.repeat(100)); // 200 UTF-16 code units, 100 characters
    type('Full name', 'Emoji Fan 🎉');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(JSON.parse(String(server.seen[0]!.body)).password).toBe('😀'.repeat(100));
  });

  it('shows the server’s 422 on a text field under that field', async () => {
    const server = new FakeServer().on(
      'POST /api/user',
      problem(422, 'Validation failed', 'The request has invalid fields.', { full_name: 'must contain visible characters', email: 'must not contain control characters' }),
    );
    start('/register', server);
    await screen.findByLabelText('Username');
    type('Username', 'alice');
    type('Password', 'correct horse');
    type('Full name', 'Alice Liddell');
    type('Email', 'alice@example.edu');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('must contain visible characters');
    expect(errorOf('Full name')).toBe('must contain visible characters');
    expect(errorOf('Email')).toBe('must not contain control characters');
    expect(pathname()).toBe('/register');
  });

  it('registers, notifies (a toast when notifications are denied) and opens the login form', async () => {
    const { notifyMemberCreated } = await import('./notify');
    const { showToast } = await import('./components/ionic');
    const server = new FakeServer().on('POST /api/user', json(201, { ...alice, id: 9, username: 'bob', full_name: 'Bob Fischer' }));
    start('/register', server);
    await screen.findByLabelText('Username');
    type('Username', 'Bob');
    type('Password', 'correct horse');
    type('Full name', 'Bob Fischer');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(JSON.parse(String(server.seen[0]!.body))).toEqual({ username: 'bob', password: 'correct horse', full_name: 'Bob Fischer' });
    expect(notifyMemberCreated).toHaveBeenCalledWith(expect.objectContaining({ username: 'bob', full_name: 'Bob Fischer' }));
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('Member created: Bob Fischer') }));
    expect(query().get('username')).toBe('bob');
    await waitFor(() => expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('bob'));
  });
});

describe('tournaments', () => {
  const created = { id: 3, name: 'Blitz Night', start_date: '2027-01-05', end_date: '2027-01-05', location: '', format: 'knockout', rounds: 9, time_control: '3+2', description: '', created_by: 1, created_at: '' };

  it('creates a tournament and returns to the list', async () => {
    const server = new FakeServer()
      .on('GET /api/me', json(200, alice))
      .on('POST /api/tournaments', json(201, created))
      .on('GET /api/tournaments', json(200, [created]));
    start('/tournaments/new', server, loggedIn());
    await screen.findByLabelText('Name');
    type('Name', 'Blitz Night');
    type('Start date', '2027-01-05');
    type('End date', '2027-01-05');
    fireEvent.click(screen.getByLabelText('Knockout'));
    type('Rounds', '9');
    type('Time control', '3+2');
    fireEvent.click(screen.getByRole('button', { name: 'Create tournament' }));
    await waitFor(() => expect(pathname()).toBe('/tournaments'));
    const post = server.seen.find((r) => r.method === 'POST')!;
    expect(post.headers.get('Authorization')).toBe('Bearer tok');
    expect(JSON.parse(String(post.body))).toEqual({
      name: 'Blitz Night',
      start_date: '2027-01-05',
      end_date: '2027-01-05',
      location: '',
      format: 'knockout',
      rounds: 9,
      time_control: '3+2',
      description: '',
    });
    expect(await screen.findByText('Blitz Night')).toBeTruthy();
  });

  it('shows a 422 field error from the server next to its field and stays', async () => {
    const server = new FakeServer()
      .on('GET /api/me', json(200, alice))
      .on('POST /api/tournaments', problem(422, 'Validation failed', 'The request has invalid fields.', { name: 'is too long' }));
    start('/tournaments/new', server, loggedIn());
    await screen.findByLabelText('Name');
    type('Name', 'N'.repeat(50));
    type('Start date', '2027-01-05');
    type('End date', '2027-01-06');
    fireEvent.click(screen.getByRole('button', { name: 'Create tournament' }));
    await screen.findByText('is too long');
    expect(pathname()).toBe('/tournaments/new');
  });

  it('refuses a name or location the server would refuse, before sending', async () => {
    const server = new FakeServer().on('GET /api/me', json(200, alice));
    start('/tournaments/new', server, loggedIn());
    await screen.findByLabelText('Name');
    type('Name', '\u200b');
    type('Start date', '2027-01-05');
    type('End date', '2027-01-06');
    type('Location', 'Hall\tB');
    type('Time control', '🕐'.repeat(51));
    type('Description', 'Round 1\n\tRound 2\u2067');
    fireEvent.click(screen.getByRole('button', { name: 'Create tournament' }));
    await screen.findByText('Use at least one visible character.');
    expect(errorOf('Location')).toBe('Use a single line, without tabs.');
    expect(errorOf('Time control')).toBe('Use at most 50 characters.');
    expect(errorOf('Description')).toBe('Remove the text-direction control characters.');
    expect(server.seen.map((r) => r.method)).not.toContain('POST');
  });

  it('shows the server’s 422 on the location under the location field', async () => {
    const server = new FakeServer()
      .on('GET /api/me', json(200, alice))
      .on('POST /api/tournaments', problem(422, 'Validation failed', 'The request has invalid fields.', { location: 'must be a single line without tabs' }));
    start('/tournaments/new', server, loggedIn());
    await screen.findByLabelText('Name');
    type('Name', 'Blitz Night');
    type('Start date', '2027-01-05');
    type('End date', '2027-01-06');
    type('Location', 'Hall B');
    fireEvent.click(screen.getByRole('button', { name: 'Create tournament' }));
    await screen.findByText('must be a single line without tabs');
    expect(errorOf('Location')).toBe('must be a single line without tabs');
    expect(pathname()).toBe('/tournaments/new');
  });

  it('shows an empty list, and only the member’s own tournaments for deletion', async () => {
    const others = { ...created, id: 4, name: 'Someone else’s', created_by: 2 };
    const server = new FakeServer()
      .on('GET /api/me', json(200, alice))
      .on('GET /api/tournaments', json(200, [created, others]));
    start('/tournaments/delete', server, loggedIn());
    await screen.findByLabelText(/Blitz Night/);
    expect(screen.queryByText(/Someone else/)).toBeNull();
    const del = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(del.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(/Blitz Night/));
    expect(del.disabled).toBe(false);
    const { showAlert } = await import('./components/ionic');
    fireEvent.click(del);
    expect(showAlert).toHaveBeenCalledWith(expect.objectContaining({ header: 'Delete tournament?' }));
  });

  it('says so when there are no tournaments', async () => {
    start('/tournaments', new FakeServer().on('GET /api/tournaments', json(200, [])));
    expect(await screen.findByText('No tournaments yet.')).toBeTruthy();
  });
});
