import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/hooks.ts';
import { reloadUser } from '../../lib/session/session-api.ts';
import { selectCurrentUser, selectUnverified } from '../../lib/session/session.ts';
import { useLogout } from '../../lib/session/use-logout.ts';
import { errorMessage } from '../../lib/api/form-errors.ts';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import type { PageHandle } from '../../lib/page-handle.ts';
import { CsrfField, useFormPost } from '../../lib/request-context.tsx';
import { useResendVerificationMutation } from './api.ts';
import { AuthPanel } from './auth-panel.tsx';
import styles from './auth.module.css';

const SENT = 'A new verification link has been sent to your email address.';

/**
 * Verify email: the account exists but its address is unconfirmed, so the account area waits.
 * Resend asks for another link (202); a 204 means the address was verified meanwhile (say, in
 * another tab), so the user is loaded and taken to the account area. A guest who lands here is
 * sent to Login by the base query's 401 handling when they press Resend. Without JavaScript both
 * buttons are forms: Resend posts to /email/verification-notification, which answers with this
 * page and its message, and Log Out (always offered: the page cannot know who reads it) to /logout.
 */
export function VerifyEmailPage() {
  const post = useFormPost('verify-email');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const unverified = useAppSelector(selectUnverified);
  const user = useAppSelector(selectCurrentUser);
  const signedIn = unverified || user !== null;
  const [notice, setNotice] = useState(post?.status === 'sent' ? (post.message ?? '') : '');
  const [error, setError] = useState(post && post.status !== 'sent' ? (post.message ?? '') : '');
  const [resend, { isLoading }] = useResendVerificationMutation();
  const [logout, { isLoading: loggingOut }] = useLogout();

  const resendLink = async (event: FormEvent) => {
    event.preventDefault();
    setNotice('');
    setError('');
    try {
      const status = await resend().unwrap();
      if (status === 204) {
        const result = await dispatch(reloadUser());
        if (result.data) await navigate('/account');
        return;
      }
      setNotice(SENT);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <AuthPanel
      title="Verify Your Email Address"
      intro="Thanks for signing up! Before you start, please confirm your email address by clicking the link we have just emailed to you. The link works for 60 minutes."
      links={
        <>
          <span>Didn’t get it? Check your spam folder, or ask for another link.</span>
          <Link to="/contact">Contact us</Link>
        </>
      }
    >
      <Notice tone="success">{notice}</Notice>
      <Notice tone="error">{error}</Notice>
      <div className={styles.actions}>
        <form method="post" action="/email/verification-notification" onSubmit={resendLink}>
          <CsrfField />
          <button type="submit" className={styles.submit} disabled={isLoading}>
            Resend Verification Email
          </button>
        </form>
        {isLoading && <Loading inline showLabel label="Sending…" />}
        {signedIn && (
          <button type="button" className={styles.secondary} disabled={loggingOut} onClick={() => void logout()}>
            Log Out
          </button>
        )}
        <noscript>
          <form method="post" action="/logout">
            <CsrfField />
            <button type="submit" className={styles.secondary}>
              Log Out
            </button>
          </form>
        </noscript>
      </div>
    </AuthPanel>
  );
}

export const handle: PageHandle = {
  meta: () => ({
    title: 'Verify Email',
    description: 'Confirm your email address to finish setting up your Hothfield Nurseries trade account.',
  }),
};
