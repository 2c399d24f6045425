import { describe, expect, it } from 'vitest';
import type { Tournament } from '../api/types';
import { tournament as fixture } from '../test/fixtures';
import { localDay } from './groups';
import { boardsLink, daysFrom, endedDay, gamesText, homeDigest, relativeDay, roundText } from './home';

// Days relative to the run: today, and today moved by n days, as YYYY-MM-DD in local time.
function day(n: number): string {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return localDay(d);
}

function tournament(over: Partial<Tournament>): Tournament {
  return fixture({ name: 'Club night', start_date: day(0), end_date: day(0), created_by: 1, created_at: new Date().toISOString(), ...over });
}

describe('roundText', () => {
  it.each([
    { rounds: 7, current_round: 3, want: 'Round 3 of 7' },
    { rounds: null, current_round: 2, want: 'Round 2' },
    { rounds: 5, current_round: 0, want: 'Not paired yet' },
  ])('rounds $rounds, current $current_round: $want', ({ rounds, current_round, want }) => {
    expect(roundText({ rounds, current_round })).toBe(want);
  });
});

describe('gamesText', () => {
  it.each([
    { round_games: { total: 8, played: 3 }, want: '3 of 8 games played' },
    { round_games: { total: 8, played: 0 }, want: '0 of 8 games played' },
    { round_games: { total: 8, played: 8 }, want: 'all 8 games played' },
    { round_games: { total: 1, played: 0 }, want: '0 of 1 game played' },
    { round_games: { total: 1, played: 1 }, want: 'the game played' },
    { round_games: { total: 0, played: 0 }, want: '' },
    { round_games: undefined, want: '' },
  ])('$round_games: $want', ({ round_games, want }) => {
    expect(gamesText({ round_games })).toBe(want);
  });
});

describe('boardsLink', () => {
  it.each([
    { format: 'swiss' as const, want: '/tournaments/4?tab=pairings' },
    { format: 'round_robin' as const, want: '/tournaments/4?tab=pairings' },
    { format: 'knockout' as const, want: '/tournaments/4?tab=bracket' },
  ])('$format', ({ format, want }) => {
    expect(boardsLink({ id: 4, format })).toBe(want);
  });
});

describe('relativeDay', () => {
  it.each([
    { n: 0, want: 'today' },
    { n: 1, want: 'tomorrow' },
    { n: 3, want: 'in 3 days' },
    { n: -1, want: 'yesterday' },
    { n: -5, want: '5 days ago' },
    { n: 21, want: 'in 3 weeks' },
    { n: -14, want: '2 weeks ago' },
  ])('$n days from today: $want', ({ n, want }) => {
    expect(relativeDay(day(n), day(0), 'en')).toBe(want);
  });

  it('counts calendar days across a month end', () => {
    expect(daysFrom('2030-03-01', '2030-02-27')).toBe(2);
  });

  it('is empty for a date it cannot read', () => {
    expect(relativeDay('soon', day(0), 'en')).toBe('');
  });
});

describe('endedDay', () => {
  it.each([
    { end: -4, want: -4, why: 'its last day, when it finished on it or later' },
    { end: 0, want: 0, why: 'today, its last day' },
    { end: 2, want: 0, why: 'today, when it finished before its last day' },
  ])('$why', ({ end, want }) => {
    expect(endedDay({ end_date: day(end) }, day(0))).toBe(day(want));
  });
});

describe('homeDigest', () => {
  const running = [tournament({ id: 1, state: 'running', current_round: 2 })];
  const upcoming = [1, 2, 3, 4].map((n) => tournament({ id: 10 + n, state: 'open', start_date: day(n), end_date: day(n) }));
  const past = [
    tournament({ id: 20, state: 'finished', end_date: day(-3), finished_at: new Date(Date.now() - 3 * 86_400_000).toISOString() }),
    tournament({ id: 21, state: 'finished', end_date: day(-10), finished_at: new Date(Date.now() - 3_600_000).toISOString() }),
    tournament({ id: 22, state: 'open', end_date: day(-1) }),
  ];

  it('keeps the running ones, the three next ones and the latest finish', () => {
    const got = homeDigest(running, upcoming, past);
    expect(got.running.map((t) => t.id)).toEqual([1]);
    expect(got.next.map((t) => t.id)).toEqual([11, 12, 13]);
    // The one finished last, though it ended earlier by its dates; never one that did not start.
    expect(got.lastFinished?.id).toBe(21);
  });

  it('has no latest finish when none finished', () => {
    expect(homeDigest([], [], [past[2]!]).lastFinished).toBeNull();
  });
});
