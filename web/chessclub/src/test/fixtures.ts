// Whole API values for the tests, as the server sends them: every field the OpenAPI document
// requires has a plain default, and a test names only what it is about.
import type { AuditEntry, Board, LoginResult, Member, Player, PlayerRef, RatingChange, Round, Tournament } from '../api/types';

/** member is a club member: a rated member with no photo, unless over says otherwise. */
export function member(over: Partial<Member> & Pick<Member, 'id' | 'username' | 'full_name'>): Member {
  return {
    email: `${over.username}@example.edu`,
    rating: 1200,
    role: 'member',
    photo_url: null,
    thumbnail_url: null,
    joined_at: '2026-01-01T00:00:00Z',
    rating_status: 'rated',
    rated_games: 0,
    guest: false,
    declared_games: 0,
    club_rating_rapid: { rating: 1200, rating_status: 'unrated', rated_games: 0 },
    club_rating_blitz: { rating: 1200, rating_status: 'unrated', rated_games: 0 },
    ...over,
  };
}

/** session is the answer to a login as member, with a device token of its own. */
export function session(token: string, member: Member): LoginResult {
  return { token, token_type: 'Bearer', expires_at: '2026-02-01T00:00:00Z', member, device_token: `device-${member.username}` };
}

/** tournament is an open Swiss of five rounds with the API's default settings, unless over says otherwise. */
export function tournament(over: Partial<Tournament> = {}): Tournament {
  return {
    id: 1,
    name: 'Thursday Rapid',
    start_date: '2026-11-26',
    end_date: '2026-11-26',
    location: null,
    format: 'swiss',
    rounds: 5,
    time_control: null,
    description: null,
    created_by: 7,
    created_at: '2026-11-01T10:00:00Z',
    double_round_robin: false,
    players_report: false,
    bye_limit: 1,
    rated: false,
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
    time_control_code: null,
    games_per_match: 1,
    tiebreak_stages: [],
    state: 'open',
    current_round: 0,
    player_count: 0,
    started_at: null,
    finished_at: null,
    ...over,
  };
}

/** player is an entry of a tournament: rated, in from round 1, playing on, no byes asked for. */
export function player(over: Partial<Player> & Pick<Player, 'member_id' | 'full_name'>): Player {
  return {
    guest: false,
    start_rank: null,
    rating: null,
    rating_status: 'rated',
    entered_at: '2026-11-01T10:00:00Z',
    first_round: 1,
    withdrawn_after: null,
    requested_byes: [],
    ...over,
  };
}

/** board is a game of round 3, classical, without a result, unless over says otherwise. */
export function board(n: number, white: PlayerRef, black: PlayerRef, over: Partial<Board> = {}): Board {
  return { round: 3, board: n, white, black, result: null, version: 1, game: 1, stage: 'classical', ...over };
}

/** round is a round paired on the tournament's day, complete when every board has a result. */
export function round(number: number, boards: Board[], byes: Round['byes'] = [], over: Partial<Round> = {}): Round {
  return { number, paired_at: '2026-11-26T18:00:00Z', complete: boards.every((b) => b.result !== null), boards, byes, ...over };
}

/** auditEntry is one change of a tournament's trail, made by ada. */
export function auditEntry(over: Partial<AuditEntry> & Pick<AuditEntry, 'action'>): AuditEntry {
  return {
    id: 1,
    at: '2026-11-26T19:00:00Z',
    actor_id: 1,
    actor_username: 'ada',
    tournament_id: 1,
    member_id: null,
    subject: '',
    before: null,
    after: null,
    request_id: 'req-1',
    client_request_id: '',
    ...over,
  };
}

/** ratingChange is one line of a member's standard rating history, never computed again. */
export function ratingChange(over: Partial<RatingChange> & Pick<RatingChange, 'tournament_id' | 'tournament_name'>): RatingChange {
  return {
    rating_type: 'standard',
    games: 0,
    score: 0,
    rating_before: null,
    change: null,
    rating: null,
    applied_at: '2026-11-26T22:00:00Z',
    recomputed_at: null,
    recomputed_because: null,
    ...over,
  };
}
