// The notification that a member was created, through Capacitor's own web plugin for local
// notifications. jsdom has no Notification, so the test gives the window one that behaves as
// the browser's does for the plugin (a permission, a request for it, a constructor) and records
// what it is asked to show; e2e/app.test.mjs checks the same in Chromium.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberCreated } from '../rules/notices';
import { askNotifications, notifyIfAllowed } from './notify';

interface Shown {
  title: string;
  body: string;
}

let shown: Shown[];
let requests: number;
let permission: NotificationPermission;
let answer: NotificationPermission;

// The browser's Notification as the plugin uses it: a permission the person set, a request
// that answers with the person's choice, and a constructor that shows a notification.
class BrowserNotification extends EventTarget {
  static get permission() {
    return permission;
  }
  static async requestPermission() {
    requests += 1;
    permission = answer;
    return answer;
  }
  constructor(title: string, options?: NotificationOptions) {
    super();
    shown.push({ title, body: options?.body ?? '' });
  }
  close() {}
}

// The plugin makes an empty notification to learn whether the browser supports them.
const titled = () => shown.filter((n) => n.title !== '');

const ana = { full_name: 'Ana Petrova', username: 'ana' };

beforeEach(() => {
  shown = [];
  requests = 0;
  Object.defineProperty(window, 'Notification', { value: BrowserNotification, configurable: true, writable: true });
});

afterEach(() => {
  Reflect.deleteProperty(window, 'Notification');
});

describe('memberCreated', () => {
  it('names the new member and their username', () => {
    expect(memberCreated(ana)).toEqual({ title: 'Member created', body: 'Ana Petrova (ana) is now a member of the Chess Club.' });
  });
});

describe('the notification of a member created', () => {
  it('comes at once where notifications are allowed already, without asking', async () => {
    permission = 'granted';
    const { title, body } = memberCreated(ana);
    expect(await notifyIfAllowed(title, body)).toBe(true);
    expect(titled()).toEqual([{ title: 'Member created', body: 'Ana Petrova (ana) is now a member of the Chess Club.' }]);
    expect(requests).toBe(0);
  });

  it('does not come, and nothing is asked, while notifications are not allowed yet', async () => {
    permission = 'default';
    const { title, body } = memberCreated(ana);
    expect(await notifyIfAllowed(title, body)).toBe(false);
    expect(titled()).toEqual([]);
    expect(requests).toBe(0);
  });

  it('comes once the person allows notifications when asked', async () => {
    permission = 'default';
    answer = 'granted';
    expect(await askNotifications(memberCreated(ana))).toBe('granted');
    expect(requests).toBe(1);
    expect(titled()).toEqual([{ title: 'Member created', body: 'Ana Petrova (ana) is now a member of the Chess Club.' }]);
  });

  it('comes without a second question where they are allowed already', async () => {
    permission = 'granted';
    expect(await askNotifications(memberCreated(ana))).toBe('granted');
    expect(requests).toBe(0);
    expect(titled()).toEqual([{ title: 'Member created', body: 'Ana Petrova (ana) is now a member of the Chess Club.' }]);
  });

  it('does not come when the person refuses them', async () => {
    permission = 'default';
    answer = 'denied';
    expect(await askNotifications(memberCreated(ana))).toBe('denied');
    expect(requests).toBe(1);
    expect(titled()).toEqual([]);
  });

  it('does not come, and none is asked for, where the browser has no notifications', async () => {
    Reflect.deleteProperty(window, 'Notification');
    const { title, body } = memberCreated(ana);
    expect(await notifyIfAllowed(title, body)).toBe(false);
    expect(await askNotifications(memberCreated(ana))).toBe('denied');
    expect(titled()).toEqual([]);
    expect(requests).toBe(0);
  });
});
