import { useState } from 'react';
import { IonButton, IonIcon, showToast } from './ionic';
import { checkmarkCircleOutline, notificationsOutline } from 'ionicons/icons';
import type { Member } from '../api/types';
import { memberCreated } from '../rules/notices';

export interface WelcomeProps {
  /** member is the one who has just registered. */
  member: Pick<Member, 'full_name' | 'username'>;
  /** notified says whether the notification that names them was raised already. */
  notified: boolean;
  onClose(): void;
}

/**
 * Welcome greets a member who has just registered, at the top of the screen they land on.
 * Where notifications were allowed already, the registration raised the one that names the
 * new member and the greeting says they are on; elsewhere it offers them, saying what they are
 * for: the browser's prompt appears only when the member taps "Turn on notifications", never
 * by itself, and once they are allowed that same notification comes.
 */
export default function Welcome({ member, notified, onClose }: WelcomeProps) {
  const [asking, setAsking] = useState(false);
  const [on, setOn] = useState(notified);

  async function turnOn() {
    setAsking(true);
    try {
      // Loaded on demand: the first screen does not need Capacitor's notifications.
      const { askNotifications } = await import('../platform/notify');
      if ((await askNotifications(memberCreated(member))) === 'granted') {
        setOn(true);
      } else {
        void showToast({
          message: 'Notifications are not allowed. You can allow them in the browser’s settings for this site.',
          duration: 6000,
          color: 'warning',
        });
      }
    } finally {
      setAsking(false);
    }
  }

  return (
    <section className="welcome" role="status" aria-label="Welcome">
      <p className="welcome-title">
        <IonIcon icon={checkmarkCircleOutline} aria-hidden="true" />
        Welcome to the club, {member.full_name}! Your account is ready and you are logged in.
      </p>
      {on ? (
        <p>Notifications are on.</p>
      ) : (
        <p>Turn on notifications to hear when a round you play in is paired.</p>
      )}
      <div className="actions">
        {!on && (
          <IonButton size="small" disabled={asking} onClick={() => void turnOn()}>
            <IonIcon slot="start" icon={notificationsOutline} aria-hidden="true" />
            Turn on notifications
          </IonButton>
        )}
        <IonButton size="small" fill="clear" onClick={onClose}>
          {on ? 'Close' : 'Not now'}
        </IonButton>
      </div>
    </section>
  );
}
