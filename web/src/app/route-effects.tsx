import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { MAIN_ID } from '../layouts/main/main-layout.tsx';

/**
 * On every path change (not the first render): scroll to the top, and move focus to the main
 * landmark so keyboard and screen-reader users start at the new page, not on the old link.
 * Query-string changes (catalogue filters) keep both the scroll position and the focus.
 */
export function RouteEffects() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useLayoutEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  }, [pathname]);

  return null;
}
