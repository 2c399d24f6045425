import { describe, expect, it } from 'vitest';
import { isNativeShell, webStore } from './storage';

describe('webStore', () => {
  it('keeps values under the keys Capacitor Preferences uses on the web', async () => {
    localStorage.clear();
    localStorage.setItem('CapacitorStorage.chessclub.token', 'from-an-earlier-release');
    const store = webStore();
    expect(await store.get('chessclub.token')).toBe('from-an-earlier-release');
    await store.set('chessclub.device.alice', 'dev-1');
    expect(localStorage.getItem('CapacitorStorage.chessclub.device.alice')).toBe('dev-1');
    await store.remove('chessclub.token');
    expect(localStorage.getItem('CapacitorStorage.chessclub.token')).toBeNull();
    expect(await store.get('missing')).toBeNull();
  });

  it('tells the native shells from the web by the bridge they define', () => {
    const win = window as { Capacitor?: unknown };
    expect(isNativeShell()).toBe(false);
    win.Capacitor = { isNativePlatform: () => false };
    expect(isNativeShell()).toBe(false);
    win.Capacitor = { isNativePlatform: () => true };
    expect(isNativeShell()).toBe(true);
    delete win.Capacitor;
  });
});
