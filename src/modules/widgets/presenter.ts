import type { Storage } from '../../storage.ts';
import type { Widget } from './model.ts';

export interface PublicWidget {
  id: number;
  name: string;
  type: 'TEXT' | 'IMAGE';
  html?: string;
  image_url?: string | null;
  width?: number | null;
  height?: number | null;
  alt?: string;
  updated_at: string;
}

/** The contract's widget body: HTML for TEXT, image URL and alt for IMAGE; never storage paths. */
export function presentWidget(widget: Widget, storage: Storage): PublicWidget {
  const base = { id: widget.id, name: widget.name, type: widget.type, updated_at: new Date(widget.updated_at).toISOString() };
  if (widget.type === 'TEXT') return { ...base, html: widget.html ?? '' };
  return {
    ...base,
    image_url: widget.image_path ? storage.url(widget.image_path) : null,
    width: widget.image_width,
    height: widget.image_height,
    alt: widget.alt ?? '',
  };
}
