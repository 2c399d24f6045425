import { IonInput } from './ionic';
import './TextField.css';

export interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  type?: 'text' | 'password' | 'email' | 'date' | 'number';
  autocomplete?: 'username' | 'current-password' | 'new-password' | 'name' | 'email' | 'off';
  required?: boolean;
  helperText?: string;
  min?: string;
  max?: string;
  disabled?: boolean;
}

/**
 * TextField is a labelled input whose server or client error shows right under it. The label is
 * always visible (stacked), so screen readers and tests find the input by its label.
 */
export function TextField({ name, label, value, onChange, error, type = 'text', autocomplete, required, helperText, min, max, disabled }: TextFieldProps) {
  return (
    <IonInput
      className={(error ? 'field ion-invalid ion-touched' : 'field') + (required ? ' required' : '')}
      name={name}
      label={label}
      labelPlacement="stacked"
      fill="outline"
      type={type}
      value={value}
      autocomplete={autocomplete ?? 'off'}
      required={required}
      errorText={error}
      helperText={helperText}
      min={min}
      max={max}
      disabled={disabled}
      onIonInput={(e) => onChange(String(e.detail.value ?? ''))}
    />
  );
}
