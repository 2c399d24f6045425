import { describe, expect, it } from 'vitest';
import { forbiddenSpan } from './forbidden';

describe('forbiddenSpan', () => {
  it.each([
    ['from the next round', 1, null, 1, '(from the next round)'],
    ['kept apart since an earlier round', 1, null, 3, '(since round 1)'],
    ['a pair set before the start, for later rounds', 2, null, 1, '(from round 2)'],
    ['one that ended', 2, 4, 5, '(rounds 2 to 4)'],
    ['one round only', 3, 3, 4, '(round 3)'],
  ] as const)('%s', (_, from_round, to_round, next, want) => {
    expect(forbiddenSpan({ from_round, to_round }, next)).toBe(want);
  });
});
