import { Suspense, lazy, useState } from 'react';
import { ApiError } from '../../api/problem';
import type { Board, GameResult, PlayerRef } from '../../api/types';
import { IonButton, askConfirm, showToast } from '../../components/ionic';
import { ScreenBoundary } from '../../components/ScreenError';
import { assignment, byeText, forfeitChoices, mayClearResult, pairingText, replaceText, resultChoices, resultLabel, formatPoints, mayDirect } from '../../rules/play';
import { useSession } from '../../hooks/useSession';
import { hasAuthority } from '../../rules/members';
import type { TabProps } from './TournamentData';
import { GuestBadge } from './GuestBadge';
import { errorText } from '../../rules/words';
import { pointsBefore } from '../../rules/wall';
import { RoundCheck } from './RoundCheck';
import { WallList } from './WallList';

// The editor of a pairing by hand is the arbiter's alone: its code loads when they open it.
const ManualPairing = lazy(() => import('./ManualPairing'));

/**
 * PairingsTab shows a round's boards (board, white, result, black, each player with their
 * pairing number and their points before the round) and byes, any round chosen; the member's
 * own board is marked. The same round reads alphabetically too, for the wall ("which board am I
 * on?"), and either view prints as a clean sheet. The organiser enters each result with one tap
 * on large buttons under the board, made for one thumb on a phone; a player may report their own
 * board once when the tournament lets players report. The organiser also finds, folded under each
 * board, the results of a game not played (a forfeit either way, a double forfeit) and, in the
 * last round, a way back to no result at all. For a Swiss the organiser sees the pairing
 * checker's verdict on the round, and whoever directs it may pair it by hand. Replacing a result
 * already entered is asked first; after the finish an arbiter or an admin may correct results
 * (asked first, saying that the standings and the club ratings follow).
 */
export function PairingsTab({ data, organiser, reload }: TabProps) {
  const { api, member: me } = useSession();
  const { tournament: t, rounds } = data;
  const guests = new Set(data.players.filter((p) => p.guest).map((p) => p.member_id));
  const [chosen, setChosen] = useState<number | null>(null);
  const [saving, setSaving] = useState('');
  const [view, setView] = useState<'boards' | 'wall'>('boards');
  const [editing, setEditing] = useState<number | null>(null);
  // After the finish an arbiter or an admin may correct a result, once they ask to.
  const [correcting, setCorrecting] = useState(false);
  const director = mayDirect(me, t);
  const swiss = t.format === 'swiss';
  const last = rounds[rounds.length - 1];
  // Pairing by hand (C.04.2: the arbiter answers for it): the last round while none of its
  // results is in, or the next one once the last is complete and rounds remain.
  const editableLast = director && swiss && t.state === 'running' && !!last && last.boards.every((b) => b.result === null);
  const pairNextByHand = director && swiss && t.state === 'running' && !!last && last.complete && (t.rounds === null || t.current_round < t.rounds);
  if (editing !== null) {
    return (
      <ScreenBoundary fallback={<p className="empty-note">The pairing editor could not be loaded.</p>}>
        <Suspense fallback={<p className="empty-note">Loading the pairing editor…</p>}>
          <ManualPairing data={data} round={editing} close={() => setEditing(null)} reload={reload} />
        </Suspense>
      </ScreenBoundary>
    );
  }
  if (rounds.length === 0) {
    return <p className="empty-note">No round has been paired yet.</p>;
  }
  const number = chosen !== null && rounds.some((r) => r.number === chosen) ? chosen : rounds[rounds.length - 1]!.number;
  const round = rounds.find((r) => r.number === number)!;
  const mine = me ? assignment(round, me.id) : null;
  const choices = resultChoices(t.format);
  const forfeits = forfeitChoices(t.format);
  const finished = t.state === 'finished';
  const mayCorrect = finished && hasAuthority(me);
  // Who enters results on this screen: the organiser while the tournament runs; after the
  // finish, an arbiter or an admin who chose to correct.
  const entering = finished ? mayCorrect && correcting : organiser;
  // A knockout's matches do not go by points: its boards show the ratings alone.
  const points = t.format === 'knockout' ? null : pointsBefore(round.number, rounds, data.crosstable, t);
  const facts = (p: PlayerRef) => {
    const score = points ? `${formatPoints(points.get(p.member_id) ?? 0)} ${points.get(p.member_id) === 1 ? 'point' : 'points'}` : '';
    const rating = p.rating !== null ? String(p.rating) : '';
    if (!score && !rating) return null;
    return (
      <small>
        <span className="sr-only">, </span>
        {[score, rating].filter(Boolean).join(' · ')}
      </small>
    );
  };
  const name = (p: PlayerRef) => (
    <span className="player-name-line">
      <span className="pno" title="Pairing number">
        <span className="sr-only">Pairing number </span>
        {p.start_rank}
      </span>{' '}
      {p.full_name}
    </span>
  );

  async function enter(board: Board, result: GameResult | null) {
    // One tap never silently replaces a result someone entered.
    if (board.result !== null && board.result !== result && !(await askConfirm(replaceText(t, board, result)))) return;
    const key = `${board.round}/${board.board}`;
    setSaving(key);
    try {
      await api.setResult(t.id, board, result);
    } catch (err) {
      const message = err instanceof ApiError && err.status === 412 ? `Board ${board.board} was changed meanwhile; here is what it has now.` : errorText(err);
      void showToast({ message, duration: 5000, color: 'danger' });
    } finally {
      setSaving('');
      await reload();
    }
  }

  return (
    <div className="pairings">
      {rounds.length > 1 && (
        <div className="round-picker no-print" role="group" aria-label="Round">
          {rounds.map((r) => (
            <button key={r.number} type="button" className={r.number === number ? 'chip selected' : 'chip'} aria-pressed={r.number === number} onClick={() => setChosen(r.number)}>
              Round {r.number}
            </button>
          ))}
        </div>
      )}
      <h3 className="round-heading">
        Round {round.number}
        {round.complete ? ' · complete' : ''}
      </h3>
      {mine && <p className="my-pairing">{pairingText(mine)}</p>}
      <div className="pairings-tools no-print">
        <div className="view-picker" role="group" aria-label="Show the pairings">
          <button type="button" className={view === 'boards' ? 'chip selected' : 'chip'} aria-pressed={view === 'boards'} onClick={() => setView('boards')}>
            By board
          </button>
          <button type="button" className={view === 'wall' ? 'chip selected' : 'chip'} aria-pressed={view === 'wall'} onClick={() => setView('wall')}>
            By name
          </button>
        </div>
        <IonButton fill="outline" size="small" onClick={() => window.print()}>
          Print
        </IonButton>
        {mayCorrect && (
          <IonButton fill="outline" size="small" aria-pressed={correcting} onClick={() => setCorrecting((c) => !c)}>
            {correcting ? 'Done correcting' : 'Correct a result'}
          </IonButton>
        )}
        {editableLast && round.number === last.number && (
          <IonButton fill="outline" size="small" onClick={() => setEditing(round.number)}>
            Change the pairing
          </IonButton>
        )}
        {pairNextByHand && (
          <IonButton fill="outline" size="small" onClick={() => setEditing(last.number + 1)}>
            Pair by hand: round {last.number + 1}
          </IonButton>
        )}
      </div>
      {mayCorrect && correcting && (
        <p className="correcting-note no-print" role="note">
          The tournament has finished. A result corrected here changes its standings{t.rated ? ', and the club ratings are computed again from this tournament on' : ''}; each correction is asked first and kept in the audit trail.
        </p>
      )}
      {organiser && swiss && <RoundCheck tournamentId={t.id} round={round} revision={data} />}
      {view === 'wall' ? (
        <WallList round={round} />
      ) : (
        <>
      <ol className="boards" aria-label={`Round ${round.number} pairings`}>
        {round.boards.map((b) => {
          const own = mine?.kind === 'board' && mine.board.board === b.board;
          const mayReport = entering || (!finished && own && !!t.players_report && b.result === null);
          const key = `${b.round}/${b.board}`;
          return (
            <li key={b.board} className={own ? 'board mine' : 'board'} data-board={b.board} aria-current={own ? 'true' : undefined}>
              <div className="board-line">
                <span className="board-no" aria-label={`Board ${b.board}`}>
                  {b.board}
                </span>
                <span className="player white">
                  <span className="colour-dot white" aria-hidden="true" />
                  <span className="player-text">
                    <span className="sr-only">White: </span>
                    {name(b.white)}
                    {guests.has(b.white.member_id) && <GuestBadge />}
                    {facts(b.white)}
                  </span>
                </span>
                <span className="result" data-result={b.result ?? ''}>
                  <span className="sr-only">Result: </span>
                  {resultLabel(b.result)}
                </span>
                <span className="player black">
                  <span className="colour-dot black" aria-hidden="true" />
                  <span className="player-text">
                    <span className="sr-only">Black: </span>
                    {name(b.black)}
                    {guests.has(b.black.member_id) && <GuestBadge />}
                    {facts(b.black)}
                  </span>
                </span>
              </div>
              {own && <p className="mine-note">Your board</p>}
              {mayReport && (
                <div className="result-buttons no-print" role="group" aria-label={`Result on board ${b.board}`}>
                  {choices.map((c) => (
                    <button
                      key={c.result}
                      type="button"
                      className={b.result === c.result ? 'result-button selected' : 'result-button'}
                      aria-pressed={b.result === c.result}
                      aria-label={`${c.spoken} on board ${b.board}`}
                      disabled={saving === key}
                      onClick={() => void enter(b, c.result)}
                    >
                      {c.label}
                    </button>
                  ))}
                </div>
              )}
              {entering && (
                <details className="more-results no-print">
                  <summary>
                    Forfeit or clear the result<span className="sr-only"> on board {b.board}</span>
                  </summary>
                  <div className="result-buttons" role="group" aria-label={`Forfeits on board ${b.board}`}>
                    {forfeits.map((c) => (
                      <button
                        key={c.result}
                        type="button"
                        className={b.result === c.result ? 'result-button forfeit selected' : 'result-button forfeit'}
                        aria-pressed={b.result === c.result}
                        aria-label={`${c.spoken} on board ${b.board}`}
                        disabled={saving === key}
                        onClick={() => void enter(b, c.result)}
                      >
                        {c.label}
                      </button>
                    ))}
                  </div>
                  {mayClearResult(t, rounds, b) && (
                    <button type="button" className="clear-result" aria-label={`Clear the result on board ${b.board}`} disabled={saving === key} onClick={() => void enter(b, null)}>
                      Clear the result (not played yet)
                    </button>
                  )}
                </details>
              )}
            </li>
          );
        })}
      </ol>
      {round.byes.length > 0 && (
        <ul className="byes" aria-label="Byes">
          {round.byes.map((y) => (
            <li key={y.player.member_id}>
              {y.player.start_rank} {y.player.full_name}: {byeText(y, t.format)}
            </li>
          ))}
        </ul>
      )}
        </>
      )}
    </div>
  );
}
