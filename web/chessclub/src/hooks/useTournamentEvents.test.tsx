import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { TournamentEvent } from '../api/types';
import { RETRY_MS, useTournamentEvents } from './useTournamentEvents';

/** FakeSource stands in for the browser's EventSource: the test dispatches what a server would. */
class FakeSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeSource[] = [];
  readyState = FakeSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeSource.made.push(this);
  }
  close() {
    this.readyState = FakeSource.CLOSED;
  }
  send(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  /** refuse is what EventSource does on a 429 or 503: closed for good, then an error event. */
  refuse() {
    this.readyState = FakeSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
}

describe('useTournamentEvents', () => {
  beforeEach(() => {
    FakeSource.made = [];
    vi.stubGlobal('EventSource', FakeSource);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('passes events on, and stops for good after “deleted”', () => {
    const seen: TournamentEvent[] = [];
    renderHook(() => useTournamentEvents('/api/tournaments/5/events', (e) => seen.push(e)));
    const source = FakeSource.made[0]!;
    source.send('ratings_recomputed', { players: 4 });
    source.send('deleted', { tournament: 5, type: 'deleted' });
    expect(seen).toEqual([
      { type: 'ratings_recomputed', data: { players: 4 } },
      { type: 'deleted', data: { tournament: 5, type: 'deleted' } },
    ]);
    expect(source.readyState).toBe(FakeSource.CLOSED);
    source.dispatchEvent(new Event('error'));
    vi.advanceTimersByTime(2 * RETRY_MS);
    expect(FakeSource.made).toHaveLength(1);
  });

  it('opens the stream again a while after the server refused it, and not after the screen is left', () => {
    const { unmount } = renderHook(() => useTournamentEvents('/api/tournaments/5/events', () => {}));
    FakeSource.made[0]!.refuse();
    vi.advanceTimersByTime(RETRY_MS - 1);
    expect(FakeSource.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSource.made).toHaveLength(2);
    FakeSource.made[1]!.refuse();
    unmount();
    vi.advanceTimersByTime(2 * RETRY_MS);
    expect(FakeSource.made).toHaveLength(2);
  });

  it('leaves a stream that only lost its connection to EventSource, which reconnects itself', () => {
    renderHook(() => useTournamentEvents('/api/tournaments/5/events', () => {}));
    const source = FakeSource.made[0]!;
    source.readyState = FakeSource.CONNECTING;
    source.dispatchEvent(new Event('error'));
    vi.advanceTimersByTime(2 * RETRY_MS);
    expect(FakeSource.made).toHaveLength(1);
  });
});
