import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { personAddOutline } from 'ionicons/icons';
import { IonButton, IonIcon, IonSpinner, showToast } from '../../components/ionic';
import type { WelcomeState } from '../../components/AppPage';
import type { Member } from '../../api/types';
import { registration, validateRegister, type RegisterValues } from '../../rules/forms';
import { memberCreated } from '../../rules/notices';
import { useForm } from '../../hooks/useForm';
import { TextField } from '../../components/TextField';
import { useSession } from '../../hooks/useSession';
import { markFirstRender } from '../../platform/perf';

const FIELDS = ['username', 'password', 'full_name', 'email', 'declared_rating'] as const;
const EMPTY: RegisterValues = { username: '', password: '', full_name: '', email: '', declared_rating: '' };

/** afterRegistering is where a new member goes: back where a login was asked for, else their profile. */
export function afterRegistering(next: string | null, memberId: number): string {
  if (next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login') && !next.startsWith('/register')) {
    return next;
  }
  return `/members/${memberId}`;
}

/**
 * announceMember raises the local notification that names a member just created, when
 * notifications are allowed already, and says whether it did. It never asks for the permission:
 * that takes a tap on the greeting's button, which says what notifications are for.
 */
async function announceMember(member: Pick<Member, 'full_name' | 'username'>): Promise<boolean> {
  try {
    // Loaded on demand: the registration screen does not need Capacitor's notifications to show.
    const { notifyIfAllowed } = await import('../../platform/notify');
    const { title, body } = memberCreated(member);
    return await notifyIfAllowed(title, body);
  } catch {
    return false;
  }
}

/**
 * RegisterPage creates an account, announces it with a local notification where they are
 * allowed, and logs the new member in with it, then goes on to the page that asked for a login
 * (or the member's profile), which greets them there and offers notifications when they are
 * not on yet (components/Welcome.tsx). Should the login fail (the server busy), the login form
 * opens with the username filled in.
 */
export default function RegisterPage() {
  const { api, logIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { values, setValues, errors, busy, set, submit, formRef } = useForm(EMPTY, FIELDS, validateRegister, async (v) => {
    const body = registration(v);
    const member = await api.register(body);
    const announced = announceMember(member);
    setValues(EMPTY);
    try {
      await logIn(member.username, body.password);
    } catch {
      void showToast({ message: `Your account ${member.username} was created. Log in to continue.`, duration: 6000, color: 'warning' });
      const query = new URLSearchParams({ username: member.username });
      const next = params.get('next');
      if (next) query.set('next', next);
      navigate(`/login?${query.toString()}`, { replace: true });
      return;
    }
    const state: WelcomeState = { welcome: member.full_name, username: member.username, notified: await announced };
    navigate(afterRegistering(params.get('next'), member.id), { replace: true, state });
  });

  useEffect(markFirstRender, []);

  return (
    <form className="form" ref={formRef} onSubmit={submit} noValidate>
      <TextField name="username" label="Username" value={values.username} onChange={set('username')} error={errors.username} autocomplete="username" helperText="3–32 characters: a–z, 0–9, _ . -" required />
      <TextField name="password" label="Password" type="password" value={values.password} onChange={set('password')} error={errors.password} autocomplete="new-password" helperText="At least 8 characters" required />
      <TextField name="full_name" label="Full name" value={values.full_name} onChange={set('full_name')} error={errors.full_name} autocomplete="name" required />
      <TextField name="email" label="Email" type="email" value={values.email} onChange={set('email')} error={errors.email} autocomplete="email" helperText="Optional" />
      <TextField name="declared_rating" label="Starting rating" type="number" value={values.declared_rating} onChange={set('declared_rating')} error={errors.declared_rating} helperText="Optional: your federation or FIDE rating, which seeds you until your rated games here give you a club rating" min="100" max="3000" />
      <IonButton type="submit" expand="block" disabled={busy}>
        {busy ? <IonSpinner slot="start" name="dots" aria-hidden="true" /> : <IonIcon slot="start" icon={personAddOutline} aria-hidden="true" />}
        Register
      </IonButton>
      <p className="hint">
        Already a member? <Link to={params.get('next') ? `/login?next=${encodeURIComponent(params.get('next')!)}` : '/login'}>Log in</Link>
      </p>
    </form>
  );
}
