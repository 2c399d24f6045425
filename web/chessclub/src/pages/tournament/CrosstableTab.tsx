import type { Crosstable, Player, Tournament } from '../../api/types';
import { crosstableCell, crosstableRounds, formatPoints } from '../../rules/play';
import { Link } from 'react-router-dom';
import { GuestBadge } from './GuestBadge';
import { RoundRobinGrid } from './RoundRobinGrid';
import { ScheduleList } from './ScheduleList';
import { ScrollTable } from './ScrollTable';

export interface CrosstableTabProps {
  crosstable: Crosstable | null;
  tournament: Pick<Tournament, 'id' | 'format' | 'state'>;
  /** The entries: who is a guest. */
  players: Pick<Player, 'member_id' | 'guest'>[];
  /** The tournament's data, which a live event replaces: the schedule loads again with it. */
  revision: unknown;
  playerLink(memberId: number): string;
}

/**
 * CrosstableTab is every player's games. A round robin's is the usual N × N grid
 * (RoundRobinGrid) followed by the whole schedule of its rounds (ScheduleList); any other
 * format's is by round, as arbiters write it: the opponent's pairing number, the colour and
 * the result ("5w1"), and the points.
 */
export function CrosstableTab({ crosstable, tournament: t, players, revision, playerLink }: CrosstableTabProps) {
  const guests = new Set(players.filter((p) => p.guest).map((p) => p.member_id));
  const roundRobin = t.format === 'round_robin' && t.state !== 'open';
  const played = !!crosstable && crosstable.players.length > 0;
  if (roundRobin) {
    return (
      <>
        {played ? <RoundRobinGrid crosstable={crosstable} guests={guests} playerLink={playerLink} /> : <p className="empty-note">No games yet.</p>}
        <ScheduleList tournamentId={t.id} revision={revision} playerLink={playerLink} />
      </>
    );
  }
  if (!played || crosstable.rounds === 0) {
    return <p className="empty-note">No games yet.</p>;
  }
  const rounds = crosstableRounds(crosstable);
  return (
    <ScrollTable label="Crosstable">
      <table className="crosstable">
        <thead>
          <tr>
            <th scope="col" className="sticky">
              <abbr title="Pairing number">No.</abbr> Player
            </th>
            {rounds.map((n) => (
              <th key={n} scope="col">
                <abbr title={`Round ${n}`}>R{n}</abbr>
              </th>
            ))}
            <th scope="col" className="num sticky-end">
              <abbr title="Points">Pts</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {crosstable.players.map((row) => (
            <tr key={row.player.member_id}>
              <th scope="row" className="sticky">
                <span className="place">{row.player.start_rank}</span> <Link to={playerLink(row.player.member_id)}>{row.player.full_name}</Link>
                {guests.has(row.player.member_id) && <GuestBadge />}
                {row.withdrawn && <small> (withdrew)</small>}
              </th>
              {rounds.map((n) => (
                <td key={n}>{crosstableCell(row.rounds.find((c) => c.round === n))}</td>
              ))}
              <td className="num sticky-end">{formatPoints(row.points)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
