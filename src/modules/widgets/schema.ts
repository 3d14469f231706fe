import { z } from 'zod';
import { requiredText } from '../../validation/rules.ts';

/**
 * A widget's name is how pages fetch it (`/api/widgets/HomeText`), so it must be usable in a URL
 * and must not look like an id: a letter first, then letters, digits, spaces, dashes, underscores.
 */
const name = requiredText('name', 255).regex(/^[A-Za-z][A-Za-z0-9 _-]*$/, {
  error: 'The name must start with a letter and contain only letters, numbers, spaces, dashes and underscores.',
});

/** POST /api/widgets: a new widget is always TEXT, so only the name is read. */
export const createWidgetSchema = z.object({ name });

/** Absent or empty (a multipart form sends every field as text). */
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `The ${field} field must be a string.` })
    .max(max, { error: `The ${field} field must not be greater than ${max} characters.` })
    .nullish()
    .transform((v) => (v === null ? '' : v));

/**
 * POST /api/widgets/{id} (multipart or JSON): name and type always; html and alt when sent (left
 * unchanged when absent). The image file travels separately. Unknown fields are ignored.
 */
export const updateWidgetSchema = z.object({
  name,
  type: z.enum(['TEXT', 'IMAGE'], {
    error: (issue) => (issue.input === undefined || issue.input === '' ? 'The type field is required.' : 'The selected type is invalid.'),
  }),
  html: optionalText('html', 200_000),
  alt: optionalText('alt', 512).transform((v) => v?.trim()),
});
export type UpdateWidgetInput = z.output<typeof updateWidgetSchema>;
