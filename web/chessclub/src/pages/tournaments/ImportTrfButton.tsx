import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { cloudUploadOutline } from 'ionicons/icons';
import { useSession } from '../../hooks/useSession';
import { IonButton, IonIcon, IonSpinner, showToast } from '../../components/ionic';
import { errorText } from '../../rules/words';

/** The largest TRF file the server takes (README, limits). */
export const MAX_TRF_BYTES = 2 << 20;

/**
 * ImportTrfButton picks a TRF-2026 file and makes a tournament of it (the member is its
 * organiser), then opens it. Its own chunk: the tournament list, the first screen, loads it only
 * for a member who is logged in.
 */
export default function ImportTrfButton() {
  const { api } = useSession();
  const navigate = useNavigate();
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function importFile(f: File | undefined) {
    if (!f) return;
    if (file.current) file.current.value = '';
    if (f.size > MAX_TRF_BYTES) {
      void showToast({ message: 'A TRF file may have 2 MiB at most.', duration: 5000, color: 'danger' });
      return;
    }
    setBusy(true);
    try {
      const t = await api.importTrf(await f.text());
      void showToast({ message: `Tournament “${t.name}” imported.`, duration: 3000, color: 'success' });
      navigate(`/tournaments/${t.id}`);
    } catch (err) {
      void showToast({ message: errorText(err), duration: 6000, color: 'danger' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <IonButton fill="outline" disabled={busy} onClick={() => file.current?.click()}>
        {busy ? <IonSpinner slot="start" name="dots" aria-hidden="true" /> : <IonIcon slot="start" icon={cloudUploadOutline} aria-hidden="true" />}
        Import TRF
      </IonButton>
      <input ref={file} type="file" accept=".trf,.txt,text/plain" className="sr-only" tabIndex={-1} aria-label="TRF file to import" onChange={(e) => void importFile(e.target.files?.[0])} />
    </>
  );
}
