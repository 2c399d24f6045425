import { describe, expect, it } from 'vitest';
import type { Bye, Player, Round } from '../api/types';
import { byeAllowance, byeRounds, byesUsed, roundList } from './byes';

const ana = { member_id: 2, start_rank: 1, full_name: 'Ana Petrova', rating: 1700 };

function round(number: number, byes: Bye[] = []): Pick<Round, 'number' | 'byes'> {
  return { number, byes };
}

type Entry = Pick<Player, 'member_id' | 'first_round' | 'requested_byes' | 'withdrawn_after'>;
type Settings = Parameters<typeof byeRounds>[0];
type Played = Pick<Round, 'number' | 'byes'>[];

const swiss: Settings = { format: 'swiss', state: 'running', rounds: 5, current_round: 2, bye_limit: 2 };
const player: Entry = { member_id: 2, first_round: 1, requested_byes: [], withdrawn_after: null };

describe('byesUsed', () => {
  it.each<[string, Entry, Played, number]>([
    ['nothing asked for', player, [round(1), round(2)], 0],
    ['one asked for a round to come', { ...player, requested_byes: [4] }, [round(1)], 1],
    ['one given in a round played', player, [round(1, [{ player: ana, kind: 'half', points: 0.5 }])], 1],
    ['a pairing bye is not asked for', player, [round(1, [{ player: ana, kind: 'pairing', points: 1 }])], 0],
    ['a late entry’s half point for a round before it is not asked for', { ...player, first_round: 2 }, [round(1, [{ player: ana, kind: 'half', points: 0.5 }])], 0],
    ['given and asked for', { ...player, requested_byes: [5] }, [round(1), round(2, [{ player: ana, kind: 'half', points: 0.5 }])], 2],
  ])('%s', (_, p, rounds, want) => {
    expect(byesUsed(p, rounds)).toBe(want);
  });
});

describe('byeRounds', () => {
  it.each<[string, Settings, Entry, Played, number[]]>([
    ['the rounds not yet paired', swiss, player, [], [3, 4, 5]],
    ['less those asked for', swiss, { ...player, requested_byes: [4] }, [], [3, 5]],
    ['none once the limit is used', swiss, { ...player, requested_byes: [3, 4] }, [], []],
    ['none for a withdrawn player', swiss, { ...player, withdrawn_after: 2 }, [], []],
    ['none in a round robin', { ...swiss, format: 'round_robin' }, player, [], []],
    ['none once finished', { ...swiss, state: 'finished' }, player, [], []],
    ['none without a number of rounds', { ...swiss, rounds: null }, player, [], []],
    ['every round before the start', { ...swiss, state: 'open', current_round: 0, rounds: 3 }, player, [], [1, 2, 3]],
    ['none once a limit of 1 is used', { ...swiss, bye_limit: 1 }, { ...player, requested_byes: [3] }, [], []],
    ['none with a limit of 0', { ...swiss, bye_limit: 0 }, player, [], []],
  ])('%s', (_, t, p, rounds, want) => {
    expect(byeRounds(t, p, rounds)).toEqual(want);
  });
});

describe('roundList', () => {
  it.each([
    [[], ''],
    [[3], 'round 3'],
    [[4, 2], 'rounds 2 and 4'],
    [[5, 2, 3], 'rounds 2, 3 and 5'],
  ])('%j reads “%s”', (rounds, want) => {
    expect(roundList(rounds)).toBe(want);
  });
});

describe('byeAllowance', () => {
  it.each([
    [1, 0, '1 of 1 half-point bye left.'],
    [2, 1, '1 of 2 half-point byes left.'],
    [2, 2, 'No half-point byes left: the limit is 2.'],
    [1, 3, 'No half-point byes left: the limit is 1.'],
    [0, 0, 'This tournament gives no half-point byes on request.'],
  ])('limit %i, used %i: %s', (limit, used, want) => {
    expect(byeAllowance(limit, used)).toBe(want);
  });
});
