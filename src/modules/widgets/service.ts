import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { Widget } from './model.ts';
import { presentWidget, type PublicWidget } from './presenter.ts';

/** How long a public widget body may be served from this process's memory. */
const CACHE_TTL_MS = 5_000;

/**
 * Widgets: content blocks fetched by name for display. Public reads are cached briefly in memory
 * because every page view asks for two or three of them; writes in this process clear the cache at
 * once, other processes see a change within CACHE_TTL_MS.
 */
export function widgetService(deps: Pick<Deps, 'db' | 'storage' | 'events'>) {
  const cache = new Map<string, { value: PublicWidget; expires: number }>();
  deps.events.on('widget.changed', () => cache.clear());

  return {
    /** By numeric id or case-insensitive name; unknown → 404 and nothing is created. */
    async findPublic(idOrName: string): Promise<PublicWidget> {
      const key = idOrName.toLowerCase();
      const hit = cache.get(key);
      if (hit && hit.expires > Date.now()) return hit.value;
      const query = Widget.query(deps.db);
      const widget = /^\d{1,9}$/.test(idOrName)
        ? await query.findById(Number(idOrName))
        : await query.whereRaw('lower(name) = ?', [key]).first();
      if (!widget) throw notFound();
      const value = presentWidget(widget, deps.storage);
      cache.set(key, { value, expires: Date.now() + CACHE_TTL_MS });
      return value;
    },
  };
}
export type WidgetService = ReturnType<typeof widgetService>;
