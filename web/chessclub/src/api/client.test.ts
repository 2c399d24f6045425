import { describe, expect, it, vi } from 'vitest';
import { ApiError, decodeProblem } from './problem';
import { TOKEN_KEY, deviceKey } from './client';
import { FakeServer, MemoryStore, alice, json, newApi, problem } from '../test/fakes';
import { session } from '../test/fixtures';

const loginOK = session('tok-123', alice);

describe('Api', () => {
  it('uses /api by default and an absolute base URL when given one', async () => {
    const server = new FakeServer().on('GET /api/tournaments', json(200, []));
    await newApi(server, new MemoryStore(), '').api.tournaments();
    await newApi(server, new MemoryStore(), 'https://club.example.edu/api/').api.tournaments();
    expect(server.seen.map((r) => r.url)).toEqual(['/api/tournaments', 'https://club.example.edu/api/tournaments']);
  });

  it('keeps the login token in the store and sends it as a Bearer token', async () => {
    const server = new FakeServer().on('POST /api/login', json(200, loginOK)).on('GET /api/members', json(200, [alice]));
    const { api, store } = newApi(server);
    const result = await api.login('Alice', 'correct horse');
    expect(result.member.username).toBe('alice');
    expect(store.values.get(TOKEN_KEY)).toBe('tok-123');
    expect(JSON.parse(String(server.seen[0]!.body))).toEqual({ username: 'Alice', password: 'correct horse' });
    expect(server.seen[0]!.headers.get('Authorization')).toBeNull();
    expect(server.seen[0]!.headers.get('Content-Type')).toBe('application/json');

    await expect(api.members()).resolves.toEqual([alice]);
    expect(server.seen[1]!.headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('keeps the device token per member, after logout too, and sends it with that member\'s next login only', async () => {
    const first = { ...loginOK, device_token: 'dev-1' };
    const second = { ...loginOK, token: 'tok-456', device_token: 'dev-2' };
    const server = new FakeServer()
      .on('POST /api/login', json(200, first), json(200, second), problem(401, 'Authentication required', 'Wrong username or password.'))
      .on('POST /api/logout', new Response(null, { status: 204 }));
    const { api, store } = newApi(server);
    await api.login('alice', 'correct horse');
    expect(store.values.get(deviceKey('alice'))).toBe('dev-1');
    await api.logout();
    expect(store.values.get(deviceKey('alice'))).toBe('dev-1');

    await api.login('ALICE ', 'correct horse'); // the server ignores case, and so does the key
    expect(JSON.parse(String(server.seen[2]!.body))).toEqual({ username: 'ALICE ', password: 'correct horse', device_token: 'dev-1' });
    expect(store.values.get(deviceKey('alice'))).toBe('dev-2');

    await api.login('bob', 'guess').catch(() => undefined);
    expect(JSON.parse(String(server.seen[3]!.body))).toEqual({ username: 'bob', password: 'guess' });
    expect(store.values.get(deviceKey('alice'))).toBe('dev-2');
  });

  it('reads a token stored by an earlier run', async () => {
    const server = new FakeServer().on('GET /api/me', json(200, alice));
    const store = new MemoryStore();
    store.values.set(TOKEN_KEY, 'saved');
    const { api } = newApi(server, store);
    await api.me();
    expect(server.seen[0]!.headers.get('Authorization')).toBe('Bearer saved');
  });

  it('clears the token and tells listeners when the server answers 401', async () => {
    const server = new FakeServer().on('GET /api/members', problem(401, 'Authentication required', 'The token has expired.'));
    const store = new MemoryStore();
    store.values.set(TOKEN_KEY, 'old');
    const { api } = newApi(server, store);
    const listener = vi.fn();
    api.onUnauthorized(listener);

    const err = await api.members().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(store.values.has(TOKEN_KEY)).toBe(false);
    expect(await api.token()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not treat a wrong password as an expired session', async () => {
    const server = new FakeServer().on('POST /api/login', problem(401, 'Authentication required', 'Wrong username or password.'));
    const { api } = newApi(server);
    const listener = vi.fn();
    api.onUnauthorized(listener);
    await expect(api.login('alice', 'nope')).rejects.toMatchObject({ status: 401, message: 'Wrong username or password.' });
    expect(listener).not.toHaveBeenCalled();
  });

  it('decodes problem+json field errors', async () => {
    const server = new FakeServer().on(
      'POST /api/user',
      problem(422, 'Validation failed', 'The request has invalid fields.', { username: 'is taken', email: 'is not an email address' }),
    );
    const { api } = newApi(server);
    const err = (await api.register({ username: 'bob', password: 'password1', full_name: 'Bob' }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(422);
    expect(err.message).toBe('The request has invalid fields.');
    expect(err.fields).toEqual({ username: 'is taken', email: 'is not an email address' });
    expect(err.problem.type).toBe('urn:problem-type:422');
  });

  it('turns a non-JSON error and a network failure into problems', async () => {
    const server = new FakeServer().on('GET /api/tournaments', new Response('upstream down', { status: 502, statusText: 'Bad Gateway' }));
    const { api } = newApi(server);
    await expect(api.tournaments()).rejects.toMatchObject({ status: 502, problem: { title: 'Bad Gateway', detail: 'upstream down' } });

    const offline = newApi(new FakeServer()).api;
    Object.assign(offline, { fetchFn: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(offline.tournaments()).rejects.toMatchObject({ status: 0, problem: { title: 'Network error' } });
  });

  it('accepts field errors given as lists', async () => {
    const res = new Response(JSON.stringify({ title: 'Validation failed', status: 422, errors: { name: ['is required', 'is too short'] } }), {
      status: 422,
      headers: { 'Content-Type': 'application/problem+json' },
    });
    await expect(decodeProblem(res)).resolves.toEqual({
      type: 'about:blank',
      title: 'Validation failed',
      status: 422,
      errors: { name: 'is required is too short' },
    });
  });

  it('creates and deletes tournaments by id', async () => {
    const created = { id: 7, name: 'Spring Open', start_date: '2026-04-01', end_date: '2026-04-02', location: '', format: 'swiss', rounds: 5, time_control: '90+30', description: '', created_by: 1, created_at: '' };
    const server = new FakeServer()
      .on('POST /api/tournaments', (req) => json(201, { ...created, ...JSON.parse(String(req.body)) }, { Location: '/api/tournaments/7' }))
      .on('DELETE /api/tournaments/7', new Response(null, { status: 204 }));
    const { api } = newApi(server);
    const t = await api.createTournament({ name: 'Spring Open', start_date: '2026-04-01', end_date: '2026-04-02', location: '', format: 'swiss', rounds: 5, time_control: '90+30', description: '' });
    expect(t.id).toBe(7);
    await expect(api.deleteTournament(7)).resolves.toBeUndefined();
    expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/tournaments', 'DELETE /api/tournaments/7']);
  });

  it('uploads a photo as multipart with the fields photo and member_id', async () => {
    const server = new FakeServer().on('POST /api/figures', json(201, { id: 'f1', member_id: 3, content_type: 'image/png', size: 4, width: 1, height: 1, url: '/api/figures/f1', created_at: '' }));
    const { api } = newApi(server);
    const photo = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    const figure = await api.uploadPhoto(photo, 3);
    expect(figure.url).toBe('/api/figures/f1');
    const body = server.seen[0]!.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('member_id')).toBe('3');
    const file = form.get('photo') as File;
    expect(file.name).toBe('photo.png');
    expect(file.type).toBe('image/png');
    expect(server.seen[0]!.headers.get('Content-Type')).toBeNull(); // the browser adds the boundary
  });

  it('resolves photo URLs against an absolute base for native builds', () => {
    const server = new FakeServer();
    expect(newApi(server).api.assetUrl('/api/figures/x')).toBe('/api/figures/x');
    expect(newApi(server, new MemoryStore(), 'https://club.example.edu/api').api.assetUrl('/api/figures/x')).toBe('https://club.example.edu/api/figures/x');
  });

  it('logs out on the server and forgets the token even when offline', async () => {
    const server = new FakeServer().on('POST /api/login', json(200, loginOK)).on('POST /api/logout', new Response(null, { status: 204 }));
    const { api, store } = newApi(server);
    await api.login('alice', 'correct horse');
    await api.logout();
    expect(store.values.has(TOKEN_KEY)).toBe(false);
    expect(server.seen[1]!.headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('reads Retry-After of a throttled answer and says when to try again', async () => {
    const body = { type: 'urn:x', title: 'Too many requests', status: 429, detail: 'Too many failed logins from this address; wait before trying again.' };
    const server = new FakeServer().on(
      'POST /api/login',
      new Response(JSON.stringify(body), { status: 429, headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '42' } }),
    );
    const err = (await newApi(server).api.login('alice', 'x').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(429);
    expect(err.retryAfter).toBe(42);
    expect(err.message).toBe('Too many failed logins from this address. Try again in 42 seconds.');
  });

  it('keeps the detail of a refusal that names no wait', async () => {
    const server = new FakeServer().on('POST /api/login', problem(429, 'Too many requests', 'Slow down.'));
    const err = (await newApi(server).api.login('alice', 'x').catch((e: unknown) => e)) as ApiError;
    expect(err.retryAfter).toBeUndefined();
    expect(err.message).toBe('Slow down.');
  });
});
