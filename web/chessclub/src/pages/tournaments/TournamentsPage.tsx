import { Suspense, lazy, useCallback, useEffect } from 'react';
import { addOutline, calendarOutline, locationOutline, trashOutline } from 'ionicons/icons';
import type { Tournament } from '../../api/types';
import { ListState, Refresher } from '../../components/ListState';
import { formatDayRange } from '../../rules/dates';
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

const FORMATS: Record<Tournament['format'], string> = {
  swiss: 'Swiss',
  round_robin: 'Round robin',
  knockout: 'Knockout',
};

/** formatName is the readable name of a tournament format. */
export function formatName(format: Tournament['format']): string {
  return FORMATS[format] ?? format;
}

/** dateRange shows a tournament's dates in the user's locale: "10 Apr 2027" or "10–11 Apr 2027". */
export function dateRange(t: Pick<Tournament, 'start_date' | 'end_date'>, locale?: string): string {
  return formatDayRange(t.start_date, t.end_date, locale);
}

/** WhenWhere is a tournament's line of dates and, when it has one, place (its pin kept beside it). */
export function WhenWhere({ t }: { t: Pick<Tournament, 'start_date' | 'end_date' | 'location'> }) {
  return (
    <p className="meta">
      <IonIcon icon={calendarOutline} aria-hidden="true" />
      <time dateTime={t.start_date}>{dateRange(t)}</time>
      {t.location && (
        // One item of the wrapping line, so that the pin wraps with the place.
        <span>
          <IonIcon icon={locationOutline} aria-hidden="true" /> <span>{t.location}</span>
        </span>
      )}
    </p>
  );
}

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
