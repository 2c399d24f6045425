import { useCallback, useEffect } from 'react';
import { IonButton } from '@ionic/react';
import { IonItem, IonLabel, IonList } from '../components/ionic';
import type { Tournament } from '../api';
import { ListState, Refresher } from '../components/ListState';
import { useSession } from '../session';
import { useLoad } from '../useLoad';
import { markFirstRender } from '../perf';

const FORMATS: Record<Tournament['format'], string> = {
  swiss: 'Swiss',
  round_robin: 'Round robin',
  knockout: 'Knockout',
};

/** formatName is the readable name of a tournament format. */
export function formatName(format: Tournament['format']): string {
  return FORMATS[format] ?? format;
}

/** dateRange shows "2026-03-01" or "2026-03-01 – 2026-03-03". */
export function dateRange(t: Pick<Tournament, 'start_date' | 'end_date'>): string {
  return t.start_date === t.end_date ? t.start_date : `${t.start_date} – ${t.end_date}`;
}

/** TournamentsPage lists the tournaments; anyone may see them. */
export default function TournamentsPage() {
  const { api, status } = useSession();
  const load = useCallback(() => api.tournaments(), [api]);
  const { data: tournaments, loading, error, reload } = useLoad(load);

  useEffect(markFirstRender, []);

  return (
    <>
      <Refresher reload={reload} />
      {status === 'in' && (
        <div className="actions">
          <IonButton routerLink="/tournaments/new">New tournament</IonButton>
          <IonButton routerLink="/tournaments/delete" fill="outline" color="danger">
            Delete a tournament
          </IonButton>
        </div>
      )}
      <ListState loading={loading} error={error} empty={!tournaments || tournaments.length === 0} emptyText="No tournaments yet." retry={() => void reload()}>
        <IonList aria-label="Tournaments">
          {tournaments?.map((t) => (
            <IonItem key={t.id} className="tournament" data-tournament={t.name}>
              <IonLabel>
                <h2>{t.name}</h2>
                <p>
                  {dateRange(t)}
                  {t.location ? ` · ${t.location}` : ''}
                </p>
                <p>
                  {formatName(t.format)}
                  {t.rounds ? ` · ${t.rounds} rounds` : ''}
                  {t.time_control ? ` · ${t.time_control}` : ''}
                </p>
              </IonLabel>
            </IonItem>
          ))}
        </IonList>
      </ListState>
    </>
  );
}
