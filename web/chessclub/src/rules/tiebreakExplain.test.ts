import { describe, expect, it } from 'vitest';
import type { TiebreakBreakdown, TiebreakTerm } from '../api/types';
import { explainTiebreak } from './tiebreakExplain';

const names: Record<number, string> = { 1: 'Ana Petrova', 2: 'Ben Okafor', 3: 'Cleo Martin', 4: 'Dan Weiss', 5: 'Eve Lund', 6: 'Finn Berg' };
const nameOf = (n: number) => names[n] ?? `player ${n}`;

function game(round: number, opponent: number, value: number, more: Partial<TiebreakTerm> = {}): TiebreakTerm {
  return { round, opponent, kind: 'game', score: value, points: 1, value, ...more };
}

describe('explainTiebreak', () => {
  const cases: { name: string; code: string; value: number | null; b: TiebreakBreakdown; formula: string; lines?: string[]; summary?: RegExp }[] = [
    {
      name: 'Buchholz Cut-1 cuts the lowest opponent',
      code: 'BH/C1',
      value: 14.5,
      b: { method: 'sum', terms: [game(1, 1, 3), game(2, 2, 2.5), game(3, 3, 4), game(4, 4, 3), game(5, 5, 2), game(6, 6, 1.5, { left_out: true })] },
      formula: '3 + 2.5 + 4 + 3 + 2 = 14.5; cut: 1.5',
      lines: ['Round 1: Ana Petrova, opponent’s score 3', 'Round 6: Finn Berg, opponent’s score 1.5 — cut'],
    },
    {
      name: 'Sonneborn-Berger: beaten opponents in full, drawn ones in half, a bye against a virtual opponent',
      code: 'SB',
      value: 5.5,
      b: {
        method: 'sum',
        terms: [
          { round: 1, opponent: 4, kind: 'forfeit', virtual: true, score: 1, points: 1, value: 1 },
          game(2, 2, 2.5, { score: 2.5, points: 1 }),
          game(3, 3, 1, { score: 2, points: 0.5 }),
          { round: 4, kind: 'bye', virtual: true, score: 2, points: 0.5, value: 1 },
        ],
      },
      formula: '1 + 2.5 + 1 + 1 = 5.5',
      lines: [
        'Round 1: Dan Weiss, not played (forfeit), counts as a virtual opponent with 1 point (FIDE’s rule for rounds not played), × 1 scored = 1',
        'Round 3: Cleo Martin, opponent’s score 2 × ½ scored = 1',
        'Round 4: half-point bye, counts as a virtual opponent with 2 points (FIDE’s rule for rounds not played), × ½ scored = 1',
      ],
      summary: /beaten.*half the scores of those drawn/,
    },
    {
      name: 'points with halves, a pairing bye and an absence',
      code: 'PTS',
      value: 1.5,
      b: { method: 'sum', terms: [game(1, 2, 0.5, { points: 0.5 }), { round: 2, kind: 'pairing_bye', points: 1, value: 1 }, { round: 3, kind: 'bye', points: 0, value: 0 }] },
      formula: '½ + 1 + 0 = 1½',
      lines: ['Round 1: Ben Okafor, ½ scored', 'Round 2: bye from the pairing, 1 scored', 'Round 3: absent or zero-point bye, 0 scored'],
    },
    {
      name: 'the number of wins counts the rounds won',
      code: 'WIN',
      value: 2,
      b: { method: 'sum', terms: [{ ...game(1, 2, 1), value: 1 }, { round: 3, kind: 'pairing_bye', points: 1, value: 1 }] },
      formula: '1 + 1 = 2',
    },
    {
      name: 'average rating of the opponents, the lowest cut',
      code: 'ARO/C1',
      value: 1650,
      b: { method: 'average', terms: [game(1, 2, 1700), game(2, 3, 1600), game(3, 4, 1200, { left_out: true })] },
      formula: '(1700 + 1600) ÷ 2 = 1650, rounded; cut: 1200',
    },
    {
      name: 'performance rating: the average and the difference',
      code: 'TPR',
      value: 1843,
      b: { method: 'performance', score: 1.5, difference: 193, terms: [game(1, 2, 1700), game(2, 3, 1600)] },
      formula: 'average rating 1650 + 193 for 1½ of 2 = 1843',
    },
    {
      name: 'Koya leaves out the opponents below the limit',
      code: 'KS',
      value: 1,
      b: { method: 'sum', limit: 2, terms: [game(1, 2, 1, { score: 3 }), game(2, 3, 0.5, { score: 1, left_out: true })] },
      formula: '1 = 1; not counted (opponents below the limit): 0.5',
      summary: /at least 2 points/,
    },
    {
      name: 'direct encounter that decides nothing says so',
      code: 'DE',
      value: 0,
      b: { method: 'place', terms: [] },
      formula: '',
      summary: /is 0/,
    },
    {
      name: 'no value for a rating tie-break says why',
      code: 'ARO',
      value: null,
      b: { method: 'average', terms: [] },
      formula: '',
      summary: /No value: .*unrated/,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const got = explainTiebreak(c.code, c.value, c.b, nameOf);
      expect(got.formula).toBe(c.formula);
      if (c.lines) for (const line of c.lines) expect(got.lines.map((l) => l.text)).toContain(line);
      if (c.summary) expect(got.summary).toMatch(c.summary);
      expect(got.lines.filter((l) => !l.counted).length).toBe(c.value === null ? 0 : c.b.terms.filter((t) => t.left_out).length);
    });
  }
});
