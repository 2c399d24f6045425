import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { createOutline, downloadOutline, flagOutline, playOutline, qrCodeOutline, shuffleOutline, timerOutline, trophyOutline, arrowUndoOutline } from 'ionicons/icons';
import type { Api } from '../../api/client';
import type { Round, TournamentEvent } from '../../api/types';
import { Loading } from '../../components/AppPage';
import { IonButton, IonIcon, IonSpinner, askConfirm, showToast } from '../../components/ionic';
import { LoadError } from '../../components/ListState';
import { useRouterLink } from '../../hooks/useRouterLink';
import { notifyIfAllowed } from '../../platform/notify';
import { markFirstRender } from '../../platform/perf';
import { assignment, finishText, mayDirect, mayOrganise, nextActions, pairingText, startText, type ConfirmText } from '../../rules/play';
import { useSession } from '../../hooks/useSession';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useLoad } from '../../hooks/useLoad';
import { useTournamentEvents } from '../../hooks/useTournamentEvents';
import { pairingAfter, pairingWords } from '../../rules/pairingNotice';
import { routeId } from '../../rules/routes';
import { hasAuthority } from '../../rules/members';
import { dateRange, formatName } from '../../rules/tournaments';
import { WhenWhere } from '../../components/WhenWhere';
import { PairingsTab } from './PairingsTab';
import { PlayersTab } from './PlayersTab';
import { StandingsTab } from './StandingsTab';
import { CrosstableTab } from './CrosstableTab';
import { AuditTab } from './AuditTab';
import { BracketTab } from './BracketTab';
import { PlayerCardView } from './PlayerCardView';
import { useAction } from '../../hooks/useAction';
import { loadTournament } from './TournamentData';
import './tournament.css';
import './arbiter.css';
import './tables.css';
import './public-links.css';

// The public link and its QR code are the organiser's alone: their code (and the QR encoder's)
// loads for them.
const PublicLinks = lazy(() => import('./PublicLinks'));

/**
 * The tabs; the bracket is a knockout's alone, the audit trail its organisers' (and the club's
 * arbiters' and admins').
 */
const TABS = [
  { id: 'players', label: 'Players', organisers: false, knockout: false },
  { id: 'pairings', label: 'Pairings', organisers: false, knockout: false },
  { id: 'bracket', label: 'Bracket', organisers: false, knockout: true },
  { id: 'standings', label: 'Standings', organisers: false, knockout: false },
  { id: 'crosstable', label: 'Crosstable', organisers: false, knockout: false },
  { id: 'audit', label: 'Audit trail', organisers: true, knockout: false },
] as const;
type TabId = (typeof TABS)[number]['id'];

const STATE_NAMES = { open: 'Taking entries', running: 'Running', finished: 'Finished' };

/**
 * TournamentPage is one tournament: its details, its players, each round's pairings, the
 * standings and the crosstable, and for the organiser the buttons that run it. It follows the
 * tournament's live events while shown, and tells a member when a round they play in is paired.
 */
export default function TournamentPage() {
  const { api, member: me } = useSession();
  const link = useRouterLink();
  const navigate = useNavigate();
  const id = routeId(useParams().id);
  const [params, setParams] = useSearchParams();
  const load = useCallback(() => loadTournament(api, id), [api, id]);
  const { data, loading, error, status, reload } = useLoad(load);
  const { busy, run: act } = useAction(reload);
  const shown = data && data.tournament.id === id ? data : undefined;
  const t = shown?.tournament;

  usePageTitle(t?.name);
  useEffect(markFirstRender, []);

  // Live: reload after each event (a burst of results reloads once), and tell the member of
  // their new pairing.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const meRef = useRef(me);
  meRef.current = me;
  const nameRef = useRef('');
  nameRef.current = data?.tournament.name ?? '';
  const [pairing, setPairing] = useState<number | null>(null);
  const onEvent = useCallback(
    (e: TournamentEvent) => {
      // The notice is rendered at once: the stream may bring the round in the same breath
      // (a pairing shorter than its polling), and a batched render would show neither.
      if (e.type === 'round_pairing') flushSync(() => setPairing((current) => pairingAfter(current, e)));
      else setPairing((current) => pairingAfter(current, e));
      if (e.type === 'deleted') {
        clearTimeout(timer.current);
        void showToast({ message: `${nameRef.current || 'The tournament'} was deleted.`, duration: 5000 });
        navigate('/tournaments', { replace: true });
        return;
      }
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void reload(), 100);
      if (e.type === 'round_paired' && typeof e.data.round === 'number' && id !== null && meRef.current) {
        void announcePairing(id, e.data.round, meRef.current.id);
      }
    },
    [reload, id, navigate],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  useTournamentEvents(id === null ? null : api.eventsUrl(id), onEvent);

  async function announcePairing(tid: number, round: number, memberId: number) {
    let rounds: Round[];
    try {
      rounds = await api.rounds(tid);
    } catch {
      return;
    }
    const r = rounds.find((x) => x.number === round);
    const a = r && assignment(r, memberId);
    if (!a) return;
    const text = pairingText(a);
    if (!(await notifyIfAllowed(nameRef.current || 'Chess Club', text))) {
      void showToast({ message: `${text}. Notifications are off: turn them on to be told even when the app is closed.`, duration: 6000 });
    }
  }


  /** confirmThen asks first (saying what the action does) and acts only on the person's yes. */
  async function confirmThen(text: ConfirmText, action: () => Promise<void>) {
    if (await askConfirm(text)) await action();
  }

  if (status === 404) {
    return (
      <div className="state" role="alert">
        <IonIcon icon={trophyOutline} className="state-icon" aria-hidden="true" />
        <p>There is no tournament with this number.</p>
        <IonButton {...link('/tournaments')}>See all tournaments</IonButton>
      </div>
    );
  }
  if (error && !shown) {
    return <LoadError error={error} retry={() => void reload()} />;
  }
  if (!shown || !t) return loading ? <Loading /> : null;

  const organiser = mayOrganise(me, t);
  const director = mayDirect(me, t);
  const tabs = TABS.filter((x) => (organiser || !x.organisers) && (t.format === 'knockout' || !x.knockout));
  const can = nextActions(t, shown.rounds);
  const lastRound = shown.rounds[shown.rounds.length - 1];
  const requested = params.get('tab') as TabId | null;
  const tab: TabId = tabs.some((x) => x.id === requested) ? requested! : t.state === 'open' ? 'players' : 'pairings';
  // A player's card opens over the tab that named them (?player=ID), for anyone, logged in or not.
  const cardOf = routeId(params.get('player') ?? undefined);
  const playerLink = (memberId: number) => `/tournaments/${t.id}?tab=${tab}&player=${memberId}`;
  const closeCard = () => setParams({ tab }, { replace: true });
  const spinner = (name: string) => (busy === name ? <IonSpinner slot="start" name="dots" aria-hidden="true" /> : null);

  return (
    <article className="tournament-page">
      <section className="tournament-details" aria-label="Details">
        <p className="meta">
          <span className={`state-badge state-${t.state}`}>{STATE_NAMES[t.state]}</span>
          {t.state === 'running' && t.current_round ? <span>Round {t.current_round}{t.rounds ? ` of ${t.rounds}` : ''}</span> : null}
        </p>
        <WhenWhere t={t} />
        <p className="meta">
          <IonIcon icon={timerOutline} aria-hidden="true" />
          <span>
            {formatName(t.format)}
            {t.rounds ? ` · ${t.rounds} ${t.rounds === 1 ? 'round' : 'rounds'}` : ''}
            {t.time_control ? ` · ${t.time_control}` : ''}
            {t.rated ? ' · rated' : ''}
          </span>
        </p>
        {t.description && <p className="description">{t.description}</p>}
      </section>

      {organiser && (
        <div className="actions organiser-actions no-print" aria-label="Organiser">
          {can.start && director && (
            <IonButton disabled={!!busy} onClick={() => void confirmThen(startText(t, shown.players), () => act('start', () => api.start(t.id), 'The tournament has started.'))}>
              {spinner('start') ?? <IonIcon slot="start" icon={playOutline} aria-hidden="true" />}
              Start
            </IonButton>
          )}
          {can.pair && (
            <IonButton disabled={!!busy} onClick={() => void act('pair', () => api.pairRound(t.id), `Round ${t.current_round + 1} is paired.`).then(() => setParams({ tab: 'pairings' }, { replace: true }))}>
              {spinner('pair') ?? <IonIcon slot="start" icon={shuffleOutline} aria-hidden="true" />}
              Pair round {t.current_round + 1}
            </IonButton>
          )}
          {can.unpair && lastRound && (
            <IonButton fill="outline" disabled={!!busy} onClick={() => void act('unpair', () => api.unpairRound(t.id, lastRound.number), `Round ${lastRound.number} is un-paired.`)}>
              {spinner('unpair') ?? <IonIcon slot="start" icon={arrowUndoOutline} aria-hidden="true" />}
              Un-pair round {lastRound.number}
            </IonButton>
          )}
          {can.finish && director && (
            // Prominent once every round is played; before that a quiet "Finish early", so that
            // a round's last result does not put a bright button under the thumb.
            <IonButton
              className={can.allPlayed ? 'finish' : 'finish-early'}
              color={can.allPlayed ? 'success' : 'medium'}
              fill={can.allPlayed ? 'solid' : 'clear'}
              disabled={!!busy}
              onClick={() => void confirmThen(finishText(t, shown.rounds, shown.players), () => act('finish', () => api.finish(t.id), 'The tournament is finished.'))}
            >
              {spinner('finish') ?? <IonIcon slot="start" icon={flagOutline} aria-hidden="true" />}
              {can.allPlayed ? 'Finish' : 'Finish early'}
            </IonButton>
          )}
          {!director && (can.start || can.finish) && <p className="hint">The tournament is rated: an arbiter or an admin starts and finishes it.</p>}
          <IonButton fill="outline" {...link(`/tournaments/${t.id}/edit`)}>
            <IonIcon slot="start" icon={createOutline} aria-hidden="true" />
            Edit
          </IonButton>
          <a className="link-button" href={api.reportUrl(t.id)} download={`tournament-${t.id}.trf`}>
            <IonIcon icon={downloadOutline} aria-hidden="true" />
            Download TRF
          </a>
          <details className="public-links">
            <summary className="link-button">
              <IonIcon icon={qrCodeOutline} aria-hidden="true" />
              Public link and QR code
            </summary>
            <Suspense fallback={<p className="empty-note">Loading…</p>}>
              <PublicLinks tournamentId={t.id} />
            </Suspense>
          </details>
          {hasAuthority(me) && (
            <IonButton fill="outline" disabled={!!busy} onClick={() => void act('fide-report', () => downloadFIDEReport(api, t.id), 'The FIDE report is downloaded.')}>
              {spinner('fide-report') ?? <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />}
              FIDE report (with birth dates)
            </IonButton>
          )}
        </div>
      )}

      <p className="pairing-notice no-print" role="status">
        {pairing !== null ? pairingWords(pairing) : ''}
      </p>
      <div className="tabs no-print" role="tablist" aria-label="Tournament">
        {tabs.map((x) => (
          <button
            key={x.id}
            type="button"
            role="tab"
            id={`tab-${x.id}`}
            aria-controls={`panel-${x.id}`}
            aria-selected={tab === x.id}
            className={tab === x.id ? 'tab selected' : 'tab'}
            onClick={() => setParams({ tab: x.id }, { replace: true })}
          >
            {x.label}
          </button>
        ))}
      </div>
      <section className={`tab-panel panel-${tab}`} role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        <h2 className="print-only">
          {t.name}: {tabs.find((x) => x.id === tab)!.label}
        </h2>
        <p className="print-only">
          {dateRange(t)}
          {t.location ? ` · ${t.location}` : ''}
        </p>
        {cardOf !== null && <PlayerCardView tournamentId={t.id} memberId={cardOf} revision={shown} players={shown.players} close={closeCard} />}
        {tab === 'players' && <PlayersTab data={shown} organiser={organiser} reload={reload} />}
        {tab === 'pairings' && <PairingsTab data={shown} organiser={organiser} reload={reload} />}
        {tab === 'bracket' && <BracketTab tournament={t} revision={shown} playerLink={playerLink} />}
        {tab === 'standings' && <StandingsTab tournamentId={t.id} standings={shown.standings} state={t.state} players={shown.players} playerLink={playerLink} />}
        {tab === 'crosstable' && <CrosstableTab crosstable={shown.crosstable} standings={shown.standings} tournament={t} players={shown.players} revision={shown} playerLink={playerLink} />}
        {tab === 'audit' && <AuditTab tournamentId={t.id} revision={shown} />}
      </section>
    </article>
  );
}

/**
 * downloadFIDEReport saves the tournament's FIDE report, which carries the players' birth dates
 * and so is fetched with the arbiter's token rather than linked like the public file.
 */
async function downloadFIDEReport(api: Api, id: number): Promise<void> {
  const { name, file } = await api.fideReport(id);
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
