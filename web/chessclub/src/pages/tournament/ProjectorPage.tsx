import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Loading } from '../../components/AppPage';
import { LoadError } from '../../components/ListState';
import { documentTitle } from '../../hooks/usePageTitle';
import { useLoad } from '../../hooks/useLoad';
import { NARROW, useMediaQuery } from '../../hooks/useMediaQuery';
import { useSession } from '../../hooks/useSession';
import { useTournamentEvents } from '../../hooks/useTournamentEvents';
import { WIDE } from '../../hooks/useWide';
import { projectorSeconds, projectorShow, projectorSubtitle, type ProjectorShow } from '../../rules/publish';
import { routeId } from '../../rules/routes';
import { loadTournament } from './TournamentData';
import { ProjectorPairings, ProjectorStandings } from './ProjectorTables';
import './arbiter.css';
import './projector.css';

const SHOWS: { id: ProjectorShow; label: string }[] = [
  { id: 'pairings', label: 'Pairings' },
  { id: 'standings', label: 'Standings' },
];

/**
 * ProjectorPage is a tournament's pairings or standings for a room: the whole window, without
 * the app's menus, in large type, for a projector or a screen in the playing hall, and for
 * spectators who open the public link (no login). On a large screen the table turns through
 * pages of what fits, one every ?seconds= (PAGE_SECONDS by default), saying "Page 2 of 4"; on a
 * phone it is a list of cards that scrolls. It follows the tournament's live events as the
 * tournament screen does, so that a result entered shows without anyone touching the
 * projector. Printed, it is every row, without the switch and the buttons.
 */
export default function ProjectorPage() {
  const { api } = useSession();
  const id = routeId(useParams().id);
  const [params] = useSearchParams();
  const show = projectorShow(params.get('show'));
  const seconds = projectorSeconds(params.get('seconds'));
  const narrow = useMediaQuery(NARROW);
  const paging = useMediaQuery(WIDE);
  const load = useCallback(() => loadTournament(api, id), [api, id]);
  const { data, loading, error, status, reload } = useLoad(load);
  const [page, setPage] = useState({ page: 1, pages: 1 });
  const t = data?.tournament;

  useEffect(() => {
    document.title = documentTitle(t ? `${t.name}: ${show}` : 'Projector');
  }, [t, show]);

  // Live: reload after each event, a burst of results once.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onEvent = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void reload(), 100);
  }, [reload]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useTournamentEvents(id === null ? null : api.eventsUrl(id), onEvent);

  let body;
  if (status === 404) body = <p className="projector-empty">There is no tournament with this number.</p>;
  else if (error && !data) body = <LoadError error={error} retry={() => void reload()} />;
  else if (!data || !t) body = loading ? <Loading /> : null;

  const round = data?.rounds[data.rounds.length - 1];
  const subtitle = data && t ? projectorSubtitle(show, t, round?.number ?? null, data.standings) : '';
  const paged = paging && page.pages > 1;

  return (
    <main className="projector" data-route="/tournaments/:id/projector">
      <header className="projector-head">
        <div>
          <h1>{t?.name ?? 'Tournament'}</h1>
          {subtitle && <p className="projector-sub">{subtitle}</p>}
        </div>
        {paged && (
          <p className="projector-page" data-testid="projector-page">
            Page {page.page} of {page.pages}
          </p>
        )}
        <nav className="projector-switch no-print" aria-label="Show">
          {SHOWS.map((s) => (
            <Link key={s.id} to={`?show=${s.id}${params.get('seconds') ? `&seconds=${seconds}` : ''}`} replace aria-current={s.id === show ? 'page' : undefined} className={s.id === show ? 'chip selected' : 'chip'}>
              {s.label}
            </Link>
          ))}
          {t && (
            <Link to={`/tournaments/${t.id}`} className="chip">
              Tournament page
            </Link>
          )}
          <button type="button" className="chip" onClick={() => window.print()}>
            Print / Save as PDF
          </button>
        </nav>
      </header>
      {body ??
        (show === 'standings' ? (
          <ProjectorStandings standings={data!.standings} paging={paging} narrow={narrow} seconds={seconds} onPage={setPage} />
        ) : (
          <ProjectorPairings tournament={t!} round={round} rounds={data!.rounds} crosstable={data!.crosstable} paging={paging} narrow={narrow} seconds={seconds} onPage={setPage} />
        ))}
    </main>
  );
}
