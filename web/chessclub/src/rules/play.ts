// The pure logic of a tournament's screens: which list a tournament belongs in, what a result
// looks like and which ones an organiser may enter, a member's own board, the words of a pairing
// notification, and the standings and crosstable as tables. No I/O, so that it is tested alone.
import type { AuditEntry, Board, Bye, Crosstable, CrosstableCell, GameResult, Member, Player, Round, Standings, Tournament } from '../api/types';
import { hasAuthority } from './members';

/** mayOrganise tells whether the member may run the tournament: its organiser, an arbiter or an admin. */
export function mayOrganise(member: Pick<Member, 'id' | 'role'> | null | undefined, t: Pick<Tournament, 'created_by'>): boolean {
  return !!member && (hasAuthority(member) || (t.created_by !== null && t.created_by === member.id));
}

/** mayDirect tells whether the member may start and finish the tournament: a rated one only an arbiter or an admin. */
export function mayDirect(member: Pick<Member, 'id' | 'role'> | null | undefined, t: Pick<Tournament, 'created_by' | 'rated'>): boolean {
  return mayOrganise(member, t) && (!t.rated || hasAuthority(member));
}

/**
 * The actions of the audit trail in words, one for each the API's document lists; %s is the
 * entry's subject (a player, a round, a board, a pair of players, a member's username).
 */
const AUDIT_ACTIONS: Record<AuditEntry['action'], string> = {
  'tournament.created': 'created the tournament',
  'tournament.imported': 'imported the tournament from a TRF file',
  'tournament.changed': 'changed the settings',
  'tournament.started': 'started the tournament',
  'tournament.finished': 'finished the tournament',
  'tournament.deleted': 'deleted the tournament',
  'entry.added': 'entered %s',
  'entry.removed': 'took out %s',
  'entry.withdrawn': 'withdrew %s',
  'entry.reinstated': 'reinstated %s',
  'invitation.sent': 'invited %s',
  'invitation.accepted': 'accepted the invitation (%s)',
  'invitation.declined': 'declined the invitation (%s)',
  'invitation.withdrawn': 'withdrew the invitation of %s',
  'bye.requested': 'asked for a half-point bye for %s',
  'bye.cancelled': 'cancelled the half-point bye of %s',
  'round.paired': 'paired %s',
  'round.unpaired': 'un-paired %s',
  'round.paired_manually': 'paired %s by hand',
  'result.set': 'entered the result of %s',
  'result.corrected': 'corrected the result of %s',
  'ratings.applied': 'applied the club ratings',
  'ratings.recomputed': 'computed the club ratings again',
  'player.linked': 'linked a guest player to %s',
  'pair.forbidden': 'kept %s apart',
  'pair.allowed': 'let %s meet again',
  'role.changed': 'changed the role of %s',
  'fide.list_applied': 'applied FIDE’s rating list to %s',
  'member.registered': 'registered the member %s',
  'member.changed': 'changed the record of %s',
  'member.photo_changed': 'changed the photo of %s',
};

/** auditValue writes a value of the trail compactly: {"result": "1-0"} as "result 1-0". */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k.replace(/_/g, ' ')} ${v === null ? '–' : typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ');
}

/**
 * auditText is one change of the trail in words: "ada corrected the result of round 3, board 1"
 * with what it was and what it became, when either is known.
 */
export function auditText(e: AuditEntry): { what: string; change: string } {
  // An action a newer server records, which this app has no words for yet, is shown as it is.
  const verb = (AUDIT_ACTIONS as Partial<Record<string, string>>)[e.action] ?? `${e.action} %s`;
  const done = verb.includes('%s') ? (e.subject ? verb.replace('%s', e.subject) : verb.replace(/ ?\(?%s\)?/, '')) : [verb, e.subject].filter(Boolean).join(' ');
  const what = `${e.actor_username} ${done}`;
  const before = e.before === null || e.before === undefined ? '' : auditValue(e.before);
  const after = e.after === null || e.after === undefined ? '' : auditValue(e.after);
  const change = before && after ? `${before} → ${after}` : before ? `was ${before}` : after;
  return { what, change };
}

const RESULT_LABELS: Record<GameResult, string> = {
  '1-0': '1–0',
  '0-1': '0–1',
  '1/2-1/2': '½–½',
  '1-0 forfeit': '1–0 forfeit',
  '0-1 forfeit': '0–1 forfeit',
  '0-0 forfeit': 'double forfeit',
  '1-0 decider': '1–0 decider',
  '0-1 decider': '0–1 decider',
};

/** resultLabel shows a board's result: "1–0", "½–½", "0–1 forfeit"; "–" before one is in. */
export function resultLabel(result: GameResult | null): string {
  return result ? RESULT_LABELS[result] : '–';
}

/** A result an organiser enters with one tap, with its words for a screen reader. */
export interface ResultChoice {
  result: GameResult;
  label: string;
  spoken: string;
}

/**
 * resultChoices are the results offered on each board: white wins, a draw, black wins; a
 * knockout has no draws, so a drawn game is settled by a decider instead.
 */
export function resultChoices(format: Tournament['format']): ResultChoice[] {
  const choices: ResultChoice[] = [
    { result: '1-0', label: '1–0', spoken: 'White wins' },
    { result: '1/2-1/2', label: '½–½', spoken: 'Draw' },
    { result: '0-1', label: '0–1', spoken: 'Black wins' },
  ];
  if (format !== 'knockout') return choices;
  return [choices[0]!, { result: '1-0 decider', label: '1–0 decider', spoken: 'White wins the decider' }, { result: '0-1 decider', label: '0–1 decider', spoken: 'Black wins the decider' }, choices[2]!];
}

/**
 * forfeitChoices are the results of a game not played, offered apart from the everyday ones: a
 * player who does not come loses by forfeit (FIDE Laws of Chess 6.7.1), and when neither comes
 * both lose (a double forfeit), which a knockout cannot take, since a match needs a winner.
 */
export function forfeitChoices(format: Tournament['format']): ResultChoice[] {
  const choices: ResultChoice[] = [
    { result: '1-0 forfeit', label: '1–0 forfeit', spoken: 'White wins by forfeit' },
    { result: '0-1 forfeit', label: '0–1 forfeit', spoken: 'Black wins by forfeit' },
  ];
  if (format === 'knockout') return choices;
  return [...choices, { result: '0-0 forfeit', label: 'Double forfeit', spoken: 'Both lose by forfeit' }];
}

/**
 * mayClearResult tells whether a board's result may be taken back to unplayed: the organiser's
 * call, on a board with a result, in the last round paired of a tournament still running (the
 * server refuses it elsewhere, since later pairings were made from it).
 */
export function mayClearResult(t: Pick<Tournament, 'state'>, rounds: Pick<Round, 'number'>[], board: Pick<Board, 'round' | 'result'>): boolean {
  const last = rounds.length > 0 ? rounds[rounds.length - 1]!.number : 0;
  return t.state === 'running' && board.result !== null && board.round === last;
}

/** A member's game in a round: their board and colour, or their bye. */
export type Assignment =
  | { kind: 'board'; round: number; board: Board; colour: 'White' | 'Black'; opponent: string }
  | { kind: 'bye'; round: number; bye: Bye };

/** assignment finds where memberId plays in round; null when they are not in it. */
export function assignment(round: Round, memberId: number): Assignment | null {
  for (const board of round.boards) {
    if (board.white.member_id === memberId) return { kind: 'board', round: round.number, board, colour: 'White', opponent: board.black.full_name };
    if (board.black.member_id === memberId) return { kind: 'board', round: round.number, board, colour: 'Black', opponent: board.white.full_name };
  }
  const bye = round.byes.find((b) => b.player.member_id === memberId);
  return bye ? { kind: 'bye', round: round.number, bye } : null;
}

/**
 * pairingText is the notification of a member's pairing:
 * "Round 3: you play White on board 4 against Ana Petrova", or "Round 3: you have a bye (1 point)".
 */
export function pairingText(a: Assignment): string {
  if (a.kind === 'board') {
    return `Round ${a.round}: you play ${a.colour} on board ${a.board.board} against ${a.opponent}`;
  }
  return `Round ${a.round}: you have a bye (${formatPoints(a.bye.points)} ${a.bye.points === 1 ? 'point' : 'points'})`;
}

/** formatPoints writes a score with a half as "½": 2.5 → "2½", 0.5 → "½", 3 → "3". */
/** pointsText says a number of points in words: "0 points", "½ point", "1 point", "1½ points". */
export function pointsText(points: number): string {
  return `${formatPoints(points)} ${points > 0 && points <= 1 ? 'point' : 'points'}`;
}

/**
 * byeText says what a round's bye is, and what it gives: "bye, 1 point" (the pairing's),
 * "half-point bye, ½ point", "full-point bye, 1 point" (a knockout's top seeds), "absent,
 * 0 points", or a round robin's "free this round".
 */
export function byeText(bye: Pick<Bye, 'kind' | 'points'>, format: Tournament['format']): string {
  const what = { pairing: 'bye', half: 'half-point bye', full: 'full-point bye', zero: format === 'round_robin' ? 'free this round' : 'absent' }[bye.kind];
  return `${what}, ${pointsText(bye.points)}`;
}

export function formatPoints(points: number): string {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5;
  if (!half) return String(whole);
  return whole === 0 ? '½' : `${whole}½`;
}

const TIEBREAK_NAMES: Record<string, string> = {
  PTS: 'Points',
  BH: 'Buchholz',
  'BH/C1': 'Buchholz cut 1',
  SB: 'Sonneborn-Berger',
  DE: 'Direct encounter',
  WIN: 'Wins',
  WON: 'Games won',
  KS: 'Koya',
  ARO: 'Average rating of opponents',
  TPR: 'Performance rating',
  PS: 'Progressive score',
  AOB: 'Average of opponents’ Buchholz',
  FB: 'Fore Buchholz',
  BPG: 'Games with Black',
  BWG: 'Wins with Black',
};

/** What each tie-break counts, in words, by its FIDE code (C.07) without modifiers. */
const TIEBREAK_COUNTS: Record<string, string> = {
  PTS: 'the points scored: 1 for a win, ½ for a draw, byes as awarded.',
  BH: 'the sum of the opponents’ points: a harder field counts more.',
  SB: 'the points of each opponent beaten, plus half the points of each opponent drawn with.',
  DE: 'the place among the players tied on points that their games against each other decide (1 is first); 0 where they do not decide it, as long as not all of them have met.',
  WIN: 'the games won over the board.',
  WON: 'the games won, forfeits and full-point byes included.',
  KS: 'the points scored against the opponents who made at least half the points.',
  ARO: 'the average rating of the opponents played.',
  TPR: 'the rating at which the score made would be the expected one.',
  PS: 'the sum of the running scores after each round: early wins count more.',
  AOB: 'the average of the opponents’ Buchholz.',
  FB: 'the Buchholz with every game of the last round counted as a draw.',
  BPG: 'the games played with Black.',
  BWG: 'the games won with Black.',
};

/**
 * tiebreakHelp says what a standings column counts, with its modifier in words: "BH/C1" is the
 * Buchholz without the lowest-scoring opponent.
 */
export function tiebreakHelp(code: string): string {
  const [base = code, modifier] = code.split('/');
  const counts = TIEBREAK_COUNTS[base] ?? `the tie-break ${base} of the FIDE regulations (C.07).`;
  const cut = modifier?.match(/^C(\d+)$/);
  const median = modifier?.match(/^M(\d+)$/);
  if (cut) return `${counts} Leaves out the ${cut[1] === '1' ? 'lowest-scoring opponent' : `${cut[1]} lowest-scoring opponents`}.`;
  if (median) return `${counts} Leaves out the ${median[1] === '1' ? 'highest- and the lowest-scoring opponent' : `${median[1]} highest- and ${median[1]} lowest-scoring opponents`}.`;
  return counts;
}

/** tiebreakTitle is a column's full name: "Buchholz cut 1"; the code itself when unknown. */
function tiebreakTitle(code: string): string {
  if (TIEBREAK_NAMES[code]) return TIEBREAK_NAMES[code];
  const [base = code, modifier] = code.split('/');
  return TIEBREAK_NAMES[base] ? `${TIEBREAK_NAMES[base]} (${modifier})` : code;
}

/** A column of the standings: its short heading and its full name. */
export interface StandingsColumn {
  code: string;
  heading: string;
  title: string;
  /** What the column counts, in words, for the legend under the table. */
  help: string;
}

/** A row of the standings as shown: the place (blank when shared with the row above). */
export interface StandingsLine {
  place: string;
  memberId: number;
  name: string;
  rating: string;
  withdrawn: boolean;
  cells: string[];
}

export interface StandingsTable {
  columns: StandingsColumn[];
  lines: StandingsLine[];
}

/**
 * standingsTable shapes the server's standings into columns and lines: points first, then each
 * tie-break; a shared place is written once ("3" then blank) with its range in the first line
 * ("3–4"); points with halves ("2½"), other values with at most two decimals; "–" for none.
 */
export function standingsTable(s: Standings): StandingsTable {
  const codes = s.tiebreaks.includes('PTS') ? ['PTS', ...s.tiebreaks.filter((c) => c !== 'PTS')] : ['PTS', ...s.tiebreaks];
  const columns = codes.map((code) => ({
    code,
    heading: code === 'PTS' ? 'Pts' : code,
    title: tiebreakTitle(code),
    help: tiebreakHelp(code),
  }));
  const lines = s.rows.map((row, i) => {
    const shared = s.rows.filter((r) => r.place === row.place).length;
    const first = i === 0 || s.rows[i - 1]!.place !== row.place;
    let place = '';
    if (first) place = shared > 1 ? `${row.place}–${row.place + shared - 1}` : String(row.place);
    return {
      place,
      memberId: row.player.member_id,
      name: row.player.full_name,
      rating: row.player.rating === null ? '' : String(row.player.rating),
      withdrawn: row.withdrawn,
      cells: codes.map((code) => formatValue(code, row.values[code])),
    };
  });
  return { columns, lines };
}

function formatValue(code: string, value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  if (code === 'PTS') return formatPoints(value);
  return String(Math.round(value * 100) / 100);
}

/**
 * crosstableCell writes one game of the crosstable as arbiters do: the opponent's pairing
 * number, the colour's initial and the result ("5w1", "2b½", "3w+"); a bye is its points ("bye ½"),
 * a round missed is "absent";
 * a game without a result yet has "…" for it.
 */
export function crosstableCell(cell: CrosstableCell | undefined): string {
  if (!cell) return '';
  const result = cell.result === null ? '…' : cell.result === '=' ? '½' : cell.result;
  if (cell.opponent === null) {
    if (cell.points === null) return '';
    // A round missed (withdrawn, or before a late entry) reads as on the Pairings tab: absent.
    if (cell.result === 'Z' || cell.result === '-') return 'absent';
    return `bye ${formatPoints(cell.points)}`;
  }
  return `${cell.opponent}${cell.colour === 'black' ? 'b' : 'w'}${result}`;
}

/** crosstableRounds lists the round numbers the crosstable has columns for. */
export function crosstableRounds(c: Crosstable): number[] {
  return Array.from({ length: c.rounds }, (_, i) => i + 1);
}

/**
 * nextActions says which of the organiser's buttons apply to the tournament as it is: start
 * while open; pair the next round while running, when the last round is complete and rounds
 * remain; un-pair the last round while none of its results is in; finish once the last round
 * paired is complete.
 */
export function nextActions(t: Tournament, rounds: Round[]): { start: boolean; pair: boolean; unpair: boolean; finish: boolean; allPlayed: boolean } {
  const last = rounds.length > 0 ? rounds[rounds.length - 1]! : undefined;
  const running = t.state === 'running';
  const lastComplete = !last || last.complete;
  const played = t.current_round;
  const roundsLeft = t.rounds === null || played < t.rounds;
  // A knockout without a set number of rounds is over once its final (one board, no bye) is in.
  const finalPlayed = t.format === 'knockout' && !!last && last.boards.length === 1 && last.byes.length === 0;
  const finish = running && !!last && last.complete;
  return {
    start: t.state === 'open',
    pair: running && lastComplete && roundsLeft,
    unpair: running && !!last && last.boards.every((b) => b.result === null),
    finish,
    allPlayed: finish && ((t.rounds !== null && played >= t.rounds) || finalPlayed),
  };
}

/** The words of a confirmation: its question, what the action does, and its button. */
export interface ConfirmText {
  header: string;
  message: string;
  confirm: string;
  /** Whether the action takes something away: its button is then red. */
  danger?: boolean;
}

/**
 * finishText says what finishing does before it is done: a rated tournament applies ratings to
 * the members who played ("Finish: applies ratings to 13 players"), the standings become final
 * and no result changes any more; finishing before the last round says how many are unplayed.
 */
export function finishText(t: Tournament, rounds: Round[], players: Pick<Player, 'member_id' | 'guest'>[]): ConfirmText {
  const played = new Set<number>();
  for (const r of rounds) {
    for (const b of r.boards) {
      played.add(b.white.member_id);
      played.add(b.black.member_id);
    }
  }
  const rated = players.filter((p) => !p.guest && played.has(p.member_id)).length;
  const done = t.current_round;
  const parts = [t.rated ? `Finish: applies ratings to ${rated} ${rated === 1 ? 'player' : 'players'}.` : 'Finish: the standings become final.'];
  if (t.rounds !== null && done < t.rounds) {
    const left = t.rounds - done;
    parts.push(`Only ${done} of ${t.rounds} rounds ${done === 1 ? 'is' : 'are'} played: the other ${left === 1 ? 'round is' : `${left} rounds are`} never paired.`);
  }
  parts.push(t.rated ? 'Afterwards only an arbiter or an admin can correct a result, and the club ratings are then computed again.' : 'Afterwards only an arbiter or an admin can correct a result.');
  parts.push('Finishing cannot be undone.');
  return { header: `Finish ${t.name}?`, message: parts.join(' '), confirm: 'Finish' };
}

/**
 * replaceText asks before a result already entered is replaced or cleared: one tap must never
 * silently overwrite what someone entered. After the finish it says what a correction changes:
 * the standings and, for a rated tournament, the club ratings, computed again.
 */
export function replaceText(t: Pick<Tournament, 'state' | 'rated'>, board: Pick<Board, 'round' | 'board' | 'result'>, next: GameResult | null): ConfirmText {
  const now = `Board ${board.board} of round ${board.round} has ${resultLabel(board.result)}.`;
  const ask = next === null ? 'Clear it (not played yet)?' : `Replace it with ${resultLabel(next)}?`;
  const parts = [now, ask];
  if (t.state === 'finished') {
    parts.push(t.rated ? 'The tournament has finished: its standings change, and the club ratings are computed again from this tournament on.' : 'The tournament has finished: its standings change.');
  }
  return { header: next === null ? `Clear the result on board ${board.board}?` : `Replace the result on board ${board.board}?`, message: parts.join(' '), confirm: next === null ? 'Clear' : 'Replace' };
}

/** startText says what starting does: entries close, the players get pairing numbers. */
export function startText(t: Tournament, players: Pick<Player, 'withdrawn_after'>[]): ConfirmText {
  const n = players.length;
  const late = t.format === 'swiss' ? ' Members can still be added to a running Swiss as late entries.' : ' No player can be added afterwards.';
  return {
    header: `Start ${t.name}?`,
    message: `Start: ${n} ${n === 1 ? 'player gets' : 'players get'} their pairing numbers and the entries close.${late} The tournament cannot go back to taking entries.`,
    confirm: 'Start',
  };
}

/**
 * withdrawText says what withdrawing a player does: they are not paired again; a running
 * Swiss can take them back (reinstate), any other format cannot.
 */
export function withdrawText(t: Tournament, name: string, self: boolean): ConfirmText {
  const who = self ? 'You are' : `${name} is`;
  const undo = t.format === 'swiss' ? ` ${self ? 'You' : 'They'} can be reinstated from a later round (Reinstate on this tab).` : ' This cannot be undone.';
  return {
    header: self ? 'Withdraw from the tournament?' : `Withdraw ${name}?`,
    message: `Withdraw: ${who} not paired in the rounds to come; the games played keep counting.${undo}`,
    confirm: 'Withdraw',
    danger: true,
  };
}

/** A point of the rating chart, in the chart's own units (0..width, 0..height, y down). */
export interface ChartPoint {
  x: number;
  y: number;
  rating: number;
  label: string;
}

/** The rating chart's drawing: its points, the line through them and the axis labels. */
export interface RatingChart {
  points: ChartPoint[];
  path: string;
  min: number;
  max: number;
}

/**
 * ratingChart lays out a rating history (oldest first) as a line in a width × height box with
 * pad units of margin: the first point is the rating before the first tournament, then one per
 * tournament that gave a rating. The vertical scale spans the ratings with at least 50 points of
 * room, so that small changes do not look like cliffs. Null when there is nothing to draw.
 */
export function ratingChart(history: { tournament_name: string; rating_before: number | null; rating: number | null }[], width: number, height: number, pad = 8): RatingChart | null {
  const values: { rating: number; label: string }[] = [];
  for (const h of history) {
    if (values.length === 0 && h.rating_before !== null) values.push({ rating: h.rating_before, label: 'Start' });
    if (h.rating !== null) values.push({ rating: h.rating, label: h.tournament_name });
  }
  if (values.length === 0) return null;
  let min = Math.min(...values.map((v) => v.rating));
  let max = Math.max(...values.map((v) => v.rating));
  if (max - min < 50) {
    const mid = (max + min) / 2;
    min = Math.floor(mid - 25);
    max = Math.ceil(mid + 25);
  }
  const step = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  const points = values.map((v, i) => ({
    x: Math.round((values.length > 1 ? pad + i * step : width / 2) * 10) / 10,
    y: Math.round((pad + ((max - v.rating) / (max - min)) * (height - 2 * pad)) * 10) / 10,
    rating: v.rating,
    label: v.label,
  }));
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
  return { points, path, min, max };
}
