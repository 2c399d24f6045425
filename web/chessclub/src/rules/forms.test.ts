import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/problem';
import { advancedChanged, emptyTournament, emptyWalkIn, validateWalkIn, walkIn, roundDatesProblem, setRoundDate, type TournamentValues, length, parsePoints, registration, splitError, textProblem, tournamentInput, trimSpace, validateLogin, validateRegister, validateTournament } from './forms';

describe('validateRegister', () => {
  const ok = { username: 'alice', password: 'correct horse', full_name: 'Alice Liddell', email: '', declared_rating: '' };

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

// Characters outside the Basic Multilingual Plane: one code point (what the server counts) but two
// UTF-16 code units (what String.length counts).
const EMOJI = '😀';
const ASTRAL = '𝔄'; // U+1D504 MATHEMATICAL FRAKTUR CAPITAL A

/** shown writes a test value for a test's title, with everything but printable ASCII escaped. */
const shown = (s: string) => JSON.stringify(s).replace(/[^\x20-\x7e]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
/** titled moves each row's first value to its end and puts a readable form of it in front. */
const titled = <T extends unknown[]>(rows: [string, ...T][]) => rows.map(([value, ...rest]) => [shown(value), ...rest, value] as [string, ...T, string]);

describe('length', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    [EMOJI, 1],
    [ASTRAL.repeat(3), 3],
    ['e\u0301', 2], // e and a combining accent: two code points, as the server counts
    ['👨\u200d👩\u200d👧', 5], // a family: three emoji and two zero-width joiners
  ])('%s has %d characters', (s, n) => {
    expect(length(s)).toBe(n);
  });
});

describe('trimSpace', () => {
  it('trims what the server trims (Go white space)', () => {
    expect(trimSpace(' \t\n Alice \r\n')).toBe('Alice');
    expect(trimSpace('\u0085\u00a0\u2003Alice\u3000\u2028')).toBe('Alice');
    // U+FEFF is no white space to the server, although String.prototype.trim removes it.
    expect(trimSpace('\ufeffAlice')).toBe('\ufeffAlice');
  });
});

describe('textProblem', () => {
  it.each(titled([
    ['Magnus Carlsen', ''],
    ['Ōkami 🐺 龍', ''],
    ['👨\u200d👩\u200d👧 family', ''],
    ['شطرنج', ''],
    ['\u0301', ''], // a lone combining mark is visible to the server
    ['a\u200eb', ''], // the left-to-right mark is not one of the refused controls
    ['first\nsecond', 'Use a single line, without tabs.'],
    ['first\r\nsecond', 'Use a single line, without tabs.'],
    ['a\tb', 'Use a single line, without tabs.'],
    ['a\u0000b', 'Remove the control characters.'],
    ['a\u0007b', 'Remove the control characters.'],
    ['a\u000bb', 'Remove the control characters.'],
    ['a\u007fb', 'Remove the control characters.'],
    ['a\u0085b', 'Remove the control characters.'],
    ['\u200b', 'Use at least one visible character.'],
    ['\u200b\u200d\ufeff', 'Use at least one visible character.'],
  ]))('%s gives %j', (_title, want, s) => {
    expect(textProblem(s)).toBe(want);
  });

  it.each(titled(['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'].map((c): [string] => [c])))(
    'refuses the bidirectional control %s, on one line or many',
    (_title, c) => {
      expect(textProblem(`evil${c}gnp.exe`)).toBe('Remove the text-direction control characters.');
      expect(textProblem(`evil${c}gnp.exe`, true)).toBe('Remove the text-direction control characters.');
    },
  );

  it('lets a multi-line text keep tabs and line breaks, but no other control', () => {
    expect(textProblem('Seen in 1933.\n\tAgain in 1934.\r\n', true)).toBe('');
    expect(textProblem('a\u0000b', true)).toBe('Remove the control characters.');
    expect(textProblem('\n\t', true)).toBe('Use at least one visible character.');
  });
});

describe('validateRegister counts characters as the server does', () => {
  const ok = { username: 'alice', password: 'correct horse', full_name: 'Alice Liddell', email: '', declared_rating: '' };
  const errors = (change: Partial<typeof ok>) => validateRegister({ ...ok, ...change });

  it('counts an emoji in a password as one character', () => {
    // 100 emoji are 200 code units but 100 characters: the server takes them.
    expect(errors({ password: EMOJI.repeat(100) })).toEqual({});
    expect(errors({ password: ASTRAL.repeat(128) })).toEqual({});
    expect(errors({ password: ASTRAL.repeat(129) })).toEqual({ password: 'Use at most 128 characters.' });
    // 5 emoji are 10 code units but 5 characters: too short for the server.
    expect(errors({ password: EMOJI.repeat(5) })).toEqual({ password: 'Use at least 8 characters.' });
    expect(errors({ password: EMOJI.repeat(8) })).toEqual({});
    expect(errors({ password: 'abc' + EMOJI.repeat(4) })).toEqual({ password: 'Use at least 8 characters.' });
  });

  it('counts the full name and email in characters', () => {
    expect(errors({ full_name: ASTRAL.repeat(100) })).toEqual({});
    expect(errors({ full_name: ASTRAL.repeat(101) })).toEqual({ full_name: 'Use at most 100 characters.' });
    expect(errors({ full_name: `  ${EMOJI.repeat(100)}\t` })).toEqual({});
    const local = 'a'.repeat(64);
    expect(errors({ email: `${local}@${'b'.repeat(185)}.org` })).toEqual({}); // 254 characters
    expect(errors({ email: `${local}@${'b'.repeat(186)}.org` })).toEqual({ email: 'Use at most 254 characters.' });
  });
});

describe('validateRegister refuses what the server refuses', () => {
  const ok = { username: 'alice', password: 'correct horse', full_name: 'Alice Liddell', email: '', declared_rating: '' };
  const errors = (change: Partial<typeof ok>) => validateRegister({ ...ok, ...change });

  it.each(titled([
    ['Alice\nLiddell', 'Use a single line, without tabs.'],
    ['Alice\tLiddell', 'Use a single line, without tabs.'],
    ['Alice\u0007', 'Remove the control characters.'],
    ['Alice\u202eLiddell', 'Remove the text-direction control characters.'],
    ['\u2067Alice\u2069', 'Remove the text-direction control characters.'],
    ['\u200b', 'Use at least one visible character.'],
    [' \u3000 ', 'Enter your full name.'],
  ]))('full name %s: %s', (_title, message, full_name) => {
    expect(errors({ full_name })).toEqual({ full_name: message });
  });

  it('accepts names in any script, with emoji', () => {
    expect(errors({ full_name: 'Ōkami 🐺 龍' })).toEqual({});
    expect(errors({ full_name: '👨\u200d👩\u200d👧 Polgár' })).toEqual({});
  });

  it.each(titled([
    ['alicé'], // a letter outside a–z
    ['ａlice'], // a full-width a
    ['\u212aasparov'], // the Kelvin sign, which lower-cases to an ASCII "k"
    ['al\u202eice'],
    ['al\tice'],
    ['ali😀'],
  ]))('refuses the username %s', (_title, username) => {
    expect(Object.keys(errors({ username }))).toEqual(['username']);
  });

  it.each(['Alice', 'a.b-c_d', 'ABC', 'x'.repeat(32), ' alice '])('accepts the username %j', (username) => {
    expect(errors({ username })).toEqual({});
  });

  it('refuses an email with invisible controls', () => {
    expect(errors({ email: 'alice@example.edu\u202e' })).toEqual({ email: 'Remove the text-direction control characters.' });
    expect(errors({ email: 'alice\u0000@example.edu' })).toEqual({ email: 'Remove the control characters.' });
  });

  it('sends the values trimmed as the server would', () => {
    expect(registration({ ...ok, username: '\u00a0Alice\u3000', full_name: '\u2003Alice\u0085', email: ' a@b.cd\t' })).toEqual({
      username: 'alice',
      password: 'correct horse',
      full_name: 'Alice',
      email: 'a@b.cd',
    });
  });
});

describe('validateTournament', () => {
  const ok = { ...emptyTournament, name: 'Spring Open', start_date: '2026-04-01', end_date: '2026-04-02' };

  it('accepts a valid form and converts rounds', () => {
    expect(validateTournament(ok)).toEqual({});
    expect(tournamentInput({ ...ok, rounds: '7' }).rounds).toBe(7);
    expect(tournamentInput(ok).rounds).toBeNull();
    expect(validateTournament({ ...ok, rounds: '50' })).toEqual({}); // the server's limit
  });

  it('requires a name and both dates, in order', () => {
    expect(validateTournament(emptyTournament)).toEqual({
      name: 'Enter a name.',
      start_date: 'Enter the start date.',
      end_date: 'Enter the end date.',
    });
    expect(validateTournament({ ...ok, end_date: '2026-03-31' })).toEqual({ end_date: 'The end date cannot be before the start date.' });
  });

  it.each(['0', '51', '2.5', 'five'])('rejects %s rounds', (rounds) => {
    expect(Object.keys(validateTournament({ ...ok, rounds }))).toEqual(['rounds']);
  });

  it.each([
    ['name', 100],
    ['location', 100],
    ['time_control', 50],
    ['description', 2000],
  ] as const)('counts %s in characters, at most %d', (field, max) => {
    expect(validateTournament({ ...ok, [field]: EMOJI.repeat(max) })).toEqual({});
    expect(validateTournament({ ...ok, [field]: ASTRAL.repeat(max + 1) })).toEqual({ [field]: `Use at most ${max} characters.` });
  });

  it.each(['name', 'location', 'time_control'] as const)('keeps %s to one line without controls', (field) => {
    expect(validateTournament({ ...ok, [field]: 'Spring\nOpen' })).toEqual({ [field]: 'Use a single line, without tabs.' });
    expect(validateTournament({ ...ok, [field]: 'Spring\tOpen' })).toEqual({ [field]: 'Use a single line, without tabs.' });
    expect(validateTournament({ ...ok, [field]: 'Spring\u202eOpen' })).toEqual({ [field]: 'Remove the text-direction control characters.' });
    expect(validateTournament({ ...ok, [field]: '\u200b' })).toEqual({ [field]: 'Use at least one visible character.' });
  });

  it('lets the description have lines and tabs, but no controls', () => {
    expect(validateTournament({ ...ok, description: 'Round 1: Friday.\n\tRound 2: Saturday.' })).toEqual({});
    expect(validateTournament({ ...ok, description: 'a\u2066b' })).toEqual({ description: 'Remove the text-direction control characters.' });
    expect(validateTournament({ ...ok, description: 'a\u001bb' })).toEqual({ description: 'Remove the control characters.' });
  });

  it('sends the play settings the format has', () => {
    const swiss = tournamentInput({ ...ok, rated: 'yes', players_report: 'yes', bye_limit: '2', double_round_robin: 'yes' });
    expect(swiss).toMatchObject({ rated: true, players_report: true, bye_limit: 2, double_round_robin: false });
    const rr = tournamentInput({ ...ok, format: 'round_robin', double_round_robin: 'yes', bye_limit: '2' });
    expect(rr).toMatchObject({ rated: false, players_report: false, double_round_robin: true });
    expect(rr).not.toHaveProperty('bye_limit');
  });

  it.each(['', '-1', '51', '1.5'])('rejects %j half-point byes in a Swiss only', (bye_limit) => {
    expect(validateTournament({ ...ok, bye_limit })).toEqual({ bye_limit: 'Use a whole number from 0 to 50.' });
    expect(validateTournament({ ...ok, format: 'knockout', bye_limit })).toEqual({});
  });

  it('sends the values trimmed as the server would', () => {
    const input = tournamentInput({ ...ok, name: '\u3000Spring Open\u00a0', location: ' Hall\u2028', description: '\n\tLine one\nLine two\n' });
    expect(input).toMatchObject({ name: 'Spring Open', location: 'Hall', description: 'Line one\nLine two' });
  });
});

describe('the advanced settings of a tournament', () => {
  const ok = { ...emptyTournament, name: 'Spring Open', start_date: '2026-04-01', end_date: '2026-04-02' };

  it('sends the API’s defaults when nothing is changed, and no FIDE report fields', () => {
    expect(tournamentInput(ok)).toMatchObject({
      initial_colour: 'white',
      acceleration: 'none',
      points_win: 1,
      points_draw: 0.5,
      points_loss: 0,
      points_bye: 1,
      rating_type: 'standard',
      city: null,
      federation: null,
      chief_arbiter: null,
      deputy_arbiters: [],
      time_control_code: null,
    });
    expect(advancedChanged(ok)).toBe(false);
  });

  it('sends what is set, trimmed, the federation in capitals and one deputy a line', () => {
    const v = { ...ok, initial_colour: 'black' as const, acceleration: 'none' as const, points_win: '3', points_draw: '1', points_bye: '3', rating_type: 'rapid' as const, city: ' Leeds ', federation: 'eng', chief_arbiter: 'IA Jane Smith 1234567', deputy_arbiters: 'FA Tom Lee\n\n  NA Ann Cole  \n', time_control_code: "90'/40+30'+30\"" };
    expect(validateTournament(v)).toEqual({});
    expect(tournamentInput(v)).toMatchObject({
      initial_colour: 'black',
      acceleration: 'none',
      points_win: 3,
      points_draw: 1,
      points_loss: 0,
      points_bye: 3,
      rating_type: 'rapid',
      city: 'Leeds',
      federation: 'ENG',
      chief_arbiter: 'IA Jane Smith 1234567',
      deputy_arbiters: ['FA Tom Lee', 'NA Ann Cole'],
      time_control_code: "90'/40+30'+30\"",
    });
    expect(advancedChanged(v)).toBe(true);
  });

  it('sends no acceleration for a format other than a Swiss', () => {
    expect(tournamentInput({ ...ok, format: 'round_robin', acceleration: 'baku' }).acceleration).toBe('none');
  });

  it.each([
    ['1', 1],
    ['0.5', 0.5],
    ['0,5', 0.5],
    ['½', 0.5],
    ['2½', 2.5],
    [' 3 ', 3],
    ['', NaN],
    ['-1', NaN],
    ['one', NaN],
  ])('reads %j points as %d', (typed, want) => {
    expect(parsePoints(typed)).toBe(want);
  });

  it.each([
    [{ points_win: '0' }, { points_win: 'A win is worth at least half a point.' }],
    [{ points_win: '1.25' }, { points_win: 'Use whole or half points from 0 to 99.5, such as 1 or 0.5.' }],
    [{ points_bye: '100' }, { points_bye: 'Use whole or half points from 0 to 99.5, such as 1 or 0.5.' }],
    [{ points_loss: '' }, { points_loss: 'Use whole or half points from 0 to 99.5, such as 1 or 0.5.' }],
    [{ points_draw: '2' }, { points_draw: 'A draw cannot be worth more than a win.' }],
    [{ points_loss: '1' }, { points_loss: 'A loss cannot be worth more than a draw.' }],
    [{ points_win: '3', points_draw: '1', points_loss: '0' }, {}],
    [{ acceleration: 'baku' }, {}],
    [{ acceleration: 'baku', points_win: '3' }, { acceleration: 'The Baku acceleration goes with the usual points only: 1 for a win, ½ for a draw, 0 for a loss and 1 for the bye.' }],
    [{ acceleration: 'baku', points_bye: '0.5' }, { acceleration: 'The Baku acceleration goes with the usual points only: 1 for a win, ½ for a draw, 0 for a loss and 1 for the bye.' }],
    [{ acceleration: 'baku', points_win: 'x' }, { points_win: 'Use whole or half points from 0 to 99.5, such as 1 or 0.5.' }],
    [{ acceleration: 'baku', points_win: '3', format: 'round_robin' }, {}],
    [{ federation: 'EN' }, { federation: 'Use the federation’s three-letter FIDE code, such as ENG or GER, or leave it empty.' }],
    [{ federation: 'eng' }, {}],
    [{ deputy_arbiters: Array.from({ length: 11 }, (_, i) => `Deputy ${i}`).join('\n') }, { deputy_arbiters: 'Name at most 10 deputy arbiters.' }],
    [{ deputy_arbiters: 'Tom\tLee' }, { deputy_arbiters: 'Use a single line, without tabs. One deputy arbiter a line.' }],
    [{ city: 'x'.repeat(101) }, { city: 'Use at most 100 characters.' }],
    [{ chief_arbiter: 'x'.repeat(101) }, { chief_arbiter: 'Use at most 100 characters.' }],
    [{ time_control_code: 'x'.repeat(101) }, { time_control_code: 'Use at most 100 characters.' }],
  ] as [Partial<TournamentValues>, Record<string, string>][])('checks %o as the server does', (change, want) => {
    expect(validateTournament({ ...ok, ...change })).toEqual(want);
  });
});

describe('the round dates of the FIDE report', () => {
  const ok = { ...emptyTournament, name: 'Spring Open', start_date: '2026-04-01', end_date: '2026-04-30', rounds: '4' };

  it('sets one round’s date, keeping the others in their place', () => {
    expect(setRoundDate('', 1, '2026-04-01')).toBe('2026-04-01');
    expect(setRoundDate('2026-04-01', 3, '2026-04-15')).toBe('2026-04-01,,2026-04-15');
    expect(setRoundDate('2026-04-01,,2026-04-15', 2, '2026-04-08')).toBe('2026-04-01,2026-04-08,2026-04-15');
    expect(setRoundDate('2026-04-01,2026-04-08', 2, '')).toBe('2026-04-01,');
  });

  it.each([
    ['none', '', null, []],
    ['the first rounds', '2026-04-01,2026-04-08', null, ['2026-04-01', '2026-04-08']],
    ['a round cleared at the end', '2026-04-01,', null, ['2026-04-01']],
    ['two rounds on one day', '2026-04-01,2026-04-01', null, ['2026-04-01', '2026-04-01']],
    ['a gap', '2026-04-01,,2026-04-15', { round: 2, message: 'Date this round too, or no round after it: the dates go from round 1 on.' }, null],
    ['a day before the start', '2026-03-31', { round: 1, message: 'Use a day from the start date to the end date.' }, null],
    ['a day after the end', '2026-04-01,2026-05-01', { round: 2, message: 'Use a day from the start date to the end date.' }, null],
    ['a round before the one before it', '2026-04-08,2026-04-01', { round: 2, message: 'This round cannot be before round 1.' }, null],
    ['dates beyond the rounds, not shown nor sent', '2026-04-01,2026-04-02,2026-04-03,2026-04-04,2026-03-01', null, ['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04']],
  ] as const)('%s', (_, round_dates, problem, sent) => {
    const v = { ...ok, round_dates };
    expect(roundDatesProblem(v)).toEqual(problem);
    if (problem) {
      expect(validateTournament(v)).toEqual({ round_dates: `Round ${problem.round}: ${problem.message}` });
    } else {
      expect(validateTournament(v)).toEqual({});
      expect(tournamentInput(v).round_dates).toEqual(sent);
    }
  });

  it('sends no dates without a number of rounds', () => {
    expect(tournamentInput({ ...ok, rounds: '', round_dates: '2026-04-01' }).round_dates).toEqual([]);
  });
});

describe('splitError', () => {
  const invalid = new ApiError({ type: 't', title: 'Validation failed', status: 422, detail: 'The request has invalid fields.', errors: { name: 'is required', secret: 'is wrong' } });

  it('puts known fields next to the inputs and the rest in the toast', () => {
    expect(splitError(invalid, ['name'])).toEqual({ fields: { name: 'is required' }, toast: 'The request has invalid fields. Secret: is wrong' });
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
    [{ username: 'magnus', password: EMOJI }, {}],
    [{ username: 'mag\u202enus', password: 'x' }, { username: 'Remove the text-direction control characters.' }],
    [{ username: 'mag\tnus', password: 'x' }, { username: 'Use a single line, without tabs.' }],
    [{ username: ASTRAL.repeat(101), password: 'x' }, { username: 'Use at most 100 characters.' }],
  ])('%o gives %o', (values, want) => {
    expect(validateLogin(values)).toEqual(want);
  });
});

describe('validateWalkIn', () => {
  it('takes a name alone, and leaves empty fields out of the body', () => {
    const v = { ...emptyWalkIn, full_name: '  Wanda Walker ' };
    expect(validateWalkIn(v)).toEqual({});
    expect(walkIn(v)).toEqual({ full_name: 'Wanda Walker' });
  });

  it('sends a rating, a FIDE id and a federation as the server reads them', () => {
    const v = { full_name: 'Wanda Walker', rating: ' 2395 ', fide_id: '1503014', federation: 'nor' };
    expect(validateWalkIn(v)).toEqual({});
    expect(walkIn(v)).toEqual({ full_name: 'Wanda Walker', rating: 2395, fide_id: 1503014, federation: 'NOR' });
  });

  it.each([
    ['full_name', { full_name: ' ' }],
    ['full_name', { full_name: 'W'.repeat(101) }],
    ['rating', { full_name: 'W', rating: '99' }],
    ['rating', { full_name: 'W', rating: '3001' }],
    ['rating', { full_name: 'W', rating: '1500.5' }],
    ['fide_id', { full_name: 'W', fide_id: '12a' }],
    ['fide_id', { full_name: 'W', fide_id: '0' }],
    ['federation', { full_name: 'W', federation: 'NO' }],
    ['federation', { full_name: 'W', federation: 'N0R' }],
  ])('refuses a bad %s', (field, change) => {
    expect(Object.keys(validateWalkIn({ ...emptyWalkIn, ...change }))).toEqual([field]);
  });
});

describe('a starting rating at registration', () => {
  const ok = { username: 'alice', password: 'correct horse', full_name: 'Alice Liddell', email: '', declared_rating: '' };
  it('is sent as declared_rating when given', () => {
    expect(registration({ ...ok, declared_rating: ' 1850 ' })).toEqual({ username: 'alice', password: 'correct horse', full_name: 'Alice Liddell', declared_rating: 1850 });
  });
  it.each(['99', '3001', '12.5', 'x'])('refuses %s', (r) => {
    expect(Object.keys(validateRegister({ ...ok, declared_rating: r }))).toEqual(['declared_rating']);
  });
});
