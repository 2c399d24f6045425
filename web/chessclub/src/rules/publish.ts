import type { Crosstable, CrosstableRow, Standings, Tournament } from '../api/types';

// What a tournament shows to a room: the crosstable in the order of the standings, the pages a
// projector turns through, and the public addresses a QR code carries. Plain values in and out.

/** A crosstable row with the place it stands at ("3", "3–4", or "" when shared with the row above). */
export interface PlacedRow {
  place: string;
  row: CrosstableRow;
}

/**
 * crosstableByPlace orders the crosstable's rows as the standings rank the players, with each
 * place written as the standings write it (a shared place once, as a range). Spectators read a
 * crosstable from the top to find the leaders, so pairing-number order hides them. Without
 * standings (none counted yet) or for a player the standings do not list, rows follow by points,
 * then pairing number, with no place.
 */
export function crosstableByPlace(c: Crosstable, s: Standings | null): PlacedRow[] {
  const rank = new Map<number, { index: number; place: string }>();
  s?.rows.forEach((r, i) => {
    const shared = s.rows.filter((x) => x.place === r.place).length;
    const first = i === 0 || s.rows[i - 1]!.place !== r.place;
    const place = first ? (shared > 1 ? `${r.place}–${r.place + shared - 1}` : String(r.place)) : '';
    rank.set(r.player.member_id, { index: i, place });
  });
  const order = (x: CrosstableRow) => rank.get(x.player.member_id)?.index ?? Infinity;
  return [...c.players]
    .sort((a, b) => order(a) - order(b) || b.points - a.points || a.player.start_rank - b.player.start_rank)
    .map((row) => ({ place: rank.get(row.player.member_id)?.place ?? '', row }));
}

/** A page of rows the projector shows: its rows, and which page of how many it is (1-based). */
export interface Page<T> {
  rows: T[];
  page: number;
  pages: number;
}

/**
 * pageOf cuts rows into pages of perPage and returns page index (counted from 0, wrapping
 * round, so that a timer may simply count up). A perPage below 1 counts as 1; no rows is one
 * empty page.
 */
export function pageOf<T>(rows: T[], perPage: number, index: number): Page<T> {
  const size = Math.max(1, Math.floor(perPage));
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const page = ((Math.floor(index) % pages) + pages) % pages;
  return { rows: rows.slice(page * size, page * size + size), page: page + 1, pages };
}

/**
 * rowsThatFit says how many rows of rowHeight fit in the height left for a table (available),
 * at least minimum so that a tiny window still shows something rather than nothing.
 */
export function rowsThatFit(available: number, rowHeight: number, minimum = 3): number {
  if (!(rowHeight > 0) || !(available > 0)) return minimum;
  return Math.max(minimum, Math.floor(available / rowHeight));
}

/** What the projector shows: a round's pairings or the standings. */
export type ProjectorShow = 'pairings' | 'standings';

/** projectorShow reads the projector's ?show=: standings unless pairings are asked for. */
export function projectorShow(param: string | null): ProjectorShow {
  return param === 'pairings' ? 'pairings' : 'standings';
}

/** The public addresses of a tournament: its page and its projector view. */
export interface PublicLinks {
  tournament: string;
  projector: string;
}

/**
 * publicLinks writes the addresses anyone may open for tournament id. They are the app's own
 * origin, unless the app talks to an API elsewhere (apiBase absolute, as in the native apps,
 * whose own origin no one else can open): then the API's server, which serves the app too.
 */
export function publicLinks(appOrigin: string, apiBase: string, id: number): PublicLinks {
  const origin = /^https?:\/\//i.test(apiBase) ? new URL(apiBase).origin : appOrigin.replace(/\/+$/, '');
  return { tournament: `${origin}/tournaments/${id}`, projector: `${origin}/tournaments/${id}/projector` };
}

/** How long the projector shows a page, in seconds, unless ?seconds= says otherwise. */
export const PAGE_SECONDS = 15;

/**
 * projectorSeconds reads the projector's ?seconds=, how long each page shows: a whole number
 * from 2 to 600, else PAGE_SECONDS (a page gone before it is read helps no one).
 */
export function projectorSeconds(param: string | null): number {
  if (!param || !/^\d{1,3}$/.test(param)) return PAGE_SECONDS;
  const n = Number(param);
  return n >= 2 && n <= 600 ? n : PAGE_SECONDS;
}

/**
 * projectorSubtitle says what the projector shows, under the tournament's name: "Round 4 of 7:
 * pairings" (the round paired last), "Standings after round 3", "Final standings after round
 * 7" once the tournament is finished.
 */
export function projectorSubtitle(show: ProjectorShow, t: Pick<Tournament, 'rounds' | 'state'>, lastRound: number | null, standings: Pick<Standings, 'round'> | null): string {
  if (show === 'pairings') return lastRound === null ? 'Pairings' : `Round ${lastRound}${t.rounds ? ` of ${t.rounds}` : ''}: pairings`;
  if (!standings) return 'Standings';
  if (t.state === 'finished') return `Final standings after round ${standings.round}`;
  return standings.round === 0 ? 'Standings before the first complete round' : `Standings after round ${standings.round}`;
}
