import { describe, expect, it } from 'vitest';
import { pairingAfter, pairingWords } from './pairingNotice';

describe('pairingAfter', () => {
  const ev = (type: string, data: Record<string, unknown> = {}) => ({ type, data });
  it.each([
    ['a long pairing starts', null, ev('round_pairing', { round: 2 }), 2],
    ['the round arrives', 2, ev('round_paired', { round: 2 }), null],
    ['the pairing is undone', 2, ev('round_unpaired', { round: 2 }), null],
    ['the stream starts over', 2, ev('reset'), null],
    ['the tournament is deleted', 2, ev('deleted'), null],
    ['the state changes', 2, ev('state_changed', { state: 'finished' }), null],
    ['a result elsewhere changes nothing', 2, ev('result_set', { round: 1, board: 3 }), 2],
    ['a notice without a round changes nothing', null, ev('round_pairing'), null],
  ])('%s', (_, before, event, after) => {
    expect(pairingAfter(before, event)).toBe(after);
  });
});

describe('pairingWords', () => {
  it('names the round', () => {
    expect(pairingWords(3)).toMatch(/^Pairing round 3…/);
  });
});
