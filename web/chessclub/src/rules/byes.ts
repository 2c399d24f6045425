// The pure logic of half-point byes asked for, within the tournament's own limit:
// which rounds a player may still ask for, how many of the limit they have used, and the words
// that list them. No I/O, so that it is tested alone.
import type { Player, Round, Tournament } from '../api/types';

/**
 * byesUsed counts the half-point byes a player has asked for over the tournament, as the server
 * holds them against the limit: those asked for rounds not yet paired, and the half-point byes
 * given in rounds they could play (a late entry's half points for rounds before it are not
 * asked for, so they do not count).
 */
export function byesUsed(player: Pick<Player, 'member_id' | 'first_round' | 'requested_byes'>, rounds: Pick<Round, 'number' | 'byes'>[]): number {
  const given = rounds.filter((r) => r.number >= player.first_round && r.byes.some((b) => b.player.member_id === player.member_id && b.kind === 'half')).length;
  return given + player.requested_byes.length;
}

/**
 * byeRounds lists the rounds a player may still ask a half-point bye for: a Swiss that has not
 * finished, a player who has not withdrawn, the rounds not yet paired up to the last one (a
 * Swiss without a number of rounds has none yet), less those asked for already; none once the
 * limit is used up.
 */
export function byeRounds(t: Pick<Tournament, 'format' | 'state' | 'rounds' | 'current_round' | 'bye_limit'>, player: Pick<Player, 'member_id' | 'first_round' | 'requested_byes' | 'withdrawn_after'>, rounds: Pick<Round, 'number' | 'byes'>[]): number[] {
  if (t.format !== 'swiss' || t.state === 'finished' || t.rounds === null || player.withdrawn_after !== null) return [];
  if (byesUsed(player, rounds) >= t.bye_limit) return [];
  const out: number[] = [];
  for (let r = t.current_round + 1; r <= t.rounds; r++) {
    if (!player.requested_byes.includes(r)) out.push(r);
  }
  return out;
}

/** roundList writes round numbers as a person reads them: "round 3", "rounds 2 and 4", "rounds 2, 3 and 5". */
export function roundList(rounds: readonly number[]): string {
  const sorted = [...rounds].sort((a, b) => a - b);
  if (sorted.length === 0) return '';
  if (sorted.length === 1) return `round ${sorted[0]}`;
  return `rounds ${sorted.slice(0, -1).join(', ')} and ${sorted[sorted.length - 1]}`;
}

/** byeAllowance says how many of the limit a player has left: "1 of 2 half-point byes left"; none: "No half-point byes left (the limit is 1)". */
export function byeAllowance(limit: number, used: number): string {
  const left = Math.max(0, limit - used);
  if (limit === 0) return 'This tournament gives no half-point byes on request.';
  if (left === 0) return `No half-point byes left: the limit is ${limit}.`;
  return `${left} of ${limit} half-point ${limit === 1 ? 'bye' : 'byes'} left.`;
}
