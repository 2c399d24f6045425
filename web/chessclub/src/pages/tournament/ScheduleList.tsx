import { Link } from 'react-router-dom';
import type { PlayerRef, Schedule } from '../../api/types';
import { LoadError } from '../../components/ListState';
import { useView } from './useView';

/**
 * ScheduleList is a round robin's whole schedule, fixed at the start by the Berger tables:
 * every round's games (White first) and free player, the rounds still to come included, so
 * that players know long before whom they meet, and with which colour.
 */
export function ScheduleList({ tournamentId, revision, playerLink }: { tournamentId: number; revision: unknown; playerLink(memberId: number): string }) {
  const { data, error, reload } = useView<Schedule>(`/tournaments/${tournamentId}/schedule`, revision);
  if (error && !data) return <LoadError error={error} retry={() => void reload()} />;
  if (!data) return null;
  const name = (p: PlayerRef) => <Link to={playerLink(p.member_id)}>{p.full_name}</Link>;
  return (
    <section className="schedule" aria-labelledby="schedule-title">
      <h3 id="schedule-title">Schedule of every round</h3>
      <ol className="schedule-rounds">
        {data.rounds.map((r) => (
          <li key={r.number} className="schedule-round" data-round={r.number}>
            <h4>
              Round {r.number}
              {r.paired ? <small className="muted"> · paired</small> : <small className="muted"> · to come</small>}
            </h4>
            <ol className="schedule-games" aria-label={`Round ${r.number} games`}>
              {r.games.map((g) => (
                <li key={g.board}>
                  <span className="board-no" aria-label={`Board ${g.board}`}>
                    {g.board}
                  </span>
                  <span className="colour-dot white" aria-hidden="true" />
                  <span className="sr-only">White: </span>
                  {name(g.white)} <span aria-hidden="true">–</span> <span className="colour-dot black" aria-hidden="true" />
                  <span className="sr-only">Black: </span>
                  {name(g.black)}
                </li>
              ))}
            </ol>
            {r.free && <p className="schedule-free">Free: {r.free.full_name}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
