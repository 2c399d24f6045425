import type { Bracket, BracketMatch, Crosstable, Player, PlayerCard, PlayerRef } from '../api/types';
import { formatPoints } from './play';

// The logic of the tournament screen's views for players and spectators: the round robin's
// grid and schedule, the knockout's bracket and a player's card. Only the tournament screen's
// chunk imports it, so none of it weighs on the first screen.

/**
 * ratingLabel shows a rating for what it is: "unrated" without one (never a placeholder), "1500
 * (declared)" for a rating the member declared and no rated game has borne out yet, else the
 * number. A rating without a status (a board's or a standings row's) is shown as a number.
 */
export function ratingLabel(rating: number | null, status?: Player['rating_status']): string {
  if (rating === null || status === 'unrated') return 'unrated';
  return status === 'declared' ? `${rating} (declared)` : String(rating);
}

/** ratingOf finds the rating label of a player by member id in the entries, as ratingLabel writes it. */
export function ratingOf(players: Pick<Player, 'member_id' | 'rating' | 'rating_status'>[], ref: Pick<PlayerRef, 'member_id' | 'rating'>): string {
  const p = players.find((x) => x.member_id === ref.member_id);
  return ratingLabel(ref.rating, p?.rating_status);
}

/** A game in a grid cell: the colour the row's player had and the result it gave them. */
export interface GridGame {
  colour: 'white' | 'black';
  /** "1", "½", "0", "+", "−" or "…" while being played. */
  text: string;
  round: number;
}

/** GridCell is one cell of the round robin grid: the row player's own, or their games against the column's. */
export interface GridCell {
  own: boolean;
  games: GridGame[];
}

/**
 * roundRobinGrid lays out a round robin's crosstable as the usual N × N table: rows and columns
 * in pairing-number order, the diagonal (a player against themself) marked own, and in each
 * other cell the games of the row's player against the column's, in round order (two in a
 * double round robin), with the colour the row's player had.
 */
export function roundRobinGrid(c: Crosstable): { players: PlayerRef[]; cells: GridCell[][] } {
  const rows = [...c.players].sort((x, y) => x.player.start_rank - y.player.start_rank);
  const players = rows.map((r) => r.player);
  const cells = rows.map((row) =>
    players.map((col) => {
      const games: GridGame[] = [];
      for (const cell of row.rounds) {
        if (cell.opponent !== col.start_rank || cell.colour === null) continue;
        games.push({ colour: cell.colour, text: gridResult(cell.result), round: cell.round });
      }
      return { own: col.member_id === row.player.member_id, games };
    }),
  );
  return { players, cells };
}

/** gridResult writes a TRF result code as a grid shows it. */
function gridResult(result: string | null): string {
  switch (result) {
    case null:
      return '…';
    case '=':
      return '½';
    case '-':
      return '−';
    default:
      return result;
  }
}

/** gridGameLabel says a grid game in words, for screen readers: "Round 3, White, won". */
export function gridGameLabel(g: GridGame): string {
  const outcome: Record<string, string> = { '1': 'won', '½': 'drawn', '0': 'lost', '+': 'won by forfeit', '−': 'lost by forfeit', '…': 'being played' };
  return `Round ${g.round}, ${g.colour === 'white' ? 'White' : 'Black'}, ${outcome[g.text] ?? g.text}`;
}

/**
 * bracketRoundName names a knockout round by how far it is from the end: the final, the
 * semi-finals, the quarter-finals, else its number.
 */
export function bracketRoundName(number: number, total: number | null): string {
  const left = total === null ? Infinity : total - number;
  if (left === 0) return 'Final';
  if (left === 1) return 'Semi-finals';
  if (left === 2) return 'Quarter-finals';
  return `Round ${number}`;
}

/**
 * matchScore writes a match's score from a's side, stage by stage, with the stages played
 * named: "1½–½", "1–1, rapid 1½–½"; "bye" for a bye. It is read from the stages so that each
 * player's side reads as theirs.
 */
export function matchScore(m: Pick<BracketMatch, 'b' | 'stages'>, flip = false): string {
  if (!m.b) return 'bye';
  const parts = m.stages
    .filter((s) => s.played > 0 || s.stage === 'classical')
    .map((s) => {
      const [x, y] = flip ? [s.b, s.a] : [s.a, s.b];
      const score = `${formatPoints(x)}–${formatPoints(y)}`;
      return s.stage === 'classical' ? score : `${s.stage} ${score}`;
    });
  return parts.join(', ');
}

/**
 * performanceText says a card's performance rating, or why it has none: FIDE counts the rating
 * tie-breaks only when every player of the event has a rating (C.07 10).
 */
export function performanceText(performance: number | null, anyUnrated: boolean): string {
  if (performance !== null) return String(performance);
  return anyUnrated ? 'not counted: some players are unrated' : 'none yet';
}

/** CardLine is one round of a player's card as the card shows it. */
export interface CardLine {
  round: number;
  opponent: string;
  colour: string;
  result: string;
}

/**
 * cardLines writes a player's rounds for their card: the opponent (or the kind of bye), the
 * colour and the result in words, with the points. rating writes an opponent's rating (by
 * default the number, or "unrated"); ratingOf over the entries adds "(declared)".
 */
export function cardLines(card: Pick<PlayerCard, 'rounds'>, rating: (p: PlayerRef) => string = (p) => ratingLabel(p.rating)): CardLine[] {
  return card.rounds.map((r) => {
    const pts = r.points === null ? '' : ` (${formatPoints(r.points)})`;
    if (r.opponent === null) {
      const what = r.result === 'H' ? 'half-point bye' : r.result === 'F' || r.result === 'U' ? 'bye' : 'no game';
      return { round: r.round, opponent: what, colour: '', result: r.points === null ? '' : formatPoints(r.points) };
    }
    const words: Record<string, string> = { '1': 'won', '=': 'drawn', '0': 'lost', '+': 'won by forfeit', '-': 'lost by forfeit' };
    return {
      round: r.round,
      opponent: `${r.opponent.full_name} (${rating(r.opponent)})`,
      colour: r.colour === 'white' ? 'White' : r.colour === 'black' ? 'Black' : '',
      result: r.result === null ? 'being played' : `${words[r.result] ?? r.result}${pts}`,
    };
  });
}

/** A match of a knockout round not paired yet: its two sides, a player or whose winner comes. */
export type MatchAhead = [string, string];

/**
 * bracketAhead draws the rounds of a knockout still to be paired, up to its last (total), so
 * that the bracket shows the road to the final: match i of a round is played by the winners
 * of matches 2i and 2i+1 of the round before (the seeded bracket keeps its order). A side is
 * the player once the match before is decided, else who it waits for ("Winner of Ana Petrova –
 * Ben Okafor", "Winner of semi-final 1").
 */
export function bracketAhead(b: Pick<Bracket, 'rounds'>, total: number | null): { number: number; matches: MatchAhead[] }[] {
  const last = b.rounds[b.rounds.length - 1];
  if (total === null || !last) return [];
  let sides = last.matches.map((m) => (m.winner ? m.winner.full_name : m.b ? `Winner of ${m.a.full_name} – ${m.b.full_name}` : m.a.full_name));
  const out: { number: number; matches: MatchAhead[] }[] = [];
  for (let r = last.number + 1; r <= total && sides.length > 1; r++) {
    const matches: MatchAhead[] = [];
    for (let i = 0; i + 1 < sides.length; i += 2) matches.push([sides[i]!, sides[i + 1]!]);
    out.push({ number: r, matches });
    const name = bracketRoundName(r, total);
    sides = matches.map((_, i) => (name.startsWith('Round') ? `Winner of match ${i + 1} of round ${r}` : `Winner of ${name.toLowerCase().replace(/s$/, '')} ${i + 1}`));
  }
  return out;
}
