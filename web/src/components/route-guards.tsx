import { useEffect, useEffectEvent, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { Location } from 'react-router-dom';
import { isAuthScreen } from '../../../shared/app-routes.ts';
import { Loading } from './loading.tsx';
import { useAppDispatch, useAppSelector } from '../lib/hooks.ts';
import { redirectHandled, selectAuthRedirect, selectCurrentUser, selectSessionChecked, selectUnverified } from '../lib/session/session.ts';
import type { UserAccount } from '../../../shared/api/users.ts';

/** What the guards and the central error handler put in `location.state`. */
export interface AuthLocationState {
  /** The page to come back to after logging in or confirming the password. */
  from?: string;
  /** Someone is signed in, but their role may not open `from` (e.g. a user opening /admin). */
  denied?: boolean;
}

/** The roles the route table names. */
export type Role = UserAccount['role'];

const CONFIRM_RETURN_KEY = 'nursery:confirm-password-return';

/** The path, query and hash of a location, as a `to` for navigate(). */
export function pathOf(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
}

/**
 * The `from` a page received in its location state, if it is a safe in-app path. A location
 * object (what `<Navigate state={{ from: location }}>` passes) is accepted too.
 */
export function returnPathFrom(state: unknown): string | undefined {
  const raw: unknown = (state as { from?: unknown } | null)?.from;
  const from = typeof raw === 'object' && raw !== null && 'pathname' in raw ? pathOf(raw as Location) : raw;
  // Only in-app absolute paths: never "//evil.example" or a full URL.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined;
}

/**
 * Where ConfirmPassword returns to. Kept in sessionStorage too, because the confirm page may be
 * reloaded (the location state survives that, but not a new tab or a typed URL).
 */
export const confirmReturn = {
  remember(path: string): void {
    try {
      sessionStorage.setItem(CONFIRM_RETURN_KEY, path);
    } catch {
      // Storage may be disabled (private mode): the location state still carries it.
    }
  },
  take(): string | undefined {
    try {
      const path = sessionStorage.getItem(CONFIRM_RETURN_KEY) ?? undefined;
      sessionStorage.removeItem(CONFIRM_RETURN_KEY);
      return returnPathFrom({ from: path });
    } catch {
      return undefined;
    }
  },
};

/** Props of {@link RequireRole}. */
export interface RequireRoleProps {
  roles: readonly Role[];
}

/**
 * A layout route that renders its children only for a signed-in user with one of `roles`.
 * Anyone else goes to Login (spec §4), remembering the requested page in `state.from`; a user who
 * is signed in but unverified goes to VerifyEmail instead, since logging in again cannot help.
 * Nothing is decided before the boot-time session check has answered.
 */
export function RequireRole({ roles }: RequireRoleProps) {
  const user = useAppSelector(selectCurrentUser);
  const checked = useAppSelector(selectSessionChecked);
  const unverified = useAppSelector(selectUnverified);
  const location = useLocation();
  const allowed = user !== null && roles.includes(user.role);
  // Whether this page was opened signed in (the guard is re-created on every path change).
  const [admitted] = useState(allowed);
  if (!checked) return <Loading label="Checking your session…" fullPage />;
  if (allowed) return <Outlet />;
  // Signed out while on the page: by Logout (on its way Home) or by a 401 (AuthRedirects is on
  // its way to Login). Redirecting here too would race them, and the router renders the next
  // page inside a transition, so this page may still be on screen for a moment.
  if (admitted && !user) return <SignedOutNotice />;
  if (!user && unverified) return <Navigate to="/verify-email" replace />;
  const state: AuthLocationState = { from: pathOf(location), denied: Boolean(user) };
  return <Navigate to="/login" replace state={state} />;
}

/** Shown for the moment between losing the session and the next page. */
function SignedOutNotice() {
  return (
    <p className="container" role="status">
      You have been logged out. <Link to="/login">Log in</Link>
    </p>
  );
}

/**
 * Carries out the base query's auth redirects (lib/api/api.ts): 401/419 → Login, unverified 403 →
 * VerifyEmail, 423 → ConfirmPassword. Lives inside the router, so navigation is the router's own
 * (no reloads), and remembers the page the user was on so Login and ConfirmPassword can return.
 */
export function AuthRedirects() {
  const redirect = useAppSelector(selectAuthRedirect);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();

  const act = useEffectEvent((reason: NonNullable<typeof redirect>) => {
    dispatch(redirectHandled());
    const here = pathOf(location);
    // Pages a user is sent to on the way in: never worth coming back to after signing in.
    const onAuthPage = isAuthScreen(location.pathname);
    // From an auth page, keep whatever it was itself going to return to.
    const from = onAuthPage ? returnPathFrom(location.state) : here;
    switch (reason) {
      case 'login':
        if (location.pathname !== '/login') void navigate('/login', { replace: true, state: { from } satisfies AuthLocationState });
        break;
      case 'verify-email':
        if (location.pathname !== '/verify-email') void navigate('/verify-email');
        break;
      case 'confirm-password':
        if (from) confirmReturn.remember(from);
        if (location.pathname !== '/confirm-password') void navigate('/confirm-password', { state: { from } satisfies AuthLocationState });
        break;
    }
  });

  useEffect(() => {
    if (redirect) act(redirect);
  }, [redirect]);

  return null;
}
