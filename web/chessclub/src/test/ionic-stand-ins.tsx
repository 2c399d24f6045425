// Plain-HTML stand-ins for the Ionic components, for the jsdom tests only: the app never imports
// this file; the screen tests put it in place of ./components/ionic. Ionic's web components do
// not render in jsdom (their buttons and inputs live in shadow roots that Testing Library does
// not enter), so the tests swap them for native elements with the same props, labels and
// events; the browser tests cover the real components.
import { createContext, useContext, useId, type MouseEvent, type ReactNode } from 'react';

type Props = { children?: ReactNode; className?: string; [key: string]: unknown };
type ValueEvent = { detail: { value: string } };

const box = (tag: 'div' | 'span') =>
  function Box({ children, className }: Props) {
    const Tag = tag;
    return <Tag className={className}>{children}</Tag>;
  };

interface FieldProps {
  label: string;
  value?: string;
  type?: string;
  name?: string;
  className?: string;
  errorText?: string;
  helperText?: string;
  onIonInput?: (e: ValueEvent) => void;
}

function Field({ label, value, type, name, className, errorText, helperText, onIonInput, multiline }: FieldProps & { multiline?: boolean }) {
  const id = useId();
  const invalid = /\bion-invalid\b/.test(className ?? '');
  const common = {
    id,
    name,
    value: value ?? '',
    'aria-invalid': invalid ? ('true' as const) : undefined,
    'aria-describedby': invalid && errorText ? `${id}-error` : undefined,
    onChange: (e: { target: { value: string } }) => onIonInput?.({ detail: { value: e.target.value } }),
  };
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea {...common} /> : <input type={type ?? 'text'} {...common} />}
      {helperText && <div>{helperText}</div>}
      {invalid && errorText && <div id={`${id}-error`}>{errorText}</div>}
    </div>
  );
}

export const IonInput = (p: FieldProps) => <Field {...p} />;
export const IonTextarea = (p: FieldProps) => <Field {...p} multiline />;

export function IonButton({ children, href, type, disabled, onClick, 'aria-label': label }: Props) {
  if (typeof href === 'string') {
    return (
      <a href={href} onClick={onClick as (e: MouseEvent) => void} aria-label={label as string | undefined}>
        {children}
      </a>
    );
  }
  return (
    <button type={(type as 'submit' | 'button') ?? 'button'} disabled={Boolean(disabled)} onClick={onClick as () => void} aria-label={label as string | undefined}>
      {children}
    </button>
  );
}

export function IonPage({ children, className, ...rest }: Props) {
  return (
    <div className={className ? `ion-page ${className}` : 'ion-page'} data-route={rest['data-route'] as string | undefined}>
      {children}
    </div>
  );
}

const RadioContext = createContext<{ name: string; value: unknown; onChange(v: unknown): void }>({ name: '', value: undefined, onChange: () => {} });

export function IonRadioGroup({ children, value, onIonChange }: Props) {
  const name = useId();
  const onChange = (v: unknown) => (onIonChange as (e: { detail: { value: unknown } }) => void)?.({ detail: { value: v } });
  return (
    <div role="radiogroup">
      <RadioContext.Provider value={{ name, value, onChange }}>{children}</RadioContext.Provider>
    </div>
  );
}

export function IonRadio({ children, value }: Props) {
  const group = useContext(RadioContext);
  return (
    <label>
      <input type="radio" name={group.name} checked={group.value === value} onChange={() => group.onChange(value)} />
      {children}
    </label>
  );
}

export function IonToggle({ children, checked, disabled, onIonChange }: Props) {
  const onChange = (e: { target: { checked: boolean } }) => (onIonChange as (e: { detail: { checked: boolean } }) => void)?.({ detail: { checked: e.target.checked } });
  return (
    <label>
      <input type="checkbox" role="switch" checked={Boolean(checked)} disabled={Boolean(disabled)} onChange={onChange} />
      {children}
    </label>
  );
}

export const IonApp = box('div');
export const IonHeader = box('div');
export const IonToolbar = box('div');
export const IonTitle = box('div');
export const IonButtons = box('span');
export const IonContent = box('div');
export const IonFooter = box('div');
export const IonList = box('div');
export const IonItem = box('div');
export const IonLabel = box('div');
export const IonNote = box('span');
export const IonAvatar = box('span');
export const IonListHeader = box('div');
export const IonSpinner = () => null;
export const IonIcon = () => null;
export const IonRefresher = () => null;
export const IonRefresherContent = () => null;
export const setupIonic = () => undefined;
