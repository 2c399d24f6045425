// The screens in jsdom, through the real route table, router, session and API module against a
// scripted server; Ionic's components are replaced by plain HTML (see ionic-stand-ins.tsx).
import { describe, expect, it, vi } from 'vitest';
import { cleanup as cleanupAll, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { TOKEN_KEY } from '../api/client';
import { App } from '../App';
import { askConfirm } from '../components/ionic';
import { FakeServer, MemoryStore, alice, json, newApi, problem } from './fakes';
import { board, player, ratingChange, session, tournament } from './fixtures';

vi.mock('../components/ionic', async () => ({
  ...(await import('./ionic-stand-ins')),
  showToast: vi.fn(async () => undefined),
  showAlert: vi.fn(async () => undefined),
  askConfirm: vi.fn(async () => true),
}));
vi.mock('../components/frame-ionic', () => import('./ionic-stand-ins'));
vi.mock('../platform/notify', () => ({ askNotifications: vi.fn(async () => 'denied'), notify: vi.fn(async () => undefined), notifyIfAllowed: vi.fn(async () => false) }));
vi.mock('../platform/camera/usePhotoCapture', () => ({ usePhotoCapture: () => ({ capture: vi.fn(async () => null), dialog: null }) }));

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
      <Where />
      <App api={api} />
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
      .on('POST /api/login', json(200, session('tok', alice)))
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
    expect(await screen.findByRole('link', { name: 'Alice Liddell' })).toBeTruthy();
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
    expect(screen.getByRole('link', { name: 'Alice Liddell' }).getAttribute('href')).toBe('/members/1');
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

  it('registers, logs the new member in and greets them on their profile, without asking for notifications', async () => {
    const { askNotifications, notifyIfAllowed } = await import('../platform/notify');
    vi.mocked(askNotifications).mockClear();
    vi.mocked(notifyIfAllowed).mockClear();
    const bob = { ...alice, id: 9, username: 'bob', full_name: 'Bob Fischer', email: undefined };
    const server = new FakeServer()
      .on('POST /api/user', json(201, bob))
      .on('POST /api/login', json(200, session('tok-bob', bob)))
      .on('GET /api/members/9', json(200, bob));
    const { store } = start('/register', server);
    await screen.findByLabelText('Username');
    type('Username', 'Bob');
    type('Password', 'correct horse');
    type('Full name', 'Bob Fischer');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(pathname()).toBe('/members/9'));
    expect(JSON.parse(String(server.seen[0]!.body))).toEqual({ username: 'bob', password: 'correct horse', full_name: 'Bob Fischer' });
    expect(JSON.parse(String(server.seen[1]!.body))).toEqual({ username: 'bob', password: 'correct horse' });
    expect(store.values.get(TOKEN_KEY)).toBe('tok-bob');
    const welcome = await screen.findByRole('status', { name: 'Welcome' });
    expect(welcome.textContent).toMatch(/Welcome to the club, Bob Fischer!.*logged in/);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Fischer' })).toBeTruthy();
    // The notification that names the new member, raised only if they are allowed (here not).
    expect(notifyIfAllowed).toHaveBeenCalledWith('Member created', 'Bob Fischer (bob) is now a member of the Chess Club.');
    expect(welcome.textContent).toMatch(/Turn on notifications to hear when a round you play in is paired/);
    expect(askNotifications).not.toHaveBeenCalled();
  });

  it('says notifications are on when registering raised the notification at once, and offers no button', async () => {
    const { askNotifications, notifyIfAllowed } = await import('../platform/notify');
    vi.mocked(askNotifications).mockClear();
    vi.mocked(notifyIfAllowed).mockClear();
    vi.mocked(notifyIfAllowed).mockResolvedValueOnce(true);
    const bob = { ...alice, id: 9, username: 'bob', full_name: 'Bob Fischer', email: undefined };
    const server = new FakeServer()
      .on('POST /api/user', json(201, bob))
      .on('POST /api/login', json(200, session('tok-bob', bob)))
      .on('GET /api/members/9', json(200, bob));
    start('/register', server);
    await screen.findByLabelText('Username');
    type('Username', 'bob');
    type('Password', 'correct horse');
    type('Full name', 'Bob Fischer');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const welcome = await screen.findByRole('status', { name: 'Welcome' });
    expect(notifyIfAllowed).toHaveBeenCalledTimes(1);
    expect(notifyIfAllowed).toHaveBeenCalledWith('Member created', 'Bob Fischer (bob) is now a member of the Chess Club.');
    expect(within(welcome).getByText('Notifications are on.')).toBeTruthy();
    expect(within(welcome).queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
    fireEvent.click(within(welcome).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status', { name: 'Welcome' })).toBeNull();
    expect(askNotifications).not.toHaveBeenCalled();
  });

  it('asks for notifications only when the member taps the button, and says so in a toast when refused', async () => {
    const { askNotifications } = await import('../platform/notify');
    const { showToast } = await import('../components/ionic');
    const bob = { ...alice, id: 9, username: 'bob', full_name: 'Bob Fischer' };
    const server = new FakeServer()
      .on('POST /api/user', json(201, bob))
      .on('POST /api/login', json(200, session('tok-bob', bob)))
      .on('GET /api/tournaments', json(200, []));
    start('/register?next=%2Ftournaments', server);
    await screen.findByLabelText('Username');
    type('Username', 'bob');
    type('Password', 'correct horse');
    type('Full name', 'Bob Fischer');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(pathname()).toBe('/tournaments'));
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() => expect(askNotifications).toHaveBeenCalledTimes(1));
    // Once allowed, the notification that comes is the one that names the new member.
    expect(askNotifications).toHaveBeenCalledWith({ title: 'Member created', body: 'Bob Fischer (bob) is now a member of the Chess Club.' });
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringMatching(/^Notifications are not allowed/) })));
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('status', { name: 'Welcome' })).toBeNull();
  });

  it('opens the login form with the username when the login after registering fails', async () => {
    const { showToast } = await import('../components/ionic');
    const server = new FakeServer()
      .on('POST /api/user', json(201, { ...alice, id: 9, username: 'bob', full_name: 'Bob Fischer' }))
      .on('POST /api/login', problem(503, 'Service unavailable', 'The database is not answering.'));
    start('/register', server);
    await screen.findByLabelText('Username');
    type('Username', 'bob');
    type('Password', 'correct horse');
    type('Full name', 'Bob Fischer');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(query().get('username')).toBe('bob');
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Your account bob was created. Log in to continue.' }));
    await waitFor(() => expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('bob'));
  });

  it('moves the focus to the first field in error', async () => {
    start('/register', new FakeServer());
    await screen.findByLabelText('Username');
    type('Username', 'bob');
    type('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Use at least 8 characters.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
  });
});

describe('tournaments', () => {
  const created = tournament({ id: 3, name: 'Blitz Night', start_date: '2027-01-05', end_date: '2027-01-05', location: '', format: 'knockout', rounds: 9, time_control: '3+2', description: '', created_by: 1, rated: true });

  it('creates a tournament and opens it', { timeout: 15_000 }, async () => {
    const server = new FakeServer()
      .on('GET /api/me', json(200, { ...alice, role: 'arbiter' }))
      .on('POST /api/tournaments', json(201, created))
      .on('GET /api/tournaments/3', json(200, created))
      .on('GET /api/tournaments/3/players', json(200, []))
      .on('GET /api/tournaments/3/rounds', json(200, []));
    start('/tournaments/new', server, loggedIn());
    await screen.findByLabelText('Name');
    type('Name', 'Blitz Night');
    type('Start date', '2027-01-05');
    type('End date', '2027-01-05');
    fireEvent.click(screen.getByLabelText('Knockout'));
    // A knockout's rounds follow from its players: the form asks for none.
    expect(screen.queryByLabelText('Rounds')).toBeNull();
    screen.getByText('The rounds follow from the players: each round halves the field.');
    type('Time control', '3+2');
    fireEvent.click(screen.getByRole('switch', { name: 'Rated (counts for club ratings)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create tournament' }));
    await waitFor(() => expect(pathname()).toBe('/tournaments/3'));
    const post = server.seen.find((r) => r.method === 'POST')!;
    expect(post.headers.get('Authorization')).toBe('Bearer tok');
    expect(JSON.parse(String(post.body))).toEqual({
      name: 'Blitz Night',
      start_date: '2027-01-05',
      end_date: '2027-01-05',
      location: '',
      format: 'knockout',
      rounds: null,
      time_control: '3+2',
      description: '',
      rated: true,
      players_report: false,
      double_round_robin: false,
      // The advanced settings as the API's defaults, the acceleration none for a knockout.
      initial_colour: 'white',
      acceleration: 'none',
      points_win: 1,
      points_draw: 0.5,
      points_loss: 0,
      points_bye: 1,
      rating_type: 'standard',
      city: null,
      federation: null,
      chief_arbiter: null,
      deputy_arbiters: [],
      time_control_code: null,
      round_dates: [],
    });
    expect(await screen.findByText('No players yet.')).toBeTruthy();
  });

  it('lets only an arbiter or an admin make a tournament rated, and says so', async () => {
    const server = new FakeServer().on('GET /api/me', json(200, alice));
    start('/tournaments/new', server, loggedIn());
    const rated = (await screen.findByRole('switch', { name: 'Rated (counts for club ratings)' })) as HTMLInputElement;
    expect(rated.disabled).toBe(true);
    expect(screen.getByText('Only an arbiter or an admin may organise a rated tournament.')).toBeTruthy();
  });

  it('lists the member’s invitations above the tournaments, and declines one', async () => {
    const invitation = { tournament_id: 8, tournament_name: 'Club Cup', start_date: '2027-02-01', member_id: 1, full_name: 'Alice Liddell', invited_by: 2, invited_at: '', missed_rounds: 'zero', status: 'pending', answered_at: null };
    const server = new FakeServer()
      .on('GET /api/me', json(200, alice))
      .on('GET /api/tournaments', json(200, []))
      .on('GET /api/me/invitations', json(200, [invitation]), json(200, []))
      .on('POST /api/tournaments/8/invitations/1/decline', json(200, { ...invitation, status: 'declined' }));
    start('/tournaments', server, loggedIn());
    const list = (await screen.findByRole('heading', { name: 'Invitations' })).parentElement!;
    expect(within(list).getByRole('link', { name: 'Club Cup' }).getAttribute('href')).toBe('/tournaments/8');
    fireEvent.click(within(list).getByRole('button', { name: 'Decline the invitation to Club Cup' }));
    await waitFor(() => expect(server.seen.some((r) => r.method === 'POST' && r.url.endsWith('/decline'))).toBe(true));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Invitations' })).toBeNull());
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
    const { showAlert } = await import('../components/ionic');
    fireEvent.click(del);
    expect(showAlert).toHaveBeenCalledWith(expect.objectContaining({ header: 'Delete tournament?' }));
  });

  it('says so when there are no tournaments', async () => {
    start('/tournaments', new FakeServer().on('GET /api/tournaments', json(200, [])));
    expect(await screen.findByText('No tournaments yet.')).toBeTruthy();
  });
});

describe('the frame of every screen', () => {
  // Each route with its h1 (also the document title), logged in where the route needs it.
  const routes: [string, string][] = [
    ['/login', 'Log in'],
    ['/register', 'Register'],
    ['/tournaments', 'Tournaments'],
    ['/members', 'Members'],
    ['/members/1', 'Alice Liddell'],
    ['/tournaments/new', 'New tournament'],
    ['/tournaments/delete', 'Delete a tournament'],
    ['/nope', 'Page not found'],
  ];
  for (const [path, title] of routes) {
    it(`gives ${path} the heading and document title “${title}”`, async () => {
      const server = new FakeServer()
        .on('GET /api/me', json(200, alice))
        .on('GET /api/members', json(200, [alice]))
        .on('GET /api/members/1', json(200, alice))
        .on('GET /api/tournaments', json(200, []));
      start(path, server, loggedIn());
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      await waitFor(() => expect(document.title).toBe(`${title} · Chess Club`));
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(pathname()).toBe(path);
    });
  }

  it('marks the current destination in the navigation with aria-current', async () => {
    const server = new FakeServer().on('GET /api/me', json(200, alice)).on('GET /api/tournaments', json(200, []));
    start('/tournaments', server, loggedIn());
    await screen.findByRole('heading', { level: 1, name: 'Tournaments' });
    const current = (name: string) => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name }).getAttribute('aria-current');
    await waitFor(() => expect(current('My profile')).toBeNull());
    expect(current('Tournaments')).toBe('page');
    expect(current('Members')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'My profile' }));
    await waitFor(() => expect(pathname()).toBe('/members/1'));
    expect(current('My profile')).toBe('page');
    expect(current('Tournaments')).toBeNull();
  });

  it('says “true” for a page below a destination', async () => {
    const server = new FakeServer().on('GET /api/me', json(200, alice));
    start('/tournaments/new', server, loggedIn());
    await screen.findByRole('heading', { level: 1, name: 'New tournament' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Tournaments' }).getAttribute('aria-current')).toBe('true'));
  });

  it('shows a page that names the unknown path, and offers “Log in” when logged out', async () => {
    start('/nope/deeper', new FakeServer());
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('/nope/deeper')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go to the tournaments' }));
    await waitFor(() => expect(pathname()).toBe('/tournaments'));
  });
});

describe('member profile', () => {
  const bob = { ...alice, id: 2, username: 'bob', full_name: 'Bob Fischer', email: undefined, rating: 1432, joined_at: '2026-04-15T10:00:00Z' };

  it('shows the photo, rating and membership of another member, without a camera button', async () => {
    const withPhoto = { ...bob, photo_url: '/api/figures/abc', thumbnail_url: '/api/figures/abc/thumbnail' };
    const server = new FakeServer().on('GET /api/me', json(200, alice)).on('GET /api/members/2', json(200, withPhoto));
    start('/members/2', server, loggedIn());
    const img = await screen.findByRole('img', { name: 'Photo of Bob Fischer' });
    expect(img.getAttribute('src')).toBe('/api/figures/abc'); // the photo itself, not the thumbnail
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Fischer' })).toBeTruthy();
    expect(screen.getByText('1432')).toBeTruthy();
    expect(screen.getByText(new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }).format(new Date(bob.joined_at)))).toBeTruthy();
    expect(screen.queryByRole('button', { name: /photo/i })).toBeNull();
    // Another member's profile belongs to "Members" in the navigation.
    expect(screen.getByRole('link', { name: 'Members' }).getAttribute('aria-current')).toBe('true');
  });

  it('lists the tournaments the member entered, unrated ones too, apart from the rated history', async () => {
    const entered = [
      tournament({ id: 9, name: 'Summer Blitz', start_date: '2026-06-01', end_date: '2026-06-01', format: 'knockout', rounds: null, created_by: 1, created_at: '2026-05-01T10:00:00Z', state: 'open', rated: false }),
      tournament({ id: 4, name: 'Spring Open', start_date: '2026-03-07', end_date: '2026-03-08', format: 'swiss', rounds: 5, created_by: 1, created_at: '2026-02-01T10:00:00Z', state: 'finished', rated: true }),
    ];
    const server = new FakeServer()
      .on('GET /api/me', json(200, alice))
      .on('GET /api/members/2', json(200, bob))
      .on('GET /api/members/2/ratings', json(200, []))
      .on('GET /api/members/2/tournaments', json(200, entered));
    start('/members/2', server, loggedIn());
    const list = await screen.findByRole('list', { name: 'Tournaments played' });
    const links = [...list.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Summer Blitz', '/tournaments/9'],
      ['Spring Open', '/tournaments/4'],
    ]);
    expect(list.textContent).toContain('taking entries');
    expect(list.textContent).toContain('rated');
    expect(screen.getByText('No rated tournaments yet.')).toBeTruthy();
  });

  it('shows an unrated member as unrated and a declared rating as declared, with the role', async () => {
    for (const [member, text] of [
      [{ ...bob, rating_status: 'unrated', rating: 1200 }, 'unrated'],
      [{ ...bob, rating_status: 'declared', rating: 1850, role: 'arbiter' }, '1850 (declared)'],
    ] as const) {
      const server = new FakeServer().on('GET /api/me', json(200, alice)).on('GET /api/members/2', json(200, member));
      start('/members/2', server, loggedIn());
      await screen.findByRole('heading', { level: 1, name: 'Bob Fischer' });
      expect(document.querySelector('.rating-value')?.textContent).toBe(text);
      expect(screen.queryByText('1200')).toBeNull();
      expect(document.querySelector('.profile-handle')?.textContent).toBe(member.role === 'arbiter' ? '@bob · arbiter' : '@bob');
      cleanupAll();
    }
  });

  it('lets an admin make a member an arbiter, and nobody else', async () => {
    const server = new FakeServer()
      .on('GET /api/me', json(200, { ...alice, role: 'admin' }))
      .on('GET /api/members/2', json(200, bob), json(200, { ...bob, role: 'arbiter' }))
      .on('PUT /api/members/2/role', json(200, { ...bob, role: 'arbiter' }));
    start('/members/2', server, loggedIn());
    fireEvent.click(await screen.findByRole('button', { name: 'Make arbiter' }));
    expect(await screen.findByRole('button', { name: 'Take back the arbiter role' })).toBeTruthy();
    const put = server.seen.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toEqual({ role: 'arbiter' });
    cleanupAll();
    start('/members/2', new FakeServer().on('GET /api/me', json(200, { ...alice, role: 'arbiter' })).on('GET /api/members/2', json(200, bob)), loggedIn());
    await screen.findByRole('heading', { level: 1, name: 'Bob Fischer' });
    expect(screen.queryByRole('button', { name: 'Make arbiter' })).toBeNull();
  });

  it('says when and why a line of the rating history was computed again', async () => {
    const line = ratingChange({ tournament_id: 4, tournament_name: 'Spring Open', games: 5, score: 3.5, rating_before: 1400, change: 12, rating: 1412, applied_at: '2026-03-08T20:00:00Z', recomputed_at: '2026-03-20T18:00:00Z', recomputed_because: 'A result of Spring Open was corrected (round 2, board 1).' });
    const server = new FakeServer()
      .on('GET /api/me', json(200, alice))
      .on('GET /api/members/2', json(200, bob))
      .on('GET /api/members/2/ratings', json(200, [line]))
      .on('GET /api/members/2/tournaments', json(200, []));
    start('/members/2', server, loggedIn());
    const list = await screen.findByRole('list', { name: 'Rated tournaments' });
    expect(list.textContent).toContain('A result of Spring Open was corrected (round 2, board 1).');
    expect(list.textContent).toContain(`Computed again on ${new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(2026, 2, 20))}`);
  });

  it('offers the member their own photo, with their email', async () => {
    const server = new FakeServer().on('GET /api/me', json(200, alice)).on('GET /api/members/1', json(200, alice));
    start('/members/1', server, loggedIn());
    expect(await screen.findByRole('button', { name: 'Take photo' })).toBeTruthy();
    expect(screen.getByText('Add a photo so that opponents recognise you at the board.')).toBeTruthy();
    expect(screen.getByText('alice@example.edu')).toBeTruthy();
  });

  it('says there is no such member, for an unknown number and for one that is not a number', async () => {
    const server = new FakeServer().on('GET /api/me', json(200, alice)).on('GET /api/members/77', problem(404, 'Not found', 'No member 77.'));
    start('/members/77', server, loggedIn());
    expect(await screen.findByText('There is no member with this number.')).toBeTruthy();
    cleanupAll();
    const other = new FakeServer().on('GET /api/me', json(200, alice));
    start('/members/abc', other, loggedIn());
    expect(await screen.findByText('There is no member with this number.')).toBeTruthy();
    expect(other.seen.map((r) => r.url)).toEqual(['/api/me']);
  });

  it('links each name in the member list to the profile', async () => {
    const server = new FakeServer()
      .on('GET /api/me', json(200, alice))
      .on('GET /api/members', json(200, [alice, bob]))
      .on('GET /api/members/2', json(200, bob));
    start('/members', server, loggedIn());
    fireEvent.click(await screen.findByRole('link', { name: 'Bob Fischer' }));
    await waitFor(() => expect(pathname()).toBe('/members/2'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Fischer' })).toBeTruthy();
  });
});

describe('throttled login', () => {
  it('says how long to wait, from Retry-After', async () => {
    const { showToast } = await import('../components/ionic');
    const throttled = () =>
      new Response(JSON.stringify({ type: 'urn:x', title: 'Too many requests', status: 429, detail: 'Too many failed logins from this address; wait before trying again.' }), {
        status: 429,
        headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '90' },
      });
    start('/login', new FakeServer().on('POST /api/login', throttled));
    await screen.findByLabelText('Username');
    type('Username', 'alice');
    type('Password', 'nope-nope');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Too many failed logins from this address. Try again in 2 minutes.', color: 'danger' })),
    );
  });
});

describe('layout', () => {
  it('puts the navigation and the account in a side menu from 992 px on, without the tab bar', async () => {
    const narrow = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...narrow(query), matches: query === '(min-width: 992px)' })) as typeof window.matchMedia;
    try {
      const server = new FakeServer().on('GET /api/me', json(200, alice)).on('GET /api/tournaments', json(200, []));
      start('/tournaments', server, loggedIn());
      const menu = await screen.findByRole('complementary', { name: 'Chess Club' });
      await within(menu).findByText('Signed in as Alice Liddell');
      expect(within(menu).getByRole('navigation', { name: 'Main' })).toBeTruthy();
      expect(within(menu).getByRole('button', { name: 'Log out' })).toBeTruthy();
      expect(screen.getAllByRole('navigation', { name: 'Main' })).toHaveLength(1);
      expect(document.querySelector('.tab-footer')).toBeNull();
    } finally {
      window.matchMedia = narrow;
    }
  });

  it('has a tab bar and no side menu on a phone', async () => {
    start('/tournaments', new FakeServer().on('GET /api/tournaments', json(200, [])));
    await screen.findByRole('heading', { level: 1, name: 'Tournaments' });
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(document.querySelector('.tab-footer nav')).toBeTruthy();
  });
});

describe('tournament', () => {
  const bob = { member_id: 2, start_rank: 1, full_name: 'Bob Stone', rating: 1500 };
  const me = { member_id: 1, start_rank: 2, full_name: 'Alice Liddell', rating: 1200 };
  const running = tournament({
    id: 5,
    name: 'Thursday Rapid',
    start_date: '2026-11-26',
    end_date: '2026-11-26',
    location: 'Room 12',
    format: 'swiss',
    rounds: 3,
    time_control: '15+10',
    description: null,
    created_by: 1,
    created_at: '2026-11-01T00:00:00Z',
    state: 'running',
    current_round: 1,
    player_count: 2,
  });
  const round = {
    number: 1,
    paired_at: '2026-11-26T19:00:00Z',
    complete: false,
    boards: [board(1, bob, me, { round: 1, version: 2 })],
    byes: [],
  };

  function server() {
    return new FakeServer()
      .on('GET /api/me', json(200, alice))
      .on('GET /api/tournaments/5', json(200, running))
      .on('GET /api/tournaments/5/players', json(200, []))
      .on('GET /api/tournaments/5/rounds', json(200, [round]))
      .on('GET /api/tournaments/5/standings', json(200, { round: 0, tiebreaks: ['PTS'], rows: [] }))
      .on('GET /api/tournaments/5/crosstable', json(200, { rounds: 1, players: [] }));
  }

  it('shows the projector view to a visitor without the app’s frame, and switches to the standings', async () => {
    start('/tournaments/5/projector?show=pairings', server());
    const boards = await screen.findByRole('region', { name: 'Round 1 pairings' });
    expect(within(boards).getByText('Bob Stone')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thursday Rapid');
    expect(screen.getByText('Round 1 of 3: pairings')).toBeTruthy();
    expect(document.querySelector('.app-header, .tab-footer, .side-menu')).toBeNull();
    expect(document.title).toBe('Thursday Rapid: pairings · Chess Club');
    fireEvent.click(screen.getByRole('link', { name: 'Standings' }));
    await screen.findByText('No standings yet.');
    expect(query().get('show')).toBe('standings');
    expect(pathname()).toBe('/tournaments/5/projector');
  });

  it('marks the member’s board and sends a result with one tap, with the board’s version', async () => {
    const s = server().on('PUT /api/tournaments/5/rounds/1/boards/1', json(200, { ...round.boards[0], result: '1/2-1/2', version: 3 }));
    start('/tournaments/5?tab=pairings', s, loggedIn());
    expect(await screen.findByText('Round 1: you play Black on board 1 against Bob Stone', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Your board')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Draw on board 1' }));
    await waitFor(() => expect(s.seen.some((r) => r.method === 'PUT')).toBe(true));
    const put = s.seen.find((r) => r.method === 'PUT')!;
    expect(put.headers.get('If-Match')).toBe('"b2"');
    expect(JSON.parse(String(put.body))).toEqual({ result: '1/2-1/2' });
  });

  it('offers the organiser the next step and names the tournament in the heading', async () => {
    start('/tournaments/5', server(), loggedIn());
    expect(await screen.findByRole('button', { name: 'Un-pair round 1' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pair round 2/ })).toBeNull(); // results missing
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thursday Rapid'));
    expect(screen.getByRole('tab', { name: 'Pairings' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows its organisers the audit trail, and no one else the tab', async () => {
    const entries = [
      { id: 1, at: '2026-11-26T19:30:00Z', actor_id: 3, actor_username: 'ada', tournament_id: 5, member_id: null, action: 'result.corrected', subject: 'round 1, board 1', before: { result: '1/2-1/2' }, after: { result: '1-0' }, request_id: 'req-1' },
    ];
    const s = server().on('GET /api/tournaments/5/audit', json(200, entries));
    start('/tournaments/5?tab=audit', s, loggedIn());
    const trail = await screen.findByRole('list', { name: 'Audit trail' }, { timeout: 5000 });
    expect(trail.textContent).toContain('ada corrected the result of round 1, board 1');
    expect(trail.textContent).toContain('result 1/2-1/2 → result 1-0');
    expect(trail.textContent).toContain('request req-1');
    expect(s.seen.some((r) => r.url.includes('/audit?after=0&limit=100'))).toBe(true);
    cleanupAll();
    start('/tournaments/5', server().on('GET /api/me', json(200, { ...alice, id: 9 })), loggedIn());
    await screen.findByRole('tab', { name: 'Pairings' }, { timeout: 5000 });
    expect(screen.queryByRole('tab', { name: 'Audit trail' })).toBeNull();
  });

  it('has an organiser who is no arbiter invite members, and an arbiter add them', async () => {
    const open = { ...running, state: 'open', current_round: 0 };
    const bobMember = { ...alice, id: 2, username: 'bob', full_name: 'Bob Stone', rating_status: 'unrated' };
    const invited = { tournament_id: 5, tournament_name: 'Thursday Rapid', start_date: '2026-11-26', member_id: 2, full_name: 'Bob Stone', invited_by: 1, invited_at: '', missed_rounds: 'zero', status: 'pending', answered_at: null };
    for (const role of ['member', 'arbiter'] as const) {
      const s = server()
        .on('GET /api/me', json(200, { ...alice, role }))
        .on('GET /api/tournaments/5', json(200, open))
        .on('GET /api/tournaments/5/rounds', json(200, []))
        .on('GET /api/members', json(200, [alice, bobMember]))
        .on('GET /api/me/invitations', json(200, []))
        .on('GET /api/tournaments/5/invitations', json(200, []), json(200, role === 'member' ? [invited] : []))
        .on('POST /api/tournaments/5/invitations', json(201, invited))
        .on('POST /api/tournaments/5/players', json(201, player({ member_id: 2, full_name: 'Bob Stone', rating_status: 'unrated' })));
      start('/tournaments/5?tab=players', s, loggedIn());
      const label = role === 'member' ? 'Invite a member' : 'Add a member';
      const select = await screen.findByLabelText(label, {}, { timeout: 5000 });
      expect(within(select).getByRole('option', { name: 'Bob Stone · unrated' })).toBeTruthy();
      fireEvent.change(select, { target: { value: '2' } });
      fireEvent.click(screen.getByRole('button', { name: role === 'member' ? 'Invite' : 'Add' }));
      await waitFor(() => expect(s.seen.some((r) => r.method === 'POST')).toBe(true));
      const post = s.seen.find((r) => r.method === 'POST')!;
      expect(post.url).toBe(role === 'member' ? '/api/tournaments/5/invitations' : '/api/tournaments/5/players');
      expect(JSON.parse(String(post.body))).toEqual({ member_id: 2 });
      if (role === 'member') {
        const pending = await screen.findByRole('list', { name: 'Invitations' });
        expect(pending.textContent).toContain('Bob Stone');
        expect(pending.textContent).toContain('not answered yet');
      }
      cleanupAll();
    }
  });

  it('lets the invited member accept on the tournament’s page', async () => {
    const open = { ...running, state: 'open', current_round: 0, created_by: 2 };
    const invitation = { tournament_id: 5, tournament_name: 'Thursday Rapid', start_date: '2026-11-26', member_id: 1, full_name: 'Alice Liddell', invited_by: 2, invited_at: '', missed_rounds: 'zero', status: 'pending', answered_at: null };
    const s = server()
      .on('GET /api/tournaments/5', json(200, open))
      .on('GET /api/tournaments/5/rounds', json(200, []))
      .on('GET /api/me/invitations', json(200, [invitation]))
      .on('POST /api/tournaments/5/invitations/1/accept', json(201, {}));
    start('/tournaments/5?tab=players', s, loggedIn());
    const card = await screen.findByRole('region', { name: 'Your invitation' }, { timeout: 5000 });
    expect(card.textContent).toContain('You are invited to play in Thursday Rapid.');
    expect(screen.queryByRole('button', { name: 'Enter this tournament' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(s.seen.some((r) => r.method === 'POST' && r.url.endsWith('/accept'))).toBe(true));
  });

  describe('the pairing by hand', () => {
    const clean = { round: 1, differs: false, no_pairing: false, engine: { boards: [], bye: null }, paired: { boards: [], bye: null }, breaks: [], worse: [] };
    const swapped = { ...clean, differs: true, engine: { boards: [{ white: bob, black: me }], bye: null }, paired: { boards: [{ white: me, black: bob }], bye: null } };
    const route = '/api/tournaments/5/rounds/1/pairing';
    const puts = (s: FakeServer) => s.seen.filter((r) => r.method === 'PUT').map((r) => JSON.parse(String(r.body)));

    async function swapAndSave(s: FakeServer) {
      start('/tournaments/5?tab=pairings', s, loggedIn());
      expect(await screen.findByText('The checker agrees: this is the pairing the Dutch system makes.', {}, { timeout: 5000 })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Change the pairing' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Swap colours on board 1' }, { timeout: 5000 }));
      expect(screen.getByRole('button', { name: 'Board 1, White: 2 Alice Liddell' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    }

    it('asks before saving a pairing the tournament has made worse since the check, naming the criterion', async () => {
      vi.mocked(askConfirm).mockClear();
      const s = server()
        .on('GET /api/tournaments/5/rounds/1/check', json(200, clean))
        .on(`POST ${route}/check`, json(200, swapped))
        .on(`PUT ${route}`, problem(409, 'Conflict', 'The pairing scores worse than the engine’s on C12; send confirm: true to save it.', { confirm: 'worse on C12' }), json(200, round));
      await swapAndSave(s);
      await waitFor(() => expect(puts(s)).toHaveLength(2));
      expect(puts(s)).toEqual([
        { boards: [{ white: 1, black: 2 }], bye: null },
        { boards: [{ white: 1, black: 2 }], bye: null, confirm: true },
      ]);
      expect(vi.mocked(askConfirm).mock.calls[0]![0].message).toContain('more players do not get the colour they are due (C12)');
    });

    it('explains a refused pairing field by field, and saves nothing', async () => {
      const s = server()
        .on('GET /api/tournaments/5/rounds/1/check', json(200, clean))
        .on(`POST ${route}/check`, json(200, swapped))
        .on(`PUT ${route}`, problem(422, 'Invalid', 'The pairing does not pair the round’s players.', { 'boards[0].white': 'has withdrawn' }));
      await swapAndSave(s);
      const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
      expect(alert.textContent).toContain('This pairing cannot be saved:');
      expect(alert.textContent).toContain('Board 1, White: has withdrawn');
      expect(screen.getByRole('heading', { name: 'Round 1: change the pairing' })).toBeTruthy();
    });
  });

  it('says there is no such tournament for a number that is not one', async () => {
    start('/tournaments/x1', server());
    expect(await screen.findByText('There is no tournament with this number.', {}, { timeout: 5000 })).toBeTruthy();
  });
});
