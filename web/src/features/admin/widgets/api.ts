import { api } from '../../../lib/api/api.ts';
import type { WidgetData, WidgetSummary } from '../../../../../shared/api/widgets.ts';

const LIST = { type: 'Widget', id: 'LIST' } as const;

/**
 * Widgets admin. The public Widget component caches each widget under {Widget, id}, so a save
 * invalidates that tag and the public page shows the change without a reload.
 */
const widgetsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    listWidgets: build.query<WidgetSummary[], void>({
      query: () => '/api/widgets',
      providesTags: [LIST],
    }),
    getWidgetById: build.query<WidgetData, number>({
      query: (id) => `/api/widgets/${id}`,
      providesTags: (_widget, _error, id) => [{ type: 'Widget', id }],
    }),
    createWidget: build.mutation<{ id: number }, { name: string }>({
      // Always TEXT (spec §5); the server ignores anything but the name.
      query: ({ name }) => ({ url: '/api/widgets', method: 'POST', body: { name, type: 'TEXT' } }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    /** Multipart: name, type, html, alt and, when one was chosen, the image file. */
    updateWidget: build.mutation<WidgetData, { id: number; form: FormData }>({
      query: ({ id, form }) => ({ url: `/api/widgets/${id}`, method: 'POST', body: form }),
      invalidatesTags: (_widget, error, { id }) => (error ? [] : [LIST, { type: 'Widget', id }]),
    }),
    deleteWidget: build.mutation<void, number>({
      query: (id) => ({ url: `/api/widgets/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
  }),
});

export const { useListWidgetsQuery, useGetWidgetByIdQuery, useCreateWidgetMutation, useUpdateWidgetMutation, useDeleteWidgetMutation } =
  widgetsAdminApi;
