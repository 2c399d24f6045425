import type { KeyValueStore } from '../api/client';

// Where the app keeps the login token and device tokens. In the native apps that is Capacitor
// Preferences (the platform's key-value store, which the system does not clear to free space);
// on the web Preferences itself writes to localStorage, so the web build does that directly and
// leaves Capacitor's bridge out of the first download.

/** The prefix Capacitor Preferences gives its keys on the web; kept so stored tokens stay valid. */
export const WEB_PREFIX = 'CapacitorStorage.';

/** webStore keeps values in localStorage under the keys Preferences would use. */
export function webStore(storage: Storage = window.localStorage): KeyValueStore {
  return {
    get: async (key) => storage.getItem(WEB_PREFIX + key),
    set: async (key, value) => storage.setItem(WEB_PREFIX + key, value),
    remove: async (key) => storage.removeItem(WEB_PREFIX + key),
  };
}

/**
 * isNativeShell tells whether the app runs inside Capacitor's Android or iOS shell, whose
 * bridge defines window.Capacitor before any of the app's code runs. On the web it is not
 * defined then, or @capacitor/core's web stand-in answers false.
 */
export function isNativeShell(): boolean {
  const cap = (window as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return cap?.isNativePlatform?.() === true;
}

/** nativeStore keeps values in Capacitor Preferences, loaded only in the native shells. */
function nativeStore(): KeyValueStore {
  const preferences = import('@capacitor/preferences').then((m) => m.Preferences);
  return {
    get: async (key) => (await (await preferences).get({ key })).value,
    set: async (key, value) => (await preferences).set({ key, value }),
    remove: async (key) => (await preferences).remove({ key }),
  };
}

/** appStore is the store for this platform. */
export function appStore(): KeyValueStore {
  return isNativeShell() ? nativeStore() : webStore();
}
