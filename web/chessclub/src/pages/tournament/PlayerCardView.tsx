import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { closeOutline } from 'ionicons/icons';
import { IonButton, IonIcon } from '../../components/ionic';
import { LoadError } from '../../components/ListState';
import { formatPoints } from '../../rules/play';
import { useSession } from '../../hooks/useSession';
import type { Player, PlayerCard } from '../../api/types';
import { cardLines, performanceText, ratingLabel, ratingOf } from '../../rules/views';
import { GuestBadge } from './GuestBadge';
import { useView } from './useView';

export interface PlayerCardViewProps {
  tournamentId: number;
  memberId: number;
  /** The tournament's data, which a live event replaces: the card loads again with it. */
  revision: unknown;
  /** The entries: whose rating is declared, and whether anyone is unrated. */
  players: Pick<Player, 'member_id' | 'rating' | 'rating_status'>[];
  close(): void;
}

/**
 * PlayerCardView is one player's tournament, which anyone may open from the standings, the
 * crosstable or the bracket, logged in or not: each round's opponent, colour and result, the
 * points and the performance rating. It shows only what the tournament itself shows; a member
 * who is logged in also gets a link to the player's profile (a guest has none).
 */
export function PlayerCardView({ tournamentId, memberId, revision, players, close }: PlayerCardViewProps) {
  const { member: me } = useSession();
  const { data, error, status, reload } = useView<PlayerCard>(`/tournaments/${tournamentId}/players/${memberId}`, revision);
  // The card opens above the tab, maybe far from the name tapped: bring it into view and move
  // the focus to its heading, so that a screen reader says whose card it is.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownId = data?.player.member_id;
  useEffect(() => {
    if (shownId !== memberId || !heading.current) return;
    heading.current.focus({ preventScroll: true });
    heading.current.scrollIntoView?.({ block: 'nearest' });
  }, [shownId, memberId]);
  if (status === 404) {
    return (
      <section className="player-card" role="alert">
        <p>This player is not in the tournament.</p>
        <IonButton fill="outline" onClick={close}>
          Back
        </IonButton>
      </section>
    );
  }
  if (error && !data) return <LoadError error={error} retry={() => void reload()} />;
  if (!data) return null;
  const p = data.player;
  const lines = cardLines(data, (ref) => ratingOf(players, ref));
  return (
    <section className="player-card" aria-labelledby="player-card-name">
      <div className="player-card-head">
        <h2 id="player-card-name" ref={heading} tabIndex={-1}>
          {p.full_name}
          {p.guest && <GuestBadge />}
        </h2>
        <IonButton fill="clear" onClick={close} aria-label={`Close the card of ${p.full_name}`}>
          <IonIcon slot="icon-only" icon={closeOutline} aria-hidden="true" />
        </IonButton>
      </div>
      <dl className="player-card-facts">
        <div>
          <dt>Pairing number</dt>
          <dd>{p.start_rank ?? 'not yet (given at the start)'}</dd>
        </div>
        <div>
          <dt>Rating</dt>
          <dd data-testid="card-rating">{ratingLabel(p.rating, p.rating_status)}</dd>
        </div>
        <div>
          <dt>Points</dt>
          <dd data-testid="card-points">{formatPoints(data.points)}</dd>
        </div>
        <div>
          <dt>Performance</dt>
          <dd data-testid="card-performance">{performanceText(data.performance, players.some((x) => x.rating === null))}</dd>
        </div>
      </dl>
      {p.withdrawn_after !== null && <p className="hint">Withdrew after round {p.withdrawn_after}.</p>}
      {lines.length === 0 ? (
        <p className="empty-note">No rounds played yet.</p>
      ) : (
        <table className="card-rounds">
          <caption className="sr-only">Rounds of {p.full_name}</caption>
          <thead>
            <tr>
              <th scope="col">Round</th>
              <th scope="col">Opponent</th>
              <th scope="col">Colour</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.round} data-round={l.round}>
                <th scope="row">{l.round}</th>
                <td>{l.opponent}</td>
                <td>{l.colour}</td>
                <td>{l.result}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {me && !p.guest && (
        <p>
          <Link to={`/members/${p.member_id}`}>Member profile of {p.full_name}</Link>
        </p>
      )}
    </section>
  );
}
