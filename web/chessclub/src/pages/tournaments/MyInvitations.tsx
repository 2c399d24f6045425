import { useCallback, useEffect, useState } from 'react';
import { checkmarkOutline, closeOutline, mailOutline } from 'ionicons/icons';
import type { Invitation } from '../../api/types';
import { IonButton, IonIcon, IonItem, IonLabel, IonList } from '../../components/ionic';
import { invitationKey, invitationNotice, newInvitations } from '../../rules/invitations';
import { useRouterLink } from '../../hooks/useRouterLink';
import { notifyIfAllowed } from '../../platform/notify';
import { useSession } from '../../hooks/useSession';
import { useAction } from '../../hooks/useAction';

/** The key under which the app keeps the invitations it has announced, on this device. */
const SEEN_KEY = 'chessclub.invitations.seen';

/** How often the list looks for new invitations while it is shown. */
const POLL_MS = 60_000;

function readSeen(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function writeSeen(keys: string[]) {
  try {
    localStorage.setItem(SEEN_KEY, JSON.stringify(keys));
  } catch {
    // A private window may refuse storage: the invitation is announced again next time.
  }
}

/**
 * MyInvitations lists the logged-in member's invitations to play (GET /me/invitations), each
 * with Accept and Decline, above the tournaments; it looks again every minute while shown, and
 * a local notification announces each invitation the first time this device sees it (when the
 * member allowed notifications). Its own chunk, loaded only for a member who is logged in: the
 * first screen's download has no room to spare. reload refreshes the tournaments after an answer.
 */
export default function MyInvitations({ reload }: { reload(): Promise<void> }) {
  const { api } = useSession();
  const link = useRouterLink();
  const [invitations, setInvitations] = useState<Invitation[]>([]);
  const load = useCallback(async () => {
    const list = await api.myInvitations().catch(() => null);
    if (list === null) return;
    setInvitations(list);
    const seen = readSeen();
    const fresh = newInvitations(list, seen);
    // Only the pending ones are kept, so that the list of keys does not grow without end.
    writeSeen(list.filter((i) => i.status === 'pending').map(invitationKey));
    if (fresh.length > 0) {
      const notice = invitationNotice(fresh);
      await notifyIfAllowed(notice.title, notice.body);
    }
  }, [api]);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [load]);
  const { busy, run } = useAction(async () => {
    await Promise.all([reload(), load()]);
  });

  if (invitations.length === 0) return null;
  return (
    <IonList aria-labelledby="list-invitations" className="cards invitations">
      <h2 id="list-invitations" className="list-heading">
        <IonIcon icon={mailOutline} aria-hidden="true" /> Invitations
      </h2>
      {invitations.map((i) => (
        <IonItem key={i.tournament_id} className="invitation" data-tournament={i.tournament_name}>
          <IonLabel>
            <h3>
              <a {...link(`/tournaments/${i.tournament_id}`)}>{i.tournament_name}</a>
            </h3>
            <p>You are invited to play. Your games count only once you accept.</p>
          </IonLabel>
          <IonButton slot="end" size="small" disabled={!!busy} aria-label={`Accept the invitation to ${i.tournament_name}`} onClick={() => void run(`accept-${i.tournament_id}`, () => api.acceptInvitation(i.tournament_id, i.member_id), `You are entered in ${i.tournament_name}.`)}>
            <IonIcon slot="start" icon={checkmarkOutline} aria-hidden="true" />
            Accept
          </IonButton>
          <IonButton slot="end" size="small" fill="outline" disabled={!!busy} aria-label={`Decline the invitation to ${i.tournament_name}`} onClick={() => void run(`decline-${i.tournament_id}`, () => api.declineInvitation(i.tournament_id, i.member_id), `You have declined the invitation to ${i.tournament_name}.`)}>
            <IonIcon slot="start" icon={closeOutline} aria-hidden="true" />
            Decline
          </IonButton>
        </IonItem>
      ))}
    </IonList>
  );
}
