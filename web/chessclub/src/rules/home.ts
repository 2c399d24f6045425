// What the club's home shows above the tournament list: the rounds being played now, the next
// tournaments and the latest finish. Its own module, without React, so that Vitest checks the
// wording; the first screen downloads it, so it stays small and takes only the list's data.
import type { Tournament } from '../api/types';

/**
 * roundText says where a running tournament is: "Round 3 of 7", "Round 3" while the number of
 * rounds is not fixed, or "Not paired yet" before the first round.
 */
export function roundText(t: Pick<Tournament, 'rounds' | 'current_round'>): string {
  const n = t.current_round;
  if (n === 0) return 'Not paired yet';
  return t.rounds ? `Round ${n} of ${t.rounds}` : `Round ${n}`;
}

/**
 * gamesText counts a running round's results: "3 of 8 games played", "all 8 games played"; empty
 * when the list did not count them.
 */
export function gamesText(t: Pick<Tournament, 'round_games'>): string {
  const g = t.round_games;
  if (!g || g.total === 0) return '';
  if (g.played === g.total) return g.total === 1 ? 'the game played' : `all ${g.total} games played`;
  return `${g.played} of ${g.total} ${g.total === 1 ? 'game' : 'games'} played`;
}

/**
 * boardsLink is where a running tournament's games are followed: its pairings, or a knockout's
 * bracket (a knockout has no Pairings tab).
 */
export function boardsLink(t: Pick<Tournament, 'id' | 'format'>): string {
  return `/tournaments/${t.id}?tab=${t.format === 'knockout' ? 'bracket' : 'pairings'}`;
}

const DAY_MS = 86_400_000;

/**
 * daysFrom counts the calendar days from today to a YYYY-MM-DD day (negative in the past). Both
 * are read as midnight UTC, where every day has 24 hours, so a daylight-saving change between
 * them does not shift the count. Null for a bad date.
 */
export function daysFrom(iso: string, today: string): number | null {
  const ms = Date.parse(`${iso}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Number.isNaN(ms) ? null : ms / DAY_MS;
}

/**
 * relativeDay words a day as a person would, in their locale: "today", "tomorrow", "in 3 days",
 * "yesterday", "5 days ago"; weeks from two weeks on ("in 3 weeks"). Empty for a bad date.
 */
export function relativeDay(iso: string, today: string, locale?: string): string {
  const days = daysFrom(iso, today);
  if (days === null) return '';
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (Math.abs(days) < 14) return rtf.format(days, 'day');
  return rtf.format(Math.trunc(days / 7), 'week');
}

/**
 * endedDay is the day a finished tournament is said to have ended: its last day, or today when it
 * finished before its last day. Its dates rather than the server's finished_at, so that the day
 * shown is the day it was played when results came in later, and is counted on the reader's
 * clock alone.
 */
export function endedDay(t: Pick<Tournament, 'end_date'>, today: string): string {
  return t.end_date < today ? t.end_date : today;
}

/** The home's digest of the tournament list. */
export interface HomeDigest {
  /** The tournaments being played, as the list orders them. */
  running: Tournament[];
  /** The next tournaments to start, soonest first: at most three. */
  next: Tournament[];
  /** The tournament that finished last, or null. */
  lastFinished: Tournament | null;
}

/**
 * homeDigest picks from the list what a member opening the app wants first. upcoming is the
 * list's upcoming group (soonest first); the last finished is the one with the latest
 * finished_at, the end date when the answer has none.
 */
export function homeDigest(running: Tournament[], upcoming: Tournament[], past: Tournament[]): HomeDigest {
  let lastFinished: Tournament | null = null;
  const when = (t: Tournament) => t.finished_at ?? t.end_date;
  for (const t of past) {
    if (t.state !== 'finished') continue;
    if (!lastFinished || when(t) > when(lastFinished)) lastFinished = t;
  }
  return { running, next: upcoming.slice(0, 3), lastFinished };
}
