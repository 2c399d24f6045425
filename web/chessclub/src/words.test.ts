import { describe, expect, it } from 'vitest';
import { namedText } from './words';

describe('namedText', () => {
  const names = new Map([
    [5, 'Ana Petrova'],
    [7, 'Ben Okafor'],
  ]);
  it.each([
    ['Member 5 has withdrawn.', 'Ana Petrova has withdrawn.'],
    ['Member 5 has asked for 1 half-point byes already, the most this tournament allows.', 'Ana Petrova has asked for 1 half-point bye already, the most this tournament allows.'],
    ['Member 5 has asked for 2 half-point byes already, the most this tournament allows.', 'Ana Petrova has asked for 2 half-point byes already, the most this tournament allows.'],
    ['Member 7 has not entered tournament 12.', 'Ben Okafor has not entered this tournament.'],
    ['Member 9 has no invitation to tournament 12.', 'Member 9 has no invitation to this tournament.'],
    ['Round 3 is paired already.', 'Round 3 is paired already.'],
  ])('%s', (text, want) => {
    expect(namedText(text, names)).toBe(want);
  });
});
