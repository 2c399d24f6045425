import { Suspense, lazy, useCallback, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { cameraOutline } from 'ionicons/icons';
import { IonAvatar, IonButton, IonIcon, IonItem, IonLabel, IonList, IonNote, IonSpinner } from '../../components/ionic';
import { ListState, Refresher } from '../../components/ListState';
import { useMemberPhoto } from '../../hooks/useMemberPhoto';
import { initials, mayPhotograph, ratingText, roleName } from '../../rules/members';
import { useSession } from '../../hooks/useSession';
import { useLoad } from '../../hooks/useLoad';
import { markFirstRender } from '../../platform/perf';
import { ScreenBoundary } from '../../components/ScreenError';

// The upload of FIDE's rating list is the admins' alone: its code loads for them only.
const FideRatingsUpload = lazy(() => import('../../components/fide/FideRatingsUpload'));

/**
 * MembersPage lists the members, each name a link to the member's profile, and lets a member
 * (an admin: anyone) take and store a photo; an admin uploads FIDE's rating list here.
 */
export default function MembersPage() {
  const { api, member: me } = useSession();
  // The members alone: an imported tournament's guests are its players, not the club's.
  const load = useCallback(async () => (await api.members()).filter((m) => !m.guest), [api]);
  const { data: members, loading, error, reload } = useLoad(load);
  const { photograph, uploading, dialog } = useMemberPhoto(reload);

  useEffect(markFirstRender, []);

  return (
    <>
      <Refresher reload={reload} />
      {me?.role === 'admin' && (
        <ScreenBoundary fallback={null}>
          <Suspense fallback={null}>
            <FideRatingsUpload />
          </Suspense>
        </ScreenBoundary>
      )}
      <ListState loading={loading} error={error} empty={!members || members.length === 0} emptyText="No members yet." retry={() => void reload()}>
        <IonList aria-label="Members" className="cards">
          {members?.map((m) => (
            <IonItem key={m.id} className="member" data-member={m.username}>
              <IonAvatar slot="start" aria-hidden={m.thumbnail_url ? undefined : 'true'}>
                {m.thumbnail_url ? (
                  // The thumbnail (128 px square), not the photo (up to 1024 px): the list
                  // shows 40 px avatars and stays light on a phone's connection.
                  <img src={api.assetUrl(m.thumbnail_url)} alt={`Photo of ${m.full_name}`} width={40} height={40} />
                ) : (
                  <span className="initials">{initials(m.full_name)}</span>
                )}
              </IonAvatar>
              <IonLabel>
                <h2 id={`member-${m.id}`}>
                  <Link to={`/members/${m.id}`} className="member-link">
                    {m.full_name}
                  </Link>
                </h2>
                <p>
                  @{m.username}
                  {roleName(m.role) ? ` · ${roleName(m.role)}` : ''}
                </p>
              </IonLabel>
              <IonNote slot="end" className={m.rating_status === 'unrated' ? 'rating unrated' : 'rating'} aria-label={`Rating ${ratingText(m)}`}>
                {ratingText(m)}
              </IonNote>
              {mayPhotograph(me, m) && (
                <IonButton slot="end" size="small" fill="outline" aria-describedby={`member-${m.id}`} onClick={() => void photograph(m)}>
                  {uploading === m.id ? <IonSpinner slot="start" name="dots" aria-hidden="true" /> : <IonIcon slot="start" icon={cameraOutline} aria-hidden="true" />}
                  Take photo
                </IonButton>
              )}
            </IonItem>
          ))}
        </IonList>
      </ListState>
      {dialog}
    </>
  );
}
