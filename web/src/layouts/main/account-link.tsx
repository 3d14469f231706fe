import { useAppSelector } from '../../lib/hooks.ts';
import { selectCurrentUser, selectUnverified } from '../../lib/session/session.ts';
import { HeaderPill } from '../../components/header-pill.tsx';

/**
 * The header's way into the account area: "Log in" for guests, "My account" once signed in
 * (also while the email awaits verification: the account guard then shows VerifyEmail).
 */
export function AccountLink() {
  const user = useAppSelector(selectCurrentUser);
  const unverified = useAppSelector(selectUnverified);
  const signedIn = user !== null || unverified;
  return (
    <HeaderPill
      to={signedIn ? '/account' : '/login'}
      text={signedIn ? 'My account' : 'Log in'}
      icon={
        <>
          <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </>
      }
    />
  );
}
