import { Link } from 'react-router-dom';
import type { Crosstable } from '../../api/types';
import { formatPoints } from '../../rules/play';
import { gridGameLabel, roundRobinGrid } from '../../rules/views';
import { GuestBadge } from './GuestBadge';
import { ScrollTable } from './ScrollTable';

/**
 * RoundRobinGrid is a round robin's crosstable as the usual N × N table: a row and a column per
 * player in pairing-number order, the player's own cell shaded, and in each other cell the row
 * player's result against the column's (two in a double round robin), on a white or black
 * square for the colour they had. Names and points stay in view while the table scrolls.
 */
export function RoundRobinGrid({ crosstable, guests, playerLink }: { crosstable: Crosstable; guests: Set<number>; playerLink(memberId: number): string }) {
  const { players, cells } = roundRobinGrid(crosstable);
  const points = new Map(crosstable.players.map((r) => [r.player.member_id, r.points]));
  return (
    <ScrollTable label="Crosstable">
      <table className="crosstable rr-grid">
        <thead>
          <tr>
            <th scope="col" className="sticky">
              <abbr title="Pairing number">No.</abbr> Player
            </th>
            {players.map((p) => (
              <th key={p.member_id} scope="col" className="rr-col">
                <abbr title={p.full_name}>{p.start_rank}</abbr>
              </th>
            ))}
            <th scope="col" className="num sticky-end">
              <abbr title="Points">Pts</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {players.map((p, i) => (
            <tr key={p.member_id} data-member={p.member_id}>
              <th scope="row" className="sticky">
                <span className="place">{p.start_rank}</span> <Link to={playerLink(p.member_id)}>{p.full_name}</Link>
                {guests.has(p.member_id) && <GuestBadge />}
              </th>
              {cells[i]!.map((cell, j) =>
                cell.own ? (
                  <td key={j} className="rr-own" aria-label={`${p.full_name} does not play themself`} />
                ) : (
                  <td key={j} className="rr-cell">
                    {cell.games.map((g) => (
                      <span key={g.round} className={`rr-game ${g.colour}`} title={gridGameLabel(g)} aria-label={gridGameLabel(g)}>
                        {g.text}
                      </span>
                    ))}
                  </td>
                ),
              )}
              <td className="num sticky-end">{formatPoints(points.get(p.member_id) ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
