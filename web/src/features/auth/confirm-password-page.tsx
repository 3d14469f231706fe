import { useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks.ts';
import { confirmReturn, returnPathFrom } from '../../components/route-guards.tsx';
import { selectCurrentUser } from '../../lib/session/session.ts';
import { FormField } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/api/form-errors.ts';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { usePageMeta } from '../../components/page-meta.ts';
import { useConfirmPasswordMutation } from './api.ts';
import { AuthPanel } from './auth-panel.tsx';
import styles from './auth.module.css';

/**
 * Confirm password, where a 423 sends the user (spec §6). A 201 allows sensitive actions for
 * three hours; then back to the page that asked (its path came in the location state, or from
 * sessionStorage after a reload), else one step back in history.
 */
export function ConfirmPasswordPage() {
  usePageMeta('Confirm Password', 'Confirm your password to continue with a security setting.');
  const location = useLocation();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [confirmPassword, { isLoading }] = useConfirmPasswordMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      await confirmPassword({ password }).unwrap();
      const stored = confirmReturn.take();
      const back = returnPathFrom(location.state) ?? stored;
      if (back) await navigate(back, { replace: true });
      else await navigate(-1);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <AuthPanel title="Confirm Password" intro="This is a secure area of your account. Please confirm your password before continuing.">
      <form onSubmit={submit}>
        {/* Tells password managers whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
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
        <Notice tone="error">{error}</Notice>
        <div className={styles.actions}>
          <button type="submit" className={styles.submit} disabled={isLoading}>
            Confirm
          </button>
          {isLoading && <Loading inline showLabel label="Checking…" />}
        </div>
      </form>
    </AuthPanel>
  );
}
