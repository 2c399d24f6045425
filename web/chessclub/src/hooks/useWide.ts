import { useSyncExternalStore } from 'react';

/** WIDE is where the desktop layout starts: a side menu instead of the tab bar (theme.css too). */
export const WIDE = '(min-width: 992px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * useWide tells whether the window is wide enough for the desktop layout, and re-renders when
 * that changes. The layout renders only the navigation it shows, so that a phone does not build
 * the side menu's components (nor a desktop the tab bar's) before its first paint.
 */
export function useWide(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(WIDE).matches);
}
