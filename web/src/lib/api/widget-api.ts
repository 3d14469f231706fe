import { api } from './api.ts';
import type { WidgetData } from '../../../../shared/api/widgets.ts';

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
