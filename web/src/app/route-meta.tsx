import { useEffect } from 'react';
import { useLocation, useMatches, useParams } from 'react-router-dom';
import { setDocumentMeta } from '../components/page-meta.ts';
import { useAppSelector } from '../lib/hooks.ts';
import type { PageHandle } from '../lib/page-handle.ts';

/** The deepest matched route's page handle, if the page has one (public pages do). */
function usePageHandle(): PageHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as PageHandle | undefined;
    if (handle?.meta) return handle;
  }
  return undefined;
}

/**
 * After client-side navigation, sets the document's title and description from the page's
 * handle (the server wrote them into the first page's <head>). A page's meta may depend on its
 * data (a genus page's name), so it is recomputed as the store fills.
 */
export function RouteMeta() {
  const handle = usePageHandle();
  const params = useParams();
  const location = useLocation();
  const [title, description] = useAppSelector((state) => {
    if (!handle) return [undefined, undefined];
    const meta = handle.meta({ params, url: new URL(`${location.pathname}${location.search}`, 'http://localhost') }, state);
    return [meta.title, meta.description];
  }, shallowPair);

  useEffect(() => {
    if (title !== undefined && description !== undefined) setDocumentMeta(title, description);
  }, [title, description]);

  return null;
}

const shallowPair = (a: readonly unknown[], b: readonly unknown[]) => a[0] === b[0] && a[1] === b[1];
