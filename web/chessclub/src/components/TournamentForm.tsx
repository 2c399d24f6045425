import type { TournamentFormat } from '../api/types';
import { useForm } from '../hooks/useForm';
import { useSession } from '../hooks/useSession';
import { formatLongDay } from '../rules/dates';
import { ADVANCED_FIELDS, validateTournament, type TournamentValues } from '../rules/forms';
import { hasAuthority } from '../rules/members';
import { formatName } from '../rules/tournaments';
import { IonButton, IonItem, IonList, IonListHeader, IonRadio, IonRadioGroup, IonSpinner, IonTextarea, IonToggle } from './ionic';
import { TextField } from './TextField';
import { TournamentAdvanced } from './TournamentAdvanced';

const FIELDS = ['name', 'start_date', 'end_date', 'location', 'format', 'rounds', 'time_control', 'description', 'rated', 'double_round_robin', 'players_report', 'bye_limit', ...ADVANCED_FIELDS] as const;
const FORMATS: TournamentFormat[] = ['swiss', 'round_robin', 'knockout'];

export interface TournamentFormProps {
  initial: TournamentValues;
  submitLabel: string;
  /** Fields that may no longer change (a started tournament's), shown but disabled. */
  locked?: ReadonlySet<keyof TournamentValues>;
  /** Whether the tournament has started: the advanced section then says which settings are fixed. */
  started?: boolean;
  onSubmit(values: TournamentValues, reset: () => void): Promise<void>;
}

/**
 * TournamentForm is the form of a tournament's settings, for creating and for editing one: what
 * every club night needs in the open, the rest folded under "Advanced and FIDE report". The date
 * fields are the browser's own pickers; under each the chosen day is spelled out in the user's
 * locale ("Saturday, 10 April 2027"), as the list will show it.
 */
export function TournamentForm({ initial, submitLabel, locked, started = false, onSubmit }: TournamentFormProps) {
  const { member: me } = useSession();
  const { values, setValues, errors, busy, set, submit, formRef } = useForm<TournamentValues>(initial, FIELDS, validateTournament, (v) => onSubmit(v, () => setValues(initial)));
  // Whether a tournament counts for the club ratings is an arbiter's or an admin's to decide.
  const mayRate = hasAuthority(me);
  const off = (f: keyof TournamentValues) => (locked?.has(f) ?? false) || (f === 'rated' && !mayRate);

  return (
    <form className="form" ref={formRef} onSubmit={submit} noValidate>
      <p className="hint required-note">
        <span aria-hidden="true">Fields marked * are required.</span>
        <span className="sr-only">Name, start date and end date are required.</span>
      </p>
      {started && <p className="hint fixed-note">The tournament has started: the settings greyed out are fixed. Its name, location, description and FIDE report may still change.</p>}
      <TextField name="name" label="Name" value={values.name} onChange={set('name')} error={errors.name} required />
      <div className="row">
        <TextField name="start_date" label="Start date" type="date" value={values.start_date} onChange={set('start_date')} error={errors.start_date} helperText={formatLongDay(values.start_date)} required disabled={off('start_date')} />
        <TextField name="end_date" label="End date" type="date" value={values.end_date} onChange={set('end_date')} error={errors.end_date} helperText={formatLongDay(values.end_date)} min={values.start_date || undefined} required disabled={off('end_date')} />
      </div>
      <TextField name="location" label="Location" value={values.location} onChange={set('location')} error={errors.location} />
      <IonList className="format">
        <IonRadioGroup value={values.format} onIonChange={(e) => set('format')(String(e.detail.value))} aria-labelledby="format-label">
          <IonListHeader>
            <h3 id="format-label">Format</h3>
          </IonListHeader>
          {FORMATS.map((f) => (
            <IonItem key={f} lines="none">
              <IonRadio value={f} justify="start" labelPlacement="end" disabled={off('format')}>
                {formatName(f)}
              </IonRadio>
            </IonItem>
          ))}
        </IonRadioGroup>
        {errors.format && (
          <p className="field-error" role="alert">
            {errors.format}
          </p>
        )}
      </IonList>
      <div className="row">
        {values.format === 'swiss' && (
          <TextField name="rounds" label="Rounds" type="number" value={values.rounds} onChange={set('rounds')} error={errors.rounds} min="1" max="50" helperText="1–50, optional" disabled={off('rounds')} />
        )}
        <TextField name="time_control" label="Time control" value={values.time_control} onChange={set('time_control')} error={errors.time_control} helperText="e.g. 90+30" disabled={off('time_control')} />
      </div>
      {values.format !== 'swiss' && <p className="hint rounds-hint">{values.format === 'knockout' ? 'The rounds follow from the players: each round halves the field.' : 'The rounds follow from the players: everyone meets everyone.'}</p>}
      {values.format === 'swiss' && (
        <TextField name="bye_limit" label="Half-point byes per player" type="number" value={values.bye_limit} onChange={set('bye_limit')} error={errors.bye_limit} min="0" max="50" helperText="Byes a player may ask for, 0–50" disabled={off('bye_limit')} />
      )}
      <IonList className="settings">
        {values.format === 'round_robin' && (
          <IonItem lines="none">
            <IonToggle checked={values.double_round_robin === 'yes'} disabled={off('double_round_robin')} onIonChange={(e) => set('double_round_robin')(e.detail.checked ? 'yes' : '')}>
              Double round robin (everyone meets twice)
            </IonToggle>
          </IonItem>
        )}
        <IonItem lines="none">
          <IonToggle checked={values.rated === 'yes'} disabled={off('rated')} onIonChange={(e) => set('rated')(e.detail.checked ? 'yes' : '')}>
            Rated (counts for club ratings)
          </IonToggle>
        </IonItem>
        {!mayRate && (
          <IonItem lines="none">
            <p className="hint">Only an arbiter or an admin may organise a rated tournament.</p>
          </IonItem>
        )}
        <IonItem lines="none">
          <IonToggle checked={values.players_report === 'yes'} disabled={off('players_report')} onIonChange={(e) => set('players_report')(e.detail.checked ? 'yes' : '')}>
            Players may report their own results
          </IonToggle>
        </IonItem>
      </IonList>
      <IonTextarea
        className={errors.description ? 'field ion-invalid ion-touched' : 'field'}
        name="description"
        label="Description"
        labelPlacement="stacked"
        fill="outline"
        autoGrow
        rows={3}
        value={values.description}
        errorText={errors.description}
        onIonInput={(e) => set('description')(String(e.detail.value ?? ''))}
      />
      <TournamentAdvanced values={values} errors={errors} set={set} off={off} format={values.format} started={started} />
      <IonButton type="submit" expand="block" disabled={busy}>
        {busy && <IonSpinner slot="start" name="dots" aria-hidden="true" />}
        {submitLabel}
      </IonButton>
    </form>
  );
}
