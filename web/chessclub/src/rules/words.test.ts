import { describe, expect, it } from 'vitest';
import { namedText, plainText, problemText } from './words';

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

describe('plainText', () => {
  it.each([
    ['Set the number of rounds (PATCH the tournament) before starting a Swiss.', 'Set the number of rounds before starting a Swiss.'],
    ['A valid bearer token is required; log in with POST /api/login.', 'A valid bearer token is required; log in.'],
    ['Byes asked for stand in the way of this change: Ana. Cancel them first (DELETE /api/tournaments/3/players/{member_id}/byes/{round}); nothing was changed.', 'Byes asked for stand in the way of this change: Ana. Cancel them first; nothing was changed.'],
    ['is you: enter yourself with POST /api/tournaments/{id}/players', 'is you: enter yourself'],
    ['start_date must not be after end_date', 'start date must not be after end date'],
    ['The tournament has started.', 'The tournament has started.'],
  ])('%s', (text, want) => {
    expect(plainText(text)).toBe(want);
  });

  it('names each field in words when a problem has no detail', () => {
    expect(problemText({ type: 'about:blank', title: 'Unprocessable Entity', status: 422, errors: { member_id: 'is not a member', rounds: 'must be 1 to 50' } })).toBe(
      'Member: is not a member Rounds: must be 1 to 50',
    );
  });
});
