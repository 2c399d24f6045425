// The pure logic of the members' FIDE fields: their names and values in words on the profile,
// the form that changes them (its values, its checks and the merge patch it sends), and the
// summary of a FIDE rating list upload. No I/O, so that it is tested alone.
import type { FideListResult, FideTitle, Member } from '../api/types';

/** The FIDE titles a player's record carries (TRF-2026 player record), each in words. */
export const FIDE_TITLES: Record<FideTitle, string> = {
  GM: 'Grandmaster',
  IM: 'International Master',
  WGM: 'Woman Grandmaster',
  FM: 'FIDE Master',
  WIM: 'Woman International Master',
  CM: 'Candidate Master',
  WFM: 'Woman FIDE Master',
  WCM: 'Woman Candidate Master',
};

/** A fact of the profile: its label and its value in words. */
export interface Fact {
  label: string;
  value: string;
}

/**
 * fideFacts are the member's FIDE fields that are set, as the profile shows them: FIDE id,
 * title, federation, FIDE's standard, rapid and blitz ratings, the national rating; and, for the
 * member themself and admins (the server sends them to nobody else), birth date and national id.
 */
export function fideFacts(m: Member): Fact[] {
  const facts: Fact[] = [];
  const add = (label: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') facts.push({ label, value: String(value) });
  };
  add('FIDE id', m.fide_id);
  add('Title', m.title ? `${FIDE_TITLES[m.title] ?? m.title} (${m.title})` : null);
  add('Federation', m.federation);
  add('FIDE standard', m.fide_rating_standard);
  add('FIDE rapid', m.fide_rating_rapid);
  add('FIDE blitz', m.fide_rating_blitz);
  add('National rating', m.national_rating);
  add('National id', m.national_id);
  add('Sex', m.sex === 'm' ? 'man' : m.sex === 'w' ? 'woman' : null);
  add('Birth date', m.birth_date);
  return facts;
}

/** The FIDE form's values, as typed: empty for a field not set. */
export interface FideValues {
  fide_id: string;
  title: string;
  federation: string;
  sex: string;
  birth_date: string;
  fide_rating_standard: string;
  fide_rating_rapid: string;
  fide_rating_blitz: string;
  national_id: string;
  national_rating: string;
  /** The club rating the member starts from until their first rated game (a declared rating). */
  declared_rating: string;
}

export type FideField = keyof FideValues;

/** The FIDE form's fields in order, with their labels. */
export const FIDE_LABELS: Record<FideField, string> = {
  fide_id: 'FIDE id',
  title: 'Title',
  federation: 'Federation',
  sex: 'Sex',
  birth_date: 'Birth date',
  fide_rating_standard: 'FIDE standard rating',
  fide_rating_rapid: 'FIDE rapid rating',
  fide_rating_blitz: 'FIDE blitz rating',
  national_id: 'National id',
  national_rating: 'National rating',
  declared_rating: 'Starting club rating',
};

const NUMBERS: FideField[] = ['fide_id', 'fide_rating_standard', 'fide_rating_rapid', 'fide_rating_blitz', 'national_rating', 'declared_rating'];

/** fideValues fills the form from a member. */
export function fideValues(m: Member): FideValues {
  const s = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    fide_id: s(m.fide_id),
    title: s(m.title),
    federation: s(m.federation),
    sex: s(m.sex),
    birth_date: s(m.birth_date),
    fide_rating_standard: s(m.fide_rating_standard),
    fide_rating_rapid: s(m.fide_rating_rapid),
    fide_rating_blitz: s(m.fide_rating_blitz),
    national_id: s(m.national_id),
    national_rating: s(m.national_rating),
    declared_rating: m.rating_status === 'declared' ? String(m.rating) : '',
  };
}

function whole(text: string, min: number, max: number): boolean {
  return /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max;
}

/**
 * fideErrors checks the form as the server does (the member schema), in words: an empty field
 * is fine (it removes the value); a FIDE rating is 1000 to 3000, a national one 100 to 3000; a
 * federation is FIDE's three-letter code; a birth date a day (YYYY-MM-DD) or a year.
 */
export function fideErrors(v: FideValues): Partial<Record<FideField, string>> {
  const errors: Partial<Record<FideField, string>> = {};
  const t = (f: FideField) => v[f].trim();
  if (t('fide_id') && !whole(t('fide_id'), 1, 99_999_999_999)) errors.fide_id = 'A FIDE id is a whole number, as on ratings.fide.com.';
  if (t('federation') && !/^[A-Za-z]{3}$/.test(t('federation'))) errors.federation = 'Three letters, FIDE’s code of the federation: ENG, GER, USA.';
  if (t('birth_date') && !/^\d{4}(-\d{2}-\d{2})?$/.test(t('birth_date'))) errors.birth_date = 'A day (2004-05-17) or just the year (2004).';
  for (const f of ['fide_rating_standard', 'fide_rating_rapid', 'fide_rating_blitz'] as const) {
    if (t(f) && !whole(t(f), 1000, 3000)) errors[f] = 'A FIDE rating is between 1000 and 3000.';
  }
  if (t('national_rating') && !whole(t('national_rating'), 100, 3000)) errors.national_rating = 'A national rating is between 100 and 3000.';
  if (t('declared_rating') && !whole(t('declared_rating'), 100, 3000)) errors.declared_rating = 'A starting rating is between 100 and 3000.';
  if (t('national_id') && !/^[A-Za-z0-9][A-Za-z0-9_./-]{0,19}$/.test(t('national_id'))) errors.national_id = 'Up to 20 letters, digits and . _ / -, starting with a letter or digit.';
  return errors;
}

/**
 * fidePatch is the merge patch from before to after: only the fields that changed, an emptied
 * field as null (which removes it), numbers as numbers and the federation in capitals.
 */
export function fidePatch(before: FideValues, after: FideValues): Record<string, string | number | null> {
  const patch: Record<string, string | number | null> = {};
  for (const f of Object.keys(after) as FideField[]) {
    const value = after[f].trim();
    if (value === before[f].trim()) continue;
    if (value === '') patch[f] = null;
    else if (NUMBERS.includes(f)) patch[f] = Number(value);
    else patch[f] = f === 'federation' ? value.toUpperCase() : value;
  }
  return patch;
}

const CHANGE_NAMES: Record<string, string> = {
  fide_rating_standard: 'standard',
  fide_rating_rapid: 'rapid',
  fide_rating_blitz: 'blitz',
  title: 'title',
};

/**
 * fideListSummary says what an upload did: "A list of 3 ratings (standard, rapid and blitz) with
 * 12 345 players: 4 members found by their FIDE id, 2 changed."
 */
export function fideListSummary(r: FideListResult, locale?: string): string {
  const n = new Intl.NumberFormat(locale);
  const kinds = r.types.length === 1 ? `${r.types[0]} list` : `combined list (${r.types.join(', ')})`;
  const found = r.matched === 1 ? '1 member found by their FIDE id' : `${n.format(r.matched)} members found by their FIDE id`;
  const changed = r.changes.length === 0 ? 'nothing changed' : `${n.format(r.changes.length)} changed`;
  return `FIDE’s ${kinds} with ${n.format(r.players)} ${r.players === 1 ? 'player' : 'players'}: ${found}, ${changed}.`;
}

/** fideChangeText writes one member's change: "standard 1750 → 1762, title none → FM". */
export function fideChangeText(c: FideListResult['changes'][number]): string {
  const fields = [...new Set([...Object.keys(c.before), ...Object.keys(c.after)])] as (keyof typeof c.before)[];
  const v = (x: number | string | null | undefined) => (x === null || x === undefined ? 'none' : String(x));
  return fields.map((f) => `${CHANGE_NAMES[f] ?? f} ${v(c.before[f])} → ${v(c.after[f])}`).join(', ');
}
