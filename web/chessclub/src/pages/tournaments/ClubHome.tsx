import type { Tournament } from '../../api/types';
import { Link } from 'react-router-dom';
import { formatDay } from '../../rules/dates';
import { boardsLink, endedDay, gamesText, homeDigest, relativeDay, roundText } from '../../rules/home';
import { IonItem, IonLabel, IonList } from '../../components/ionic';

/**
 * ClubHome is the top of the club's first screen: the rounds being played now, how many of
 * their games have a result, with a link to their boards, when the next tournaments start, and the latest finish with its standings. It
 * shows nothing when there is nothing of the kind. It is part of the first screen's download,
 * which has no room to spare: the list's own cards and words, no icons and no style sheet of its
 * own (a new one would lengthen the entry chunk's list of files).
 */
export function ClubHome({ running, upcoming, past, today }: { running: Tournament[]; upcoming: Tournament[]; past: Tournament[]; today: string }) {
  const { running: now, next, lastFinished: last } = homeDigest(running, upcoming, past);
  if (now.length === 0 && next.length === 0 && !last) return null;
  return (
    <IonList aria-labelledby="list-home" className="cards club-home">
      <h2 id="list-home" className="list-heading">
        At the club
      </h2>
      {now.map((t) => (
        <IonItem key={t.id} className="home-now" data-tournament={t.name}>
          <IonLabel>
            <p>Playing now</p>
            <h3>
              <Link to={`/tournaments/${t.id}`}>{t.name}</Link>
            </h3>
            <p>
              <strong>{roundText(t)}</strong>
              {gamesText(t) ? `: ${gamesText(t)}` : ''}
              {t.player_count ? ` · ${t.player_count} players` : ''}
              {t.current_round > 0 && (
                <>
                  {' · '}
                  {/* A no-break space: the link wraps as one piece on a phone. */}
                  <Link to={boardsLink(t)} aria-label={`Live boards of ${t.name}`}>
                    Live{'\u00a0'}boards
                  </Link>
                </>
              )}
            </p>
          </IonLabel>
        </IonItem>
      ))}
      {next.map((t) => (
        <IonItem key={t.id} className="home-next" data-tournament={t.name}>
          <IonLabel>
            <p>Next</p>
            <h3>
              <Link to={`/tournaments/${t.id}`}>{t.name}</Link>
            </h3>
            <p>
              Starts{' '}
              <time dateTime={t.start_date} title={formatDay(t.start_date)}>
                {relativeDay(t.start_date, today)}
              </time>
            </p>
          </IonLabel>
        </IonItem>
      ))}
      {last && (
        <IonItem className="home-last" data-tournament={last.name}>
          <IonLabel>
            <p>Latest result</p>
            <h3>
              <Link to={`/tournaments/${last.id}`}>{last.name}</Link>
            </h3>
            <p>
              Ended <time dateTime={endedDay(last, today)}>{relativeDay(endedDay(last, today), today)}</time>
              {last.rounds ? ` after ${last.rounds} ${last.rounds === 1 ? 'round' : 'rounds'}` : ''}
              {' · '}
              <Link to={`/tournaments/${last.id}?tab=standings`} aria-label={`Final standings of ${last.name}`}>
                Final{'\u00a0'}standings
              </Link>
            </p>
          </IonLabel>
        </IonItem>
      )}
    </IonList>
  );
}
