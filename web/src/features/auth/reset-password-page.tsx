import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { FormField } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/api/form-errors.ts';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { usePageMeta } from '../../components/page-meta.ts';
import { useResetPasswordMutation } from './api.ts';
import { AuthPanel } from './auth-panel.tsx';
import styles from './auth.module.css';

/**
 * Reset password, opened from the emailed link `/reset-password/{token}?email=...`. On success it
 * shows the server's message and a Return To Login link to /account (spec), where the guard
 * sends a signed-out user on to Login and brings them back after. Failures: the message in red.
 */
export function ResetPasswordPage() {
  usePageMeta('Reset Password', 'Choose a new password for your Hothfield Nurseries account.');
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [resetPassword, { isLoading }] = useResetPasswordMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      const answer = await resetPassword({ token, email, password, password_confirmation: confirmation }).unwrap();
      setDone(answer.message);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  if (done) {
    return (
      <AuthPanel title="Reset Password">
        <Notice tone="success">{done}</Notice>
        <Link className={styles.submit} to="/account">
          Return To Login
        </Link>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel
      title="Reset Password"
      intro="Choose a new password of at least 8 characters."
      links={<Link to="/forgot-password">Send a new link</Link>}
    >
      <form onSubmit={submit}>
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
        <FormField label="New password" required>
          {(control) => (
            <input
              {...control}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Confirm new password" required>
          {(control) => (
            <input
              {...control}
              name="password_confirmation"
              type="password"
              autoComplete="new-password"
              required
              value={confirmation}
              onChange={(e) => setConfirmation(e.target.value)}
            />
          )}
        </FormField>
        <Notice tone="error">{error}</Notice>
        <div className={styles.actions}>
          <button type="submit" className={styles.submit} disabled={isLoading}>
            Reset Password
          </button>
          {isLoading && <Loading inline showLabel label="Saving…" />}
        </div>
      </form>
    </AuthPanel>
  );
}
