import type { Round } from '../../api/types';
import { wallList } from '../../rules/wall';

/**
 * WallList is a round's pairings by name, for the wall of the playing hall: each player finds
 * their name alphabetically and reads their board and colour (or their bye), without searching
 * the boards. It prints as a sheet of its own, in large type.
 */
export function WallList({ round }: { round: Round }) {
  const lines = wallList(round);
  return (
    <div className="table-scroll wall">
      <table className="wall-list">
        <caption className="sr-only">Round {round.number}: each player's board, by name</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className="num">
              Board
            </th>
            <th scope="col">Colour</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.memberId} data-member={l.memberId}>
              <th scope="row">
                {l.name} <small className="muted">({l.startRank})</small>
              </th>
              {l.board === null ? (
                <td colSpan={2} className="wall-bye">
                  {l.bye}
                </td>
              ) : (
                <>
                  <td className="num wall-board">{l.board}</td>
                  <td>
                    <span className={`colour-dot ${l.colour === 'White' ? 'white' : 'black'}`} aria-hidden="true" /> {l.colour}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
