// The calls of a running tournament's less frequent actions: half-point byes asked for, a late
// entry's missed rounds, the pairs of players who must not meet. They are functions over the
// one Api rather than its methods because client.ts is part of the first screen's download,
// which has no room to spare; only the tournament screen loads this module.
import type { Api } from './client';
import type { EntryInput, ForbiddenPair, Invitation, MissedRounds, Player } from './types';

function tpath(id: number, rest: string): string {
  return `/tournaments/${encodeURIComponent(String(id))}${rest}`;
}

/** requestBye asks for a half-point bye for memberId in a round not yet paired (the player, or the organiser for them). */
export function requestBye(api: Api, id: number, memberId: number, round: number): Promise<void> {
  return api.request<void>('PUT', tpath(id, `/players/${memberId}/byes/${round}`));
}

/** cancelBye takes back a half-point bye asked for, until its round is paired. */
export function cancelBye(api: Api, id: number, memberId: number, round: number): Promise<void> {
  return api.request<void>('DELETE', tpath(id, `/players/${memberId}/byes/${round}`));
}

/** enterMember enters a member (an arbiter's or an admin's call), saying what a late entry gets for the rounds it missed. */
export function enterMember(api: Api, id: number, memberId: number, missed: MissedRounds): Promise<Player> {
  return api.request<Player>('POST', tpath(id, '/players'), { json: { member_id: memberId, missed_rounds: missed } });
}

/** enterWalkIn enters a player without an account (the organiser's call): a guest of the tournament. */
export function enterWalkIn(api: Api, id: number, walkIn: Pick<EntryInput, 'full_name' | 'rating' | 'fide_id' | 'federation' | 'missed_rounds'>): Promise<Player> {
  return api.request<Player>('POST', tpath(id, '/players'), { json: walkIn });
}

/** inviteMember invites a member, saying what they get for the rounds paired before they accept. */
export function inviteMember(api: Api, id: number, memberId: number, missed: MissedRounds): Promise<Invitation> {
  return api.request<Invitation>('POST', tpath(id, '/invitations'), { json: { member_id: memberId, missed_rounds: missed } });
}

/** forbiddenPairs lists the pairs of players who must not meet (public). */
export function forbiddenPairs(api: Api, id: number): Promise<ForbiddenPair[]> {
  return api.request<ForbiddenPair[]>('GET', tpath(id, '/forbidden-pairs'));
}

/** forbidPair keeps two players apart from the next round paired on. */
export function forbidPair(api: Api, id: number, a: number, b: number): Promise<ForbiddenPair> {
  return api.request<ForbiddenPair>('PUT', tpath(id, `/forbidden-pairs/${a}/${b}`));
}

/** allowPair lets two players meet again from the next round paired on. */
export function allowPair(api: Api, id: number, a: number, b: number): Promise<void> {
  return api.request<void>('DELETE', tpath(id, `/forbidden-pairs/${a}/${b}`));
}
