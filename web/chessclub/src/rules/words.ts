// The words a person is told when something is refused: the server's problem documents are
// written for people, but a field is named as the API spells it and an older server may still
// name an HTTP call. This module is apart from api/ so that the first screen's download does
// not carry it: only the screens that act (and show refusals) load it.
import { ApiError, type Problem } from '../api/problem';

/** Words for the API's field names that are not words themselves (member_id is "Member"). */
const FIELD_WORDS: Record<string, string> = {
  member_id: 'Member',
  start_date: 'Start date',
  end_date: 'End date',
  time_control: 'Time control',
  double_round_robin: 'Double round robin',
  players_report: 'Players report their results',
  bye_limit: 'Half-point byes',
  declared_rating: 'Rating',
  full_name: 'Full name',
  tiebreaks: 'Tie-breaks',
  missed_rounds: 'Missed rounds',
  initial_colour: 'Initial colour',
  confirm: 'Confirmation',
};

/** fieldWord names a field of the API's problems as the app's forms do: member_id is "Member". */
export function fieldWord(field: string): string {
  const word = FIELD_WORDS[field] ?? field.replace(/_/g, ' ');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * plainText takes the API's own vocabulary out of a message meant for a person: the HTTP calls
 * it names ("(PATCH the tournament)", "with POST /api/login") and fields by their JSON names
 * (member_id), so that "Set the number of rounds (PATCH the tournament) before starting a Swiss."
 * reads "Set the number of rounds before starting a Swiss."
 */
export function plainText(text: string): string {
  return text
    .replace(/\s*\((?:GET|POST|PUT|PATCH|DELETE)\b[^)]*\)/g, '')
    .replace(/[,;]?\s*(?:\b(?:with|using|via)\s+)?\b(?:GET|POST|PUT|PATCH|DELETE)\s+\/api\/\S*?(?=[.;,)]?(?:\s|$))/g, '')
    .replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (f) => fieldWord(f).toLowerCase())
    .replace(/\s+([.;,:])/g, '$1')
    .replace(/;\s*\./g, '.')
    .trim();
}

/**
 * problemText is what a person is told of a problem: its detail in plain words, else each field's
 * message under the field's name ("Rounds: must be between 1 and 50."), else its title.
 */
export function problemText(problem: Problem): string {
  if (problem.detail) return plainText(problem.detail);
  const fields = Object.entries(problem.errors ?? {});
  if (fields.length > 0) return fields.map(([f, m]) => `${fieldWord(f)}: ${plainText(m)}`).join(' ');
  return problem.title;
}

/**
 * errorText is what a failed action tells a person: a problem's words (problemText), an
 * error's message, or the thing itself as text.
 */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.retryAfter === undefined ? problemText(err.problem) : err.message;
  return err instanceof Error ? err.message : String(err);
}

/**
 * namedText puts people's names where the server's words number them: "Member 5 has withdrawn."
 * reads "Ana Petrova has withdrawn." when names knows member 5, and "tournament 7" reads "this
 * tournament"; the server counts plainly, so "1 half-point byes" reads "1 half-point bye".
 */
export function namedText(text: string, names: ReadonlyMap<number, string>): string {
  return text
    .replace(/\b([Mm])ember (\d+)\b/g, (whole, _m: string, id: string) => names.get(Number(id)) ?? whole)
    .replace(/\b(?:to |in )?tournament \d+\b/g, (whole) => (whole.startsWith('to ') ? 'to this tournament' : whole.startsWith('in ') ? 'in this tournament' : 'this tournament'))
    .replace(/\b1 half-point byes\b/g, '1 half-point bye');
}
