// Dates as the person reading them writes them: every date the app shows goes through this
// module, formatted by Intl in the browser's locale (undefined = the user's own), never as the
// API's ISO strings.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * calendarDate reads a YYYY-MM-DD date as midnight of that day in local time, so that the day
 * shown is the day stored whatever the time zone (new Date("2027-04-10") would be UTC midnight,
 * the 9th west of Greenwich). It returns null for anything else.
 */
export function calendarDate(iso: string): Date | null {
  const m = DAY.exec(iso);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) ? null : d;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(locale: string | undefined): Intl.DateTimeFormat {
  const key = locale ?? '';
  let f = dayFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
    dayFormats.set(key, f);
  }
  return f;
}

/** formatDay shows a YYYY-MM-DD date in the locale ("10 Apr 2027", "Apr 10, 2027"…). */
export function formatDay(iso: string, locale?: string): string {
  const d = calendarDate(iso);
  return d ? dayFormat(locale).format(d) : iso;
}

/**
 * formatLongDay spells a YYYY-MM-DD date out with its weekday ("Saturday, 10 April 2027"), or
 * returns '' for anything else (an empty field).
 */
export function formatLongDay(iso: string, locale?: string): string {
  const d = calendarDate(iso);
  return d ? new Intl.DateTimeFormat(locale, { dateStyle: 'full' }).format(d) : '';
}

/**
 * formatDayRange shows a tournament's dates: one day, or a range the locale abbreviates as it
 * does ("10 – 11 Apr 2027", "Apr 10 – 11, 2027", "10.–11. Apr. 2027").
 */
export function formatDayRange(startIso: string, endIso: string, locale?: string): string {
  const start = calendarDate(startIso);
  const end = calendarDate(endIso);
  if (!start || !end) return startIso === endIso ? startIso : `${startIso} – ${endIso}`;
  if (startIso === endIso) return dayFormat(locale).format(start);
  return dayFormat(locale).formatRange(start, end);
}

/** formatMonth shows the month and year of an RFC 3339 timestamp ("April 2026"). */
export function formatMonth(timestamp: string, locale?: string): string {
  const d = new Date(timestamp);
  if (Number.isNaN(d.getTime())) return timestamp;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(d);
}

/** formatDateTime shows an RFC 3339 timestamp as a day and a time in the user's locale ("4 Mar 2027, 19:42:05"). */
export function formatDateTime(timestamp: string, locale?: string): string {
  const d = new Date(timestamp);
  if (Number.isNaN(d.getTime())) return timestamp;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(d);
}

/**
 * formatWait says how long "in N seconds" is, rounded up to what a person would say: seconds
 * under a minute, minutes under an hour, then hours. Intl's RelativeTimeFormat words it in the
 * locale ("in 45 seconds", "in 2 minutes").
 */
export function formatWait(seconds: number, locale?: string): string {
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return rtf.format(s, 'second');
  if (s < 3600) return rtf.format(Math.ceil(s / 60), 'minute');
  return rtf.format(Math.ceil(s / 3600), 'hour');
}
