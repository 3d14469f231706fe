import { z } from 'zod';

/** Longest schedule name kept (a file's name or the buyer's). */
const MAX_NAME = 120;
/** The name of a paste the buyer did not name. */
export const PASTED_NAME = 'Pasted schedule';

const nameField = () =>
  z
    .string({ error: 'The name field must be a string.' })
    .transform((s) => s.replace(/\p{Cc}+/gu, ' ').trim())
    .pipe(z.string().max(MAX_NAME, { error: `The name field must not be greater than ${MAX_NAME} characters.` }))
    .optional();

/** A pasted schedule: `{name?, text}`; the text's lines are the reader's to judge. */
export const pasteSchema = z.object({
  name: nameField(),
  text: z
    .string({ error: (issue) => (issue.input === undefined ? 'The text field is required.' : 'The text field must be a string.') })
    .refine((s) => s.trim() !== '', { error: 'The text field is required.' }),
});

/** The name field of an upload's form. */
export const uploadNameSchema = z.object({ name: nameField() });

/** A schedule's name from its file's name: without the extension and the folder, never empty. */
export function nameFromFile(original: string | null | undefined): string {
  const base = (original ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\.[^.]*$/, '');
  const clean = base.replace(/\p{Cc}+/gu, ' ').trim();
  return clean.slice(0, MAX_NAME) || 'Schedule';
}

/** A schedule id as the routes take it: the random id's shape only, else a 404 without a query. */
export const isScheduleId = (value: string | undefined): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{16,32}$/.test(value);
