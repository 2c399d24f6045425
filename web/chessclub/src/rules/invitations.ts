// The pure logic of a member's invitations to play: which are new since the app last looked,
// and the words of the local notification that announces one. No I/O, so that it is tested
// alone; the list of invitations (pages/tournaments/MyInvitations.tsx) keeps what it has seen.
import type { Invitation } from '../api/types';
import { formatDay } from './dates';
import type { Notice } from './notices';

/** invitationKey names one invitation: a member invited again after declining is invited anew. */
export function invitationKey(i: Pick<Invitation, 'tournament_id' | 'member_id' | 'invited_at'>): string {
  return `${i.tournament_id}/${i.member_id}/${i.invited_at}`;
}

/** newInvitations are the pending invitations of list that seen (their keys) does not hold yet. */
export function newInvitations(list: Invitation[], seen: readonly string[]): Invitation[] {
  const known = new Set(seen);
  return list.filter((i) => i.status === 'pending' && !known.has(invitationKey(i)));
}

/**
 * invitationNotice is the notification of a new invitation: "Invitation to play: Friday Blitz,
 * 5 Mar 2027. Your games count only once you accept." Several at once make one notification.
 */
export function invitationNotice(fresh: Invitation[], locale?: string): Notice {
  if (fresh.length === 1) {
    const i = fresh[0]!;
    return { title: 'Invitation to play', body: `You are invited to play in ${i.tournament_name} (${formatDay(i.start_date, locale)}). Accept or decline it in the app; your games count only once you accept.` };
  }
  return { title: 'Invitations to play', body: `You are invited to play in ${fresh.length} tournaments: ${fresh.map((i) => i.tournament_name).join(', ')}. Accept or decline them in the app.` };
}
