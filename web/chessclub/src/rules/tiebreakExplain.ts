import type { TiebreakBreakdown, TiebreakTerm } from '../api/types';
import { formatPoints } from './play';

/** Explanation is how one standings value is reached, written for a player. */
export interface Explanation {
  /** What the tie-break adds up, in one sentence. */
  summary: string;
  /** The sum with the actual numbers: "3 + 2.5 + 4 = 9.5". Empty when there is nothing to add. */
  formula: string;
  /** One line per round that takes part, each saying whether it counts. */
  lines: { round: number; text: string; counted: boolean }[];
}

/**
 * explainTiebreak writes how a player's value of one tie-break (code, as in the standings) is
 * reached from the server's breakdown, with the numbers the value was computed from: the
 * formula ends in the value shown in the table. nameOf gives an opponent's name by pairing
 * number. Rounds not played count as FIDE's Tie-Break Regulations say (C.07 16): a virtual
 * opponent stands for them, and the lines say so.
 */
export function explainTiebreak(code: string, value: number | null, b: TiebreakBreakdown, nameOf: (startRank: number) => string): Explanation {
  const name = code.split('/')[0]!;
  const shown = (v: number | null | undefined) => (v === null || v === undefined ? '–' : name === 'PTS' ? formatPoints(v) : String(Math.round(v * 100) / 100));
  const counted = b.terms.filter((t) => !t.left_out && t.value !== null);
  const left = b.terms.filter((t) => t.left_out || t.value === null);
  const lines = b.terms.map((t) => ({ round: t.round, text: termText(name, t, nameOf, shown), counted: !t.left_out && t.value !== null }));
  if (value === null) {
    return { summary: noValue(name), formula: '', lines: [] };
  }
  const values = counted.map((t) => shown(t.value));
  const leftOut = left.length > 0 ? `; ${leftWord(name)}: ${left.map((t) => shown(t.value)).join(', ')}` : '';
  let formula = '';
  switch (b.method) {
    case 'sum':
      formula = `${values.length > 0 ? values.join(' + ') : '0'} = ${shown(value)}${leftOut}`;
      break;
    case 'average':
      formula = values.length > 0 ? `(${values.join(' + ')}) ÷ ${values.length} = ${shown(value)}${name === 'AOB' || name.startsWith('AP') || name === 'ARO' ? ', rounded' : ''}${leftOut}` : '';
      break;
    case 'performance': {
      const avg = value - (b.difference ?? 0);
      formula = `average rating ${avg} ${(b.difference ?? 0) < 0 ? '−' : '+'} ${Math.abs(b.difference ?? 0)} for ${formatPoints(b.score ?? 0)} of ${counted.length} = ${value}`;
      break;
    }
    case 'lowest_rating':
      formula = `${formatPoints(b.score ?? 0)} of ${counted.length} against ${values.join(', ')}: ${value}`;
      break;
    case 'place':
    case 'own':
      formula = '';
  }
  return { summary: summary(name, b, value, shown), formula, lines: b.method === 'own' ? [] : lines };
}

function leftWord(name: string): string {
  if (name === 'KS') return 'not counted (opponents below the limit)';
  if (name === 'DE') return 'not counted (forfeits)';
  return 'cut';
}

/** summary says in words what the value adds up. */
function summary(name: string, b: TiebreakBreakdown, value: number, shown: (v: number | null | undefined) => string): string {
  switch (name) {
    case 'PTS':
      return 'The points of every round, byes and forfeits included.';
    case 'BH':
      return 'Buchholz: the scores of the opponents added up.';
    case 'FB':
      return 'Fore Buchholz: the opponents’ scores, with the last round’s games counted as draws.';
    case 'SB':
      return 'Sonneborn-Berger: the scores of the opponents beaten, and half the scores of those drawn.';
    case 'KS':
      return `Koya: the points scored against the opponents who have at least ${shown(b.limit)} points.`;
    case 'PS':
      return 'Progressive score: the score after each round, added up.';
    case 'AOB':
      return 'The average of the opponents’ Buchholz.';
    case 'ARO':
      return 'The average rating of the opponents played over the board.';
    case 'TPR':
      return 'Performance rating: the opponents’ average rating, plus a difference that the share of points scored against them gives (FIDE’s table).';
    case 'PTP':
      return 'Perfect tournament performance: the lowest rating whose expected score against these opponents reaches the points scored.';
    case 'APRO':
      return 'The average of the opponents’ performance ratings.';
    case 'APPO':
      return 'The average of the opponents’ perfect tournament performances.';
    case 'DE':
      return value === 0
        ? 'Direct encounter is 0: no tie on the columns before it was decided by the tied players’ games against each other.'
        : `Direct encounter: place ${value} among the players tied on the columns before it, by their games against each other.`;
    case 'TPN':
      return `The pairing number, ${value}.`;
    case 'RTNG':
      return `The player’s rating, ${value}.`;
    case 'WIN':
      return 'The rounds won, by a game, a forfeit or a full-point bye.';
    case 'WON':
      return 'The games won over the board.';
    case 'BPG':
      return 'The games played with Black.';
    case 'BWG':
      return 'The games won with Black.';
    case 'REP':
    case 'GE':
      return 'The rounds the player took part in: every round but the byes asked for, absences and forfeit losses.';
    case 'NUM':
      return 'The games played over the board.';
    case 'VUR':
      return 'The rounds not played by the player’s own choice: byes asked for, absences and forfeit losses.';
  }
  return b.method === 'sum' ? 'The values of the rounds added up.' : '';
}

function noValue(name: string): string {
  if (['ARO', 'TPR', 'PTP', 'APRO', 'APPO', 'RTNG'].includes(name)) {
    return 'No value: the player has no game over the board against a rated opponent yet, or some players are unrated and this tournament gives them no rating for it.';
  }
  return 'No value for this player yet.';
}

/** termText writes one round's part: whom it was against and what it brings. */
function termText(name: string, t: TiebreakTerm, nameOf: (startRank: number) => string, shown: (v: number | null | undefined) => string): string {
  const who = roundWord(t, nameOf);
  const pts = formatPoints(t.points ?? 0);
  let what: string;
  if (t.virtual) {
    what = `counts as a virtual opponent with ${shown(t.score)} ${t.score === 1 ? 'point' : 'points'} (FIDE’s rule for rounds not played)`;
    if (name === 'SB') what += `, × ${pts} scored = ${shown(t.value)}`;
  } else {
    switch (name) {
      case 'BH':
      case 'FB':
        what = `opponent’s score ${shown(t.value)}`;
        break;
      case 'SB':
        what = `opponent’s score ${shown(t.score)} × ${pts} scored = ${shown(t.value)}`;
        break;
      case 'KS':
        what = `opponent’s score ${shown(t.score)}, ${pts} scored`;
        break;
      case 'ARO':
      case 'TPR':
      case 'PTP':
        what = `rating ${shown(t.value)}, ${pts} scored`;
        break;
      case 'AOB':
        what = `opponent’s Buchholz ${shown(t.value)}`;
        break;
      case 'APRO':
      case 'APPO':
        what = t.value === null ? 'opponent has no value' : `opponent’s ${name === 'APRO' ? 'performance' : 'perfect performance'} ${shown(t.value)}`;
        break;
      case 'PS':
        what = `score after the round ${shown(t.value)}`;
        break;
      case 'DE':
      case 'PTS':
        what = `${pts} scored`;
        break;
      default:
        what = 'counts 1';
    }
  }
  const mark = t.left_out ? (name === 'KS' ? ' — not counted' : name === 'DE' ? ' — a forfeit, not counted' : ' — cut') : '';
  return `Round ${t.round}: ${who}, ${what}${mark}`;
}

function roundWord(t: TiebreakTerm, nameOf: (startRank: number) => string): string {
  switch (t.kind) {
    case 'game':
      return nameOf(t.opponent ?? 0);
    case 'forfeit':
      return `${nameOf(t.opponent ?? 0)}, not played (forfeit)`;
    case 'pairing_bye':
      return 'bye from the pairing';
  }
  if (t.points === 0) return 'absent or zero-point bye';
  return t.points === 0.5 ? 'half-point bye' : 'bye';
}
