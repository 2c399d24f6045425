import { describe, expect, it } from 'vitest';
import { calendarDate, formatDay, formatDayRange, formatLongDay, formatMonth, formatWait } from './dates';

describe('dates in the user’s locale', () => {
  it('reads a calendar date as that day wherever the clock is', () => {
    const d = calendarDate('2027-04-10')!;
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2027, 3, 10, 0]);
    expect(calendarDate('2027-4-10')).toBeNull();
    expect(calendarDate('')).toBeNull();
  });

  it.each([
    ['en-GB', '10 Apr 2027'],
    ['en-US', 'Apr 10, 2027'],
    ['de-DE', '10. Apr. 2027'],
  ])('shows a day in %s as %s', (locale, want) => {
    expect(formatDay('2027-04-10', locale)).toBe(want);
  });

  it.each([
    ['en-GB', '2027-04-10', '2027-04-11', '10 – 11 Apr 2027'],
    ['en-US', '2027-04-10', '2027-04-11', 'Apr 10 – 11, 2027'],
    ['en-GB', '2027-04-10', '2027-04-10', '10 Apr 2027'],
    ['en-GB', '2027-12-30', '2028-01-02', '30 Dec 2027 – 2 Jan 2028'],
  ])('shows a range in %s: %s to %s as %s', (locale, start, end, want) => {
    // Intl puts thin or narrow no-break spaces around the dash; compare the visible text.
    expect(formatDayRange(start, end, locale).replace(/[\u2009\u202f]/g, ' ')).toBe(want);
  });

  it('leaves a value it cannot read as it is', () => {
    expect(formatDay('soon', 'en-GB')).toBe('soon');
    expect(formatDayRange('soon', 'later', 'en-GB')).toBe('soon – later');
    expect(formatLongDay('', 'en-GB')).toBe('');
  });

  it('spells a day out in full, and a month', () => {
    expect(formatLongDay('2027-04-10', 'en-GB')).toBe('Saturday, 10 April 2027');
    expect(formatLongDay('2027-04-10', 'en-US')).toBe('Saturday, April 10, 2027');
    expect(formatMonth('2026-04-15T10:00:00Z', 'en-GB')).toBe('April 2026');
  });

  it.each([
    [1, 'in 1 second'],
    [45, 'in 45 seconds'],
    [60, 'in 1 minute'],
    [61, 'in 2 minutes'],
    [3599, 'in 60 minutes'],
    [3600, 'in 1 hour'],
    [3601, 'in 2 hours'],
    [0, 'in 1 second'],
  ])('says a wait of %i s as “%s”', (seconds, want) => {
    expect(formatWait(seconds, 'en')).toBe(want);
  });
});
