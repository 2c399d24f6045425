import type { Crosstable } from '../../api';
import { crosstableCell, crosstableRounds, formatPoints } from '../../play';

/**
 * CrosstableTab is every player's games by round, as arbiters write them: the opponent's
 * pairing number, the colour and the result ("5w1"), and the points.
 */
export function CrosstableTab({ crosstable }: { crosstable: Crosstable | null }) {
  if (!crosstable || crosstable.players.length === 0 || crosstable.rounds === 0) {
    return <p className="empty-note">No games yet.</p>;
  }
  const rounds = crosstableRounds(crosstable);
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Crosstable">
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
            <th scope="col" className="num">
              <abbr title="Points">Pts</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {crosstable.players.map((row) => (
            <tr key={row.player.member_id}>
              <th scope="row" className="sticky">
                <span className="place">{row.player.start_rank}</span> {row.player.full_name}
                {row.withdrawn && <small> (withdrew)</small>}
              </th>
              {rounds.map((n) => (
                <td key={n}>{crosstableCell(row.rounds.find((c) => c.round === n))}</td>
              ))}
              <td className="num">{formatPoints(row.points)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
