/** Widgets (content blocks) as the API shows them (src/modules/widgets/presenter.ts): never storage paths. */

/** A widget's type: rich text or a single image. */
export type WidgetType = 'TEXT' | 'IMAGE';

/** A widget in the admin list (GET /api/widgets). */
export interface WidgetSummary {
  id: number;
  name: string;
  type: WidgetType;
}

/** A widget as GET /api/widgets/{name} presents it. */
export interface WidgetData extends WidgetSummary {
  /** TEXT: HTML sanitised to an allow-list (on save, and again on the way out). */
  html?: string;
  /** IMAGE: the uploaded image's URL (the fallback; null until one is uploaded), its size and alt text. */
  image_url?: string | null;
  /** IMAGE: one srcset per format ("url 480w, url 960w, …"); null until the renditions are built. */
  srcset?: { avif: string; webp: string; jpeg: string } | null;
  width?: number | null;
  height?: number | null;
  alt?: string;
  updated_at: string;
}
