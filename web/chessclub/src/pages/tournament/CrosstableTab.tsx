import type { Crosstable, Player, Standings, Tournament } from '../../api/types';
import { crosstableCell, crosstableRounds, formatPoints } from '../../rules/play';
import { crosstableByPlace } from '../../rules/publish';
import { Link } from 'react-router-dom';
import { NARROW, useMediaQuery } from '../../hooks/useMediaQuery';
import { GuestBadge } from './GuestBadge';
import { RoundRobinGrid } from './RoundRobinGrid';
import { ScheduleList } from './ScheduleList';
import { ScrollTable } from './ScrollTable';

export interface CrosstableTabProps {
  crosstable: Crosstable | null;
  /** The standings, whose order the crosstable follows (null before any is counted). */
  standings: Standings | null;
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
 * the result ("5w1"), and the points, its rows in the order of the standings (the place, then
 * the pairing number). On a laptop it is a table with a narrow column per round, so that eleven
 * rounds fit; on a phone each player is a line of results that wraps, since a table there would
 * show the names and hardly a round.
 */
export function CrosstableTab({ crosstable, standings, tournament: t, players, revision, playerLink }: CrosstableTabProps) {
  const narrow = useMediaQuery(NARROW);
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
  const rows = crosstableByPlace(crosstable, standings);
  const who = (row: (typeof rows)[number]['row']) => (
    <>
      <Link to={playerLink(row.player.member_id)}>{row.player.full_name}</Link>
      {guests.has(row.player.member_id) && <GuestBadge />}
      {row.withdrawn && <small> (withdrew)</small>}
    </>
  );
  if (narrow) {
    return (
      <ol className="cross-lines" aria-label="Crosstable">
        {rows.map(({ place, row }) => (
          <li key={row.player.member_id} className="cross-line">
            <p className="cross-who">
              <span className="place" aria-label={place ? `Place ${place}` : undefined}>
                {place}
              </span>
              <span className="pno" title="Pairing number">
                <span className="sr-only">Pairing number </span>
                {row.player.start_rank}
              </span>{' '}
              {who(row)}
              <span className="cross-points">
                {formatPoints(row.points)}
                <span className="sr-only"> points</span>
              </span>
            </p>
            <p className="cross-games">
              {rounds.map((n) => (
                <span key={n} className="cross-game">
                  <abbr title={`Round ${n}`}>R{n}</abbr> {crosstableCell(row.rounds.find((c) => c.round === n)) || '–'}
                </span>
              ))}
            </p>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <ScrollTable label="Crosstable">
      <table className="crosstable">
        <thead>
          <tr>
            <th scope="col" className="sticky">
              <abbr title="Place">#</abbr> <abbr title="Pairing number">No.</abbr> Player
            </th>
            {rounds.map((n) => (
              <th key={n} scope="col" className="round">
                <abbr title={`Round ${n}`}>R{n}</abbr>
              </th>
            ))}
            <th scope="col" className="num sticky-end">
              <abbr title="Points">Pts</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ place, row }) => (
            <tr key={row.player.member_id}>
              <th scope="row" className="sticky">
                <span className="place">{place}</span> <span className="pno">{row.player.start_rank}</span> {who(row)}
              </th>
              {rounds.map((n) => (
                <td key={n} className="round">
                  {crosstableCell(row.rounds.find((c) => c.round === n))}
                </td>
              ))}
              <td className="num sticky-end">{formatPoints(row.points)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
