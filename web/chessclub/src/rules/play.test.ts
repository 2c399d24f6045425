import { describe, expect, it } from 'vitest';
import type { AuditEntry, Board, Member, Round, Standings } from '../api/types';
import { auditEntry, board as boardOf, tournament } from '../test/fixtures';
import {
  assignment,
  auditText,
  mayDirect,
  crosstableCell,
  forfeitChoices,
  formatPoints,
  mayClearResult,
  mayOrganise,
  finishText,
  byeText,
  replaceText,
  nextActions,
  withdrawText,
  pairingText,
  ratingChart,
  resultChoices,
  resultLabel,
  standingsTable,
  tiebreakHelp,
} from './play';
import { groupTournaments, localDay } from './groups';

const ana = { member_id: 2, start_rank: 3, full_name: 'Ana Petrova', rating: 1700 };
const ben = { member_id: 3, start_rank: 1, full_name: 'Ben Okafor', rating: 1900 };
const cleo = { member_id: 4, start_rank: 2, full_name: 'Cleo Martin', rating: null };
const dan = { member_id: 5, start_rank: 4, full_name: 'Dan Weiss', rating: 1500 };

function board(n: number, white: Board['white'], black: Board['black'], result: Board['result'] = null): Board {
  return boardOf(n, white, black, { result });
}

describe('groupTournaments', () => {
  it('splits by state, an open one past its last day being past; past ones latest first', () => {
    const list = [
      tournament({ id: 1, state: 'finished', end_date: '2026-01-01' }),
      tournament({ id: 2, state: 'running' }),
      tournament({ id: 3, state: 'open', start_date: '2026-12-01', end_date: '2026-12-02' }),
      tournament({ id: 4, state: 'open', start_date: '2026-10-01', end_date: '2026-10-02' }),
      tournament({ id: 5, state: 'finished', end_date: '2026-11-01' }),
      tournament({ id: 6, state: 'open', start_date: '2026-11-24', end_date: '2026-11-24' }),
    ];
    const g = groupTournaments(list, '2026-11-24');
    expect(g.running.map((t) => t.id)).toEqual([2]);
    expect(g.upcoming.map((t) => t.id)).toEqual([3, 6]);
    expect(g.past.map((t) => t.id)).toEqual([5, 4, 1]);
  });

  it('writes the local day as YYYY-MM-DD', () => {
    expect(localDay(new Date(2027, 3, 9, 23, 30))).toBe('2027-04-09');
  });
});

describe('mayOrganise', () => {
  const member = (id: number, role: Member['role']) => ({ id, role });
  it.each([
    [member(7, 'member'), true],
    [member(8, 'member'), false],
    [member(8, 'admin'), true],
    [member(8, 'arbiter'), true],
    [null, false],
  ])('%o → %s', (m, want) => {
    expect(mayOrganise(m, { created_by: 7 })).toBe(want);
  });
  it('leaves a sample tournament (no organiser) to arbiters and admins', () => {
    expect(mayOrganise({ id: 7, role: 'member' }, { created_by: null })).toBe(false);
    expect(mayOrganise({ id: 7, role: 'arbiter' }, { created_by: null })).toBe(true);
  });
});

describe('mayDirect', () => {
  const member = (id: number, role: Member['role']) => ({ id, role });
  it.each([
    [member(7, 'member'), false, true],
    [member(7, 'member'), true, false],
    [member(8, 'arbiter'), true, true],
    [member(8, 'admin'), true, true],
    [member(8, 'member'), false, false],
    [null, false, false],
  ])('%o, rated %s → %s', (m, rated, want) => {
    expect(mayDirect(m, { created_by: 7, rated })).toBe(want);
  });
});

describe('auditText', () => {
  const entry = (over: Partial<AuditEntry>): AuditEntry => auditEntry({ action: 'tournament.started', ...over });
  it.each([
    [entry({}), 'ada started the tournament', ''],
    [entry({ action: 'result.corrected', subject: 'round 3, board 1', before: { result: '1/2-1/2' }, after: { result: '0-1' } }), 'ada corrected the result of round 3, board 1', 'result 1/2-1/2 → result 0-1'],
    [entry({ action: 'tournament.changed', before: { rated: false, bye_limit: 1 }, after: { rated: true, bye_limit: 2 } }), 'ada changed the settings', 'rated false, bye limit 1 → rated true, bye limit 2'],
    [entry({ action: 'entry.added', subject: 'Ana Petrova', after: { start_rank: null, rating: 1700 } }), 'ada entered Ana Petrova', 'start rank –, rating 1700'],
    [entry({ action: 'tournament.deleted', before: { name: 'Cup' } }), 'ada deleted the tournament', 'was name Cup'],
    [entry({ action: 'invitation.accepted', subject: 'Ana Petrova', before: { status: 'pending' } }), 'ada accepted the invitation (Ana Petrova)', 'was status pending'],
    [entry({ action: 'invitation.accepted', subject: '' }), 'ada accepted the invitation', ''],
    [entry({ action: 'round.paired_manually', subject: 'round 3', before: { boards: 4 }, after: { boards: 4 } }), 'ada paired round 3 by hand', 'boards 4 → boards 4'],
    [entry({ action: 'pair.forbidden', subject: 'Ana Petrova and Ben Okafor', after: { from_round: 2 } }), 'ada kept Ana Petrova and Ben Okafor apart', 'from round 2'],
    [entry({ action: 'pair.allowed', subject: 'Ana Petrova and Ben Okafor', before: { from_round: 2 }, after: { from_round: 4 } }), 'ada let Ana Petrova and Ben Okafor meet again', 'from round 2 → from round 4'],
    // An action a newer server records that this app has no words for yet.
    [entry({ action: 'something.new' as AuditEntry['action'], subject: 'x' }), 'ada something.new x', ''],
  ])('%#', (e, what, change) => {
    expect(auditText(e)).toEqual({ what, change });
  });
});

describe('results', () => {
  it.each([
    ['1-0', '1–0'],
    ['0-1', '0–1'],
    ['1/2-1/2', '½–½'],
    ['1-0 forfeit', '1–0 forfeit'],
    ['0-0 forfeit', 'double forfeit'],
    ['0-1 decider', '0–1 decider'],
    [null, '–'],
  ] as const)('%s is shown as %s', (result, label) => {
    expect(resultLabel(result)).toBe(label);
  });

  it('offers white wins, a draw and black wins; a knockout deciders instead of the draw', () => {
    expect(resultChoices('swiss').map((c) => c.result)).toEqual(['1-0', '1/2-1/2', '0-1']);
    expect(resultChoices('round_robin').map((c) => c.spoken)).toEqual(['White wins', 'Draw', 'Black wins']);
    expect(resultChoices('knockout').map((c) => c.result)).toEqual(['1-0', '1-0 decider', '0-1 decider', '0-1']);
  });
});

describe('forfeitChoices', () => {
  it.each([
    ['swiss', ['1-0 forfeit', '0-1 forfeit', '0-0 forfeit']],
    ['round_robin', ['1-0 forfeit', '0-1 forfeit', '0-0 forfeit']],
    ['knockout', ['1-0 forfeit', '0-1 forfeit']],
  ] as const)('offers a %s the forfeits it takes', (format, results) => {
    expect(forfeitChoices(format).map((c) => c.result)).toEqual(results);
  });

  it('names each forfeit in words, the double one too', () => {
    expect(forfeitChoices('swiss').map((c) => [c.label, c.spoken])).toEqual([
      ['1–0 forfeit', 'White wins by forfeit'],
      ['0–1 forfeit', 'Black wins by forfeit'],
      ['Double forfeit', 'Both lose by forfeit'],
    ]);
  });
});

describe('mayClearResult', () => {
  const rounds = [{ number: 1 }, { number: 2 }];
  it.each([
    ['a result of the last round, running', 'running', 2, '1-0', true],
    ['a forfeit of the last round', 'running', 2, '0-0 forfeit', true],
    ['no result yet', 'running', 2, null, false],
    ['an earlier round', 'running', 1, '1-0', false],
    ['a finished tournament', 'finished', 2, '1-0', false],
  ] as const)('%s: %s', (_, state, round, result, want) => {
    expect(mayClearResult({ state }, rounds, { round, result })).toBe(want);
  });
});

describe('assignment and pairingText', () => {
  const round: Round = {
    number: 3,
    paired_at: '2026-11-26T19:00:00Z',
    complete: false,
    boards: [board(1, ben, cleo), board(4, dan, ana)],
    byes: [{ player: { member_id: 9, start_rank: 5, full_name: 'Eve Stone', rating: null }, kind: 'pairing', points: 1 }],
  };

  it('finds the member’s board and colour and words the notification', () => {
    const a = assignment(round, ana.member_id);
    expect(a).toMatchObject({ kind: 'board', colour: 'Black', opponent: 'Dan Weiss' });
    expect(pairingText(a!)).toBe('Round 3: you play Black on board 4 against Dan Weiss');
    expect(pairingText(assignment(round, ben.member_id)!)).toBe('Round 3: you play White on board 1 against Cleo Martin');
  });

  it('words a bye, and finds nothing for a member not in the round', () => {
    expect(pairingText(assignment(round, 9)!)).toBe('Round 3: you have a bye (1 point)');
    const half: Round = { ...round, byes: [{ player: { ...ana, member_id: 10 }, kind: 'half', points: 0.5 }] };
    expect(pairingText(assignment(half, 10)!)).toBe('Round 3: you have a bye (½ points)');
    expect(assignment(round, 42)).toBeNull();
  });
});

describe('formatPoints', () => {
  it.each([
    [0, '0'],
    [0.5, '½'],
    [1, '1'],
    [2.5, '2½'],
    [10, '10'],
  ])('%d → %s', (n, want) => {
    expect(formatPoints(n)).toBe(want);
  });
});

describe('standingsTable', () => {
  const standings: Standings = {
    round: 3,
    tiebreaks: ['PTS', 'BH/C1', 'SB'],
    rows: [
      { place: 1, player: ben, values: { PTS: 3, 'BH/C1': 4.5, SB: 6.25 }, withdrawn: false },
      { place: 2, player: ana, values: { PTS: 1.5, 'BH/C1': 3, SB: 2.333333 }, withdrawn: false },
      { place: 2, player: cleo, values: { PTS: 1.5, 'BH/C1': 3, SB: 2.333333 }, withdrawn: false },
      { place: 4, player: dan, values: { PTS: 0, 'BH/C1': null, SB: 0 }, withdrawn: true },
    ],
  };

  it('puts points first, then the tie-breaks, with their full names', () => {
    const t = standingsTable(standings);
    expect(t.columns.map(({ code, heading, title }) => ({ code, heading, title }))).toEqual([
      { code: 'PTS', heading: 'Pts', title: 'Points' },
      { code: 'BH/C1', heading: 'BH/C1', title: 'Buchholz cut 1' },
      { code: 'SB', heading: 'SB', title: 'Sonneborn-Berger' },
    ]);
  });

  it.each([
    ['BH/C1', 'the sum of the opponents’ points: a harder field counts more. Leaves out the lowest-scoring opponent.'],
    ['BH/M1', 'the sum of the opponents’ points: a harder field counts more. Leaves out the highest- and the lowest-scoring opponent.'],
    ['DE', 'the place among the players tied on points that their games against each other decide (1 is first); 0 where they do not decide it, as long as not all of them have met.'],
    ['XYZ', 'the tie-break XYZ of the FIDE regulations (C.07).'],
  ])('says what %s counts', (code, want) => {
    expect(tiebreakHelp(code)).toBe(want);
  });

  it('writes a shared place once as a range, halves as ½, and no value as a dash', () => {
    const t = standingsTable(standings);
    expect(t.lines.map((l) => [l.place, l.name, l.rating, ...l.cells, l.withdrawn])).toEqual([
      ['1', 'Ben Okafor', '1900', '3', '4.5', '6.25', false],
      ['2–3', 'Ana Petrova', '1700', '1½', '3', '2.33', false],
      ['', 'Cleo Martin', '', '1½', '3', '2.33', false],
      ['4', 'Dan Weiss', '1500', '0', '–', '0', true],
    ]);
  });

  it('adds points when the server’s list of tie-breaks lacks them', () => {
    const t = standingsTable({ ...standings, tiebreaks: ['SB'] });
    expect(t.columns.map((c) => c.code)).toEqual(['PTS', 'SB']);
  });
});

describe('crosstableCell', () => {
  it.each([
    [{ round: 1, opponent: 5, colour: 'white', result: '1', points: 1 }, '5w1'],
    [{ round: 1, opponent: 2, colour: 'black', result: '=', points: 0.5 }, '2b½'],
    [{ round: 1, opponent: 3, colour: 'white', result: '+', points: 1 }, '3w+'],
    [{ round: 1, opponent: 3, colour: 'black', result: null, points: null }, '3b…'],
    [{ round: 1, opponent: null, colour: null, result: 'U', points: 1 }, 'bye 1'],
    [{ round: 1, opponent: null, colour: null, result: 'H', points: 0.5 }, 'bye ½'],
    [{ round: 1, opponent: null, colour: null, result: 'Z', points: 0 }, 'absent'],
    [undefined, ''],
  ] as const)('%o → %s', (cell, want) => {
    expect(crosstableCell(cell)).toBe(want);
  });
});

describe('nextActions', () => {
  const complete: Round = { number: 1, paired_at: '', complete: true, boards: [board(1, ben, ana, '1-0')], byes: [] };
  const pending: Round = { number: 2, paired_at: '', complete: false, boards: [board(1, ben, ana)], byes: [] };
  const half: Round = { number: 2, paired_at: '', complete: false, boards: [board(1, ben, ana, '1-0'), board(2, cleo, dan)], byes: [] };

  it.each([
    ['open', tournament({ state: 'open' }), [], { start: true, pair: false, unpair: false, finish: false, allPlayed: false }],
    ['started, nothing paired', tournament({ state: 'running' }), [], { start: false, pair: true, unpair: false, finish: false, allPlayed: false }],
    ['a round complete, rounds left', tournament({ state: 'running', current_round: 1 }), [complete], { start: false, pair: true, unpair: false, finish: true, allPlayed: false }],
    ['a round without results', tournament({ state: 'running', current_round: 2 }), [complete, pending], { start: false, pair: false, unpair: true, finish: false, allPlayed: false }],
    ['a round with some results', tournament({ state: 'running', current_round: 2 }), [complete, half], { start: false, pair: false, unpair: false, finish: false, allPlayed: false }],
    ['the last round complete', tournament({ state: 'running', rounds: 1, current_round: 1 }), [complete], { start: false, pair: false, unpair: false, finish: true, allPlayed: true }],
    ['a knockout’s final in', tournament({ state: 'running', format: 'knockout', rounds: null, current_round: 1 }), [complete], { start: false, pair: true, unpair: false, finish: true, allPlayed: true }],
    ['finished', tournament({ state: 'finished', current_round: 1 }), [complete], { start: false, pair: false, unpair: false, finish: false, allPlayed: false }],
  ] as const)('%s', (_, t, rounds, want) => {
    expect(nextActions(t, [...rounds])).toEqual(want);
  });
});

describe('confirmations', () => {
  const r1: Round = { number: 1, paired_at: '', complete: true, boards: [board(1, ben, ana, '1-0'), board(2, cleo, dan, '0-1')], byes: [] };
  const players = [ana, ben, cleo, dan].map((p) => ({ member_id: p.member_id, guest: false }));

  it('says a rated finish applies ratings to the players who played, and what is left unplayed', () => {
    const t = tournament({ state: 'running', rated: true, rounds: 5, current_round: 1 });
    expect(finishText(t, [r1], [...players, { member_id: 9, guest: false }]).message).toBe(
      'Finish: applies ratings to 4 players. Only 1 of 5 rounds is played: the other 4 rounds are never paired. Afterwards only an arbiter or an admin can correct a result, and the club ratings are then computed again. Finishing cannot be undone.',
    );
  });

  it('says an unrated finish after the last round makes the standings final', () => {
    const t = tournament({ state: 'running', rated: false, rounds: 1, current_round: 1 });
    expect(finishText(t, [r1], players)).toEqual({
      header: 'Finish Thursday Rapid?',
      message: 'Finish: the standings become final. Afterwards only an arbiter or an admin can correct a result. Finishing cannot be undone.',
      confirm: 'Finish',
    });
  });

  it('asks before a result entered is replaced or cleared, and says what a correction after the finish changes', () => {
    const b = { round: 2, board: 3, result: '1-0' as const };
    expect(replaceText({ state: 'running', rated: true }, b, '1/2-1/2')).toEqual({
      header: 'Replace the result on board 3?',
      message: 'Board 3 of round 2 has 1–0. Replace it with ½–½?',
      confirm: 'Replace',
    });
    expect(replaceText({ state: 'running', rated: false }, b, null).message).toBe('Board 3 of round 2 has 1–0. Clear it (not played yet)?');
    expect(replaceText({ state: 'finished', rated: true }, b, '0-1').message).toBe(
      'Board 3 of round 2 has 1–0. Replace it with 0–1? The tournament has finished: its standings change, and the club ratings are computed again from this tournament on.',
    );
    expect(replaceText({ state: 'finished', rated: false }, b, '0-1').message).toMatch(/its standings change\.$/);
  });

  it('offers reinstating a withdrawn player in a Swiss only', () => {
    expect(withdrawText(tournament({ format: 'swiss' }), 'Ben Okafor', false).message).toMatch(/^Withdraw: Ben Okafor is not paired .* can be reinstated/);
    expect(withdrawText(tournament({ format: 'round_robin' }), 'Ben Okafor', false).message).toMatch(/This cannot be undone\.$/);
  });
});

describe('ratingChart', () => {
  const history = [
    { tournament_name: 'Autumn Open', rating_before: 1700, rating: 1716 },
    { tournament_name: 'Thursday Rapid', rating_before: 1716, rating: 1690 },
  ];

  it('starts at the rating before the first tournament, then one point per tournament', () => {
    const c = ratingChart(history, 320, 140, 10)!;
    expect(c.points.map((p) => [p.label, p.rating])).toEqual([
      ['Start', 1700],
      ['Autumn Open', 1716],
      ['Thursday Rapid', 1690],
    ]);
    expect(c.points.map((p) => p.x)).toEqual([10, 160, 310]);
    expect(c.path).toMatch(/^M10 [\d.]+ L160 [\d.]+ L310 [\d.]+$/);
  });

  it('keeps at least 50 points of scale, the highest rating at the top', () => {
    const c = ratingChart(history, 320, 140, 10)!;
    expect(c.max - c.min).toBeGreaterThanOrEqual(50);
    const top = c.points.reduce((a, b) => (a.y < b.y ? a : b));
    expect(top.rating).toBe(1716);
  });

  it('draws nothing for an unrated player who has no rating yet', () => {
    expect(ratingChart([{ tournament_name: 'A', rating_before: null, rating: null }], 320, 140)).toBeNull();
    expect(ratingChart([], 320, 140)).toBeNull();
  });

  it('puts a single point in the middle', () => {
    const c = ratingChart([{ tournament_name: 'First', rating_before: null, rating: 1450 }], 320, 140, 10)!;
    expect(c.points).toEqual([{ x: 160, y: 70, rating: 1450, label: 'First' }]);
  });
});

describe('byeText', () => {
  it.each([
    [{ kind: 'pairing', points: 1 }, 'swiss', 'bye, 1 point'],
    [{ kind: 'half', points: 0.5 }, 'swiss', 'half-point bye, ½ point'],
    [{ kind: 'full', points: 1 }, 'knockout', 'full-point bye, 1 point'],
    [{ kind: 'zero', points: 0 }, 'swiss', 'absent, 0 points'],
    [{ kind: 'zero', points: 0 }, 'round_robin', 'free this round, 0 points'],
    [{ kind: 'pairing', points: 3 }, 'swiss', 'bye, 3 points'],
    [{ kind: 'half', points: 1.5 }, 'swiss', 'half-point bye, 1½ points'],
  ] as const)('%o in a %s: %s', (bye, format, want) => {
    expect(byeText(bye, format)).toBe(want);
  });
});
