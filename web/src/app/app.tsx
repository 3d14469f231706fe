import { RouterProvider } from 'react-router-dom';
import type { createBrowserRouter } from 'react-router-dom';
import { Loading } from '../components/loading.tsx';
import { useGetCurrentUserQuery } from './session-api.ts';

/** Props of {@link App}. */
export interface AppProps {
  router: ReturnType<typeof createBrowserRouter>;
}

/**
 * The boot gate: nothing but a spinner until GET /api/user has answered (a guest's 401 counts as
 * an answer), so no page ever renders with the wrong idea of who is signed in.
 */
export function App({ router }: AppProps) {
  const { isUninitialized, isLoading } = useGetCurrentUserQuery();
  if (isUninitialized || isLoading) return <Loading label="Loading Hothfield Nurseries…" fullPage />;
  return <RouterProvider router={router} />;
}
