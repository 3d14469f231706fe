import { api } from '../app/api.ts';

/** A content block as GET /api/widgets/{name} presents it. */
export interface WidgetData {
  id: number;
  name: string;
  type: 'TEXT' | 'IMAGE';
  /** TEXT: HTML already sanitised to an allow-list by the server on save. */
  html?: string;
  /** IMAGE: the image's URL (null until one is uploaded), its size and alt text. */
  image_url?: string | null;
  /** IMAGE: one srcset per format ("url 480w, url 960w, …"); null until the server has built them. */
  srcset?: { avif: string; webp: string; jpeg: string } | null;
  width?: number | null;
  height?: number | null;
  alt?: string;
  updated_at?: string;
}

/**
 * The public widget read. It lives beside the shared Widget component (not in features/widgets,
 * which will hold the admin screens) because every content page shows widgets and features
 * must not import each other.
 */
export const widgetApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWidgetByName: build.query<WidgetData, string>({
      query: (name) => `/api/widgets/${encodeURIComponent(name)}`,
      providesTags: (widget, _error, name) => [{ type: 'Widget', id: widget?.id ?? name }],
    }),
  }),
});

export const { useGetWidgetByNameQuery } = widgetApi;
