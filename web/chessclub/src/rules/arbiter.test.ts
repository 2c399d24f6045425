// The logic of the arbiter's screens: points before a round and the wall list (wall.ts), the
// pairing checker's words and the pairing by hand (checker.ts), the FIDE fields (fide.ts) and
// the announcement of new invitations (invitations.ts).
import { describe, expect, it } from 'vitest';
import type { Board, Crosstable, FideListResult, Invitation, PairingCheck, Player, PlayerRef, Round, Tournament } from '../api/types';
import { board as boardOf, member as memberOf, player as playerOf, tournament } from '../test/fixtures';
import {
  confirmWorse,
  criteriaIn,
  criterionText,
  draftOf,
  listWords,
  nextRoundDraft,
  proposal,
  proposalFieldWord,
  refusalLines,
  sameDraft,
  seatOf,
  swapColours,
  swapSeats,
  verdictText,
} from './checker';
import { fideChangeText, fideErrors, fideFacts, fideListSummary, fidePatch, fideValues } from './fide';
import { invitationKey, invitationNotice, newInvitations } from './invitations';
import { pointsBefore, wallList } from './wall';

const ref = (member_id: number, start_rank: number, full_name: string): PlayerRef => ({ member_id, start_rank, full_name, rating: null });
const ana = ref(1, 3, 'Ana Petrova');
const ben = ref(2, 1, 'Ben Okafor');
const cleo = ref(3, 2, 'Cleo Martin');
const dan = ref(4, 4, 'Dan Weiss');
const eva = ref(5, 5, 'eva Lindqvist');

function board(round: number, n: number, white: PlayerRef, black: PlayerRef, result: Board['result'] = null): Board {
  return boardOf(n, white, black, { round, result });
}

// Round 1: Ben–Ana 1-0, Cleo–Dan ½–½, Eva has the bye. Round 2: Ana–Cleo, Dan–Ben, Eva absent.
const round1: Round = {
  number: 1,
  paired_at: '',
  complete: true,
  boards: [board(1, 1, ben, ana, '1-0'), board(1, 2, cleo, dan, '1/2-1/2')],
  byes: [{ player: eva, kind: 'pairing', points: 1 }],
};
const round2: Round = {
  number: 2,
  paired_at: '',
  complete: false,
  boards: [board(2, 1, ana, cleo), board(2, 2, dan, ben)],
  byes: [{ player: eva, kind: 'zero', points: 0 }],
};

describe('pointsBefore', () => {
  const cases: { name: string; n: number; crosstable: Crosstable | null; system?: Partial<Tournament>; want: Record<number, number> }[] = [
    { name: 'round 1: nobody has points', n: 1, crosstable: null, want: {} },
    { name: 'round 2 from the results and byes', n: 2, crosstable: null, want: { 1: 0, 2: 1, 3: 0.5, 4: 0.5, 5: 1 } },
    { name: 'round 2 in a 3-1-0 point system', n: 2, crosstable: null, system: { points_win: 3, points_draw: 1, points_bye: 3 }, want: { 1: 0, 2: 3, 3: 1, 4: 1, 5: 3 } },
    {
      name: 'the crosstable’s count when there is one',
      n: 2,
      crosstable: {
        rounds: 2,
        players: [
          { player: ben, points: 3, withdrawn: false, rounds: [{ round: 1, opponent: 3, colour: 'white', result: '1', points: 3 }, { round: 2, opponent: 4, colour: 'black', result: null, points: null }] },
          { player: ana, points: 0, withdrawn: false, rounds: [{ round: 1, opponent: 1, colour: 'black', result: '0', points: 0 }] },
        ],
      },
      want: { 2: 3, 1: 0 },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(Object.fromEntries(pointsBefore(c.n, [round1, round2], c.crosstable, tournament(c.system)))).toEqual(c.want);
    });
  }
});

describe('wallList', () => {
  it('lists every player of the round by name, whatever the case, with board and colour or the bye', () => {
    const lines = wallList(round1, 'en');
    expect(lines.map((l) => [l.name, l.board, l.colour, l.opponent, l.bye])).toEqual([
      ['Ana Petrova', 1, 'Black', 'Ben Okafor', ''],
      ['Ben Okafor', 1, 'White', 'Ana Petrova', ''],
      ['Cleo Martin', 2, 'White', 'Dan Weiss', ''],
      ['Dan Weiss', 2, 'Black', 'Cleo Martin', ''],
      ['eva Lindqvist', null, null, '', 'bye'],
    ]);
  });
  it('says what an absence is', () => {
    expect(wallList(round2, 'en').find((l) => l.memberId === 5)?.bye).toBe('absent');
  });
});

describe('the checker’s words', () => {
  it.each([
    ['C1', 'two players meet who have played each other before, or who must not meet (C1)'],
    ['C12', 'more players do not get the colour they are due (C12)'],
    ['C99', 'criterion C99 of the Dutch system'],
  ])('criterionText(%s)', (code, want) => {
    expect(criterionText(code)).toBe(want);
  });
  it.each([
    ['worse on C12, C13', ['C12', 'C13']],
    ['breaks C1', ['C1']],
    ['nothing', []],
  ])('criteriaIn(%j)', (text, want) => {
    expect(criteriaIn(text)).toEqual(want);
  });
  it.each([
    [[], ''],
    [['1'], '1'],
    [['1', '2'], '1 and 2'],
    [['1', '2', '3'], '1, 2 and 3'],
  ])('listWords(%j)', (words, want) => {
    expect(listWords(words)).toBe(want);
  });

  const clean: PairingCheck = { round: 2, differs: false, no_pairing: false, engine: { boards: [], bye: null }, paired: { boards: [], bye: null }, breaks: [], worse: [] };
  const boardOf = (white: number) => round2.boards.find((b) => b.white.member_id === white)?.board;
  const cases: { name: string; check: PairingCheck; clean: boolean; summary: string; reasons?: number; paired?: string[]; engine?: string[] }[] = [
    { name: 'clean', check: clean, clean: true, summary: 'The checker agrees: this is the pairing the Dutch system makes.' },
    {
      name: 'worse on two criteria, one board',
      check: { ...clean, differs: true, engine: { boards: [{ white: cleo, black: ana }], bye: null }, paired: { boards: [{ white: ana, black: cleo }], bye: null }, worse: ['C12', 'C13'] },
      clean: false,
      summary: 'This pairing differs from the Dutch system’s on board 1. It is worse on 2 criteria.',
      reasons: 2,
      paired: ['Board 1: 3 Ana Petrova – 2 Cleo Martin'],
      engine: ['2 Cleo Martin – 3 Ana Petrova'],
    },
    {
      name: 'as good, two boards and the bye',
      check: { ...clean, differs: true, engine: { boards: [], bye: dan }, paired: { boards: [{ white: ana, black: cleo }, { white: dan, black: ben }], bye: eva } },
      clean: true,
      summary: 'This pairing differs from the Dutch system’s on boards 1 and 2 and in the bye. It is as good on every criterion.',
      engine: ['Bye: 4 Dan Weiss'],
    },
    { name: 'an absolute criterion broken', check: { ...clean, differs: true, breaks: ['C1'] }, clean: false, summary: 'This pairing differs from the Dutch system’s. It breaks a rule that allows no exception.', reasons: 1 },
    { name: 'no pairing possible', check: { ...clean, differs: true, no_pairing: true }, clean: false, summary: 'No pairing of this round meets the rules that allow no exception: the arbiter decides (C.04.3 1.9.3).' },
  ];
  for (const c of cases) {
    it(`verdictText: ${c.name}`, () => {
      const v = verdictText(c.check, boardOf);
      expect(v.clean).toBe(c.clean);
      expect(v.summary).toBe(c.summary);
      if (c.reasons !== undefined) expect(v.reasons).toHaveLength(c.reasons);
      if (c.paired) expect(v.paired).toEqual(c.paired);
      if (c.engine) expect(v.engine).toEqual(c.engine);
    });
  }

  it('confirmWorse names each criterion in words', () => {
    const t = confirmWorse(['C12', 'C14']);
    expect(t.confirm).toBe('Save anyway');
    expect(t.message).toContain('more players do not get the colour they are due (C12) and more players play someone with fewer points again, as in the round before (C14)');
    expect(confirmWorse(['C1'], true).message).toMatch(/^No pairing meets every rule, and in this one two players meet/);
  });

  it.each([
    ['boards[2].white', 'Board 3, White'],
    ['boards[0].black', 'Board 1, Black'],
    ['boards[4]', 'Board 5'],
    ['bye', 'Bye'],
    ['boards', 'Pairing'],
  ])('proposalFieldWord(%s)', (field, want) => {
    expect(proposalFieldWord(field)).toBe(want);
  });

  it('refusalLines explains a refused pairing field by field', () => {
    expect(
      refusalLines({
        'boards[1].black': 'is paired already, at boards[0].white',
        boards: 'leaves out Ana Petrova (12), Dan Weiss (14)',
        bye: 'has withdrawn',
      }),
    ).toEqual(['Board 2, Black: is paired already, at board 1, White', 'Pairing: leaves out Ana Petrova, Dan Weiss', 'Bye: has withdrawn']);
    expect(refusalLines({ boards: 'breaks C1' })).toEqual(['Pairing: breaks a rule that allows no exception: two players meet who have played each other before, or who must not meet (C1)']);
  });
});

describe('the pairing by hand', () => {
  const round: Round = { ...round1, boards: [board(3, 1, ben, ana), board(3, 2, cleo, dan)] };
  const draft = draftOf(round);

  it('starts from the round as paired, its pairing-allocated bye included', () => {
    expect(proposal(draft)).toEqual({ boards: [{ white: 2, black: 1 }, { white: 3, black: 4 }], bye: 5 });
  });

  const cases: { name: string; change: typeof draft; want: ReturnType<typeof proposal> }[] = [
    { name: 'swaps two players between boards', change: swapSeats(draft, '0:black', '1:black'), want: { boards: [{ white: 2, black: 4 }, { white: 3, black: 1 }], bye: 5 } },
    { name: 'swaps the colours of a board', change: swapColours(draft, 1), want: { boards: [{ white: 2, black: 1 }, { white: 4, black: 3 }], bye: 5 } },
    { name: 'moves the bye', change: swapSeats(draft, 'bye', '0:white'), want: { boards: [{ white: 5, black: 1 }, { white: 3, black: 4 }], bye: 2 } },
    { name: 'leaves the draft alone for the same seat', change: swapSeats(draft, '0:white', '0:white'), want: { boards: [{ white: 2, black: 1 }, { white: 3, black: 4 }], bye: 5 } },
    { name: 'leaves the draft alone for a seat that is not there', change: swapSeats(draft, '7:white', '0:white'), want: { boards: [{ white: 2, black: 1 }, { white: 3, black: 4 }], bye: 5 } },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(proposal(c.change)).toEqual(c.want);
    });
  }

  it('does not change the draft it is given', () => {
    swapSeats(draft, '0:black', '1:black');
    expect(proposal(draft).boards[0]).toEqual({ white: 2, black: 1 });
  });

  it('sends confirm only when asked, and compares drafts', () => {
    expect(proposal(draft, true).confirm).toBe(true);
    expect('confirm' in proposal(draft)).toBe(false);
    expect(sameDraft(draft, draftOf(round))).toBe(true);
    expect(sameDraft(draft, swapColours(draft, 0))).toBe(false);
  });

  it('finds a player’s seat', () => {
    expect([seatOf(draft, 1), seatOf(draft, 3), seatOf(draft, 5), seatOf(draft, 99)]).toEqual(['0:black', '1:white', 'bye', undefined]);
  });

  it('starts the next round from the players who play it, by score then pairing number', () => {
    const player = (p: PlayerRef, over: Partial<Player> = {}): Player => playerOf({ member_id: p.member_id, full_name: p.full_name, start_rank: p.start_rank, ...over });
    const players = [player(ana), player(ben), player(cleo), player(dan, { withdrawn_after: 1 }), player(eva, { requested_byes: [2] }), player(ref(6, 6, 'Finn Gallagher'))];
    const points = new Map([
      [1, 0],
      [2, 1],
      [3, 0.5],
      [6, 0.5],
    ]);
    expect(proposal(nextRoundDraft(2, players, points))).toEqual({ boards: [{ white: 2, black: 3 }, { white: 6, black: 1 }], bye: null });
    expect(proposal(nextRoundDraft(2, players.slice(0, 3), points))).toEqual({ boards: [{ white: 2, black: 3 }], bye: 1 });
  });
});

describe('the FIDE fields', () => {
  const member = memberOf({
    id: 7,
    username: 'ana',
    full_name: 'Ana Petrova',
    rating: 1700,
    fide_id: 4100018,
    title: 'WFM',
    federation: 'ENG',
    sex: 'w',
    fide_rating_standard: 2012,
    fide_rating_rapid: null,
    national_id: 'E123',
  });

  it('shows the fields that are set, in words', () => {
    expect(fideFacts(member)).toEqual([
      { label: 'FIDE id', value: '4100018' },
      { label: 'Title', value: 'Woman FIDE Master (WFM)' },
      { label: 'Federation', value: 'ENG' },
      { label: 'FIDE standard', value: '2012' },
      { label: 'National id', value: 'E123' },
      { label: 'Sex', value: 'woman' },
    ]);
  });

  const before = fideValues(member);
  const cases: { name: string; change: Partial<typeof before>; errors: string[]; patch?: Record<string, unknown> }[] = [
    { name: 'nothing changed', change: {}, errors: [], patch: {} },
    { name: 'a rating set, the federation in capitals, the title removed', change: { fide_rating_rapid: '1950', federation: 'ger', title: '' }, errors: [], patch: { fide_rating_rapid: 1950, federation: 'GER', title: null } },
    { name: 'a birth year', change: { birth_date: '2004' }, errors: [], patch: { birth_date: '2004' } },
    { name: 'a rating out of FIDE’s range', change: { fide_rating_blitz: '900' }, errors: ['fide_rating_blitz'] },
    { name: 'a federation that is no code', change: { federation: 'England' }, errors: ['federation'] },
    { name: 'a FIDE id that is no number', change: { fide_id: '41-00' }, errors: ['fide_id'] },
    { name: 'a birth date in another order', change: { birth_date: '17.05.2004' }, errors: ['birth_date'] },
    { name: 'a national rating too low', change: { national_rating: '50' }, errors: ['national_rating'] },
    { name: 'a national id with a space', change: { national_id: 'E 123' }, errors: ['national_id'] },
    { name: 'a starting club rating', change: { declared_rating: '1650' }, errors: [], patch: { declared_rating: 1650 } },
    { name: 'a starting club rating out of range', change: { declared_rating: '3100' }, errors: ['declared_rating'] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const after = { ...before, ...c.change };
      expect(Object.keys(fideErrors(after))).toEqual(c.errors);
      if (c.patch) expect(fidePatch(before, after)).toEqual(c.patch);
    });
  }

  it('sums up a rating list upload', () => {
    const result: FideListResult = {
      types: ['standard', 'rapid', 'blitz'],
      players: 12345,
      matched: 2,
      changes: [{ member_id: 7, username: 'ana', full_name: 'Ana Petrova', fide_id: 4100018, before: { fide_rating_standard: 2012, title: null }, after: { fide_rating_standard: 2031, title: 'WFM' } }],
      skipped: [],
    };
    expect(fideListSummary(result, 'en')).toBe('FIDE’s combined list (standard, rapid, blitz) with 12,345 players: 2 members found by their FIDE id, 1 changed.');
    expect(fideListSummary({ types: ['blitz'], players: 1, matched: 0, changes: [], skipped: [] }, 'en')).toBe('FIDE’s blitz list with 1 player: 0 members found by their FIDE id, nothing changed.');
    expect(fideChangeText(result.changes[0]!)).toBe('standard 2012 → 2031, title none → WFM');
  });
});

describe('new invitations', () => {
  const invitation = (tournament_id: number, name: string, over: Partial<Invitation> = {}): Invitation => ({
    tournament_id,
    tournament_name: name,
    start_date: '2027-03-05',
    member_id: 7,
    full_name: 'Ana Petrova',
    invited_by: 1,
    invited_at: '2027-03-01T10:00:00Z',
    missed_rounds: 'zero',
    status: 'pending',
    answered_at: null,
    ...over,
  });
  const blitz = invitation(1, 'Friday Blitz');
  const rapid = invitation(2, 'Thursday Rapid');

  it.each([
    { name: 'all are new the first time', seen: [], want: ['Friday Blitz', 'Thursday Rapid'] },
    { name: 'one seen before', seen: [invitationKey(blitz)], want: ['Thursday Rapid'] },
    { name: 'all seen', seen: [invitationKey(blitz), invitationKey(rapid)], want: [] },
  ])('$name', ({ seen, want }) => {
    expect(newInvitations([blitz, rapid, invitation(3, 'Declined Open', { status: 'declined' })], seen).map((i) => i.tournament_name)).toEqual(want);
  });

  it('counts an invitation sent again after a decline as new', () => {
    const again = { ...blitz, invited_at: '2027-03-02T10:00:00Z' };
    expect(newInvitations([again], [invitationKey(blitz)])).toHaveLength(1);
  });

  it('words the notification of one invitation, and of several', () => {
    expect(invitationNotice([blitz], 'en-GB')).toEqual({
      title: 'Invitation to play',
      body: 'You are invited to play in Friday Blitz (5 Mar 2027). Accept or decline it in the app; your games count only once you accept.',
    });
    expect(invitationNotice([blitz, rapid]).body).toBe('You are invited to play in 2 tournaments: Friday Blitz, Thursday Rapid. Accept or decline them in the app.');
  });
});
