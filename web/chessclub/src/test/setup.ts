// jsdom lacks a few browser APIs that Ionic calls while rendering (a test in Node has no window).
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// A screen's code is a lazily imported chunk that Vitest transforms on first use; on a busy
// machine (CI, or several builds sharing two cores) that alone can take over a second, the
// default wait of findBy… and waitFor. Five seconds lets the first test of a screen wait for it.
configure({ asyncUtilTimeout: 5000 });

if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
});
