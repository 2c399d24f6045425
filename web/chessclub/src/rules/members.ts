import type { Member } from '../api/types';

/** initials returns up to two capital letters of a name, for members without a photo. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** mayPhotograph tells whether me may store a photo of member: their own, or anyone's for an admin. */
export function mayPhotograph(me: Pick<Member, 'id' | 'role'> | null, member: Pick<Member, 'id'>): boolean {
  return me !== null && (me.id === member.id || me.role === 'admin');
}

/** hasAuthority tells whether the member is an arbiter or an admin: they direct rated events and enter members without asking. */
export function hasAuthority(member: Pick<Member, 'role'> | null | undefined): boolean {
  return !!member && (member.role === 'arbiter' || member.role === 'admin');
}

/** ratingText shows a member's club rating: "unrated", "1850 (declared)" or "1912". */
export function ratingText(m: Pick<Member, 'rating' | 'rating_status'>): string {
  if (m.rating_status === 'unrated') return 'unrated';
  if (m.rating_status === 'declared') return `${m.rating} (declared)`;
  return String(m.rating);
}

/** roleName is a role in words, empty for a plain member. */
export function roleName(role: Member['role']): string {
  return role === 'admin' ? 'admin' : role === 'arbiter' ? 'arbiter' : '';
}

/** thumbnails maps member ids to their photo's thumbnail, for the members (not guests) who have one. */
export function thumbnails(members: Pick<Member, 'id' | 'guest' | 'thumbnail_url'>[] | null): Map<number, string> {
  const m = new Map<number, string>();
  for (const x of members ?? []) if (!x.guest && x.thumbnail_url) m.set(x.id, x.thumbnail_url);
  return m;
}
