import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/api/form-errors.ts';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import type { PageHandle } from '../../lib/page-handle.ts';
import { fieldTexts } from '../../lib/form-fields.ts';
import { CsrfField, useFormPost } from '../../lib/request-context.tsx';
import { useForgotPasswordMutation } from './api.ts';
import { AuthPanel } from './auth-panel.tsx';
import styles from './auth.module.css';

/**
 * Forgot password: asks for a reset link. The server answers the same message whether or not the
 * address has an account (no account enumeration), and this screen simply shows it. Without
 * JavaScript the form posts to /forgot-password, which answers with this page showing the message,
 * or the error with the address kept.
 */
export function ForgotPasswordPage() {
  const post = useFormPost('forgot-password');
  const [email, setEmail] = useState(post?.values.email ?? '');
  const [sent, setSent] = useState(post?.status === 'sent' ? (post.message ?? '') : '');
  const [error, setError] = useState(post && post.status !== 'sent' ? (post.message ?? '') : '');
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    setSent('');
    try {
      const answer = await forgotPassword(fieldTexts(event.currentTarget, ['email'])).unwrap();
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
      <form method="post" action="/forgot-password" onSubmit={submit}>
        <CsrfField />
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

export const handle: PageHandle = {
  meta: () => ({
    title: 'Forgot Password',
    description: 'Forgotten your password? We will email you a link to choose a new one.',
  }),
};
