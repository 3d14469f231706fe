import { useEffect } from 'react';
import { documentTitle, SITE_NAME } from '../../../shared/server-render.ts';

/** The brand appended to every document title (the footer shows it before the site info loads). */
export { SITE_NAME };

/**
 * Sets the document title ("<title> | Hothfield Nurseries") and the meta description, replacing
 * the ones index.html (or the server's render) wrote rather than adding a second pair.
 */
export function setDocumentMeta(title: string, description: string): void {
  document.title = documentTitle(title);
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = description;
}

/**
 * A client-rendered page's title and description (public pages declare theirs in their handle:
 * app/route-meta.tsx). An effect, not React 19's hoisted <title>, for the reason above.
 */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => setDocumentMeta(title, description), [title, description]);
}
