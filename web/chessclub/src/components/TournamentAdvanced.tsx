import { useEffect, useState } from 'react';
import type { FieldErrors } from '../api/problem';
import type { TournamentFormat } from '../api/types';
import { ADVANCED_FIELDS, advancedChanged, roundDateList, roundDatesProblem, setRoundDate, shownRounds, type TournamentValues } from '../rules/forms';
import { TextField } from './TextField';
import { IonTextarea } from './ionic';

export interface TournamentAdvancedProps {
  values: TournamentValues;
  errors: FieldErrors;
  set(field: keyof TournamentValues & string): (value: string) => void;
  /** Whether a field may no longer change. */
  off(field: keyof TournamentValues): boolean;
  format: TournamentFormat;
  /** Whether the tournament has started: its pairing and scoring settings are then fixed. */
  started: boolean;
}

/** A native select with its label above it, as the form's other fields have theirs. */
function Choice<T extends string>({ id, label, value, options, disabled, error, onChange }: { id: string; label: string; value: T; options: [T, string][]; disabled: boolean; error: string | undefined; onChange(value: T): void }) {
  return (
    <div className="choice">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} disabled={disabled} aria-invalid={error ? 'true' : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => onChange(e.target.value as T)}>
        {options.map(([v, words]) => (
          <option key={v} value={v}>
            {words}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * TournamentAdvanced is the folded part of the tournament form, so that the simple case stays
 * simple: how a Swiss is paired (the top player's colour in round 1, the Baku acceleration), the
 * point system, the rating list it is played for, and the fields of the FIDE report (with a date
 * for each round, from round 1 on, when the number of rounds is set). It opens by
 * itself when a setting differs from the default, or when a field of it is in error. Once the
 * tournament has started the pairing and scoring settings are shown greyed out, and say so; the
 * FIDE report's fields may still change.
 */
export function TournamentAdvanced({ values, errors, set, off, format, started }: TournamentAdvancedProps) {
  const [open, setOpen] = useState(() => advancedChanged(values));
  const failing = ADVANCED_FIELDS.some((f) => errors[f]);
  useEffect(() => {
    if (failing) setOpen(true);
  }, [failing]);
  const swiss = format === 'swiss';
  const rounds = shownRounds(values.rounds);
  const dates = roundDateList(values.round_dates);
  // The round a refused date belongs to, to show the refusal under it.
  const datesProblem = errors.round_dates ? roundDatesProblem(values) : null;

  return (
    <details className="advanced" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Advanced and FIDE report</summary>
      {started && <p className="hint frozen-note">The tournament has started: how it is paired and scored is fixed (greyed out). The FIDE report’s fields may still change.</p>}
      <fieldset className="advanced-group">
        <legend>Pairing and scoring</legend>
        {swiss && (
          <div className="row">
            <Choice
              id="initial_colour"
              label="Top player’s colour in round 1"
              value={values.initial_colour}
              options={[
                ['white', 'White'],
                ['black', 'Black'],
              ]}
              disabled={off('initial_colour')}
              error={errors.initial_colour}
              onChange={set('initial_colour')}
            />
            <Choice
              id="acceleration"
              label="Acceleration"
              value={values.acceleration}
              options={[
                ['none', 'None'],
                ['baku', 'Baku (first half of the rounds)'],
              ]}
              disabled={off('acceleration')}
              error={errors.acceleration}
              onChange={set('acceleration')}
            />
          </div>
        )}
        <p className="hint">Points for each result; 1, ½ and 0 unless the tournament scores otherwise (such as 3 for a win).</p>
        <div className="row points">
          <TextField name="points_win" label="Win" type="number" value={values.points_win} onChange={set('points_win')} error={errors.points_win} min="0.5" max="99.5" disabled={off('points_win')} />
          <TextField name="points_draw" label="Draw" type="number" value={values.points_draw} onChange={set('points_draw')} error={errors.points_draw} min="0" max="99.5" disabled={off('points_draw')} />
          <TextField name="points_loss" label="Loss" type="number" value={values.points_loss} onChange={set('points_loss')} error={errors.points_loss} min="0" max="99.5" disabled={off('points_loss')} />
          <TextField name="points_bye" label="Bye" type="number" value={values.points_bye} onChange={set('points_bye')} error={errors.points_bye} min="0" max="99.5" helperText="The pairing’s bye" disabled={off('points_bye')} />
        </div>
        <Choice
          id="rating_type"
          label="Rating list"
          value={values.rating_type}
          options={[
            ['standard', 'Standard'],
            ['rapid', 'Rapid'],
            ['blitz', 'Blitz'],
          ]}
          disabled={off('rating_type')}
          error={errors.rating_type}
          onChange={set('rating_type')}
        />
      </fieldset>
      <fieldset className="advanced-group">
        <legend>FIDE report</legend>
        <div className="row">
          <TextField name="city" label="City" value={values.city} onChange={set('city')} error={errors.city} disabled={off('city')} />
          <TextField name="federation" label="Federation" value={values.federation} onChange={set('federation')} error={errors.federation} helperText="FIDE code, e.g. ENG" disabled={off('federation')} />
        </div>
        <TextField name="chief_arbiter" label="Chief arbiter" value={values.chief_arbiter} onChange={set('chief_arbiter')} error={errors.chief_arbiter} helperText="With title and FIDE id if wanted, e.g. IA Jane Smith 1234567" disabled={off('chief_arbiter')} />
        <IonTextarea
          className={errors.deputy_arbiters ? 'field ion-invalid ion-touched' : 'field'}
          name="deputy_arbiters"
          label="Deputy arbiters"
          labelPlacement="stacked"
          fill="outline"
          autoGrow
          rows={2}
          value={values.deputy_arbiters}
          helperText="One a line, at most 10"
          errorText={errors.deputy_arbiters}
          disabled={off('deputy_arbiters')}
          onIonInput={(e) => set('deputy_arbiters')(String(e.detail.value ?? ''))}
        />
        <TextField name="time_control_code" label="Rate of play for the report" value={values.time_control_code} onChange={set('time_control_code')} error={errors.time_control_code} helperText={'e.g. 90\'/40+30\'+30"'} disabled={off('time_control_code')} />
        <fieldset className="advanced-group round-dates">
          <legend>Round dates</legend>
          {rounds === 0 ? (
            <p className="hint">Set the number of rounds to date each of them.</p>
          ) : (
            <>
              <p className="hint">Rounds without a date are spread evenly from the start date to the end date.</p>
              <div className="row dates">
                {Array.from({ length: rounds }, (_, i) => (
                  <TextField
                    key={i}
                    name={`round_date_${i + 1}`}
                    label={`Round ${i + 1} date`}
                    type="date"
                    value={dates[i] ?? ''}
                    onChange={(day) => set('round_dates')(setRoundDate(values.round_dates, i + 1, day))}
                    error={datesProblem?.round === i + 1 ? datesProblem.message : undefined}
                    min={values.start_date || undefined}
                    max={values.end_date || undefined}
                    disabled={off('round_dates')}
                  />
                ))}
              </div>
            </>
          )}
          {errors.round_dates && !datesProblem && (
            <p className="field-error" role="alert">
              {errors.round_dates}
            </p>
          )}
        </fieldset>
      </fieldset>
    </details>
  );
}
