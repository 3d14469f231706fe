import type { WidgetData } from '../../../shared/api/widgets.ts';
import type { Storage } from '../../storage/types.ts';
import type { Widget } from './model.ts';
import { sanitizeWidgetHtml } from './sanitize.ts';

/**
 * The contract's widget body: sanitised HTML for TEXT; for IMAGE the uploaded image's URL (the fallback),
 * its responsive srcsets once built, size and alt. Never storage paths.
 */
export function presentWidget(widget: Widget, storage: Storage): WidgetData {
  const base = { id: widget.id, name: widget.name, type: widget.type, updated_at: new Date(widget.updated_at).toISOString() };
  // Sanitised again on the way out, not only on save: public pages are now server-rendered, so
  // HTML that reached the table some other way (an old row, a manual fix, a restore) would be
  // parsed by the browser as markup rather than inserted as inert innerHTML.
  if (widget.type === 'TEXT') return { ...base, html: sanitizeWidgetHtml(widget.html ?? '') };
  // Renditions of a replaced picture are never shown (the job that made them lost the race).
  const widths = widget.image_path && widget.renditions?.source === widget.image_path ? widget.renditions.widths : [];
  const srcset = (format: 'avif' | 'webp' | 'jpeg') => widths.map((w) => `${storage.url(w[format])} ${w.width}w`).join(', ');
  return {
    ...base,
    image_url: widget.image_path ? storage.url(widget.image_path) : null,
    srcset: widths.length ? { avif: srcset('avif'), webp: srcset('webp'), jpeg: srcset('jpeg') } : null,
    width: widget.image_width,
    height: widget.image_height,
    alt: widget.alt ?? '',
  };
}
