import { describe, expect, it, vi } from 'vitest';
import { Suspense, lazy } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { ScreenBoundary } from './ScreenError';

vi.mock('./frame-ionic', () => import('../test/ionic-stand-ins'));

describe('ScreenBoundary', () => {
  it('shows an error with “Try again” when a screen’s code cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Missing = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/LoginPage-x.js')));
    const reload = vi.fn();
    render(
      <ScreenBoundary reload={reload}>
        <Suspense fallback={<p>Loading…</p>}>
          <Missing />
        </Suspense>
      </ScreenBoundary>,
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/This screen could not be loaded/);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows its fallback instead, for a part of a screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Missing = lazy(() => Promise.reject(new TypeError('Failed to fetch')));
    render(
      <div>
        <p>The rest of the screen</p>
        <ScreenBoundary fallback={null}>
          <Suspense fallback={null}>
            <Missing />
          </Suspense>
        </ScreenBoundary>
      </div>,
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByText('The rest of the screen')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
