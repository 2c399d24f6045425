// The tournament list's grouping, apart from the rest of play.ts: the list is the first
// screen, and this is all of the tournament logic its download needs.
import type { Tournament } from '../api/types';

/** The three parts of the tournament list. */
export interface TournamentGroups {
  upcoming: Tournament[];
  running: Tournament[];
  past: Tournament[];
}

/**
 * groupTournaments splits the list into upcoming, running and past. A tournament's state
 * decides; one still open after its last day (never started) is past. today is YYYY-MM-DD in the
 * person's time zone. Upcoming ones come soonest first, past ones latest first.
 */
export function groupTournaments(list: Tournament[], today: string): TournamentGroups {
  const groups: TournamentGroups = { upcoming: [], running: [], past: [] };
  for (const t of list) {
    if (t.state === 'running') groups.running.push(t);
    else if (t.state === 'finished' || t.end_date < today) groups.past.push(t);
    else groups.upcoming.push(t);
  }
  groups.past.reverse();
  return groups;
}

/** localDay is a date as YYYY-MM-DD in the local time zone. */
export function localDay(d: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
