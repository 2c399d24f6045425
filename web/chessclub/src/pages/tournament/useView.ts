import { useCallback } from 'react';
import { useSession } from '../../hooks/useSession';
import { useLoad } from '../../hooks/useLoad';

/**
 * useView loads a public view of the tournament (a path below /api, such as
 * /tournaments/3/bracket) and loads it again whenever revision changes: the tournament screen
 * passes its data, which a live event replaces, so that the view follows the tournament.
 */
export function useView<T>(path: string, revision: unknown) {
  const { api } = useSession();
  const load = useCallback(() => api.request<T>('GET', path), [api, path, revision]);
  return useLoad(load);
}
