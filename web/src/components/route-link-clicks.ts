import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * One click handler for everything inside an element that holds many plain `<a href="/…">`
 * links (a page of catalogue lines): it follows them inside the app as a router `<Link>` would,
 * without a component, hooks and an effect per link to hydrate. What a `<Link>` leaves to the
 * browser is left to it here too: another button, a modifier key (new tab or window), a target,
 * a download, another site.
 */
export function useRouteLinkClicks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    if (!anchor || !event.currentTarget.contains(anchor) || anchor.target || anchor.hasAttribute('download')) return;
    const href = anchor.getAttribute('href') ?? '';
    if (!href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    void navigate(href);
  };
}
