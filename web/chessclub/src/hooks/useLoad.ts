import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/problem';

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  error: string;
  /** The failure's HTTP status (0 when the server was not reached), or undefined. */
  status: number | undefined;
  reload(): Promise<void>;
  setData(update: (data: T | undefined) => T | undefined): void;
}

/**
 * useLoad fetches a screen's data when the screen is shown (each visit mounts the screen
 * afresh) and again whenever load changes. A 401 is left to the session, which sends the person
 * to the login page; other failures become `error`.
 */
export function useLoad<T>(load: () => Promise<T>): Loaded<T> {
  const [data, setDataState] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [status, setStatus] = useState<number>();
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setDataState(await loadRef.current());
      setError('');
      setStatus(undefined);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) {
        setError(err instanceof Error ? err.message : String(err));
        setStatus(err instanceof ApiError ? err.status : undefined);
      }
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload, load]);

  return { data, loading, error, status, reload, setData: setDataState };
}
