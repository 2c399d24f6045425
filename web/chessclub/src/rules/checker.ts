// The pure logic of the pairing checker's screens: the criteria of the Dutch system in plain
// words, the checker's verdict on a round as sentences, and a pairing made by hand (swap two
// players, swap the colours of a board, move the bye) up to the proposal the API takes. No I/O,
// so that it is tested alone; only the tournament screen's arbiter tools load it.
import type { CheckedBoard, PairingCheck, Player, PlayerRef, Proposal, Round } from '../api/types';
import type { ConfirmText } from './play';

/**
 * What each criterion of the Dutch system (C.04.3 Article 2, as the club's checker counts them
 * over a round) means when a pairing breaks it or scores worse on it, in words for an arbiter
 * at the board rather than for a pairing program.
 */
const CRITERIA: Record<string, string> = {
  C1: 'two players meet who have played each other before, or who must not meet',
  C2: 'the bye goes to a player who has had one already, or has won a point without playing',
  C3: 'two players meet who must both have the same colour',
  C4: 'the rest of the round cannot be paired',
  C5: 'the bye goes to a player with more points',
  C6: 'more players are paired against someone with a different score',
  C7: 'the players paired down against a lower score have more points',
  C8: 'the next score group can be paired less well',
  C9: 'the bye goes to a player who has already missed more games',
  C10: 'more leaders, or their opponents, end up with three more games of one colour than of the other',
  C11: 'more leaders, or their opponents, get the same colour three times running',
  C12: 'more players do not get the colour they are due',
  C13: 'more players do not get a colour they strongly need',
  C14: 'more players play someone with fewer points again, as in the round before',
  C15: 'more players play someone with more points again, as in the round before',
  C16: 'more players play someone with fewer points again, as two rounds before',
  C17: 'more players play someone with more points again, as two rounds before',
  C18: 'the players who play someone with fewer points again, as in the round before, are further apart in score',
  C19: 'the players who play someone with more points again, as in the round before, are further apart in score',
  C20: 'the players who play someone with fewer points again, as two rounds before, are further apart in score',
  C21: 'the players who play someone with more points again, as two rounds before, are further apart in score',
};

/** criterionText is a criterion in words, with its number for the Handbook: "… (C12)". */
export function criterionText(code: string): string {
  const words = CRITERIA[code];
  return words ? `${words} (${code})` : `criterion ${code} of the Dutch system`;
}

/** criteriaIn reads the criteria a message names: "worse on C12, C13" → ["C12", "C13"]. */
export function criteriaIn(text: string): string[] {
  return text.match(/\bC\d{1,2}\b/g) ?? [];
}

/** gameText writes a game as a wall sheet does: "1 Cleo Martin – 4 Ben Okafor", White first. */
export function gameText(b: CheckedBoard): string {
  return `${b.white.start_rank} ${b.white.full_name} – ${b.black.start_rank} ${b.black.full_name}`;
}

/** The checker's verdict in sentences: clean or not, what differs and why it matters. */
export interface VerdictText {
  /** Nothing to say against the pairing: it is the engine's, or as good on every criterion. */
  clean: boolean;
  /** A criterion is broken that allows no exception (the pairing cannot be saved, unless no pairing meets them). */
  breaks: boolean;
  summary: string;
  /** The engine's games and bye that differ, as lines. */
  engine: string[];
  /** The games and bye of the pairing checked that take their place. */
  paired: string[];
  /** Each criterion broken or scored worse on, in words. */
  reasons: string[];
}

/**
 * verdictText says what the checker found. boardOf, when given, finds the board a game of the
 * pairing checked is on (by its White player), so that the summary names the boards that differ.
 */
export function verdictText(check: PairingCheck, boardOf?: (whiteId: number) => number | undefined): VerdictText {
  const engine = check.engine.boards.map(gameText);
  const paired = check.paired.boards.map((b) => {
    const n = boardOf?.(b.white.member_id);
    return n === undefined ? gameText(b) : `Board ${n}: ${gameText(b)}`;
  });
  if (check.engine.bye) engine.push(`Bye: ${check.engine.bye.start_rank} ${check.engine.bye.full_name}`);
  if (check.paired.bye) paired.push(`Bye: ${check.paired.bye.start_rank} ${check.paired.bye.full_name}`);
  const reasons = [...check.breaks, ...check.worse].map(criterionText);
  const base = { engine, paired, reasons, breaks: check.breaks.length > 0 };
  if (check.no_pairing) {
    return { ...base, clean: false, summary: 'No pairing of this round meets the rules that allow no exception: the arbiter decides (C.04.3 1.9.3).' };
  }
  if (!check.differs && check.breaks.length === 0) {
    return { ...base, clean: true, summary: 'The checker agrees: this is the pairing the Dutch system makes.' };
  }
  const boards = check.paired.boards.map((b) => boardOf?.(b.white.member_id)).filter((n): n is number => n !== undefined);
  const where = boards.length === 0 ? '' : ` on ${boards.length === 1 ? 'board' : 'boards'} ${listWords(boards.sort((a, b) => a - b).map(String))}`;
  const bye = check.engine.bye || check.paired.bye ? (boards.length ? ' and in the bye' : ' in the bye') : '';
  const differs = `This pairing differs from the Dutch system’s${where}${bye}.`;
  if (check.breaks.length > 0) return { ...base, clean: false, summary: `${differs} It breaks a rule that allows no exception.` };
  if (check.worse.length > 0) return { ...base, clean: false, summary: `${differs} It is worse on ${check.worse.length === 1 ? 'one criterion' : `${check.worse.length} criteria`}.` };
  return { ...base, clean: true, summary: `${differs} It is as good on every criterion.` };
}

/** listWords joins words as a sentence does: "1", "1 and 2", "1, 2 and 3". */
export function listWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * confirmWorse is the question asked before saving a pairing the checker finds worse than the
 * engine's (or, when no pairing meets them, one that breaks the absolute criteria), naming each
 * criterion in words: saving it is the arbiter's decision, and the audit trail records them.
 */
export function confirmWorse(codes: string[], noPairing = false): ConfirmText {
  const named = codes.map(criterionText);
  const lead = noPairing ? 'No pairing meets every rule, and in this one' : 'This pairing is worse than the Dutch system’s:';
  return {
    header: 'Save this pairing?',
    message: `${lead} ${listWords(named)}. Save it all the same? The audit trail records your decision.`,
    confirm: 'Save anyway',
  };
}

/** A pairing made by hand: its boards in order, White and Black, and the pairing-allocated bye. */
export interface Draft {
  boards: CheckedBoard[];
  bye: PlayerRef | null;
}

/** draftOf starts a pairing by hand from a round as paired: its boards and its pairing-allocated bye. */
export function draftOf(round: Round): Draft {
  return {
    boards: round.boards.map((b) => ({ white: b.white, black: b.black })),
    bye: round.byes.find((y) => y.kind === 'pairing')?.player ?? null,
  };
}

/**
 * nextRoundDraft starts the next round, n, by hand: the players who play it (not withdrawn, no
 * bye asked for, entered by then), highest score first and then by pairing number, paired in
 * twos down the list, the last one left with the bye. The arbiter changes it from there; the
 * checker says how it compares with the Dutch system's.
 */
export function nextRoundDraft(n: number, players: Player[], points: Map<number, number>): Draft {
  const playing = players
    .filter((p) => p.withdrawn_after === null && !p.requested_byes.includes(n) && p.first_round <= n)
    .map((p): PlayerRef => ({ member_id: p.member_id, start_rank: p.start_rank ?? 0, full_name: p.full_name, rating: p.rating }))
    .sort((a, b) => (points.get(b.member_id) ?? 0) - (points.get(a.member_id) ?? 0) || a.start_rank - b.start_rank);
  const boards: CheckedBoard[] = [];
  for (let i = 0; i + 1 < playing.length; i += 2) boards.push({ white: playing[i]!, black: playing[i + 1]! });
  return { boards, bye: playing.length % 2 === 1 ? playing[playing.length - 1]! : null };
}

/** A place in a draft: a board's White or Black ("2:white", boards counted from 0), or the bye. */
export type Seat = `${number}:${'white' | 'black'}` | 'bye';

/** seatOf finds where a player sits in a draft; undefined when they are not in it. */
export function seatOf(d: Draft, memberId: number): Seat | undefined {
  for (const [i, b] of d.boards.entries()) {
    if (b.white.member_id === memberId) return `${i}:white`;
    if (b.black.member_id === memberId) return `${i}:black`;
  }
  return d.bye?.member_id === memberId ? 'bye' : undefined;
}

function playerAt(d: Draft, seat: Seat): PlayerRef | null {
  if (seat === 'bye') return d.bye;
  const [i, side] = seat.split(':') as [string, 'white' | 'black'];
  return d.boards[Number(i)]?.[side] ?? null;
}

function withPlayer(d: Draft, seat: Seat, p: PlayerRef): Draft {
  if (seat === 'bye') return { ...d, bye: p };
  const [i, side] = seat.split(':') as [string, 'white' | 'black'];
  return { ...d, boards: d.boards.map((b, j) => (j === Number(i) ? { ...b, [side]: p } : b)) };
}

/**
 * swapSeats exchanges the players of two seats: two players between boards, the two of one
 * board (their colours), or a player and the bye (the bye moves to them). A seat without a
 * player leaves the draft as it is.
 */
export function swapSeats(d: Draft, a: Seat, b: Seat): Draft {
  const pa = playerAt(d, a);
  const pb = playerAt(d, b);
  if (!pa || !pb || a === b) return d;
  return withPlayer(withPlayer(d, a, pb), b, pa);
}

/** swapColours gives White to Black and Black to White on board i (from 0). */
export function swapColours(d: Draft, i: number): Draft {
  return swapSeats(d, `${i}:white`, `${i}:black`);
}

/** proposal writes a draft as the API takes it; confirm only for saving a pairing the checker warned of. */
export function proposal(d: Draft, confirm = false): Proposal {
  const p: Proposal = { boards: d.boards.map((b) => ({ white: b.white.member_id, black: b.black.member_id })), bye: d.bye?.member_id ?? null };
  if (confirm) p.confirm = true;
  return p;
}

/** sameDraft tells whether two drafts pair the same games with the same colours on the same boards, and the same bye. */
export function sameDraft(a: Draft, b: Draft): boolean {
  return JSON.stringify(proposal(a)) === JSON.stringify(proposal(b));
}

/**
 * proposalFieldWord names a field of a refused proposal as the screen shows it:
 * "boards[2].white" is "Board 3, White", "bye" the bye, "boards" the pairing as a whole.
 */
export function proposalFieldWord(field: string): string {
  const m = field.match(/^boards\[(\d+)\](?:\.(white|black))?$/);
  if (m) return `Board ${Number(m[1]) + 1}${m[2] ? `, ${m[2] === 'white' ? 'White' : 'Black'}` : ''}`;
  if (field === 'bye') return 'Bye';
  if (field === 'boards') return 'Pairing';
  if (field === 'confirm') return 'Warning';
  return field;
}

/**
 * refusalLines explains a refused proposal field by field, in words: "Board 2, Black: is paired
 * already, at board 1, White"; "Pairing: leaves out Ana Petrova"; "Pairing: breaks a rule that
 * allows no exception: two players meet who have played each other before (C1)".
 */
export function refusalLines(fields: Record<string, string>): string[] {
  return Object.entries(fields).map(([field, message]) => {
    const codes = criteriaIn(message);
    let text: string;
    if (/^breaks\b/.test(message) && codes.length > 0) text = `breaks a rule that allows no exception: ${listWords(codes.map(criterionText))}`;
    else if (/^worse\b/.test(message) && codes.length > 0) text = `is worse than the Dutch system’s: ${listWords(codes.map(criterionText))}`;
    else
      text = message
        .replace(/boards\[\d+\](?:\.(?:white|black))?/g, (f) => {
          const w = proposalFieldWord(f);
          return w.charAt(0).toLowerCase() + w.slice(1);
        })
        .replace(/ \(\d+\)/g, '');
    return `${proposalFieldWord(field)}: ${text}`;
  });
}
