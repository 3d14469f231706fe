import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../lib/hooks.ts';
import { returnPathFrom } from '../../components/route-guards.tsx';
import type { AuthLocationState } from '../../components/route-guards.tsx';
import { reloadUser } from '../../lib/session/session-api.ts';
import { FormField } from '../../components/form-field.tsx';
import { errorMessage, GENERIC_ERROR } from '../../lib/api/form-errors.ts';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import type { PageHandle } from '../../lib/page-handle.ts';
import { fieldTexts } from '../../lib/form-fields.ts';
import { CsrfField, useFormPost } from '../../lib/request-context.tsx';
import { useCsrfCookieMutation, useLoginMutation } from './api.ts';
import { AuthPanel } from './auth-panel.tsx';
import styles from './auth.module.css';

/**
 * Login. With two-factor on, the server only remembers a pending login and the challenge screen
 * takes over (replacing this history entry, spec §4); otherwise the user is loaded and taken back
 * to the page the guard stopped them at, else Home. Failures show the server's message in red.
 * Without JavaScript the form posts to /login and the server answers with the next page, or this
 * one again with the email kept (never the password) and the message (src/http/page-form.ts).
 */
export function LoginPage() {
  const post = useFormPost('login');
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const from = returnPathFrom(location.state);
  const denied = (location.state as AuthLocationState | null)?.denied === true;
  const [email, setEmail] = useState(post?.values.email ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(post?.values.remember === 'on');
  const [error, setError] = useState(post?.message ?? '');
  const [busy, setBusy] = useState(false);
  const [csrfCookie] = useCsrfCookieMutation();
  const [login] = useLoginMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = fieldTexts(event.currentTarget, ['email', 'password', 'remember']);
    const credentials = { email: fields.email, password: fields.password, remember: fields.remember === 'on' };
    setError('');
    setBusy(true);
    try {
      await csrfCookie();
      const answer = await login(credentials).unwrap();
      if (answer.two_factor) {
        await navigate('/two-factor-challenge', { replace: true, state: { from } satisfies AuthLocationState });
        return;
      }
      const result = await dispatch(reloadUser());
      // A 403 (email not verified) is routed to VerifyEmail by the base query.
      if (result.data) await navigate(from ?? '/', { replace: true });
      else if (result.error && (result.error as { status?: unknown }).status !== 403) setError(GENERIC_ERROR);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthPanel
      title="Log In"
      intro="Sign in to your trade account."
      links={
        <>
          <Link to="/forgot-password">Forgot your password?</Link>
          <Link to="/register">Create an account</Link>
        </>
      }
    >
      {from && (
        <p className={styles.info}>
          {denied ? 'Your account cannot open that page. Log in with an account that can.' : 'Please log in to continue.'}
        </p>
      )}
      <form method="post" action="/login" onSubmit={submit}>
        <CsrfField />
        <FormField label="Email" required>
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Password" required>
          {(control) => (
            <input
              {...control}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </FormField>
        <label className={styles.check}>
          <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          Remember me
        </label>
        <Notice tone="error">{error}</Notice>
        <div className={styles.actions}>
          <button type="submit" className={styles.submit} disabled={busy}>
            Log in
          </button>
          {busy && <Loading inline showLabel label="Logging in…" />}
        </div>
      </form>
    </AuthPanel>
  );
}

export const handle: PageHandle = {
  meta: () => ({ title: 'Log In', description: 'Log in to your Hothfield Nurseries trade account.' }),
};
