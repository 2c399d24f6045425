import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { cloudUploadOutline } from 'ionicons/icons';
import type { FideListResult } from '../../api/types';
import { fideChangeText, fideListSummary } from '../../rules/fide';
import { useSession } from '../../hooks/useSession';
import { errorText } from '../../rules/words';
import { IonButton, IonIcon, IonSpinner } from '../ionic';
import './fide.css';

/** The largest list the server takes over the API (256 MiB); a larger one goes through the command line. */
export const MAX_LIST_BYTES = 256 << 20;

/** Which of FIDE's lists a file is: the combined one says so in its header, a single one does not. */
const LISTS = [
  { value: '', label: 'Combined list (standard, rapid and blitz)' },
  { value: 'standard', label: 'Standard list' },
  { value: 'rapid', label: 'Rapid list' },
  { value: 'blitz', label: 'Blitz list' },
];

/**
 * FideRatingsUpload is the admin's upload of one of FIDE's rating lists in its TXT form (POST
 * /admin/fide-ratings): every member whose FIDE id is in it gets the list's ratings and title,
 * and the screen shows what changed. The file goes as it is, byte for byte (the list is in
 * fixed columns). Its own chunk, loaded for admins only.
 */
export default function FideRatingsUpload() {
  const { api } = useSession();
  const [list, setList] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<FideListResult | null>(null);
  const [error, setError] = useState('');

  async function upload(e: FormEvent) {
    e.preventDefault();
    setResult(null);
    setError('');
    if (!file) return setError('Choose the file of FIDE’s list first.');
    if (file.size > MAX_LIST_BYTES) return setError('This list is over 256 MiB: update the ratings on the server with the command line (chessclub fide-ratings).');
    setBusy(true);
    try {
      const query = list ? `?list=${list}` : '';
      const body = new Blob([file], { type: 'application/octet-stream' });
      setResult(await api.request<FideListResult>('POST', `/admin/fide-ratings${query}`, { form: body }));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="fide-upload" aria-labelledby="fide-upload-title">
      <h2 id="fide-upload-title">FIDE rating list</h2>
      <p className="hint">Upload FIDE’s rating list (the TXT file from ratings.fide.com): each member with a FIDE id gets the list’s ratings and title.</p>
      <form onSubmit={(e) => void upload(e)}>
        <label className="select-field">
          <span>Which list</span>
          <select name="list" value={list} onChange={(e) => setList(e.target.value)}>
            {LISTS.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </select>
        </label>
        <label className="select-field">
          <span>The list’s file</span>
          <input type="file" name="file" accept=".txt,text/plain" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <IonButton type="submit" disabled={busy || !file}>
          {busy ? <IonSpinner slot="start" name="dots" aria-hidden="true" /> : <IonIcon slot="start" icon={cloudUploadOutline} aria-hidden="true" />}
          Upload the list
        </IonButton>
      </form>
      {error && (
        <p className="refusal" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div className="fide-result" role="status">
          <p>{fideListSummary(result)}</p>
          {result.changes.length > 0 && (
            <ul aria-label="Members changed">
              {result.changes.map((c) => (
                <li key={c.member_id}>
                  <Link to={`/members/${c.member_id}`}>{c.full_name}</Link> (FIDE id {c.fide_id}): {fideChangeText(c)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
