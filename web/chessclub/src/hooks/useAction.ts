import { useState } from 'react';
import { showToast } from '../components/ionic';

/**
 * useAction runs the calls behind a screen's buttons (start, pair, enter, withdraw, accept an
 * invitation, appoint an arbiter, …) one at a time: `busy` names the one running, so that the
 * buttons can be disabled and the pressed one show a spinner; the call ends in a toast that says
 * it was done or why not, and the screen reloads either way, so it shows what the server now has.
 */
export function useAction(reload: () => Promise<void>) {
  const [busy, setBusy] = useState('');
  async function run(name: string, call: () => Promise<unknown>, done: string) {
    setBusy(name);
    try {
      await call();
      void showToast({ message: done, duration: 3000, color: 'success' });
    } catch (err) {
      // The server's own words (its problem's detail): rules/words.ts is kept out of this module,
      // which the first screen loads and whose download has no room to spare.
      void showToast({ message: err instanceof Error ? err.message : String(err), duration: 5000, color: 'danger' });
    } finally {
      setBusy('');
      await reload();
    }
  }
  return { busy, run };
}
