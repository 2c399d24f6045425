import { calendarOutline, locationOutline } from 'ionicons/icons';
import type { Tournament } from '../api/types';
import { dateRange } from '../rules/tournaments';
import { IonIcon } from './ionic';

/** WhenWhere is a tournament's line of dates and, when it has one, place (its pin kept beside it). */
export function WhenWhere({ t }: { t: Pick<Tournament, 'start_date' | 'end_date' | 'location'> }) {
  return (
    <p className="meta">
      <IonIcon icon={calendarOutline} aria-hidden="true" />
      <time dateTime={t.start_date}>{dateRange(t)}</time>
      {t.location && (
        // One item of the wrapping line, so that the pin wraps with the place.
        <span>
          <IonIcon icon={locationOutline} aria-hidden="true" /> <span>{t.location}</span>
        </span>
      )}
    </p>
  );
}
