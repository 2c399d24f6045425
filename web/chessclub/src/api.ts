// The Chess Club API client. This module alone knows the base URL, keeps the login token and turns
// error responses (RFC 9457 problem+json) into ApiError values that screens can show.
import { formatWait } from './dates';

/** A club member as the server returns it. `email` is present only for oneself and for admins. */
export interface Member {
  id: number;
  username: string;
  full_name: string;
  email?: string | null;
  /** The club rating; a placeholder while rating_status is unrated (ratingText shows it). */
  rating: number;
  /** An arbiter directs rated events and enters members; an admin does all and appoints arbiters. */
  role: Role;
  photo_url: string | null;
  /** The photo's middle square, 128×128 pixels at most: what lists show. Null without a photo. */
  thumbnail_url: string | null;
  joined_at: string;
  /** unrated (rating is a placeholder), declared, or rated. */
  rating_status?: 'unrated' | 'declared' | 'rated';
  /** A player imported from a TRF file, who cannot log in. */
  guest?: boolean;
  /** Rated games the club rating rests on. */
  rated_games?: number;
  /** The FIDE fields (src/fide.ts words them); birth_date and national_id only for oneself and admins. */
  fide_id?: number | null;
  federation?: string | null;
  title?: FideTitle | null;
  sex?: 'm' | 'w' | null;
  birth_date?: string;
  fide_rating_standard?: number | null;
  fide_rating_rapid?: number | null;
  fide_rating_blitz?: number | null;
  national_id?: string;
  national_rating?: number | null;
}

/** A player's FIDE title, as a TRF player record carries it. */
export type FideTitle = 'GM' | 'IM' | 'WGM' | 'FM' | 'WIM' | 'CM' | 'WFM' | 'WCM';

export type Role = 'member' | 'arbiter' | 'admin';

export type TournamentFormat = 'swiss' | 'round_robin' | 'knockout';

/** A tournament; dates are YYYY-MM-DD. */
export interface Tournament extends Omit<TournamentSettings, 'deputy_arbiters' | 'round_dates'> {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  location: string | null;
  format: TournamentFormat;
  rounds: number | null;
  time_control: string | null;
  description: string | null;
  /** Null for tournaments that no member created (the samples of chess.sql). */
  created_by: number | null;
  created_at: string;
  /** open (taking entries) → running (rounds paired and played) → finished. Absent in old answers. */
  state?: TournamentState;
  /** The last round paired; 0 before the first. */
  current_round?: number;
  /** Entries, withdrawn players included. */
  player_count?: number;
  /** When the tournament finished (RFC 3339); null before. */
  finished_at?: string | null;
  /** A running tournament's games of its current round and those with a result; in the list only. */
  round_games?: { total: number; played: number };
  rated?: boolean;
  players_report?: boolean;
  double_round_robin?: boolean;
  bye_limit?: number;
  /** The FIDE report's deputy arbiters, one a line of the report. */
  deputy_arbiters?: string[];
  /** The FIDE report's round dates, round 1 first (YYYY-MM-DD). */
  round_dates?: string[];
}

/** Which FIDE rating list a tournament is played for. */
export type RatingType = 'standard' | 'rapid' | 'blitz';

/**
 * The settings of how a Swiss is paired and scored, and what its FIDE report says of it; each
 * takes the API's default when absent. The pairing and scoring ones are fixed at the start.
 */
export interface TournamentSettings {
  /** The colour of the top player paired in round 1 (FIDE C.04.3 5.1). */
  initial_colour?: 'white' | 'black';
  /** The Baku acceleration of a Swiss's first rounds (FIDE C.04.5.1), or none. */
  acceleration?: 'none' | 'baku';
  /** The point system: a win (also by forfeit, and a full-point bye), a draw (and a half-point bye), a loss, the pairing-allocated bye. */
  points_win?: number;
  points_draw?: number;
  points_loss?: number;
  points_bye?: number;
  rating_type?: RatingType;
  /** The FIDE report's 022 (city), 032 (federation), 102 (chief arbiter), 112 (deputies) and 122 (time control) records. */
  city?: string | null;
  federation?: string | null;
  chief_arbiter?: string | null;
  deputy_arbiters?: string[] | null;
  /** The FIDE report's 132 record: the rounds' dates, round 1 first, in order; the rest are spread evenly. */
  round_dates?: string[] | null;
  time_control_code?: string | null;
}

/** Two players of a Swiss who must not meet from from_round to to_round (null: to the last). */
export interface ForbiddenPair {
  /** The two member ids, the lower first. */
  members: [number, number];
  names: [string, string];
  from_round: number;
  to_round: number | null;
}

export type TournamentState = 'open' | 'running' | 'finished';

/** A player as a board or a standings row names them. */
export interface PlayerRef {
  member_id: number;
  /** Pairing number. */
  start_rank: number;
  full_name: string;
  rating: number | null;
}

/** An entry of a tournament (GET /tournaments/{id}/players). */
export interface Player {
  member_id: number;
  full_name: string;
  guest: boolean;
  start_rank: number | null;
  rating: number | null;
  /** What rating is: unrated (rating is null), declared (a starting rating the member gave, or a guest's from an imported file) or rated. */
  rating_status?: 'unrated' | 'declared' | 'rated';
  entered_at: string;
  first_round: number;
  withdrawn_after: number | null;
  requested_byes: number[];
}

/** The results a board may have; null until reported. */
export type GameResult = '1-0' | '0-1' | '1/2-1/2' | '1-0 forfeit' | '0-1 forfeit' | '0-0 forfeit' | '1-0 decider' | '0-1 decider';

export interface Board {
  round: number;
  board: number;
  white: PlayerRef;
  black: PlayerRef;
  result: GameResult | null;
  /** The board's ETag is "b" and this number, quoted. */
  version: number;
}

export interface Bye {
  player: PlayerRef;
  kind: 'pairing' | 'half' | 'full' | 'zero';
  points: number;
}

export interface Round {
  number: number;
  paired_at: string;
  complete: boolean;
  boards: Board[];
  byes: Bye[];
}

export interface StandingsRow {
  place: number;
  player: PlayerRef;
  /** Each tie-break's value by code (PTS among them); null where it has none. */
  values: Record<string, number | null>;
  withdrawn: boolean;
  /** Only with explain=1: how each value is reached, by code. */
  explain?: Record<string, TiebreakBreakdown>;
}

/**
 * How one tie-break value is reached (FIDE C.07), as the server computes it: method says how the
 * terms not left out make the value (sum, average, performance = average + difference,
 * lowest_rating, place among the tied players, own = the player's pairing number or rating).
 */
export interface TiebreakBreakdown {
  method: 'sum' | 'average' | 'performance' | 'lowest_rating' | 'place' | 'own';
  terms: TiebreakTerm[];
  /** TPR and PTP: the points scored in the games counted. */
  score?: number;
  /** TPR: the rating difference for that score. */
  difference?: number;
  /** KS: the score an opponent needs for the games against them to count. */
  limit?: number;
}

/** One round's part in a tie-break value. */
export interface TiebreakTerm {
  round: number;
  /** The opponent's pairing number; absent when the round had none. */
  opponent?: number;
  kind: 'game' | 'forfeit' | 'pairing_bye' | 'bye';
  /** A virtual opponent stands for a round not played (C.07 16.4); score is its score. */
  virtual?: boolean;
  /** The opponent's score as the tie-break counts it. */
  score?: number;
  /** The player's points in the round. */
  points?: number;
  /** What the term brings; null for an opponent without a value. */
  value: number | null;
  /** Not counted: cut, below the Koya limit, or a forfeit Direct Encounter leaves out. */
  left_out?: boolean;
}

export interface Standings {
  /** Rounds counted: those with all their results. */
  round: number;
  tiebreaks: string[];
  rows: StandingsRow[];
}

export interface CrosstableCell {
  round: number;
  /** The opponent's pairing number; null for a bye. */
  opponent: number | null;
  colour: 'white' | 'black' | null;
  /** TRF-2026 result code; null while the game has no result. */
  result: string | null;
  points: number | null;
}

export interface CrosstableRow {
  player: PlayerRef;
  points: number;
  rounds: CrosstableCell[];
  withdrawn: boolean;
}

export interface Crosstable {
  rounds: number;
  players: CrosstableRow[];
}

/** One rated tournament in a member's rating history. */
export interface RatingChange {
  tournament_id: number;
  tournament_name: string;
  games: number;
  score: number;
  rating_before: number | null;
  change: number | null;
  rating: number | null;
  applied_at: string;
  /** When the line last changed after it was first made, because of a change to an earlier or the same tournament; why. */
  recomputed_at?: string | null;
  recomputed_because?: string | null;
}

/** An invitation to play (organisers who are not arbiters invite; the member accepts or declines). */
export interface Invitation {
  tournament_id: number;
  tournament_name: string;
  start_date: string;
  member_id: number;
  full_name: string;
  invited_by: number | null;
  invited_at: string;
  /** What the member gets for rounds paired before they accept. */
  missed_rounds: 'zero' | 'half';
  status: 'pending' | 'declined';
  answered_at: string | null;
}

/** One change in the audit trail: when, who, what, the value before and after, and the request. */
export interface AuditEntry {
  id: number;
  at: string;
  actor_id: number | null;
  actor_username: string;
  tournament_id: number | null;
  member_id: number | null;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
  request_id: string;
}

/** How many audit entries a page of the trail holds. */
export const AUDIT_PAGE = 100;

/** What POST /tournaments accepts. */
export interface TournamentInput {
  name: string;
  start_date: string;
  end_date: string;
  location: string;
  format: TournamentFormat;
  rounds: number | null;
  time_control: string;
  description: string;
  /** Absent means false, as the API's defaults. */
  rated?: boolean;
  players_report?: boolean;
  double_round_robin?: boolean;
  /** A Swiss's half-point byes per player; absent means the API's default, 1. */
  bye_limit?: number;
}

/** What POST /tournaments accepts, with the advanced and FIDE report settings. */
export type TournamentRequest = TournamentInput & TournamentSettings;

/** A merge patch of a tournament (PATCH /tournaments/{id}). */
export type TournamentPatch = Partial<TournamentRequest>;

/** What POST /user accepts. */
export interface Registration {
  username: string;
  password: string;
  full_name: string;
  email?: string;
}

/** The answer to POST /login. */
export interface LoginResult {
  token: string;
  token_type: string;
  expires_at: string;
  member: Member;
  /** Proof that this client logged in as the member; sent with the next login (see Api.login). */
  device_token?: string;
}

/** A stored member photo. */
export interface Figure {
  id: string;
  member_id: number;
  content_type: string;
  size: number;
  width: number;
  height: number;
  url: string;
  thumbnail_url: string;
  created_at: string;
}

/** Field name to message, from a problem's `errors` member. */
export type FieldErrors = Record<string, string>;

/** An RFC 9457 problem document. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors?: FieldErrors;
}

/** ApiError is thrown for every failed request; status 0 means the server was not reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;
  /** Seconds to wait before trying again, from a throttled (429) or unavailable (503) answer's Retry-After. */
  readonly retryAfter: number | undefined;

  constructor(problem: Problem, retryAfter?: number) {
    super(retryAfter === undefined ? problem.detail || problem.title : waitMessage(problem, retryAfter));
    this.name = 'ApiError';
    this.status = problem.status;
    this.problem = problem;
    this.retryAfter = retryAfter;
  }

  /** The per-field messages of a validation or conflict problem (empty when there are none). */
  get fields(): FieldErrors {
    return this.problem.errors ?? {};
  }
}

/**
 * waitMessage words a refusal that says how long to wait: the server's reason, up to its first
 * semicolon (the rest only says to wait), then when to try again in the person's words:
 * "Too many failed logins from this address. Try again in 1 minute."
 */
function waitMessage(problem: Problem, seconds: number): string {
  const reason = (problem.detail || problem.title).split(';')[0]!.trim().replace(/[.!]$/, '');
  return `${reason}. Try again ${formatWait(seconds)}.`;
}

/**
 * parseRetryAfter reads a Retry-After header, delay-seconds or an HTTP date (RFC 9110 10.2.3),
 * as seconds from now; undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  if (!/ GMT$/.test(text)) return undefined; // an HTTP date is always in GMT
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

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

/** Reads a failed response as a problem, inventing one from the status when the body is not. */
export async function decodeProblem(res: Response): Promise<Problem> {
  const fallback: Problem = {
    type: 'about:blank',
    title: res.statusText || `HTTP ${res.status}`,
    status: res.status,
  };
  let text = '';
  try {
    text = await res.text();
  } catch {
    return fallback;
  }
  const type = res.headers.get('Content-Type') ?? '';
  if (!/json/i.test(type) || !text) {
    return text && text.length < 300 ? { ...fallback, detail: text.trim() } : fallback;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fallback;
  }
  if (typeof body !== 'object' || body === null) {
    return fallback;
  }
  const doc = body as Record<string, unknown>;
  const problem: Problem = {
    type: typeof doc.type === 'string' ? doc.type : fallback.type,
    title: typeof doc.title === 'string' ? doc.title : fallback.title,
    status: typeof doc.status === 'number' ? doc.status : res.status,
  };
  if (typeof doc.detail === 'string') {
    problem.detail = doc.detail;
  }
  const errors = fieldErrors(doc.errors);
  if (errors) {
    problem.errors = errors;
  }
  return problem;
}

// fieldErrors accepts {"field": "message"} and {"field": ["message", ...]}.
function fieldErrors(value: unknown): FieldErrors | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return undefined;
  }
  const out: FieldErrors = {};
  for (const [field, message] of Object.entries(value)) {
    if (typeof message === 'string') {
      out[field] = message;
    } else if (Array.isArray(message) && typeof message[0] === 'string') {
      out[field] = message.join(' ');
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
