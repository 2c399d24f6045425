// The words of a pair of players kept apart: from which round to which one. No I/O, so that it
// is tested alone; apart from play.ts so that only the screen that lists the pairs loads it.
import type { ForbiddenPair } from '../api/types';

/**
 * forbiddenSpan says when a pair is kept apart, seen from the next round to be paired: "from
 * round 2", "from the next round" when that is its first, "rounds 2 to 4" when it ends.
 */
export function forbiddenSpan(p: Pick<ForbiddenPair, 'from_round' | 'to_round'>, nextRound: number): string {
  if (p.to_round !== null) return p.from_round === p.to_round ? `(round ${p.from_round})` : `(rounds ${p.from_round} to ${p.to_round})`;
  return p.from_round >= nextRound ? (p.from_round === nextRound ? '(from the next round)' : `(from round ${p.from_round})`) : `(since round ${p.from_round})`;
}
