import { NavLink } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.ts';
import { selectCurrentUser, selectUnverified } from '../../app/session.ts';
import styles from './account-link.module.css';

/**
 * The header's way into the account area: "Log in" for guests, "My account" once signed in
 * (also while the email awaits verification: the account guard then shows VerifyEmail).
 */
export function AccountLink() {
  const user = useAppSelector(selectCurrentUser);
  const unverified = useAppSelector(selectUnverified);
  const signedIn = user !== null || unverified;
  return (
    <NavLink className={styles.link} to={signedIn ? '/account' : '/login'}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className={styles.text}>{signedIn ? 'My account' : 'Log in'}</span>
    </NavLink>
  );
}
