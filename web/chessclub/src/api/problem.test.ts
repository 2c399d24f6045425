import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './problem';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it.each([
    ['120', 120],
    [' 5 ', 5],
    ['0', 0],
    ['Tue, 24 Nov 2026 12:01:30 GMT', 90],
    ['Tue, 24 Nov 2026 11:00:00 GMT', 0],
    ['soon', undefined],
    ['-5', undefined],
    ['', undefined],
    [null, undefined],
  ])('reads %j as %j seconds', (value, want) => {
    expect(parseRetryAfter(value, now)).toBe(want);
  });
});
