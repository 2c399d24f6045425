import { useCallback, useEffect, useState } from 'react';
import { AUDIT_PAGE } from '../../api/client';
import type { AuditEntry } from '../../api/types';
import { IonButton, IonSpinner } from '../../components/ionic';
import { LoadError } from '../../components/ListState';
import { formatDateTime } from '../../rules/dates';
import { auditText } from '../../rules/play';
import { useSession } from '../../hooks/useSession';
import { errorText } from '../../rules/words';

/**
 * AuditTab is the tournament's audit trail, for its organisers and the club's arbiters and
 * admins: every change to it, oldest first, with when, who, what it was and what it became, and
 * the request that made it (what the server's logs name). It loads a page at a time.
 */
export function AuditTab({ tournamentId, revision }: { tournamentId: number; revision: unknown }) {
  const { api } = useSession();
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [more, setMore] = useState(false);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    async (after: number, before: AuditEntry[]) => {
      setLoading(true);
      try {
        const page = await api.audit(tournamentId, after);
        setEntries([...before, ...page]);
        setMore(page.length === AUDIT_PAGE);
        setError('');
      } catch (err) {
        setError(errorText(err));
      } finally {
        setLoading(false);
      }
    },
    [api, tournamentId],
  );
  // From the start again whenever the tournament changes (a live event reloads it).
  useEffect(() => {
    void load(0, []);
  }, [load, revision]);

  if (error && !entries) return <LoadError error={error} retry={() => void load(0, [])} />;
  if (!entries) return <p className="empty-note">Loading the audit trail…</p>;
  if (entries.length === 0) return <p className="empty-note">No changes recorded yet.</p>;
  return (
    <div className="audit">
      <ol className="audit-list" aria-label="Audit trail">
        {entries.map((e) => {
          const { what, change } = auditText(e);
          return (
            <li key={e.id} className="audit-row" data-action={e.action}>
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              <span className="audit-what">{what}</span>
              {change && <span className="audit-change">{change}</span>}
              <small className="muted audit-request">request {e.request_id}</small>
            </li>
          );
        })}
      </ol>
      {more && (
        <IonButton fill="outline" disabled={loading} onClick={() => void load(entries[entries.length - 1]!.id, entries)}>
          {loading && <IonSpinner slot="start" name="dots" aria-hidden="true" />}
          Show more
        </IonButton>
      )}
    </div>
  );
}
