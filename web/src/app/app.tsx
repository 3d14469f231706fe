import { RouterProvider } from 'react-router-dom';
import type { createBrowserRouter } from 'react-router-dom';
import { Loading } from '../components/loading.tsx';
import { useGetCurrentUserQuery } from '../lib/session/session-api.ts';

/** Props of {@link App}. */
export interface AppProps {
  router: ReturnType<typeof createBrowserRouter>;
  /**
   * Hold everything behind a spinner until GET /api/session has answered. Client-rendered screens
   * (auth, account, admin) use it, so none renders with the wrong idea of who is signed in; a
   * server-rendered public page hydrates at once instead (it shows the guest's view, which the
   * session's answer then corrects: only the header's account link differs).
   */
  waitForSession: boolean;
}

/** The app: the router, started with the session check. */
export function App({ router, waitForSession }: AppProps) {
  const { isUninitialized, isLoading } = useGetCurrentUserQuery();
  if (waitForSession && (isUninitialized || isLoading)) return <Loading label="Loading Hothfield Nurseries…" fullPage />;
  return <RouterProvider router={router} />;
}
