import { useNavigate } from 'react-router-dom';
import { describeError } from '../api/errors.ts';
import { useAppDispatch } from '../hooks.ts';
import { api } from '../api/api.ts';
import { sessionApi, useLogoutMutation } from './session-api.ts';

/**
 * Logout as every signed-in screen offers it: POST /logout, go to Home, then forget the user.
 * (The guarded page may still be on screen for a moment, since the router renders the next page
 * in a transition: RequireRole then shows "logged out" rather than redirecting to Login.)
 * A 401/419 means the session had already ended: still a logout.
 * Resolves false (and keeps the session) when the server could not be reached.
 */
export function useLogout() {
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const run = async (): Promise<boolean> => {
    try {
      await logout().unwrap();
    } catch (error) {
      const { status } = describeError(error);
      if (status !== 401 && status !== 419) return false;
    }
    await navigate('/');
    // The cached user becomes null (the session slice follows), and per-user data is dropped so
    // the next account to sign in on this tab never sees the previous one's.
    dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, null));
    dispatch(api.util.invalidateTags(['TwoFactor', 'Users', 'Enquiry', 'Stats']));
    return true;
  };

  return [run, { isLoading }] as const;
}
