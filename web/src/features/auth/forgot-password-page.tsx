import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/api/form-errors.ts';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { usePageMeta } from '../../components/page-meta.ts';
import { useForgotPasswordMutation } from './api.ts';
import { AuthPanel } from './auth-panel.tsx';
import styles from './auth.module.css';

/**
 * Forgot password: asks for a reset link. The server answers the same message whether or not the
 * address has an account (no account enumeration), and this screen simply shows it.
 */
export function ForgotPasswordPage() {
  usePageMeta('Forgot Password', 'Forgotten your password? We will email you a link to choose a new one.');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState('');
  const [error, setError] = useState('');
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setSent('');
    try {
      const answer = await forgotPassword({ email }).unwrap();
      setSent(answer.message);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <AuthPanel
      title="Forgot Password"
      intro="Forgotten your password? Enter your email address and we will email you a link to choose a new one."
      links={
        <>
          <Link to="/login">Back to log in</Link>
          <Link to="/register">Create an account</Link>
        </>
      }
    >
      <Notice tone="success">{sent}</Notice>
      <form onSubmit={submit}>
        <FormField label="Email" required>
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </FormField>
        <Notice tone="error">{error}</Notice>
        <div className={styles.actions}>
          <button type="submit" className={styles.submit} disabled={isLoading}>
            Send Password-Reset E-Mail
          </button>
          {isLoading && <Loading inline showLabel label="Sending…" />}
        </div>
      </form>
    </AuthPanel>
  );
}
