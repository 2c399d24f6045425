import { useCallback, useEffect, useState } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonAvatar, IonItem, IonLabel, IonList, IonNote, showToast } from '../components/ionic';
import type { Member } from '../api';
import { ListState, Refresher } from '../components/ListState';
import { PhotoCancelled, takePhoto } from '../photo';
import { useSession } from '../session';
import { useLoad } from '../useLoad';
import { markFirstRender } from '../perf';

/** initials returns up to two capital letters of a name, for members without a photo. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** MembersPage lists the members and lets a member (an admin: anyone) take and store a photo. */
export default function MembersPage() {
  const { api, member: me } = useSession();
  const load = useCallback(() => api.members(), [api]);
  const { data: members, loading, error, reload } = useLoad(load);
  const [uploading, setUploading] = useState<number | null>(null);

  useEffect(markFirstRender, []);

  async function photograph(member: Member) {
    setUploading(member.id);
    try {
      const photo = await takePhoto();
      await api.uploadPhoto(photo, member.id);
      await reload();
      void showToast({ message: `Photo of ${member.full_name} saved.`, duration: 3000, color: 'success' });
    } catch (err) {
      if (!(err instanceof PhotoCancelled)) {
        void showToast({ message: err instanceof Error ? err.message : String(err), duration: 5000, color: 'danger' });
      }
    } finally {
      setUploading(null);
    }
  }

  const mayPhotograph = (m: Member) => me !== null && (me.id === m.id || me.role === 'admin');

  return (
    <>
      <Refresher reload={reload} />
      <ListState loading={loading} error={error} empty={!members || members.length === 0} emptyText="No members yet." retry={() => void reload()}>
        <IonList aria-label="Members">
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
                <h2 id={`member-${m.id}`}>{m.full_name}</h2>
                <p>
                  @{m.username}
                  {m.role === 'admin' ? ' · admin' : ''}
                </p>
              </IonLabel>
              <IonNote slot="end" className="rating" aria-label={`Rating ${m.rating}`}>
                {m.rating}
              </IonNote>
              {mayPhotograph(m) && (
                <IonButton slot="end" size="small" fill="outline" aria-describedby={`member-${m.id}`} disabled={uploading !== null} onClick={() => void photograph(m)}>
                  {uploading === m.id && <IonSpinner slot="start" name="dots" aria-hidden="true" />}
                  Take photo
                </IonButton>
              )}
            </IonItem>
          ))}
        </IonList>
      </ListState>
    </>
  );
}
