// Form rules shared by the screens: the checks the client makes before sending (the same rules as
// the server, so a person learns of a mistake without a round trip) and the mapping of a server
// error onto the form's fields.
import { ApiError, type FieldErrors, type Registration, type TournamentFormat, type TournamentInput } from './api';

export interface RegisterValues {
  username: string;
  password: string;
  full_name: string;
  email: string;
}

const USERNAME = /^[a-z0-9_.-]{3,32}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** validateRegister returns a message per invalid field; empty when the form may be sent. */
export function validateRegister(v: RegisterValues): FieldErrors {
  const errors: FieldErrors = {};
  const username = v.username.trim().toLowerCase();
  if (!username) {
    errors.username = 'Enter a username.';
  } else if (!USERNAME.test(username)) {
    errors.username = 'Use 3 to 32 characters: letters, digits, "_", "." or "-".';
  }
  if (v.password.length < 8) {
    errors.password = 'Use at least 8 characters.';
  } else if (v.password.length > 128) {
    errors.password = 'Use at most 128 characters.';
  }
  const name = v.full_name.trim();
  if (!name) {
    errors.full_name = 'Enter your full name.';
  } else if (name.length > 100) {
    errors.full_name = 'Use at most 100 characters.';
  }
  if (v.email.trim() && !EMAIL.test(v.email.trim())) {
    errors.email = 'Enter a valid email address, or leave it empty.';
  }
  return errors;
}

/** registration turns the form into the request body; an empty email is left out. */
export function registration(v: RegisterValues): Registration {
  const body: Registration = {
    username: v.username.trim().toLowerCase(),
    password: v.password,
    full_name: v.full_name.trim(),
  };
  if (v.email.trim()) {
    body.email = v.email.trim();
  }
  return body;
}

export interface TournamentValues {
  name: string;
  start_date: string;
  end_date: string;
  location: string;
  format: TournamentFormat;
  rounds: string;
  time_control: string;
  description: string;
}

export const emptyTournament: TournamentValues = {
  name: '',
  start_date: '',
  end_date: '',
  location: '',
  format: 'swiss',
  rounds: '',
  time_control: '',
  description: '',
};

/** validateTournament returns a message per invalid field; empty when the form may be sent. */
export function validateTournament(v: TournamentValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.name.trim()) {
    errors.name = 'Enter a name.';
  }
  if (!DATE.test(v.start_date)) {
    errors.start_date = 'Enter the start date.';
  }
  if (!DATE.test(v.end_date)) {
    errors.end_date = 'Enter the end date.';
  } else if (DATE.test(v.start_date) && v.end_date < v.start_date) {
    errors.end_date = 'The end date cannot be before the start date.';
  }
  if (v.rounds.trim()) {
    const n = Number(v.rounds);
    if (!Number.isInteger(n) || n < 1 || n > 30) {
      errors.rounds = 'Use a whole number from 1 to 30, or leave it empty.';
    }
  }
  return errors;
}

/** tournamentInput turns the form into the request body. */
export function tournamentInput(v: TournamentValues): TournamentInput {
  return {
    name: v.name.trim(),
    start_date: v.start_date,
    end_date: v.end_date,
    location: v.location.trim(),
    format: v.format,
    rounds: v.rounds.trim() ? Number(v.rounds) : null,
    time_control: v.time_control.trim(),
    description: v.description.trim(),
  };
}

/**
 * splitError sorts a failed request into messages for the form's own fields and one message for a
 * toast (the detail, plus any field error the form has no place for); toast is '' when the fields
 * say it all.
 */
export function splitError(err: unknown, fields: readonly string[]): { fields: FieldErrors; toast: string } {
  if (!(err instanceof ApiError)) {
    return { fields: {}, toast: err instanceof Error ? err.message : String(err) };
  }
  const mine: FieldErrors = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(err.fields)) {
    if (fields.includes(field)) {
      mine[field] = message;
    } else {
      other.push(`${field}: ${message}`);
    }
  }
  if (Object.keys(mine).length > 0 && other.length === 0) {
    return { fields: mine, toast: '' };
  }
  return { fields: mine, toast: [err.message, ...other].join(' ') };
}

/** The fields of the login form, which server errors may name. */
export const LOGIN_FIELDS = ['username', 'password'] as const;

/** validateLogin asks for both fields; what a username may look like is the server's say. */
export function validateLogin(v: { username: string; password: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.username.trim()) errors.username = 'Enter your username.';
  if (!v.password) errors.password = 'Enter your password.';
  return errors;
}
