import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { emptyTournament, registration, splitError, tournamentInput, validateLogin, validateRegister, validateTournament } from './forms';

describe('validateRegister', () => {
  const ok = { username: 'alice', password: 'correct horse', full_name: 'Alice Liddell', email: '' };

  it('accepts a valid form and leaves out an empty email', () => {
    expect(validateRegister(ok)).toEqual({});
    expect(registration({ ...ok, username: ' Alice ' })).toEqual({ username: 'alice', password: 'correct horse', full_name: 'Alice Liddell' });
  });

  it.each([
    [{ username: 'al' }, 'username'],
    [{ username: 'al ice' }, 'username'],
    [{ username: 'a'.repeat(33) }, 'username'],
    [{ password: 'short' }, 'password'],
    [{ password: 'x'.repeat(129) }, 'password'],
    [{ full_name: '  ' }, 'full_name'],
    [{ email: 'not-an-address' }, 'email'],
  ])('rejects %o in %s', (change, field) => {
    expect(Object.keys(validateRegister({ ...ok, ...change }))).toEqual([field]);
  });
});

describe('validateTournament', () => {
  const ok = { ...emptyTournament, name: 'Spring Open', start_date: '2026-04-01', end_date: '2026-04-02' };

  it('accepts a valid form and converts rounds', () => {
    expect(validateTournament(ok)).toEqual({});
    expect(tournamentInput({ ...ok, rounds: '7' }).rounds).toBe(7);
    expect(tournamentInput(ok).rounds).toBeNull();
  });

  it('requires a name and both dates, in order', () => {
    expect(validateTournament(emptyTournament)).toEqual({
      name: 'Enter a name.',
      start_date: 'Enter the start date.',
      end_date: 'Enter the end date.',
    });
    expect(validateTournament({ ...ok, end_date: '2026-03-31' })).toEqual({ end_date: 'The end date cannot be before the start date.' });
  });

  it.each(['0', '31', '2.5', 'five'])('rejects %s rounds', (rounds) => {
    expect(Object.keys(validateTournament({ ...ok, rounds }))).toEqual(['rounds']);
  });
});

describe('splitError', () => {
  const invalid = new ApiError({ type: 't', title: 'Validation failed', status: 422, detail: 'The request has invalid fields.', errors: { name: 'is required', secret: 'is wrong' } });

  it('puts known fields next to the inputs and the rest in the toast', () => {
    expect(splitError(invalid, ['name'])).toEqual({ fields: { name: 'is required' }, toast: 'The request has invalid fields. secret: is wrong' });
  });

  it('needs no toast when the fields say it all', () => {
    expect(splitError(invalid, ['name', 'secret'])).toEqual({ fields: { name: 'is required', secret: 'is wrong' }, toast: '' });
  });

  it('toasts errors without fields', () => {
    const conflict = new ApiError({ type: 't', title: 'Forbidden', status: 403, detail: 'Only the creator may delete it.' });
    expect(splitError(conflict, ['name'])).toEqual({ fields: {}, toast: 'Only the creator may delete it.' });
    expect(splitError(new Error('boom'), [])).toEqual({ fields: {}, toast: 'boom' });
  });
});

describe('validateLogin', () => {
  it.each([
    [{ username: 'magnus', password: 'e4 e5 Nf3' }, {}],
    [{ username: '  ', password: 'x' }, { username: 'Enter your username.' }],
    [{ username: 'magnus', password: '' }, { password: 'Enter your password.' }],
    [{ username: '', password: '' }, { username: 'Enter your username.', password: 'Enter your password.' }],
    // A password is taken as typed: spaces may be part of it.
    [{ username: 'magnus', password: '   ' }, {}],
  ])('%o gives %o', (values, want) => {
    expect(validateLogin(values)).toEqual(want);
  });
});
