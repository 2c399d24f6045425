import type { TournamentEvent } from '../api/types';

/**
 * pairingAfter is the round being paired after event e, given the one before (null: none). The
 * server announces a long pairing (round_pairing: at once in a field of 1 000 or more, after a
 * second otherwise) so that everyone following the tournament knows why the round is not there
 * yet; the round's arrival (round_paired), a refusal that leaves it unpaired (any later change
 * of state), or a stream that starts over (reset) ends it.
 */
export function pairingAfter(current: number | null, e: TournamentEvent): number | null {
  switch (e.type) {
    case 'round_pairing':
      return typeof e.data.round === 'number' ? e.data.round : current;
    case 'round_paired':
    case 'round_unpaired':
    case 'state_changed':
    case 'reset':
    case 'deleted':
      return null;
    default:
      return current;
  }
}

/** pairingWords is what the tournament screen says while round is being paired. */
export function pairingWords(round: number): string {
  return `Pairing round ${round}… In a large field this takes a while; the boards appear here as soon as it is done.`;
}
