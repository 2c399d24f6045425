import { describe, expect, it } from 'vitest';
import type { Crosstable, MatchStage, PlayerCard, PlayerRef } from '../api/types';
import { bracketAhead, bracketRoundName, cardLines, gridGameLabel, matchScore, performanceText, ratingLabel, ratingOf, roundRobinGrid } from './views';

const ref = (n: number, rating: number | null = 1500): PlayerRef => ({ member_id: 10 + n, start_rank: n, full_name: `Player ${n}`, rating });

describe('ratingLabel', () => {
  it.each([
    [null, undefined, 'unrated'],
    [null, 'unrated', 'unrated'],
    [1200, 'unrated', 'unrated'],
    [1500, 'declared', '1500 (declared)'],
    [1712, 'rated', '1712'],
    [1712, undefined, '1712'],
  ] as const)('shows %s (%s) as %s', (rating, status, want) => {
    expect(ratingLabel(rating, status)).toBe(want);
  });

  it('finds the status of a reference among the entries', () => {
    const players = [
      { member_id: 11, rating: 1500, rating_status: 'declared' as const },
      { member_id: 12, rating: null, rating_status: 'unrated' as const },
    ];
    expect(ratingOf(players, ref(1))).toBe('1500 (declared)');
    expect(ratingOf(players, ref(2, null))).toBe('unrated');
    expect(ratingOf(players, ref(3, 1800))).toBe('1800');
  });
});

describe('roundRobinGrid', () => {
  // A double round robin of three, two rounds played: 1–2 and 2–1 (1 won as White, drew as
  // Black), 3 free in both; round 3 (1 against 3) still being played.
  const crosstable: Crosstable = {
    rounds: 3,
    players: [
      {
        player: ref(3),
        points: 0,
        withdrawn: false,
        rounds: [
          { round: 1, opponent: null, colour: null, result: 'Z', points: 0 },
          { round: 2, opponent: null, colour: null, result: 'Z', points: 0 },
          { round: 3, opponent: 1, colour: 'black', result: null, points: null },
        ],
      },
      {
        player: ref(1),
        points: 1.5,
        withdrawn: false,
        rounds: [
          { round: 1, opponent: 2, colour: 'white', result: '1', points: 1 },
          { round: 2, opponent: 2, colour: 'black', result: '=', points: 0.5 },
          { round: 3, opponent: 3, colour: 'white', result: null, points: null },
        ],
      },
      {
        player: ref(2),
        points: 0.5,
        withdrawn: false,
        rounds: [
          { round: 1, opponent: 1, colour: 'black', result: '0', points: 0 },
          { round: 2, opponent: 1, colour: 'white', result: '=', points: 0.5 },
          { round: 3, opponent: null, colour: null, result: '-', points: 0 },
        ],
      },
    ],
  };

  it('orders rows and columns by pairing number and shades the diagonal', () => {
    const grid = roundRobinGrid(crosstable);
    expect(grid.players.map((p) => p.start_rank)).toEqual([1, 2, 3]);
    expect(grid.cells.map((row) => row.map((c) => c.own))).toEqual([
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ]);
  });

  it('puts both games of a pair in their cell, with the row player’s colour and result', () => {
    const { cells } = roundRobinGrid(crosstable);
    expect(cells[0]![1]!.games).toEqual([
      { colour: 'white', text: '1', round: 1 },
      { colour: 'black', text: '½', round: 2 },
    ]);
    expect(cells[1]![0]!.games).toEqual([
      { colour: 'black', text: '0', round: 1 },
      { colour: 'white', text: '½', round: 2 },
    ]);
    expect(cells[0]![2]!.games).toEqual([{ colour: 'white', text: '…', round: 3 }]);
    expect(cells[2]![0]!.games).toEqual([{ colour: 'black', text: '…', round: 3 }]);
    expect(cells[1]![2]!.games).toEqual([]);
  });

  it('says a game in words', () => {
    expect(gridGameLabel({ colour: 'black', text: '½', round: 2 })).toBe('Round 2, Black, drawn');
    expect(gridGameLabel({ colour: 'white', text: '…', round: 3 })).toBe('Round 3, White, being played');
  });
});

describe('bracket', () => {
  it.each([
    [3, 3, 'Final'],
    [2, 3, 'Semi-finals'],
    [1, 3, 'Quarter-finals'],
    [1, 5, 'Round 1'],
    [2, null, 'Round 2'],
  ])('names round %i of %s: %s', (n, total, want) => {
    expect(bracketRoundName(n, total)).toBe(want);
  });

  const stage = (s: MatchStage['stage'], games: number, played: number, a: number, b: number): MatchStage => ({ stage: s, games, played, a, b });

  it.each([
    ['a match of two games won outright', [stage('classical', 2, 2, 1.5, 0.5)], '1½–½', '½–1½'],
    ['a tie decided in the rapid games', [stage('classical', 2, 2, 1, 1), stage('rapid', 2, 2, 1.5, 0.5), stage('blitz', 2, 0, 0, 0)], '1–1, rapid 1½–½', '1–1, rapid ½–1½'],
    ['a match still being played', [stage('classical', 2, 1, 0, 1)], '0–1', '1–0'],
  ])('scores %s from each side', (_, stages, a, b) => {
    const m = { b: ref(2), stages };
    expect(matchScore(m)).toBe(a);
    expect(matchScore(m, true)).toBe(b);
  });

  it('calls a match without an opponent a bye', () => {
    expect(matchScore({ stages: [] })).toBe('bye');
  });
});

describe('cardLines', () => {
  it('writes each round of a card in words', () => {
    const card: Pick<PlayerCard, 'rounds'> = {
      rounds: [
        { round: 1, opponent: ref(4, 1620), colour: 'white', result: '1', points: 1 },
        { round: 2, opponent: ref(2, null), colour: 'black', result: '=', points: 0.5 },
        { round: 3, opponent: null, colour: null, result: 'H', points: 0.5 },
        { round: 4, opponent: ref(5), colour: 'black', result: '-', points: 0 },
        { round: 5, opponent: ref(6), colour: 'white', result: null, points: null },
      ],
    };
    expect(cardLines(card)).toEqual([
      { round: 1, opponent: 'Player 4 (1620)', colour: 'White', result: 'won (1)' },
      { round: 2, opponent: 'Player 2 (unrated)', colour: 'Black', result: 'drawn (½)' },
      { round: 3, opponent: 'half-point bye', colour: '', result: '½' },
      { round: 4, opponent: 'Player 5 (1500)', colour: 'Black', result: 'lost by forfeit (0)' },
      { round: 5, opponent: 'Player 6 (1500)', colour: 'White', result: 'being played' },
    ]);
  });
});

describe('bracketAhead', () => {
  const match = (a: number, b: number, winner?: number) => ({ a: ref(a), b: ref(b), score: '', stages: [], boards: [], winner: winner ? ref(winner) : undefined });

  it('draws the rounds to come from the winners so far, in the bracket’s order', () => {
    const bracket = { rounds: [{ number: 1, matches: [match(1, 8, 1), match(4, 5), match(2, 7, 7), match(3, 6, 3)] }] };
    expect(bracketAhead(bracket, 3)).toEqual([
      { number: 2, matches: [['Player 1', 'Winner of Player 4 – Player 5'], ['Player 7', 'Player 3']] },
      { number: 3, matches: [['Winner of semi-final 1', 'Winner of semi-final 2']] },
    ]);
  });

  it('names the winners of early rounds by match and round', () => {
    const bracket = { rounds: [{ number: 1, matches: Array.from({ length: 16 }, (_, i) => match(i + 1, 32 - i)) }] };
    const ahead = bracketAhead(bracket, 5);
    expect(ahead.map((r) => r.matches.length)).toEqual([8, 4, 2, 1]);
    expect(ahead[1]!.matches[0]).toEqual(['Winner of match 1 of round 2', 'Winner of match 2 of round 2']);
    expect(ahead[2]!.matches[1]).toEqual(['Winner of quarter-final 3', 'Winner of quarter-final 4']);
    expect(ahead[3]!.matches[0]).toEqual(['Winner of semi-final 1', 'Winner of semi-final 2']);
  });

  it('draws nothing once the final is paired, or before the first round', () => {
    expect(bracketAhead({ rounds: [{ number: 2, matches: [match(1, 2)] }] }, 2)).toEqual([]);
    expect(bracketAhead({ rounds: [] }, 3)).toEqual([]);
  });
});

describe('card', () => {
  it('marks a declared opponent rating when the entries say so', () => {
    const card: Pick<PlayerCard, 'rounds'> = { rounds: [{ round: 1, opponent: ref(4, 1620), colour: 'black', result: '0', points: 0 }] };
    const players = [{ member_id: 14, rating: 1620, rating_status: 'declared' as const }];
    expect(cardLines(card, (p) => ratingOf(players, p))[0]!.opponent).toBe('Player 4 (1620 (declared))');
  });

  it.each([
    [1834, false, '1834'],
    [1834, true, '1834'],
    [null, true, 'not counted: some players are unrated'],
    [null, false, 'none yet'],
  ])('says a performance of %s (anyone unrated: %s) as %s', (perf, unrated, want) => {
    expect(performanceText(perf, unrated)).toBe(want);
  });
});
