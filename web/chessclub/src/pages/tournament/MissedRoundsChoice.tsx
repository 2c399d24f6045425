import type { MissedRounds } from '../../api/types';

/**
 * MissedRoundsChoice asks what the rounds played before a late entry count for the player:
 * nothing (absent), or a half-point bye each.
 */
export function MissedRoundsChoice({ played, value, onChange, name }: { played: number; value: MissedRounds; onChange: (m: MissedRounds) => void; name: string }) {
  return (
    <fieldset className="missed-rounds">
      <legend>{played === 1 ? 'Round 1 is played already: it counts for them as' : `Rounds 1 to ${played} are played already: each counts for them as`}</legend>
      <label>
        <input type="radio" name={name} value="zero" checked={value === 'zero'} onChange={() => onChange('zero')} /> Absent, no points
      </label>
      <label>
        <input type="radio" name={name} value="half" checked={value === 'half'} onChange={() => onChange('half')} /> A half-point bye (½ point)
      </label>
    </fieldset>
  );
}
