// A tournament in words as every screen names it: its format and its dates. Its own small module,
// since the first screen (the tournament list) needs it and the screens of one tournament too.
import type { Tournament } from '../api/types';
import { formatDayRange } from './dates';

const FORMATS: Record<Tournament['format'], string> = {
  swiss: 'Swiss',
  round_robin: 'Round robin',
  knockout: 'Knockout',
};

/** formatName is the readable name of a tournament format. */
export function formatName(format: Tournament['format']): string {
  return FORMATS[format] ?? format;
}

/** dateRange shows a tournament's dates in the user's locale: "10 Apr 2027" or "10–11 Apr 2027". */
export function dateRange(t: Pick<Tournament, 'start_date' | 'end_date'>, locale?: string): string {
  return formatDayRange(t.start_date, t.end_date, locale);
}
