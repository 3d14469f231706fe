import { Link, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks.ts';
import { selectCurrentUser } from '../../lib/session/session.ts';
import { Notice } from '../../components/notice.tsx';
import { usePageMeta } from '../../components/page-meta.ts';
import styles from './account.module.css';

/**
 * The account dashboard (the spec's placeholder "Index", made useful): a welcome, the account's
 * details and security status with links to change them, and the trade buyer's shortcuts. After
 * the emailed verification link the server lands here with `?verified=1`.
 */
export function AccountHomePage() {
  usePageMeta('My Account', 'Your Hothfield Nurseries trade account: details, security and catalogue downloads.');
  const user = useAppSelector(selectCurrentUser);
  const [params] = useSearchParams();
  if (!user) return null; // the guard only renders this page for a signed-in user
  const verified = Boolean(user.email_verified_at);

  return (
    <>
      <h1>Account</h1>
      <Notice tone="success">{params.get('verified') === '1' && 'Thank you: your email address has been verified.'}</Notice>
      <p className={styles.lead}>Welcome, {user.firstname}.</p>
      <div className={styles.cards}>
        <section className={styles.panel} aria-labelledby="account-details">
          <h2 id="account-details">Your details</h2>
          <dl className={styles.facts}>
            <dt>Name</dt>
            <dd>
              {user.firstname} {user.lastname}
            </dd>
            <dt>Email</dt>
            <dd>{user.email}</dd>
            <dt>Status</dt>
            <dd>
              <span className={verified ? styles.on : styles.off}>{verified ? 'Verified' : 'Not verified'}</span>
            </dd>
          </dl>
          <Link to="/account/profile">Update your profile</Link>
        </section>
        <section className={styles.panel} aria-labelledby="account-security">
          <h2 id="account-security">Security</h2>
          <dl className={styles.facts}>
            <dt>Two-factor</dt>
            <dd>
              <span className={user.two_factor ? styles.on : styles.off}>{user.two_factor ? 'On' : 'Off'}</span>
            </dd>
          </dl>
          <ul className={styles.links}>
            <li>
              <Link to="/account/2fa">{user.two_factor ? 'Manage two-factor authentication' : 'Turn on two-factor authentication'}</Link>
            </li>
            <li>
              <Link to="/account/password">Change your password</Link>
            </li>
          </ul>
        </section>
        <section className={styles.panel} aria-labelledby="account-trade">
          <h2 id="account-trade">Trade buying</h2>
          <ul className={styles.links}>
            <li>
              <Link to="/catalogue">Browse the online catalogue</Link>
            </li>
            <li>
              <a href="/downloads/catalogue.pdf">Download the catalogue (PDF)</a>
            </li>
            <li>
              <a href="/downloads/catalogue.xlsx">Download the catalogue (Excel)</a>
            </li>
            <li>
              <Link to="/contact">Ask for availability or a quotation</Link>
            </li>
          </ul>
        </section>
      </div>
    </>
  );
}
