// The Chess Club API client. This module alone knows the base URL and keeps the login token; a
// failed request becomes an ApiError (./problem.ts), and a 401 forgets the token.
import { ApiError, decodeProblem, parseRetryAfter } from './problem';
import type { Board, Crosstable, Figure, GameResult, Invitation, AuditEntry, LoginResult, Member, Player, RatingChange, Registration, Round, Standings, Tournament, TournamentPatch, TournamentRequest } from './types';

/** How many audit entries a page of the trail holds. */
export const AUDIT_PAGE = 100;

/** A persistent string store; Capacitor Preferences in the app, a Map in tests. */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/** The Preferences key under which the token is kept. */
export const TOKEN_KEY = 'chessclub.token';

/**
 * The Preferences key of the device token for a username. Usernames are ASCII and the server
 * ignores their case, so lower-casing gives one key per member however the name is typed.
 */
export function deviceKey(username: string): string {
  return `chessclub.device.${username.trim().toLowerCase()}`;
}

export interface ApiOptions {
  /** Base URL of the API, "/api" or an absolute URL such as "https://club.example.edu/api". */
  baseUrl?: string;
  store: KeyValueStore;
  fetch?: typeof fetch;
}

interface RequestOptions {
  json?: unknown;
  /** A multipart form, or a file sent as it is (a Blob, with its type as the Content-Type). */
  form?: FormData | Blob;
  /** A plain-text body (a TRF file). */
  text?: string;
  /** The media type of json; application/json unless given. */
  contentType?: string;
  /** Extra request headers (If-Match). */
  headers?: Record<string, string>;
  /** Whether to send the token (when there is one). Login and registration do not. */
  auth?: boolean;
}

/** Api is the client of the Chess Club API. One instance serves the whole app. */
export class Api {
  readonly baseUrl: string;
  private readonly store: KeyValueStore;
  private readonly fetchFn: typeof fetch;
  private tokenValue: string | null | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(options: ApiOptions) {
    this.baseUrl = (options.baseUrl || '/api').replace(/\/+$/, '');
    this.store = options.store;
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /** The stored token, or null when logged out. */
  async token(): Promise<string | null> {
    if (this.tokenValue === undefined) {
      this.tokenValue = await this.store.get(TOKEN_KEY);
    }
    return this.tokenValue;
  }

  private async setToken(token: string | null): Promise<void> {
    this.tokenValue = token;
    if (token === null) {
      await this.store.remove(TOKEN_KEY);
    } else {
      await this.store.set(TOKEN_KEY, token);
    }
  }

  /** Calls listener whenever the server rejects the token (a 401); returns an unsubscribe function. */
  onUnauthorized(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves a URL the server returned (such as a photo_url) against the API's origin. */
  assetUrl(url: string): string {
    if (/^[a-z][a-z0-9+.-]*:/i.test(this.baseUrl)) {
      return new URL(url, this.baseUrl).href;
    }
    return url;
  }

  /** Sends a request and decodes the JSON answer; throws ApiError for any failure. */
  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['Content-Type'] = options.contentType ?? 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.text !== undefined) {
      headers['Content-Type'] = 'text/plain; charset=utf-8';
      body = options.text;
    } else if (options.form) {
      body = options.form; // the browser sets the multipart boundary
    }
    const token = options.auth === false ? null : await this.token();
    if (token) {
      headers.Authorization = `Bearer ${token}`;
    }
    let res: Response;
    try {
      res = await this.fetchFn(this.baseUrl + path, { method, headers, body });
    } catch {
      throw new ApiError({
        type: 'about:blank',
        title: 'Network error',
        status: 0,
        detail: 'The server could not be reached. Check the connection and try again.',
      });
    }
    if (!res.ok) {
      const problem = await decodeProblem(res);
      if (res.status === 401 && token) {
        await this.setToken(null);
        this.listeners.forEach((listener) => listener());
      }
      const wait = res.status === 429 || res.status === 503 ? parseRetryAfter(res.headers.get('Retry-After')) : undefined;
      throw new ApiError(problem, wait);
    }
    if (res.status === 204) {
      return undefined as T;
    }
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /**
   * Logs in and keeps the token. A wrong password is an ApiError with status 401.
   *
   * It also sends the device token of this client's last login as the member, and keeps the new
   * one: the server then counts this client's failed logins on their own, so that a stranger who
   * guesses the member's password elsewhere, or from the same network, cannot lock the member
   * out here. Device tokens outlive logout, one per username; they are not logins.
   */
  async login(username: string, password: string): Promise<LoginResult> {
    const device = await this.store.get(deviceKey(username));
    const result = await this.request<LoginResult>('POST', '/login', {
      json: device ? { username, password, device_token: device } : { username, password },
      auth: false,
    });
    await this.setToken(result.token);
    if (result.device_token) {
      await this.store.set(deviceKey(result.member.username), result.device_token);
    }
    return result;
  }

  /** Revokes the token on the server (best effort) and forgets it; device tokens stay. */
  async logout(): Promise<void> {
    const token = await this.token();
    await this.setToken(null);
    if (!token) {
      return;
    }
    try {
      await this.fetchFn(this.baseUrl + '/logout', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      });
    } catch {
      // Offline: the token is forgotten here and expires on the server.
    }
  }

  register(input: Registration): Promise<Member> {
    return this.request<Member>('POST', '/user', { json: input, auth: false });
  }

  me(): Promise<Member> {
    return this.request<Member>('GET', '/me');
  }

  members(): Promise<Member[]> {
    return this.request<Member[]>('GET', '/members');
  }

  member(id: number): Promise<Member> {
    return this.request<Member>('GET', `/members/${encodeURIComponent(String(id))}`);
  }

  tournaments(): Promise<Tournament[]> {
    return this.request<Tournament[]>('GET', '/tournaments');
  }

  createTournament(input: TournamentRequest): Promise<Tournament> {
    return this.request<Tournament>('POST', '/tournaments', { json: input });
  }

  deleteTournament(id: number): Promise<void> {
    return this.request<void>('DELETE', `/tournaments/${encodeURIComponent(String(id))}`);
  }

  tournament(id: number): Promise<Tournament> {
    return this.request<Tournament>('GET', tpath(id));
  }

  updateTournament(id: number, patch: TournamentPatch): Promise<Tournament> {
    return this.request<Tournament>('PATCH', tpath(id), { json: patch, contentType: 'application/merge-patch+json' });
  }

  players(id: number): Promise<Player[]> {
    return this.request<Player[]>('GET', tpath(id, '/players'));
  }

  /** Enters the caller, or (an arbiter or an admin) memberId, into an open or running tournament. */
  enter(id: number, memberId?: number): Promise<Player> {
    return this.request<Player>('POST', tpath(id, '/players'), memberId === undefined ? {} : { json: { member_id: memberId } });
  }

  /** An admin links a guest player of an imported tournament to the member who played. */
  linkGuest(id: number, guestId: number, memberId: number): Promise<Player> {
    return this.request<Player>('POST', tpath(id, `/players/${guestId}/link`), { json: { member_id: memberId } });
  }

  /** The tournament's invitations (its organisers'). */
  invitations(id: number): Promise<Invitation[]> {
    return this.request<Invitation[]>('GET', tpath(id, '/invitations'));
  }

  /** Invites a member to play (the way an organiser who is not an arbiter adds one). */
  invite(id: number, memberId: number): Promise<Invitation> {
    return this.request<Invitation>('POST', tpath(id, '/invitations'), { json: { member_id: memberId } });
  }

  /** Withdraws an invitation. */
  withdrawInvitation(id: number, memberId: number): Promise<void> {
    return this.request<void>('DELETE', tpath(id, `/invitations/${memberId}`));
  }

  /** The invited member accepts: they are entered. */
  acceptInvitation(id: number, memberId: number): Promise<Player> {
    return this.request<Player>('POST', tpath(id, `/invitations/${memberId}/accept`));
  }

  declineInvitation(id: number, memberId: number): Promise<Invitation> {
    return this.request<Invitation>('POST', tpath(id, `/invitations/${memberId}/decline`));
  }

  /** The caller's pending invitations. */
  myInvitations(): Promise<Invitation[]> {
    return this.request<Invitation[]>('GET', '/me/invitations');
  }

  /** A page of the tournament's audit trail, oldest first, after the entry with id after. */
  audit(id: number, after = 0): Promise<AuditEntry[]> {
    return this.request<AuditEntry[]>('GET', tpath(id, `/audit?after=${after}&limit=${AUDIT_PAGE}`));
  }

  /** An admin makes a member an arbiter, or takes the role back. */
  setRole(memberId: number, role: 'member' | 'arbiter'): Promise<Member> {
    return this.request<Member>('PUT', `/members/${encodeURIComponent(String(memberId))}/role`, { json: { role } });
  }

  /** Leaves (before the start) or withdraws (after it) a player. */
  leave(id: number, memberId: number): Promise<void> {
    return this.request<void>('DELETE', tpath(id, `/players/${memberId}`));
  }

  start(id: number): Promise<Tournament> {
    return this.request<Tournament>('POST', tpath(id, '/start'));
  }

  finish(id: number): Promise<Tournament> {
    return this.request<Tournament>('POST', tpath(id, '/finish'));
  }

  rounds(id: number): Promise<Round[]> {
    return this.request<Round[]>('GET', tpath(id, '/rounds'));
  }

  /** Pairs the next round. */
  pairRound(id: number): Promise<Round> {
    return this.request<Round>('POST', tpath(id, '/rounds'));
  }

  /** Un-pairs round n, the last one, while none of its results is in. */
  unpairRound(id: number, n: number): Promise<void> {
    return this.request<void>('DELETE', tpath(id, `/rounds/${n}`));
  }

  /** Sets (or, with null, clears) a board's result; version is the board's as last seen. */
  setResult(id: number, board: Pick<Board, 'round' | 'board' | 'version'>, result: GameResult | null): Promise<Board> {
    return this.request<Board>('PUT', tpath(id, `/rounds/${board.round}/boards/${board.board}`), {
      json: { result },
      headers: { 'If-Match': `"b${board.version}"` },
    });
  }

  standings(id: number): Promise<Standings> {
    return this.request<Standings>('GET', tpath(id, '/standings'));
  }

  crosstable(id: number): Promise<Crosstable> {
    return this.request<Crosstable>('GET', tpath(id, '/crosstable'));
  }

  /** The address of the tournament's TRF-2026 file (public, without birth dates), for a download link. */
  reportUrl(id: number): string {
    return this.baseUrl + tpath(id, '/report.trf');
  }

  /**
   * The tournament's FIDE report: the TRF-2026 file with the players' birth dates, an arbiter's or
   * admin's download. It needs the token, so it is fetched rather than linked; the answer is the
   * file and the name the server gives it.
   */
  async fideReport(id: number): Promise<{ name: string; file: Blob }> {
    const path = tpath(id, '/fide-report.trf');
    const token = await this.token();
    let res: Response;
    try {
      res = await this.fetchFn(this.baseUrl + path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    } catch {
      throw new ApiError({ type: 'about:blank', title: 'Network error', status: 0, detail: 'The server could not be reached. Check the connection and try again.' });
    }
    if (!res.ok) {
      throw new ApiError(await decodeProblem(res));
    }
    const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `tournament-${id}.trf`;
    return { name, file: await res.blob() };
  }

  /** The address of the tournament's live events (Server-Sent Events; public). */
  eventsUrl(id: number): string {
    return this.baseUrl + tpath(id, '/events');
  }

  /** Makes a tournament of a TRF-2026 file; the caller is its organiser. */
  importTrf(text: string): Promise<Tournament> {
    return this.request<Tournament>('POST', '/tournaments/import', { text });
  }

  ratings(memberId: number): Promise<RatingChange[]> {
    return this.request<RatingChange[]>('GET', `/members/${encodeURIComponent(String(memberId))}/ratings`);
  }

  /** The tournaments a member has entered, rated or not, the latest first. */
  memberTournaments(memberId: number): Promise<Tournament[]> {
    return this.request<Tournament[]>('GET', `/members/${encodeURIComponent(String(memberId))}/tournaments`);
  }

  /** Uploads a photo as multipart field "photo"; memberId defaults to the caller on the server. */
  uploadPhoto(photo: Blob, memberId?: number): Promise<Figure> {
    const form = new FormData();
    if (memberId !== undefined) {
      form.append('member_id', String(memberId));
    }
    form.append('photo', photo, fileName(photo.type));
    return this.request<Figure>('POST', '/figures', { form });
  }
}

function tpath(id: number, rest = ''): string {
  return `/tournaments/${encodeURIComponent(String(id))}${rest}`;
}

function fileName(type: string): string {
  switch (type) {
    case 'image/png':
      return 'photo.png';
    case 'image/webp':
      return 'photo.webp';
    default:
      return 'photo.jpg';
  }
}
