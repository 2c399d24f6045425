// Form rules shared by the screens: the checks the client makes before sending (the same rules as
// the server, so a person learns of a mistake without a round trip) and the mapping of a server
// error onto the form's fields.
import { ApiError, type FieldErrors } from '../api/problem';
import type { RatingType, Registration, TournamentFormat, TournamentRequest } from '../api/types';
import { errorText, fieldWord, plainText } from './words';

export interface RegisterValues {
  username: string;
  password: string;
  full_name: string;
  email: string;
  /** A starting rating (a federation rating, say), optional: without one the member starts unrated. */
  declared_rating: string;
}

/** The server's limits, in characters (Unicode code points). */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  fullName: 100,
  email: 254,
  loginUsername: 100,
  tournamentName: 100,
  location: 100,
  timeControl: 50,
  description: 2000,
  city: 100,
  chiefArbiter: 100,
  deputyArbiter: 100,
  deputyArbiters: 10,
  timeControlCode: 100,
  points: 99.5,
} as const;

// Usernames are ASCII only: checked before lower-casing, so that no letter outside a–z (such as
// the Kelvin sign, which lower-cases to "k") gets in.
const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * length counts characters as the server does (Unicode code points, Go's utf8.RuneCountInString),
 * not UTF-16 code units as String.length does: "😀" is one character, not two.
 */
export function length(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

// The white space the server trims from text fields (Go's unicode.IsSpace): JavaScript's \s less
// U+FEFF, plus U+0085.
const SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const EDGE_SPACE = new RegExp(`^${SPACE}+|${SPACE}+$`, 'g');

/** trimSpace removes the white space around a value that the server removes. */
export function trimSpace(s: string): string {
  return s.replace(EDGE_SPACE, '');
}

const CONTROL = /\p{Cc}/u;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;
const VISIBLE = /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u;

/**
 * textProblem says what the server would refuse in a trimmed, non-empty text value, or returns ''.
 * A single line (a name, a location…) may hold no tab or line break; no text may hold other
 * control characters or the bidirectional embedding, override and isolate controls
 * (U+202A–U+202E, U+2066–U+2069), which can make a text display as something else than it is;
 * and a text needs at least one visible character.
 */
export function textProblem(s: string, multiline = false): string {
  let visible = false;
  for (const c of s) {
    if (c === '\t' || c === '\n' || c === '\r') {
      if (!multiline) return 'Use a single line, without tabs.';
    } else if (CONTROL.test(c)) {
      return 'Remove the control characters.';
    } else if (BIDI_CONTROL.test(c)) {
      return 'Remove the text-direction control characters.';
    } else if (VISIBLE.test(c)) {
      visible = true;
    }
  }
  return visible ? '' : 'Use at least one visible character.';
}

/**
 * checkText checks a text field as the server does: trimmed, required or not, the characters
 * textProblem refuses, at most max characters. It returns the message, or '' when it is fine.
 */
function checkText(value: string, max: number, opts: { required?: string; multiline?: boolean } = {}): string {
  const s = trimSpace(value);
  if (!s) return opts.required ?? '';
  const problem = textProblem(s, opts.multiline);
  if (problem) return problem;
  if (length(s) > max) return `Use at most ${max} characters.`;
  return '';
}

/** into sets errors[field] to message unless message is ''. */
function into(errors: FieldErrors, field: string, message: string) {
  if (message) errors[field] = message;
}

/** validateRegister returns a message per invalid field; empty when the form may be sent. */
export function validateRegister(v: RegisterValues): FieldErrors {
  const errors: FieldErrors = {};
  const username = trimSpace(v.username);
  if (!username) {
    errors.username = 'Enter a username.';
  } else if (!USERNAME.test(username)) {
    errors.username = 'Use 3 to 32 characters: letters a–z without accents, digits, "_", "." or "-".';
  }
  // A password is taken as typed, spaces and all.
  const password = length(v.password);
  if (password < LIMITS.passwordMin) {
    errors.password = `Use at least ${LIMITS.passwordMin} characters.`;
  } else if (password > LIMITS.passwordMax) {
    errors.password = `Use at most ${LIMITS.passwordMax} characters.`;
  }
  into(errors, 'full_name', checkText(v.full_name, LIMITS.fullName, { required: 'Enter your full name.' }));
  const email = checkText(v.email, LIMITS.email);
  if (email) {
    errors.email = email;
  } else if (trimSpace(v.email) && !EMAIL.test(trimSpace(v.email))) {
    errors.email = 'Enter a valid email address, or leave it empty.';
  }
  into(errors, 'declared_rating', ratingProblem(v.declared_rating));
  return errors;
}

/** registration turns the form into the request body; an empty email is left out. */
export function registration(v: RegisterValues): Registration {
  const body: Registration = {
    username: trimSpace(v.username).toLowerCase(),
    password: v.password,
    full_name: trimSpace(v.full_name),
  };
  const email = trimSpace(v.email);
  if (email) {
    body.email = email;
  }
  if (v.declared_rating.trim()) {
    body.declared_rating = Number(v.declared_rating.trim());
  }
  return body;
}

/** The most rounds a tournament may have, as the server allows (README, limits). */
export const MAX_ROUNDS = 50;

export interface TournamentValues {
  name: string;
  start_date: string;
  end_date: string;
  location: string;
  format: TournamentFormat;
  rounds: string;
  time_control: string;
  description: string;
  /** 'yes' when the tournament counts for club ratings ('' when not): the form's values are text. */
  rated: string;
  /** 'yes' for a double round robin (each pair meets twice, once with each colour). */
  double_round_robin: string;
  /** 'yes' when the two players of a board may report its result. */
  players_report: string;
  /** Half-point byes each player of a Swiss may ask for, 0–50. */
  bye_limit: string;
  /** The advanced settings, fixed at the start: the colour of the top player in round 1 of a Swiss. */
  initial_colour: 'white' | 'black';
  /** 'baku' for the Baku acceleration of a Swiss (FIDE C.04.5.1), else 'none'. */
  acceleration: 'none' | 'baku';
  /** The point system, in points with at most a half: "1", "0.5", "3". */
  points_win: string;
  points_draw: string;
  points_loss: string;
  points_bye: string;
  rating_type: RatingType;
  /** The FIDE report's fields, which may change after the start too. */
  city: string;
  /** A FIDE federation code, three letters. */
  federation: string;
  chief_arbiter: string;
  /** The deputy arbiters, one a line. */
  deputy_arbiters: string;
  time_control_code: string;
  /** The rounds' dates for the FIDE report, comma-separated by round, round 1 first; an empty one is a round without a date. */
  round_dates: string;
}

/** ADVANCED_FIELDS are the settings of the form's "Advanced and FIDE report" section. */
export const ADVANCED_FIELDS = ['initial_colour', 'acceleration', 'points_win', 'points_draw', 'points_loss', 'points_bye', 'rating_type', 'city', 'federation', 'chief_arbiter', 'deputy_arbiters', 'time_control_code', 'round_dates'] as const;

/** FIDE_REPORT_FIELDS are those of the advanced settings that a started tournament may still change. */
export const FIDE_REPORT_FIELDS = ['city', 'federation', 'chief_arbiter', 'deputy_arbiters', 'time_control_code', 'round_dates'] as const;

export const emptyTournament: TournamentValues = {
  name: '',
  start_date: '',
  end_date: '',
  location: '',
  format: 'swiss',
  rounds: '',
  time_control: '',
  description: '',
  rated: '',
  double_round_robin: '',
  players_report: '',
  bye_limit: '1',
  initial_colour: 'white',
  acceleration: 'none',
  points_win: '1',
  points_draw: '0.5',
  points_loss: '0',
  points_bye: '1',
  rating_type: 'standard',
  city: '',
  federation: '',
  chief_arbiter: '',
  deputy_arbiters: '',
  time_control_code: '',
  round_dates: '',
};

/**
 * advancedChanged tells whether any advanced setting differs from the API's default, so that a
 * form showing such a tournament opens its advanced section rather than hiding what is set.
 */
export function advancedChanged(v: TournamentValues): boolean {
  return ADVANCED_FIELDS.some((f) => trimSpace(v[f]) !== emptyTournament[f]);
}

/** parsePoints reads points as typed, with a decimal point or comma or a "½": "2½" is 2.5; NaN when it is not a number. */
export function parsePoints(s: string): number {
  const t = trimSpace(s).replace(',', '.');
  const half = /^(\d*)\s*½$/.exec(t);
  if (half) return (half[1] ? Number(half[1]) : 0) + 0.5;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
}

/**
 * checkPoints checks the point system as the server does (FIDE C.04 Annex 2, record 162):
 * whole or half points from 0 to 99.5, a win worth at least half a point and at least a draw,
 * a draw at least a loss.
 */
function checkPoints(v: TournamentValues, errors: FieldErrors) {
  const fields = ['points_win', 'points_draw', 'points_loss', 'points_bye'] as const;
  const n: Record<string, number> = {};
  for (const f of fields) {
    const x = parsePoints(v[f]);
    if (Number.isNaN(x) || x > LIMITS.points || !Number.isInteger(x * 2)) {
      errors[f] = `Use whole or half points from 0 to ${LIMITS.points}, such as 1 or 0.5.`;
    } else {
      n[f] = x;
    }
  }
  if (n.points_win !== undefined && n.points_win < 0.5) errors.points_win = 'A win is worth at least half a point.';
  if (!errors.points_win && !errors.points_draw && n.points_draw! > n.points_win!) errors.points_draw = 'A draw cannot be worth more than a win.';
  if (!errors.points_draw && !errors.points_loss && n.points_loss! > n.points_draw!) errors.points_loss = 'A loss cannot be worth more than a draw.';
  // FIDE C.04.5.1 gives the Baku acceleration's virtual points in the usual points, which the
  // server does not scale to another system.
  const usual = n.points_win === 1 && n.points_draw === 0.5 && n.points_loss === 0 && n.points_bye === 1;
  if (v.format === 'swiss' && v.acceleration === 'baku' && Object.keys(n).length === fields.length && !usual) {
    errors.acceleration = 'The Baku acceleration goes with the usual points only: 1 for a win, ½ for a draw, 0 for a loss and 1 for the bye.';
  }
}

/** deputyList is the deputy arbiters typed one a line, without empty lines. */
function deputyList(s: string): string[] {
  return s
    .split(/\r?\n/)
    .map(trimSpace)
    .filter((d) => d !== '');
}

/** roundDateList is the form's round dates, one a round from round 1 on ('' for a round without one). */
export function roundDateList(s: string): string[] {
  return s === '' ? [] : s.split(',').map((d) => d.trim());
}

/** setRoundDate is the form's round dates with round's date (1 first) set to day. */
export function setRoundDate(s: string, round: number, day: string): string {
  const list = roundDateList(s);
  while (list.length < round) list.push('');
  list[round - 1] = day;
  return list.join(',');
}

/** shownRounds is how many rounds the form dates: the number of rounds, when it is one. */
export function shownRounds(rounds: string): number {
  const n = Number(rounds);
  return rounds.trim() && Number.isInteger(n) && n >= 1 && n <= MAX_ROUNDS ? n : 0;
}

/**
 * roundDates is the round dates to send: those of the first rounds, up to the last one dated; a
 * date beyond the number of rounds (left from before it was lowered) is not shown, nor sent.
 */
function roundDates(v: Pick<TournamentValues, 'round_dates' | 'rounds'>): string[] {
  const list = roundDateList(v.round_dates).slice(0, shownRounds(v.rounds));
  while (list.length > 0 && list[list.length - 1] === '') list.pop();
  return list;
}

/**
 * roundDatesProblem checks the round dates as the server does (the FIDE report's 132 record):
 * the first rounds dated, without a gap (the rest are spread evenly from the start date to the
 * end date), each from the start date to the end date, none before the round before it. It
 * names the round at fault; null when all is well.
 */
export function roundDatesProblem(v: Pick<TournamentValues, 'round_dates' | 'rounds' | 'start_date' | 'end_date'>): { round: number; message: string } | null {
  const list = roundDates(v);
  for (let i = 0; i < list.length; i++) {
    const day = list[i]!;
    if (day === '') return { round: i + 1, message: 'Date this round too, or no round after it: the dates go from round 1 on.' };
    if (!DATE.test(day)) return { round: i + 1, message: 'Enter a date.' };
    if ((DATE.test(v.start_date) && day < v.start_date) || (DATE.test(v.end_date) && day > v.end_date)) return { round: i + 1, message: 'Use a day from the start date to the end date.' };
    if (i > 0 && list[i - 1] !== '' && day < list[i - 1]!) return { round: i + 1, message: `This round cannot be before round ${i}.` };
  }
  return null;
}

/** validateAdvanced checks the advanced settings and the FIDE report's fields. */
function validateAdvanced(v: TournamentValues, errors: FieldErrors) {
  checkPoints(v, errors);
  into(errors, 'city', checkText(v.city, LIMITS.city));
  const federation = trimSpace(v.federation).toUpperCase();
  if (federation && !/^[A-Z]{3}$/.test(federation)) errors.federation = 'Use the federation’s three-letter FIDE code, such as ENG or GER, or leave it empty.';
  into(errors, 'chief_arbiter', checkText(v.chief_arbiter, LIMITS.chiefArbiter));
  const deputies = deputyList(v.deputy_arbiters);
  if (deputies.length > LIMITS.deputyArbiters) {
    errors.deputy_arbiters = `Name at most ${LIMITS.deputyArbiters} deputy arbiters.`;
  } else {
    const wrong = deputies.map((d) => checkText(d, LIMITS.deputyArbiter)).find((m) => m !== '');
    if (wrong) errors.deputy_arbiters = `${wrong} One deputy arbiter a line.`;
  }
  into(errors, 'time_control_code', checkText(v.time_control_code, LIMITS.timeControlCode));
  const dates = roundDatesProblem(v);
  if (dates) errors.round_dates = `Round ${dates.round}: ${dates.message}`;
}

/** validateTournament returns a message per invalid field; empty when the form may be sent. */
export function validateTournament(v: TournamentValues): FieldErrors {
  const errors: FieldErrors = {};
  into(errors, 'name', checkText(v.name, LIMITS.tournamentName, { required: 'Enter a name.' }));
  if (!DATE.test(v.start_date)) {
    errors.start_date = 'Enter the start date.';
  }
  if (!DATE.test(v.end_date)) {
    errors.end_date = 'Enter the end date.';
  } else if (DATE.test(v.start_date) && v.end_date < v.start_date) {
    errors.end_date = 'The end date cannot be before the start date.';
  }
  into(errors, 'location', checkText(v.location, LIMITS.location));
  if (v.rounds.trim()) {
    const n = Number(v.rounds);
    if (!Number.isInteger(n) || n < 1 || n > MAX_ROUNDS) {
      errors.rounds = `Use a whole number from 1 to ${MAX_ROUNDS}, or leave it empty.`;
    }
  }
  if (v.format === 'swiss') {
    const b = Number(v.bye_limit);
    if (!v.bye_limit.trim() || !Number.isInteger(b) || b < 0 || b > MAX_ROUNDS) {
      errors.bye_limit = `Use a whole number from 0 to ${MAX_ROUNDS}.`;
    }
  }
  into(errors, 'time_control', checkText(v.time_control, LIMITS.timeControl));
  into(errors, 'description', checkText(v.description, LIMITS.description, { multiline: true }));
  validateAdvanced(v, errors);
  return errors;
}

/** optionalText is a trimmed text field, or null when it is empty (the API's "not set"). */
function optionalText(s: string): string | null {
  const t = trimSpace(s);
  return t === '' ? null : t;
}

/**
 * tournamentInput turns the form into the request body. The acceleration is a Swiss's only, so
 * any other format sends none.
 */
export function tournamentInput(v: TournamentValues): TournamentRequest {
  return {
    name: trimSpace(v.name),
    start_date: v.start_date,
    end_date: v.end_date,
    location: trimSpace(v.location),
    format: v.format,
    // A round robin's and a knockout's rounds follow from the players, at the start.
    rounds: v.format === 'swiss' && v.rounds.trim() ? Number(v.rounds) : null,
    time_control: trimSpace(v.time_control),
    description: trimSpace(v.description),
    rated: v.rated === 'yes',
    players_report: v.players_report === 'yes',
    double_round_robin: v.format === 'round_robin' && v.double_round_robin === 'yes',
    ...(v.format === 'swiss' && v.bye_limit.trim() ? { bye_limit: Number(v.bye_limit) } : {}),
    initial_colour: v.initial_colour,
    acceleration: v.format === 'swiss' ? v.acceleration : 'none',
    points_win: parsePoints(v.points_win),
    points_draw: parsePoints(v.points_draw),
    points_loss: parsePoints(v.points_loss),
    points_bye: parsePoints(v.points_bye),
    rating_type: v.rating_type,
    city: optionalText(v.city),
    federation: optionalText(v.federation.toUpperCase()),
    chief_arbiter: optionalText(v.chief_arbiter),
    deputy_arbiters: deputyList(v.deputy_arbiters),
    time_control_code: optionalText(v.time_control_code),
    round_dates: roundDates(v),
  };
}

/**
 * splitError sorts a failed request into messages for the form's own fields and one message for a
 * toast (the detail, plus any field error the form has no place for); toast is '' when the fields
 * say it all.
 */
export function splitError(err: unknown, fields: readonly string[]): { fields: FieldErrors; toast: string } {
  if (!(err instanceof ApiError)) {
    return { fields: {}, toast: errorText(err) };
  }
  const mine: FieldErrors = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(err.fields)) {
    if (fields.includes(field)) {
      mine[field] = plainText(message);
    } else {
      other.push(`${fieldWord(field)}: ${plainText(message)}`);
    }
  }
  if (Object.keys(mine).length > 0 && other.length === 0) {
    return { fields: mine, toast: '' };
  }
  // Without a detail the error's own message is the field list itself: say each field once.
  if (!err.problem.detail && other.length > 0) return { fields: mine, toast: other.join(' ') };
  return { fields: mine, toast: [errorText(err), ...other].join(' ') };
}

/** The fields of the login form, which server errors may name. */
export const LOGIN_FIELDS = ['username', 'password'] as const;

/**
 * validateLogin asks for both fields, and for a username that is a line of text the server would
 * read; whether it names a member is the server's say.
 */
export function validateLogin(v: { username: string; password: string }): FieldErrors {
  const errors: FieldErrors = {};
  into(errors, 'username', checkText(v.username, LIMITS.loginUsername, { required: 'Enter your username.' }));
  if (!v.password) errors.password = 'Enter your password.';
  return errors;
}

/** The limits of a starting rating (a member's declared one, a walk-in's): the server's. */
export const RATING_MIN = 100;
export const RATING_MAX = 3000;
const FIDE_ID_MAX = 99_999_999_999;
const FEDERATION = /^[A-Z]{3}$/;

/** ratingProblem checks an optional starting rating as typed: '' when empty or valid. */
export function ratingProblem(s: string): string {
  const t = s.trim();
  if (!t) return '';
  if (!/^\d+$/.test(t) || Number(t) < RATING_MIN || Number(t) > RATING_MAX) return `Enter a whole number from ${RATING_MIN} to ${RATING_MAX}, or leave it empty (unrated).`;
  return '';
}

/** A walk-in player as the organiser types them in: a name, and an optional rating, FIDE id and federation. */
export interface WalkInValues {
  full_name: string;
  rating: string;
  fide_id: string;
  federation: string;
}

/** The fields of the walk-in form, which server errors may name. */
export const WALK_IN_FIELDS = ['full_name', 'rating', 'fide_id', 'federation'] as const;

export const emptyWalkIn: WalkInValues = { full_name: '', rating: '', fide_id: '', federation: '' };

/** validateWalkIn returns a message per invalid field of a walk-in; empty when it may be sent. */
export function validateWalkIn(v: WalkInValues): FieldErrors {
  const errors: FieldErrors = {};
  into(errors, 'full_name', checkText(v.full_name, LIMITS.fullName, { required: "Enter the player's name." }));
  into(errors, 'rating', ratingProblem(v.rating));
  const id = v.fide_id.trim();
  if (id && (!/^\d+$/.test(id) || Number(id) < 1 || Number(id) > FIDE_ID_MAX)) errors.fide_id = 'Enter the FIDE id as digits, or leave it empty.';
  const fed = v.federation.trim().toUpperCase();
  if (fed && !FEDERATION.test(fed)) errors.federation = 'Enter a FIDE federation code of three letters, such as ENG, or leave it empty.';
  return errors;
}

/** walkIn turns the form into the request body: empty fields are left out. */
export function walkIn(v: WalkInValues): { full_name: string; rating?: number; fide_id?: number; federation?: string } {
  const body: { full_name: string; rating?: number; fide_id?: number; federation?: string } = { full_name: trimSpace(v.full_name) };
  if (v.rating.trim()) body.rating = Number(v.rating.trim());
  if (v.fide_id.trim()) body.fide_id = Number(v.fide_id.trim());
  if (v.federation.trim()) body.federation = v.federation.trim().toUpperCase();
  return body;
}
