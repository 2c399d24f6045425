// The API's wire types: what the Chess Club server sends and accepts, by the names the screens use.

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
  /** The FIDE fields (rules/fide.ts words them); birth_date and national_id only for oneself and admins. */
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

/** A tournament event as its live stream (GET /tournaments/{id}/events) sends it: its type and its JSON fields. */
export interface TournamentEvent {
  type: string;
  data: Record<string, unknown>;
}
