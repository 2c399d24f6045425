import { useState, type FormEvent } from 'react';
import type { FieldErrors } from './api';
import { showToast } from './components/ionic';
import { splitError } from './forms';

/**
 * useForm holds a form's values, its field errors and whether it is being sent, the same way
 * for every form of the app. submit checks the values with validate first and sends nothing
 * while a field is wrong; then it calls send, and shows what the server refused under the
 * field the problem names (one of fields), or as a toast when it names none.
 */
export function useForm<V extends Record<keyof V, string>>(
  initial: V,
  fields: readonly string[],
  validate: (values: V) => FieldErrors,
  send: (values: V) => Promise<void>,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  /** set returns the change handler of one field; editing a field clears its error. */
  const set = (field: keyof V & string) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }) as V);
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = validate(values);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setBusy(true);
    try {
      await send(values);
    } catch (err) {
      const split = splitError(err, fields);
      setErrors(split.fields);
      if (split.toast) void showToast({ message: split.toast, duration: 5000, color: 'danger' });
    } finally {
      setBusy(false);
    }
  }

  return { values, setValues, errors, setErrors, busy, set, submit };
}
