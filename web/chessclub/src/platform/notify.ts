import { LocalNotifications } from '@capacitor/local-notifications';
import type { Notice } from '../rules/notices';

let nextId = 1;

/**
 * askNotifications asks the person (or the platform) to allow notifications and, once they are
 * allowed, raises notice, which also shows that they work: on the web the plugin would
 * otherwise fail silently later. Call it from a tap on a button that explains what the
 * notifications are for, never unprompted.
 */
export async function askNotifications(notice: Notice): Promise<'granted' | 'denied'> {
  try {
    let { display } = await LocalNotifications.checkPermissions();
    if (display !== 'granted') {
      ({ display } = await LocalNotifications.requestPermissions());
    }
    if (display !== 'granted') {
      return 'denied';
    }
    await notify(notice.title, notice.body);
    return 'granted';
  } catch {
    return 'denied';
  }
}

/** notify raises a local notification now; it does nothing when notifications are not allowed. */
export async function notify(title: string, body: string): Promise<void> {
  await LocalNotifications.schedule({ notifications: [{ id: nextId++, title, body }] });
}

/**
 * notifyIfAllowed raises a local notification when the person has allowed them, and says
 * whether it did; it never asks for the permission (that takes a tap on a button that says why).
 */
export async function notifyIfAllowed(title: string, body: string): Promise<boolean> {
  try {
    const { display } = await LocalNotifications.checkPermissions();
    if (display !== 'granted') return false;
    await notify(title, body);
    return true;
  } catch {
    return false;
  }
}
