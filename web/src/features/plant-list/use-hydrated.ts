import { useEffect, useState } from 'react';

/**
 * False on the server and in the browser's first render, true after hydration: what depends on
 * this browser (the guest's stored list) renders only then, so server and client markup agree.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
