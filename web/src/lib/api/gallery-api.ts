import { api } from './api.ts';
import type { Gallery } from '../../../../shared/api/galleries.ts';

/**
 * The public gallery read, beside the shared banner slider: several content pages show banners
 * and features must not import each other. The admin gallery screens inject their own endpoints.
 */
export const galleryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGallery: build.query<Gallery, number>({
      query: (id) => `/api/galleries/${id}`,
      providesTags: (_gallery, _error, id) => [{ type: 'Gallery', id }],
    }),
  }),
});

export const { useGetGalleryQuery } = galleryApi;
