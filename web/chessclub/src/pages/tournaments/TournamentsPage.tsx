import { Suspense, lazy, useCallback, useEffect } from 'react';
import { addOutline, trashOutline } from 'ionicons/icons';
import { ListState, Refresher } from '../../components/ListState';
import { formatName } from '../../rules/tournaments';
import { WhenWhere } from '../../components/WhenWhere';
import { useRouterLink } from '../../hooks/useRouterLink';
import { useSession } from '../../hooks/useSession';
import { useLoad } from '../../hooks/useLoad';
import { markFirstRender } from '../../platform/perf';
import { ScreenBoundary } from '../../components/ScreenError';
import { IonButton, IonIcon, IonItem, IonLabel, IonList } from '../../components/ionic';
import { groupTournaments, localDay } from '../../rules/groups';
import { ClubHome } from './ClubHome';

// Only a member who is logged in may import: the button's code is not part of the first screen.
const ImportTrfButton = lazy(() => import('./ImportTrfButton'));
// Nor are a member's invitations to play, with their accept and decline buttons.
const MyInvitations = lazy(() => import('./MyInvitations'));

/**
 * TournamentsPage is the club's home: what is being played now, what comes next and the latest
 * finish (ClubHome), then the tournaments, upcoming, running and past; anyone may see them, and
 * tapping one opens it. A member may create one or import one from a TRF file, and answers here
 * the invitations to play that organisers sent them (MyInvitations, its own chunk).
 */
export default function TournamentsPage() {
  const { api, status } = useSession();
  const link = useRouterLink();
  const load = useCallback(() => api.tournaments(), [api]);
  const { data: tournaments, loading, error, reload } = useLoad(load);

  useEffect(markFirstRender, []);

  const today = localDay();
  const groups = groupTournaments(tournaments ?? [], today);
  const sections = [
    { key: 'running', title: 'Running', list: groups.running },
    { key: 'upcoming', title: 'Upcoming', list: groups.upcoming },
    { key: 'past', title: 'Past', list: groups.past },
  ].filter((g) => g.list.length > 0);

  return (
    <>
      <Refresher reload={reload} />
      {status === 'in' && (
        <div className="actions">
          <IonButton {...link('/tournaments/new')}>
            <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
            New tournament
          </IonButton>
          <ScreenBoundary fallback={null}>
            <Suspense fallback={null}>
              <ImportTrfButton />
            </Suspense>
          </ScreenBoundary>
          {/* A way to delete, never the loudest button of the list: the danger colour is the confirmation's. */}
          <IonButton {...link('/tournaments/delete')} fill="clear">
            <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
            Delete a tournament
          </IonButton>
        </div>
      )}
      {status === 'in' && (
        <ScreenBoundary fallback={null}>
          <Suspense fallback={null}>
            <MyInvitations reload={reload} />
          </Suspense>
        </ScreenBoundary>
      )}
      <ListState loading={loading} error={error} empty={!tournaments || tournaments.length === 0} emptyText="No tournaments yet." retry={() => void reload()}>
        <ClubHome running={groups.running} upcoming={groups.upcoming} past={groups.past} today={today} />
        {sections.map((g) => (
          <IonList key={g.key} aria-labelledby={`list-${g.key}`} className={`cards tournaments-${g.key}`}>
            <h2 id={`list-${g.key}`} className="list-heading">
              {g.title}
            </h2>
            {g.list.map((t) => (
              <IonItem key={t.id} className="tournament" data-tournament={t.name} button detail {...link(`/tournaments/${t.id}`)}>
                <IonLabel>
                  <h3>{t.name}</h3>
                  <WhenWhere t={t} />
                  <p>
                    {formatName(t.format)}
                    {t.rounds ? ` · ${t.rounds} ${t.rounds === 1 ? 'round' : 'rounds'}` : ''}
                    {t.time_control ? ` · ${t.time_control}` : ''}
                    {t.state === 'running' && t.current_round ? ` · round ${t.current_round}` : ''}
                  </p>
                </IonLabel>
              </IonItem>
            ))}
          </IonList>
        ))}
      </ListState>
    </>
  );
}
