import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/problem';
import type { Member } from '../../api/types';
import { FIDE_LABELS, FIDE_TITLES, fideErrors, fidePatch, fideValues, type FideField, type FideValues } from '../../rules/fide';
import { useSession } from '../../hooks/useSession';
import { errorText, plainText } from '../../rules/words';
import { IonButton, showToast } from '../ionic';

// The fields typed in, with a line of help where the format is not obvious.
const TEXT_FIELDS: { field: FideField; help?: string }[] = [
  { field: 'fide_id', help: 'As on ratings.fide.com; an upload of FIDE’s rating list finds you by it.' },
  { field: 'federation', help: 'FIDE’s three-letter code: ENG, GER, USA.' },
  { field: 'fide_rating_standard' },
  { field: 'fide_rating_rapid' },
  { field: 'fide_rating_blitz' },
  { field: 'national_rating' },
  { field: 'national_id', help: 'The id at the national federation; only the member and the club’s admins see it.' },
  { field: 'birth_date', help: 'A day (2004-05-17) or just the year; only the member and the club’s admins see it.' },
  { field: 'declared_rating', help: 'Seeds you until your first rated game here; empty is unrated. A FIDE standard rating given without one starts it.' },
];

/**
 * FideForm changes a member's FIDE fields (PATCH /members/{id}, a merge patch of the fields
 * changed): the member's own, or anyone's for an admin. An emptied field is removed; a field's
 * mistake shows under it. Its own chunk, loaded when the member opens it.
 */
export default function FideForm({ member, done }: { member: Member; done(saved: boolean): void }) {
  const { api } = useSession();
  const before = fideValues(member);
  const [values, setValues] = useState<FideValues>(before);
  const [errors, setErrors] = useState<Partial<Record<FideField, string>>>({});
  const [saving, setSaving] = useState(false);
  const set = (field: FideField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = fideErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const patch = fidePatch(before, values);
    if (Object.keys(patch).length === 0) return done(false);
    setSaving(true);
    try {
      await api.request<Member>('PATCH', `/members/${member.id}`, { json: patch, contentType: 'application/merge-patch+json' });
      void showToast({ message: 'The FIDE details are saved.', duration: 3000, color: 'success' });
      done(true);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      const mine = Object.fromEntries(Object.entries(fields).filter(([f]) => f in FIDE_LABELS).map(([f, m]) => [f, plainText(m)]));
      setErrors(mine);
      if (Object.keys(mine).length === 0) void showToast({ message: errorText(err), duration: 5000, color: 'danger' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="fide-form" onSubmit={(e) => void submit(e)} noValidate>
      <label className="select-field">
        <span>{FIDE_LABELS.title}</span>
        <select name="title" value={values.title} onChange={(e) => set('title')(e.target.value)}>
          <option value="">No title</option>
          {Object.entries(FIDE_TITLES).map(([code, words]) => (
            <option key={code} value={code}>
              {words} ({code})
            </option>
          ))}
        </select>
      </label>
      <label className="select-field">
        <span>{FIDE_LABELS.sex}</span>
        <select name="sex" value={values.sex} onChange={(e) => set('sex')(e.target.value)}>
          <option value="">Not given</option>
          <option value="w">Woman</option>
          <option value="m">Man</option>
        </select>
      </label>
      {TEXT_FIELDS.filter((f) => f.field !== 'declared_rating' || member.rating_status !== 'rated').map((f) => (
        <div key={f.field} className="select-field">
          <label htmlFor={`fide-${f.field}`}>{FIDE_LABELS[f.field]}</label>
          <input
            id={`fide-${f.field}`}
            name={f.field}
            value={values[f.field]}
            autoComplete="off"
            aria-invalid={errors[f.field] ? true : undefined}
            aria-describedby={errors[f.field] || f.help ? `fide-${f.field}-note` : undefined}
            onChange={(e) => set(f.field)(e.target.value)}
          />
          {(errors[f.field] || f.help) && (
            <small id={`fide-${f.field}-note`} className={errors[f.field] ? 'field-error' : 'muted'}>
              {errors[f.field] ?? f.help}
            </small>
          )}
        </div>
      ))}
      <div className="actions">
        <IonButton type="submit" disabled={saving}>
          Save FIDE details
        </IonButton>
        <IonButton fill="clear" disabled={saving} onClick={() => done(false)}>
          Cancel
        </IonButton>
      </div>
    </form>
  );
}
