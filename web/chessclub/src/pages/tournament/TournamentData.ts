// What the tournament screen shows, loaded together, apart from the screen itself: the page
// and its tabs all import it, so that no tab imports the page that renders it.
import type { Api } from '../../api/client';
import { ApiError } from '../../api/problem';
import type { Crosstable, Player, Round, Standings, Tournament } from '../../api/types';

/** Everything the tournament screen shows, loaded together and again after each live event. */
export interface TournamentData {
  tournament: Tournament;
  players: Player[];
  rounds: Round[];
  standings: Standings | null;
  crosstable: Crosstable | null;
}

/** What the Players and Pairings tabs take: the data, whether the person organises it, a reload. */
export interface TabProps {
  data: TournamentData;
  organiser: boolean;
  reload(): Promise<void>;
}

// A view that needs played rounds (standings, crosstable) may be refused before the start; the
// screen then shows that there is nothing yet rather than failing.
async function optional<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof ApiError && err.status !== 0 && err.status !== 401 && err.status < 500) return null;
    throw err;
  }
}

/** loadTournament loads tournament id's data; a route without a valid id is a 404. */
export async function loadTournament(api: Api, id: number | null): Promise<TournamentData> {
  if (id === null) throw new ApiError({ type: 'about:blank', title: 'Not found', status: 404, detail: 'There is no tournament with this number.' });
  const [tournament, players, rounds, standings, crosstable] = await Promise.all([
    api.tournament(id),
    api.players(id),
    api.rounds(id),
    optional(api.standings(id)),
    optional(api.crosstable(id)),
  ]);
  return { tournament, players, rounds, standings, crosstable };
}
