import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/problem';
import type { Tournament } from '../../api/types';
import { ListState, Refresher } from '../../components/ListState';
import { useSession } from '../../hooks/useSession';
import { useLoad } from '../../hooks/useLoad';
import { markFirstRender } from '../../platform/perf';
import { dateRange } from '../../rules/tournaments';
import { trashOutline } from 'ionicons/icons';
import { IonButton, IonIcon, IonItem, IonList, IonListHeader, IonRadio, IonRadioGroup, IonSpinner, showAlert, showToast } from '../../components/ionic';
import { errorText } from '../../rules/words';

/**
 * DeleteTournamentPage lets a member pick one of their own tournaments (an admin: any) and delete
 * it after a confirmation.
 */
export default function DeleteTournamentPage() {
  const { api, member } = useSession();
  const load = useCallback(() => api.tournaments(), [api]);
  const { data, loading, error, reload, setData } = useLoad(load);
  const [picked, setPicked] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(markFirstRender, []);

  const mine = (data ?? []).filter((t) => member !== null && (t.created_by === member.id || member.role === 'admin'));
  const chosen = mine.find((t) => t.id === picked);

  async function remove(t: Tournament) {
    setBusy(true);
    try {
      await api.deleteTournament(t.id);
      setData((list) => list?.filter((x) => x.id !== t.id));
      setPicked(null);
      void showToast({ message: `Tournament “${t.name}” deleted.`, duration: 3000, color: 'success' });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        setData((list) => list?.filter((x) => x.id !== t.id));
        setPicked(null);
      }
      void showToast({ message: errorText(err), duration: 5000, color: 'danger' });
    } finally {
      setBusy(false);
    }
  }

  function ask() {
    if (!chosen) return;
    void showAlert({
      header: 'Delete tournament?',
      message: `“${chosen.name}” (${dateRange(chosen)}) will be deleted. This cannot be undone.`,
      buttons: [
        { text: 'Cancel', role: 'cancel' },
        { text: 'Delete', role: 'destructive', handler: () => void remove(chosen) },
      ],
    });
  }

  return (
    <>
      <Refresher reload={reload} />
      <ListState loading={loading} error={error} empty={mine.length === 0} emptyText="You have no tournaments to delete." retry={() => void reload()}>
        <IonList className="pick-list">
          <IonRadioGroup value={picked} onIonChange={(e) => setPicked(Number(e.detail.value))} aria-labelledby="delete-pick-label">
            <IonListHeader>
              <h3 id="delete-pick-label">Pick one of your tournaments</h3>
            </IonListHeader>
            {mine.map((t) => (
              <IonItem key={t.id}>
                <IonRadio value={t.id} justify="space-between">
                  {t.name} <span className="muted">· {dateRange(t)}</span>
                </IonRadio>
              </IonItem>
            ))}
          </IonRadioGroup>
        </IonList>
        <IonButton expand="block" fill="outline" disabled={!chosen || busy} onClick={ask}>
          {busy ? <IonSpinner slot="start" name="dots" aria-hidden="true" /> : <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />}
          Delete
        </IonButton>
      </ListState>
    </>
  );
}
