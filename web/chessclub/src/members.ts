import type { Member } from './api';

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
