import { z } from 'zod';
import { requiredText } from '../../validation/rules.ts';

/** POST /api/galleries and POST /api/galleries/{id}. */
export const galleryNameSchema = z.object({ name: requiredText('name', 255) });

/** A database id from JSON or a form field (digits as text); missing or malformed → the given messages. */
const idField = (field: string) =>
  z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || value === '') {
      ctx.addIssue({ code: 'custom', message: `The ${field} field is required.` });
      return z.NEVER;
    }
    const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : typeof value === 'number' ? value : NaN;
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: `The selected ${field} is invalid.` });
      return z.NEVER;
    }
    return n;
  });

/** POST /api/galleriesimages (multipart): the file travels separately. */
export const uploadSchema = z.object({ gallery_id: idField('gallery id') });

/** POST /api/galleriesimages/order: the gallery and its images in their new order. */
export const orderSchema = z.object({
  id: idField('gallery id'),
  images: z
    .array(z.object({ id: idField('image id') }), { error: 'The images field must be a list.' })
    .max(5000, { error: 'The images field must not have more than 5000 items.' }),
});

/** Absent → unchanged; null → empty. */
const text = (field: string, max: number) =>
  z
    .string({ error: `The ${field} field must be a string.` })
    .trim()
    .max(max, { error: `The ${field} field must not be greater than ${max} characters.` })
    .nullish()
    .transform((v) => (v === null ? '' : v));

/**
 * A slide's "Find Out More" target: a path on this site (`/about`, not `//host`) or an http(s)
 * URL — never `javascript:` or another scheme, since the site renders it as a link.
 */
const isSafeLink = (value: string) => {
  if (value === '') return true;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\') && !/\s/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !/\s/.test(value);
  } catch {
    return false;
  }
};

/** POST /api/galleriesimages/{id}: exactly these four fields (the old site dropped `link`). */
export const imageFieldsSchema = z.object({
  alt: text('alt', 512),
  link: text('link', 2048).refine((v) => v === undefined || isSafeLink(v), {
    error: 'The link must be a path on this site starting with / or a full http(s) address.',
  }),
  caption: text('caption', 255),
  caption_sub: text('caption sub', 512),
});
export type ImageFields = z.output<typeof imageFieldsSchema>;
