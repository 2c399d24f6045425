import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { logInOutline } from 'ionicons/icons';
import { IonButton, IonIcon, IonSpinner } from '../../components/ionic';
import { ApiError } from '../../api/problem';
import { LOGIN_FIELDS, trimSpace, validateLogin } from '../../rules/forms';
import { useForm } from '../../hooks/useForm';
import { TextField } from '../../components/TextField';
import { useSession } from '../../hooks/useSession';
import { markFirstRender } from '../../platform/perf';

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
  const { values, setValues, errors, setErrors, busy, set, submit, formRef } = useForm(
    { username: params.get('username') ?? '', password: '' },
    LOGIN_FIELDS,
    validateLogin,
    async (v) => {
      try {
        await logIn(trimSpace(v.username), v.password);
      } catch (err) {
        // The server says no more than this, on purpose; neither does the form.
        if (err instanceof ApiError && err.status === 401) {
          setErrors({ password: 'Wrong username or password.' });
          return;
        }
        throw err;
      }
      setValues((cur) => ({ ...cur, password: '' }));
      navigate(next, { replace: true });
    },
  );

  useEffect(markFirstRender, []);
  useEffect(() => {
    const given = params.get('username');
    if (given) setValues((cur) => ({ ...cur, username: given }));
  }, [params, setValues]);

  return (
    <form className="form" ref={formRef} onSubmit={submit} noValidate>
      <TextField name="username" label="Username" value={values.username} onChange={set('username')} error={errors.username} autocomplete="username" required />
      <TextField name="password" label="Password" type="password" value={values.password} onChange={set('password')} error={errors.password} autocomplete="current-password" required />
      <IonButton type="submit" expand="block" disabled={busy}>
        {busy ? <IonSpinner slot="start" name="dots" aria-hidden="true" /> : <IonIcon slot="start" icon={logInOutline} aria-hidden="true" />}
        Log in
      </IonButton>
      <p className="hint">
        New to the club? <Link to={params.get('next') ? `/register?next=${encodeURIComponent(next)}` : '/register'}>Create an account</Link>
      </p>
    </form>
  );
}
