import { useEffect } from 'react';

/** The brand appended to every document title. */
export const SITE_NAME = 'Hothfield Nurseries';

/**
 * Sets the document title ("<title> | Hothfield Nurseries") and the meta description for a page.
 * An effect, not React 19's hoisted <title>, because index.html already has both tags and the
 * page must replace them rather than add a second pair.
 */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = `${title} | ${SITE_NAME}`;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
