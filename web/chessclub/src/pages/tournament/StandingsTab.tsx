import { Link } from 'react-router-dom';
import type { Standings } from '../../api';
import { standingsTable } from '../../play';
import { useSession } from '../../session';

/**
 * StandingsTab is the standings table: place, player, points and each tie-break, over the rounds
 * that have all their results. On a narrow screen the table scrolls sideways under a first
 * column (place and name) that stays put.
 */
export function StandingsTab({ standings }: { standings: Standings | null }) {
  const { member: me } = useSession();
  if (!standings || standings.rows.length === 0) {
    return <p className="empty-note">No standings yet.</p>;
  }
  const table = standingsTable(standings);
  return (
    <>
      <p className="table-note">
        {standings.round === 0 ? 'Before the first complete round.' : `After round ${standings.round}.`}
      </p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Standings">
        <table className="standings">
          <thead>
            <tr>
              <th scope="col" className="sticky">
                <abbr title="Place">#</abbr> Player
              </th>
              <th scope="col" className="num">Rating</th>
              {table.columns.map((c) => (
                <th key={c.code} scope="col" className="num">
                  <abbr title={c.title}>{c.heading}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.lines.map((l) => (
              <tr key={l.memberId} className={me?.id === l.memberId ? 'mine' : undefined} data-member={l.memberId}>
                <th scope="row" className="sticky">
                  <span className="place">{l.place}</span> <Link to={`/members/${l.memberId}`}>{l.name}</Link>
                  {l.withdrawn && <small> (withdrew)</small>}
                </th>
                <td className="num">{l.rating}</td>
                {l.cells.map((v, i) => (
                  <td key={table.columns[i]!.code} className="num">
                    {v}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
