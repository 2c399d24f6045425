import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../api/problem';
import type { Api } from '../api/client';
import type { Member } from '../api/types';

/** Who is using the app: unknown while the stored token is checked, then in or out. */
export type SessionStatus = 'loading' | 'in' | 'out';

export interface Session {
  api: Api;
  status: SessionStatus;
  /** The logged-in member; null when logged out or when the server could not be asked. */
  member: Member | null;
  logIn(username: string, password: string): Promise<Member>;
  logOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** SessionProvider restores the session from the stored token and follows 401 answers. */
export function SessionProvider({ api, children }: { api: Api; children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [member, setMember] = useState<Member | null>(null);

  useEffect(() => {
    let live = true;
    const off = api.onUnauthorized(() => {
      setMember(null);
      setStatus('out');
    });
    (async () => {
      if (!(await api.token())) {
        if (live) setStatus('out');
        return;
      }
      try {
        const me = await api.me();
        if (live) {
          setMember(me);
          setStatus('in');
        }
      } catch (err) {
        // A 401 already cleared the token; any other failure (offline) keeps it for later.
        if (live) setStatus(err instanceof ApiError && err.status === 401 ? 'out' : 'in');
      }
    })();
    return () => {
      live = false;
      off();
    };
  }, [api]);

  const logIn = useCallback(
    async (username: string, password: string) => {
      const result = await api.login(username, password);
      setMember(result.member);
      setStatus('in');
      return result.member;
    },
    [api],
  );

  const logOut = useCallback(async () => {
    await api.logout();
    setMember(null);
    setStatus('out');
  }, [api]);

  const value = useMemo(() => ({ api, status, member, logIn, logOut }), [api, status, member, logIn, logOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** useSession returns the session; it must be called under SessionProvider. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) {
    throw new Error('useSession must be used inside <SessionProvider>');
  }
  return session;
}
