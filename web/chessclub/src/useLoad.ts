import { useCallback, useEffect, useRef, useState } from 'react';
import { useIonViewWillEnter } from '@ionic/react';
import { ApiError } from './api';

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  error: string;
  reload(): Promise<void>;
  setData(update: (data: T | undefined) => T | undefined): void;
}

/**
 * useLoad fetches a screen's data when the screen first mounts and again whenever Ionic shows it
 * again (screens stay mounted in the navigation stack). A 401 is left to the session, which sends
 * the person to the login page; other failures become `error`.
 */
export function useLoad<T>(load: () => Promise<T>): Loaded<T> {
  const [data, setDataState] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const loaded = useRef(false);
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(async () => {
    loaded.current = true;
    setLoading(true);
    try {
      setDataState(await loadRef.current());
      setError('');
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) {
        setError(err instanceof Error ? err.message : String(err));
      }
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);
  useIonViewWillEnter(() => {
    if (loaded.current) void reload();
  });

  return { data, loading, error, reload, setData: setDataState };
}
