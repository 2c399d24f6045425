import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { IonButton, IonSpinner } from '@ionic/react';
import { showToast } from '../components/ionic';
import { registration, validateRegister, type RegisterValues } from '../forms';
import { useForm } from '../useForm';
import { notifyMemberCreated } from '../notify';
import { TextField } from '../components/TextField';
import { useSession } from '../session';
import { markFirstRender } from '../perf';
import { safeNext } from './LoginPage';

const FIELDS = ['username', 'password', 'full_name', 'email'] as const;
const EMPTY: RegisterValues = { username: '', password: '', full_name: '', email: '' };

/**
 * RegisterPage creates an account. Afterwards a local notification says the member was created
 * (a toast when notifications are not allowed), and the login form opens with the username.
 */
export default function RegisterPage() {
  const { api } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { values, setValues, errors, busy, set, submit } = useForm(EMPTY, FIELDS, validateRegister, async (v) => {
    const member = await api.register(registration(v));
    const shown = await notifyMemberCreated(member);
    if (shown === 'denied') {
      void showToast({ message: `Member created: ${member.full_name}. You can log in now.`, duration: 5000, color: 'success' });
    }
    setValues(EMPTY);
    const query = new URLSearchParams({ username: member.username, next: safeNext(params.get('next')) });
    navigate(`/login?${query.toString()}`, { replace: true });
  });

  useEffect(markFirstRender, []);

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField name="username" label="Username" value={values.username} onChange={set('username')} error={errors.username} autocomplete="username" helperText="3–32 characters: a–z, 0–9, _ . -" required />
      <TextField name="password" label="Password" type="password" value={values.password} onChange={set('password')} error={errors.password} autocomplete="new-password" helperText="At least 8 characters" required />
      <TextField name="full_name" label="Full name" value={values.full_name} onChange={set('full_name')} error={errors.full_name} autocomplete="name" required />
      <TextField name="email" label="Email" type="email" value={values.email} onChange={set('email')} error={errors.email} autocomplete="email" helperText="Optional" />
      <IonButton type="submit" expand="block" disabled={busy}>
        {busy && <IonSpinner slot="start" name="dots" aria-hidden="true" />}
        Register
      </IonButton>
      <p className="hint">
        Already a member? <Link to="/login">Log in</Link>
      </p>
    </form>
  );
}
