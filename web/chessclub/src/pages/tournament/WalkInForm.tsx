import { useState } from 'react';
import { personAddOutline } from 'ionicons/icons';
import type { MissedRounds, Tournament } from '../../api/types';
import { IonButton, IonIcon, IonSpinner, showToast } from '../../components/ionic';
import { TextField } from '../../components/TextField';
import { useForm } from '../../hooks/useForm';
import { useSession } from '../../hooks/useSession';
import { enterWalkIn } from '../../api/tournamentCalls';
import { WALK_IN_FIELDS, emptyWalkIn, validateWalkIn, walkIn } from '../../rules/forms';
import { MissedRoundsChoice } from './MissedRoundsChoice';

/**
 * WalkInForm is how the organiser enters a player who has no account — a visitor, a new student
 * at the door: a name, and if known a starting rating (which seeds them), a FIDE id and a
 * federation (for the FIDE report). The player becomes a guest of this tournament; no member's
 * record is touched, and an admin may later link the guest to the member who played. Folded
 * away until asked for, so the form for members stays first. A late entry into a running Swiss
 * says what the rounds already played count for the player.
 */
export function WalkInForm({ tournament: t, done }: { tournament: Tournament; done: () => Promise<void> }) {
  const { api } = useSession();
  const [open, setOpen] = useState(false);
  const [missed, setMissed] = useState<MissedRounds>('zero');
  const played = t.state === 'running' ? t.current_round : 0;
  const { values, errors, busy, set, submit, formRef, setValues } = useForm(emptyWalkIn, WALK_IN_FIELDS, validateWalkIn, async (v) => {
    const p = await enterWalkIn(api, t.id, { ...walkIn(v), ...(played > 0 ? { missed_rounds: missed } : {}) });
    void showToast({ message: `${p.full_name} is entered, as a guest.`, duration: 3000, color: 'success' });
    setValues(emptyWalkIn);
    setMissed('zero');
    await done();
  });
  return (
    <details className="walk-in no-print" open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>Add a player without an account</summary>
      <form className="form walk-in-form" ref={formRef} onSubmit={submit} noValidate aria-label="A player without an account">
        <TextField name="full_name" label="Name" value={values.full_name} onChange={set('full_name')} error={errors.full_name} autocomplete="off" required />
        <TextField name="rating" label="Rating" type="number" value={values.rating} onChange={set('rating')} error={errors.rating} helperText="Optional: seeds the player; empty is unrated" min="100" max="3000" />
        <div className="walk-in-fide">
          <TextField name="fide_id" label="FIDE id" value={values.fide_id} onChange={set('fide_id')} error={errors.fide_id} helperText="Optional" />
          <TextField name="federation" label="Federation" value={values.federation} onChange={set('federation')} error={errors.federation} helperText="Optional: ENG" />
        </div>
        {played > 0 && <MissedRoundsChoice played={played} value={missed} onChange={setMissed} name="walk_in_missed_rounds" />}
        <IonButton type="submit" disabled={busy}>
          {busy ? <IonSpinner slot="start" name="dots" aria-hidden="true" /> : <IonIcon slot="start" icon={personAddOutline} aria-hidden="true" />}
          Add the player
        </IonButton>
        <p className="hint">They play as a guest of this tournament; an admin can later link them to their account.</p>
      </form>
    </details>
  );
}
