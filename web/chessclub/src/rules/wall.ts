// The pure logic of the printed pairings: each player's points before a round, as the boards
// show them beside the pairing numbers, and the alphabetical list for the wall that answers
// "which board am I on?". No I/O, so that it is tested alone; only the tournament screen's
// chunk loads it.
import type { Crosstable, GameResult, PlayerRef, Round, Tournament } from '../api/types';

/** The points a game's result gives White and Black, in the standard point system. */
const RESULT_POINTS: Record<GameResult, [number, number]> = {
  '1-0': [1, 0],
  '0-1': [0, 1],
  '1/2-1/2': [0.5, 0.5],
  '1-0 forfeit': [1, 0],
  '0-1 forfeit': [0, 1],
  '0-0 forfeit': [0, 0],
  '1-0 decider': [1, 0],
  '0-1 decider': [0, 1],
};

/** The tournament's point system: what a win, a draw and a loss are worth (C.02 by default 1, ½, 0). */
type PointSystem = Pick<Tournament, 'points_win' | 'points_draw' | 'points_loss' | 'points_bye'>;

// scaled turns a standard score (1, ½, 0) into the tournament's point system.
function scaled(points: number, system: PointSystem): number {
  if (points === 1) return system.points_win;
  if (points === 0.5) return system.points_draw;
  return system.points_loss;
}

/**
 * pointsBefore gives each player's score before round n, by member id: the sum of the points of
 * the rounds before it, as the pairing of round n counts them (C.04.3 A.1: players are paired
 * within their score groups). The crosstable, when there is one, has the server's count of each
 * round (with the tournament's point system and its byes); before it exists the results and
 * byes of the rounds are added up here. A round without a result yet counts nothing.
 */
export function pointsBefore(n: number, rounds: Round[], crosstable: Crosstable | null, system: PointSystem): Map<number, number> {
  const points = new Map<number, number>();
  const add = (id: number, p: number | null | undefined) => points.set(id, (points.get(id) ?? 0) + (p ?? 0));
  if (crosstable) {
    for (const row of crosstable.players) {
      add(row.player.member_id, 0);
      for (const cell of row.rounds) if (cell.round < n) add(row.player.member_id, cell.points);
    }
    return points;
  }
  for (const r of rounds) {
    if (r.number >= n) continue;
    for (const b of r.boards) {
      const [w, bl] = b.result ? RESULT_POINTS[b.result] : [null, null];
      add(b.white.member_id, w === null ? 0 : scaled(w, system));
      add(b.black.member_id, bl === null ? 0 : scaled(bl, system));
    }
    for (const y of r.byes) add(y.player.member_id, y.kind === 'pairing' ? system.points_bye : y.points);
  }
  return points;
}

/** One line of the wall list: a player, where they sit (board and colour) or their bye. */
export interface WallLine {
  memberId: number;
  name: string;
  startRank: number;
  /** The board, or null for a bye or an absence. */
  board: number | null;
  colour: 'White' | 'Black' | null;
  /** The opponent's name; empty for a bye. */
  opponent: string;
  /** For a bye: what it is, in words ("bye, 1 point", "half-point bye", "absent"). */
  bye: string;
}

/** byeWords says what a bye is, for the wall: the pairing bye, a bye asked for, an absence. */
export function byeWords(kind: 'pairing' | 'half' | 'full' | 'zero'): string {
  switch (kind) {
    case 'pairing':
      return 'bye';
    case 'half':
      return 'half-point bye';
    case 'full':
      return 'full-point bye';
    default:
      return 'absent';
  }
}

/**
 * wallList lists every player of a round alphabetically by name (as people look themselves up
 * on the wall, in the reader's collation), with their board and colour or their bye.
 */
export function wallList(round: Round, locale?: string): WallLine[] {
  const lines: WallLine[] = [];
  const seat = (p: PlayerRef, board: number, colour: 'White' | 'Black', opponent: PlayerRef) =>
    lines.push({ memberId: p.member_id, name: p.full_name, startRank: p.start_rank, board, colour, opponent: opponent.full_name, bye: '' });
  for (const b of round.boards) {
    seat(b.white, b.board, 'White', b.black);
    seat(b.black, b.board, 'Black', b.white);
  }
  for (const y of round.byes) {
    lines.push({ memberId: y.player.member_id, name: y.player.full_name, startRank: y.player.start_rank, board: null, colour: null, opponent: '', bye: byeWords(y.kind) });
  }
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return lines.sort((a, b) => collator.compare(a.name, b.name) || a.startRank - b.startRank);
}
