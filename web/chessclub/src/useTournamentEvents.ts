import { useEffect, useRef } from 'react';

/** A tournament event as the stream sends it: its type and its JSON fields. */
export interface TournamentEvent {
  type: string;
  data: Record<string, unknown>;
}

// The event types the server sends (README, "Live events"); EventSource needs each by name.
const TYPES = [
  'state_changed',
  'tournament_changed',
  'player_entered',
  'player_left',
  'player_withdrew',
  'bye_requested',
  'bye_cancelled',
  'round_paired',
  'round_unpaired',
  'result_set',
  'ratings_applied',
  'imported',
  'reset',
];

/**
 * useTournamentEvents follows a tournament's live events (Server-Sent Events at url, public, so
 * no token is needed) while the screen is shown, and calls onEvent for each. EventSource
 * reconnects by itself and sends Last-Event-ID, so that nothing is missed; a `reset` event means
 * more was missed than the server keeps, and the caller reloads everything.
 */
export function useTournamentEvents(url: string | null, onEvent: (e: TournamentEvent) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    const source = new EventSource(url);
    const listener = (e: MessageEvent<string>) => {
      let data: Record<string, unknown> = {};
      try {
        const parsed: unknown = JSON.parse(e.data);
        if (typeof parsed === 'object' && parsed !== null) data = parsed as Record<string, unknown>;
      } catch {
        // an event without JSON data still says that something changed
      }
      handler.current({ type: e.type, data });
    };
    for (const type of TYPES) source.addEventListener(type, listener);
    return () => source.close();
  }, [url]);
}
