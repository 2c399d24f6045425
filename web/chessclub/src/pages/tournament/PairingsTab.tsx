import { useState } from 'react';
import { ApiError, type Board, type GameResult } from '../../api';
import { showToast } from '../../components/ionic';
import { assignment, forfeitChoices, mayClearResult, pairingText, resultChoices, resultLabel, formatPoints } from '../../play';
import { useSession } from '../../session';
import type { TournamentData } from '../TournamentPage';
import { errorText } from '../../words';

export interface TabProps {
  data: TournamentData;
  organiser: boolean;
  reload(): Promise<void>;
}

/**
 * PairingsTab shows a round's boards (board, white, result, black) and byes, any round chosen;
 * the member's own board is marked. The organiser enters each result with one tap on large
 * buttons under the board, made for one thumb on a phone; a player may report their own board
 * once when the tournament lets players report. The organiser also finds, folded under each
 * board, the results of a game not played (a forfeit either way, a double forfeit) and, in the
 * last round, a way back to no result at all.
 */
export function PairingsTab({ data, organiser, reload }: TabProps) {
  const { api, member: me } = useSession();
  const { tournament: t, rounds } = data;
  const [chosen, setChosen] = useState<number | null>(null);
  const [saving, setSaving] = useState('');
  if (rounds.length === 0) {
    return <p className="empty-note">No round has been paired yet.</p>;
  }
  const number = chosen !== null && rounds.some((r) => r.number === chosen) ? chosen : rounds[rounds.length - 1]!.number;
  const round = rounds.find((r) => r.number === number)!;
  const mine = me ? assignment(round, me.id) : null;
  const choices = resultChoices(t.format);
  const forfeits = forfeitChoices(t.format);
  const finished = t.state === 'finished';

  async function enter(board: Board, result: GameResult | null) {
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
      <ol className="boards" aria-label={`Round ${round.number} pairings`}>
        {round.boards.map((b) => {
          const own = mine?.kind === 'board' && mine.board.board === b.board;
          const mayReport = !finished && (organiser || (own && !!t.players_report && b.result === null));
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
                    {b.white.full_name}
                    {b.white.rating !== null && <small>{b.white.rating}</small>}
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
                    {b.black.full_name}
                    {b.black.rating !== null && <small>{b.black.rating}</small>}
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
              {organiser && !finished && (
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
              {y.player.full_name}: {y.kind === 'pairing' ? 'bye' : y.kind === 'zero' ? 'absent' : `${y.kind} bye`} ({formatPoints(y.points)})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
