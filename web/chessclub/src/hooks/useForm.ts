import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { FieldErrors } from '../api/problem';
import { showToast } from '../components/ionic';
import { splitError } from '../rules/forms';

/**
 * focusFirstError moves the focus to the form's first field in error, in the order a person
 * reads it: an Ionic input (its inner native input, through setFocus) or any element marked
 * aria-invalid.
 */
export function focusFirstError(form: HTMLFormElement | null): void {
  const field = form?.querySelector<HTMLElement>('.ion-invalid, [aria-invalid="true"]');
  if (!field) return;
  const ionic = field as HTMLElement & { setFocus?: () => Promise<void> };
  if (typeof ionic.setFocus === 'function') {
    void ionic.setFocus();
  } else {
    field.focus();
  }
}

/**
 * useForm holds a form's values, its field errors and whether it is being sent, the same way
 * for every form of the app. submit checks the values with validate first and sends nothing
 * while a field is wrong; then it calls send, and shows what the server refused under the
 * field the problem names (one of fields), or as a toast when it names none. Whenever a submit
 * ends with fields in error, the first of them gets the focus; formRef must be given to the
 * form element for that.
 */
export function useForm<V extends Record<keyof V, string>>(
  initial: V,
  fields: readonly string[],
  validate: (values: V) => FieldErrors,
  send: (values: V) => Promise<void>,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrorsState] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (focusRequest > 0) focusFirstError(formRef.current);
  }, [focusRequest]);

  /** setErrors shows errors under their fields, and focuses the first, as a failed submit does. */
  const setErrors = useCallback((next: FieldErrors) => {
    setErrorsState(next);
    if (Object.keys(next).length > 0) setFocusRequest((n) => n + 1);
  }, []);

  /** set returns the change handler of one field; editing a field clears its error. */
  const set = (field: keyof V & string) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }) as V);
    setErrorsState(({ [field]: _, ...rest }) => rest);
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

  return { values, setValues, errors, setErrors, busy, set, submit, formRef };
}
