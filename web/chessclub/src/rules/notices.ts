// The words of the local notifications the app raises about members, apart from platform/notify.ts,
// which brings Capacitor's plugin: the registration screen needs the words at once and the
// plugin only when it raises one.
import type { Member } from '../api/types';

/** Notice is a local notification's title and text. */
export interface Notice {
  title: string;
  body: string;
}

/** memberCreated is the notification that a member was created, naming them. */
export function memberCreated(member: Pick<Member, 'full_name' | 'username'>): Notice {
  return { title: 'Member created', body: `${member.full_name} (${member.username}) is now a member of the Chess Club.` };
}
