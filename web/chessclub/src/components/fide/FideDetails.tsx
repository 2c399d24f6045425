import { Suspense, lazy, useState } from 'react';
import { createOutline } from 'ionicons/icons';
import type { Member } from '../../api/types';
import { fideFacts } from '../../rules/fide';
import { Loading } from '../AppPage';
import { IonButton, IonIcon } from '../ionic';
import { ScreenBoundary } from '../ScreenError';
import './fide.css';

// The form, with Ionic's inputs, loads when the member (or an admin) opens it.
const FideForm = lazy(() => import('./FideForm'));

interface Props {
  member: Member;
  /** Whether the profile is the viewer's own. */
  mine: boolean;
  /** Whether the viewer may change the details: the member themself, or an admin. */
  mayEdit: boolean;
  reload(): Promise<void>;
}

/**
 * FideDetails is the FIDE part of a member's profile: FIDE id, title, federation, FIDE's
 * ratings and the national ones, and, for the member themself and admins, birth date and
 * national id (the server sends those to nobody else); with "Edit FIDE details" for the member
 * or an admin.
 */
export default function FideDetails({ member, mine, mayEdit, reload }: Props) {
  const [editing, setEditing] = useState(false);
  const facts = fideFacts(member);
  return (
    <section className="fide" aria-labelledby="fide-title">
      <h2 id="fide-title">FIDE</h2>
      {editing ? (
        <ScreenBoundary fallback={<p className="muted">The form could not be loaded.</p>}>
          <Suspense fallback={<Loading label="Loading the form…" />}>
            <FideForm
              member={member}
              done={(saved) => {
                setEditing(false);
                if (saved) void reload();
              }}
            />
          </Suspense>
        </ScreenBoundary>
      ) : (
        <>
          {facts.length > 0 ? (
            <dl className="fide-facts">
              {facts.map((f) => (
                <div className="fact" key={f.label}>
                  <dt>{f.label}</dt>
                  <dd>{f.value}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="muted">{mine ? 'No FIDE details yet. With your FIDE id, an upload of FIDE’s rating list keeps your FIDE ratings here up to date.' : 'No FIDE details.'}</p>
          )}
          {mayEdit && (
            <IonButton fill="outline" onClick={() => setEditing(true)}>
              <IonIcon slot="start" icon={createOutline} aria-hidden="true" />
              Edit FIDE details
            </IonButton>
          )}
        </>
      )}
    </section>
  );
}
