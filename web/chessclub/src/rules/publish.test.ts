import { describe, expect, it } from 'vitest';
import type { Crosstable, PlayerRef, Standings } from '../api/types';
import { PAGE_SECONDS, crosstableByPlace, pageOf, projectorSeconds, projectorShow, projectorSubtitle, publicLinks, rowsThatFit } from './publish';

const ref = (n: number): PlayerRef => ({ member_id: 10 + n, start_rank: n, full_name: `Player ${n}`, rating: 1500 });
const row = (n: number, points: number) => ({ player: ref(n), points, withdrawn: false, rounds: [] });
const crosstable: Crosstable = { rounds: 1, players: [row(1, 1), row(2, 0), row(3, 1), row(4, 0.5)] };

describe('crosstableByPlace', () => {
  const standings = (places: [number, number][]): Standings => ({
    round: 1,
    tiebreaks: ['PTS'],
    rows: places.map(([n, place]) => ({ place, player: ref(n), values: {}, withdrawn: false })),
  });

  it.each([
    {
      name: 'follows the standings, each place once',
      standings: standings([
        [3, 1],
        [1, 2],
        [4, 3],
        [2, 4],
      ]),
      want: [
        [3, '1'],
        [1, '2'],
        [4, '3'],
        [2, '4'],
      ],
    },
    {
      name: 'writes a shared place as a range on its first row',
      standings: standings([
        [1, 1],
        [3, 1],
        [4, 3],
        [2, 4],
      ]),
      want: [
        [1, '1–2'],
        [3, ''],
        [4, '3'],
        [2, '4'],
      ],
    },
    {
      name: 'without standings, orders by points then pairing number, with no place',
      standings: null,
      want: [
        [1, ''],
        [3, ''],
        [4, ''],
        [2, ''],
      ],
    },
    {
      name: 'puts a player the standings leave out after those they list',
      standings: standings([
        [2, 1],
        [4, 2],
      ]),
      want: [
        [2, '1'],
        [4, '2'],
        [1, ''],
        [3, ''],
      ],
    },
  ])('$name', ({ standings: s, want }) => {
    expect(crosstableByPlace(crosstable, s).map((p) => [p.row.player.start_rank, p.place])).toEqual(want);
  });
});

describe('pageOf', () => {
  const rows = Array.from({ length: 10 }, (_, i) => i + 1);
  it.each([
    { perPage: 4, index: 0, want: { rows: [1, 2, 3, 4], page: 1, pages: 3 } },
    { perPage: 4, index: 2, want: { rows: [9, 10], page: 3, pages: 3 } },
    { perPage: 4, index: 3, want: { rows: [1, 2, 3, 4], page: 1, pages: 3 } },
    { perPage: 10, index: 7, want: { rows, page: 1, pages: 1 } },
    { perPage: 0, index: 1, want: { rows: [2], page: 2, pages: 10 } },
    { perPage: 4.9, index: -1, want: { rows: [9, 10], page: 3, pages: 3 } },
  ])('perPage $perPage, index $index: page $want.page of $want.pages', ({ perPage, index, want }) => {
    expect(pageOf(rows, perPage, index)).toEqual(want);
  });

  it('makes no rows one empty page', () => {
    expect(pageOf([], 5, 3)).toEqual({ rows: [], page: 1, pages: 1 });
  });
});

describe('rowsThatFit', () => {
  it.each([
    [600, 40, 3, 15],
    [619, 40, 3, 15],
    [60, 40, 3, 3],
    [600, 0, 3, 3],
    [Number.NaN, 40, 5, 5],
  ])('%d px of %d-px rows (at least %d): %d', (available, rowHeight, minimum, want) => {
    expect(rowsThatFit(available, rowHeight, minimum)).toBe(want);
  });
});

describe('projectorShow', () => {
  it.each([
    ['pairings', 'pairings'],
    ['standings', 'standings'],
    [null, 'standings'],
    ['crosstable', 'standings'],
  ] as const)('reads %s as %s', (param, want) => {
    expect(projectorShow(param)).toBe(want);
  });
});

describe('publicLinks', () => {
  it.each([
    { name: 'the app’s own origin', origin: 'https://club.example', api: '/api', want: 'https://club.example' },
    { name: 'a trailing slash left out', origin: 'https://club.example/', api: '/api', want: 'https://club.example' },
    { name: 'the API’s server for a native app', origin: 'capacitor://localhost', api: 'https://chess.example.org/api', want: 'https://chess.example.org' },
  ])('$name', ({ origin, api, want }) => {
    expect(publicLinks(origin, api, 7)).toEqual({ tournament: `${want}/tournaments/7`, projector: `${want}/tournaments/7/projector` });
  });
});

describe('projectorSeconds', () => {
  it.each([
    [null, PAGE_SECONDS],
    ['2', 2],
    ['30', 30],
    ['600', 600],
    ['1', PAGE_SECONDS],
    ['601', PAGE_SECONDS],
    ['1.5', PAGE_SECONDS],
    ['ten', PAGE_SECONDS],
  ] as const)('reads %s as %d', (param, want) => {
    expect(projectorSeconds(param)).toBe(want);
  });
});

describe('projectorSubtitle', () => {
  const running = { rounds: 7, state: 'running' as const };
  it.each([
    { show: 'pairings' as const, t: running, last: 4, standings: null, want: 'Round 4 of 7: pairings' },
    { show: 'pairings' as const, t: { rounds: null, state: 'running' as const }, last: 2, standings: null, want: 'Round 2: pairings' },
    { show: 'pairings' as const, t: running, last: null, standings: null, want: 'Pairings' },
    { show: 'standings' as const, t: running, last: 4, standings: { round: 3 }, want: 'Standings after round 3' },
    { show: 'standings' as const, t: running, last: 1, standings: { round: 0 }, want: 'Standings before the first complete round' },
    { show: 'standings' as const, t: { rounds: 7, state: 'finished' as const }, last: 7, standings: { round: 7 }, want: 'Final standings after round 7' },
    { show: 'standings' as const, t: running, last: null, standings: null, want: 'Standings' },
  ])('$want', ({ show, t, last, standings, want }) => {
    expect(projectorSubtitle(show, t, last, standings)).toBe(want);
  });
});
