import { useCallback, useSyncExternalStore } from 'react';

/** NARROW is a phone's width, where wide tables give way to their compact forms (tournament.css too). */
export const NARROW = '(max-width: 600px)';

/**
 * useMediaQuery tells whether the window matches query, and re-renders when that changes. A
 * view renders only the form it shows (a phone's compact list, a laptop's table), so that a
 * screen reader and a test find one of them, not both with one hidden.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
