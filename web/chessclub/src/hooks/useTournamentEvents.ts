import { useEffect, useRef } from 'react';
import type { TournamentEvent } from '../api/types';

// The event types the server sends (README, "Live events"); EventSource needs each by name.
const TYPES = [
  'state_changed',
  'tournament_changed',
  'player_entered',
  'player_left',
  'player_withdrew',
  'player_reinstated',
  'bye_requested',
  'bye_cancelled',
  'round_pairing',
  'round_paired',
  'round_unpaired',
  'result_set',
  'tiebreak_games',
  'ratings_applied',
  'ratings_recomputed',
  'player_linked',
  'imported',
  'reset',
  'deleted',
];

/**
 * RETRY_MS is how long the hook waits before opening the stream again after the server refused
 * it (a 429 from an address that holds its most streams, a 503 from a full server): EventSource
 * gives up for good on an answer that is not 200, and reconnects by itself only after a stream
 * that was open ends.
 */
export const RETRY_MS = 30_000;

/**
 * useTournamentEvents follows a tournament's live events (Server-Sent Events at url, public, so
 * no token is needed) while the screen is shown, and calls onEvent for each. EventSource
 * reconnects by itself and sends Last-Event-ID, so that nothing is missed; a `reset` event means
 * more was missed than the server keeps, and the caller reloads everything. After `deleted`, the
 * tournament's last event, the stream is closed for good; after a refusal (429, 503) it is
 * opened again RETRY_MS later.
 */
export function useTournamentEvents(url: string | null, onEvent: (e: TournamentEvent) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const listener = (e: MessageEvent<string>) => {
      let data: Record<string, unknown> = {};
      try {
        const parsed: unknown = JSON.parse(e.data);
        if (typeof parsed === 'object' && parsed !== null) data = parsed as Record<string, unknown>;
      } catch {
        // an event without JSON data still says that something changed
      }
      if (e.type === 'deleted') {
        done = true;
        source?.close();
      }
      handler.current({ type: e.type, data });
    };
    const open = () => {
      source = new EventSource(url);
      for (const type of TYPES) source.addEventListener(type, listener);
      source.addEventListener('error', () => {
        // CLOSED: the server refused the stream, and EventSource will not try again.
        if (done || !source || source.readyState !== EventSource.CLOSED) return;
        source = null;
        retry = setTimeout(open, RETRY_MS);
      });
    };
    open();
    return () => {
      done = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [url]);
}
