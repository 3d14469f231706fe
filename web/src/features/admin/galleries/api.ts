import { api } from '../../../lib/api/api.ts';
import type { AdminGallery, AdminGalleryImage, GalleryCard } from '../../../../../shared/api/galleries.ts';
import type { Paged } from '../../../../../shared/api/paged.ts';

/** The text fields of an image (POST /api/galleriesimages/{id}). */
export interface ImageFields {
  alt: string;
  link: string;
  caption: string;
  caption_sub: string;
}

/** Galleries list page size (spec §9). */
export const GALLERIES_PAGE_SIZE = 12;

const LIST = { type: 'Gallery', id: 'LIST' } as const;
/**
 * The admin view is cached under its own id so it never mixes with the public read of the same
 * gallery (ready images only), while a change still invalidates both.
 */
const adminTag = (id: number) => ({ type: 'Gallery' as const, id: `admin-${id}` });
const changed = (id: number) => [LIST, adminTag(id), { type: 'Gallery' as const, id }];

/** Galleries and their images (CONTRACT "Site content"). */
export const galleriesAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    listGalleries: build.query<Paged<GalleryCard>, number>({
      query: (page) => `/api/galleries?limit=${GALLERIES_PAGE_SIZE}&page=${page}`,
      providesTags: [LIST],
    }),
    getAdminGallery: build.query<AdminGallery, number>({
      query: (id) => `/api/admin/galleries/${id}`,
      providesTags: (_gallery, _error, id) => [adminTag(id)],
    }),
    createGallery: build.mutation<{ id: number }, { name: string }>({
      query: (body) => ({ url: '/api/galleries', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    renameGallery: build.mutation<{ id: number; name: string }, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `/api/galleries/${id}`, method: 'POST', body: { name } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    deleteGallery: build.mutation<void, number>({
      query: (id) => ({ url: `/api/galleries/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    /** The answer is the whole gallery in its new order (the editor puts it in the cache). */
    orderImages: build.mutation<AdminGallery, { id: number; images: number[] }>({
      query: ({ id, images }) => ({
        url: '/api/galleriesimages/order',
        method: 'POST',
        body: { id, images: images.map((i) => ({ id: i })) },
      }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [LIST, { type: 'Gallery', id }]),
    }),
    updateImage: build.mutation<AdminGalleryImage, { id: number; galleryId: number; fields: ImageFields }>({
      query: ({ id, fields }) => ({ url: `/api/galleriesimages/${id}`, method: 'POST', body: fields }),
      invalidatesTags: (_result, error, { galleryId }) => (error ? [] : changed(galleryId)),
    }),
    /** 202: the image is `processing` until the worker has rotated it; the editor polls. */
    rotateImage: build.mutation<AdminGalleryImage, { id: number; galleryId: number }>({
      query: ({ id }) => ({ url: `/api/galleriesimages/${id}/rotate`, method: 'POST' }),
      invalidatesTags: (_result, error, { galleryId }) => (error ? [] : changed(galleryId)),
    }),
    /** 202: a failed image goes back to `processing` and its renditions are made again; the editor polls. */
    retryImage: build.mutation<AdminGalleryImage, { id: number; galleryId: number }>({
      query: ({ id }) => ({ url: `/api/galleriesimages/${id}/retry`, method: 'POST' }),
      invalidatesTags: (_result, error, { galleryId }) => (error ? [] : changed(galleryId)),
    }),
    deleteImage: build.mutation<void, { id: number; galleryId: number }>({
      query: ({ id }) => ({ url: `/api/galleriesimages/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { galleryId }) => (error ? [] : changed(galleryId)),
    }),
  }),
});

export const {
  useListGalleriesQuery,
  useGetAdminGalleryQuery,
  useCreateGalleryMutation,
  useRenameGalleryMutation,
  useDeleteGalleryMutation,
  useOrderImagesMutation,
  useUpdateImageMutation,
  useRotateImageMutation,
  useRetryImageMutation,
  useDeleteImageMutation,
} = galleriesAdminApi;

/** An action that makes every view of the gallery reload (after FilePond uploaded into it). */
export const galleryChanged = (id: number) => galleriesAdminApi.util.invalidateTags(changed(id));
