import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../lib/hooks.ts';
import { returnPathFrom } from '../../components/route-guards.tsx';
import { reloadUser } from '../../lib/session/session-api.ts';
import { FormField } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/api/form-errors.ts';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { usePageMeta } from '../../components/page-meta.ts';
import { useTwoFactorChallengeMutation } from './api.ts';
import { AuthPanel } from './auth-panel.tsx';
import styles from './auth.module.css';

/**
 * The second step of a two-factor login: one field for either a code from the authenticator app
 * or a recovery code; the text goes out as both `code` and `recovery_code` and the server tells
 * them apart. A 204 completes the login: load the user, then Home (or the page Login was asked
 * to return to).
 */
export function TwoFactorChallengePage() {
  usePageMeta('Two-Factor Authentication', 'Enter the code from your authenticator app, or a recovery code, to finish logging in.');
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const from = returnPathFrom(location.state);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [challenge] = useTwoFactorChallengeMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      await challenge(code.trim()).unwrap();
      const result = await dispatch(reloadUser());
      if (result.data) await navigate(from ?? '/', { replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthPanel
      title="Two-Factor Authentication"
      intro="Enter the 6-digit code from your authenticator app. Lost your device? Enter one of your recovery codes instead."
      links={<Link to="/login">Back to log in</Link>}
    >
      <form onSubmit={submit}>
        <FormField label="Code or recovery code" required>
          {(control) => (
            <input
              {...control}
              className={styles.code}
              name="code"
              type="text"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          )}
        </FormField>
        <Notice tone="error">{error}</Notice>
        <div className={styles.actions}>
          <button type="submit" className={styles.submit} disabled={busy}>
            Log in
          </button>
          {busy && <Loading inline showLabel label="Checking…" />}
        </div>
      </form>
    </AuthPanel>
  );
}
