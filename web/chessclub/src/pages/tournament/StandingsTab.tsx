import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Player, Standings, Tournament } from '../../api/types';
import { standingsTable } from '../../rules/play';
import { useSession } from '../../hooks/useSession';
import { ratingOf } from '../../rules/views';
import { GuestBadge } from './GuestBadge';
import { ScrollTable } from './ScrollTable';

const TiebreakExplanation = lazy(() => import('./TiebreakExplanation'));

export interface StandingsTabProps {
  tournamentId: number;
  standings: Standings | null;
  state: Tournament['state'];
  /** The entries: each rating's status (declared or not) and who is a guest. */
  players: Pick<Player, 'member_id' | 'rating' | 'rating_status' | 'guest'>[];
  /** The address of a player's card, which anyone may open (a member's profile needs a login). */
  playerLink(memberId: number): string;
}

/**
 * StandingsTab is the standings table: place, player, points and each tie-break, over the rounds
 * that have all their results. On a narrow screen the table scrolls sideways under a first
 * column (place and name) and points that stay put, and says that it scrolls (ScrollTable).
 * Each name opens the player's card; a rating reads "unrated" or "(declared)" for what it is,
 * and an imported tournament's guest player has a badge. A finished tournament's standings
 * say they are final; a legend under the table says what each column counts. Each value is a
 * button: tapped, it opens how that player's value was reached, with the numbers
 * (TiebreakExplanation); closed, the focus goes back to the value.
 */
export function StandingsTab({ tournamentId, standings, state, players, playerLink }: StandingsTabProps) {
  const { member: me } = useSession();
  const [open, setOpen] = useState<{ memberId: number; code: string; heading: string } | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  if (!standings || standings.rows.length === 0) {
    return <p className="empty-note">No standings yet.</p>;
  }
  const table = standingsTable(standings);
  // A direct-encounter column of zeros says why, rather than looking like a fault.
  const unused = table.columns.filter((c, i) => c.code.startsWith('DE') && table.lines.every((l) => l.cells[i] === '0' || l.cells[i] === '–')).map((c) => c.code);
  return (
    <>
      <p className="table-note">
        {state === 'finished' ? <strong className="final">Final standings</strong> : null}
        {state === 'finished' ? ` after round ${standings.round}.` : standings.round === 0 ? 'Before the first complete round.' : `After round ${standings.round}.`}
      </p>
      <ScrollTable label="Standings">
        <table className="standings">
          <thead>
            <tr>
              <th scope="col" className="sticky">
                <abbr title="Place">#</abbr> Player
              </th>
              <th scope="col" className="num">Rating</th>
              {table.columns.map((c) => (
                <th key={c.code} scope="col" className={c.code === 'PTS' ? 'num sticky-pts' : 'num'}>
                  <abbr title={c.title}>{c.heading}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.lines.map((l, n) => (
              <tr key={l.memberId} className={me?.id === l.memberId ? 'mine' : undefined} data-member={l.memberId}>
                <th scope="row" className="sticky">
                  <span className="place">{l.place}</span> <Link to={playerLink(l.memberId)}>{l.name}</Link>
                  {players.some((p) => p.member_id === l.memberId && p.guest) && <GuestBadge />}
                  {l.withdrawn && <small> (withdrew)</small>}
                </th>
                <td className="num rating">{ratingOf(players, standings.rows[n]!.player)}</td>
                {l.cells.map((v, i) => (
                  <td key={table.columns[i]!.code} className={table.columns[i]!.code === 'PTS' ? 'num sticky-pts' : 'num'}>
                    <button
                      type="button"
                      className="value-button"
                      aria-label={`${table.columns[i]!.title} of ${l.name}: ${v}. How it is reached`}
                      onClick={(e) => {
                        opener.current = e.currentTarget;
                        setOpen({ memberId: l.memberId, code: table.columns[i]!.code, heading: `${table.columns[i]!.title} ${v}` });
                      }}
                    >
                      {v}
                    </button>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      {open && (
        <Suspense fallback={null}>
          <TiebreakExplanation
            tournamentId={tournamentId}
            memberId={open.memberId}
            code={open.code}
            heading={open.heading}
            onClose={() => {
              setOpen(null);
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
      <p className="tap-note">Tap a value to see how it is reached.</p>
      <section className="legend" aria-labelledby="standings-legend">
        <h3 id="standings-legend">What the columns count</h3>
        <dl>
          {table.columns.map((c) => (
            <div key={c.code} className="legend-item" data-code={c.code}>
              <dt>
                <abbr title={c.title}>{c.heading}</abbr> {c.title}
              </dt>
              <dd>
                {c.help}
                {unused.includes(c.code) && <strong className="legend-note"> {c.heading} is 0 for everyone so far: no tie on points is yet decided by the tied players’ games against each other.</strong>}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
