import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { IonButton, IonSpinner } from '@ionic/react';
import { showToast } from '../components/ionic';
import { ApiError, type FieldErrors } from '../api';
import { splitError } from '../forms';
import { TextField } from '../components/TextField';
import { useSession } from '../session';
import { markFirstRender } from '../perf';

/** safeNext keeps a redirect target inside the app ("/members"), never another site. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/login')) {
    return '/members';
  }
  return next;
}

/** LoginPage logs a member in and returns to the page that asked for it. */
export default function LoginPage() {
  const { logIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [username, setUsername] = useState(params.get('username') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(markFirstRender, []);
  useEffect(() => {
    const given = params.get('username');
    if (given) setUsername(given);
  }, [params]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const missing: FieldErrors = {};
    if (!username.trim()) missing.username = 'Enter your username.';
    if (!password) missing.password = 'Enter your password.';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      await logIn(username.trim(), password);
      setPassword('');
      navigate(next, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        setErrors({ password: 'Wrong username or password.' });
      } else {
        const split = splitError(err, ['username', 'password']);
        setErrors(split.fields);
        if (split.toast) void showToast({ message: split.toast, duration: 5000, color: 'danger' });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField name="username" label="Username" value={username} onChange={setUsername} error={errors.username} autocomplete="username" required />
      <TextField name="password" label="Password" type="password" value={password} onChange={setPassword} error={errors.password} autocomplete="current-password" required />
      <IonButton type="submit" expand="block" disabled={busy}>
        {busy && <IonSpinner slot="start" name="dots" aria-hidden="true" />}
        Log in
      </IonButton>
      <p className="hint">
        New to the club? <Link to={`/register?next=${encodeURIComponent(next)}`}>Create an account</Link>
      </p>
    </form>
  );
}
