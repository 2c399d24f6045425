import { describe, expect, it } from 'vitest';
import { routeId } from './routes';

describe('routeId', () => {
  it.each([
    ['7', 7],
    ['1234567890123456', 1234567890123456],
    [undefined, null],
    ['', null],
    ['0', null],
    ['07', null],
    ['-3', null],
    ['3.5', null],
    ['12345678901234567', null],
    ['9999999999999999', null],
    ['new', null],
  ])('%j → %j', (param, want) => {
    expect(routeId(param)).toBe(want);
  });
});
