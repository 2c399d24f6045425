import { LocalNotifications } from '@capacitor/local-notifications';
import type { Member } from './api';

/** What happened to a notification: shown by the system, or not allowed. */
export type NotifyResult = 'notified' | 'denied';

let nextId = 1;

/**
 * notifyMemberCreated raises a local notification saying the member was created. It asks for
 * permission first (on the web the plugin would otherwise fail silently) and returns 'denied'
 * when the person or the platform does not allow it, so that the caller can show a toast.
 */
export async function notifyMemberCreated(member: Pick<Member, 'full_name' | 'username'>): Promise<NotifyResult> {
  try {
    let permission = await LocalNotifications.checkPermissions();
    if (permission.display !== 'granted') {
      permission = await LocalNotifications.requestPermissions();
    }
    if (permission.display !== 'granted') {
      return 'denied';
    }
    await LocalNotifications.schedule({
      notifications: [
        {
          id: nextId++,
          title: 'Member created',
          body: `${member.full_name} (${member.username}) is now a member of the Chess Club.`,
        },
      ],
    });
    return 'notified';
  } catch {
    return 'denied';
  }
}
