import { z } from 'zod';

/** Most lines a quotation holds: a request's 200 and a substitute for each, with room to add. */
const MAX_QUOTATION_LINES = 500;
const MAX_QUANTITY = 1_000_000;
const MAX_UNIT_PENCE = 10_000_000;
const MAX_DELIVERY_PENCE = 100_000_000;

/** A whole number in a range, with the field's name in every message (the columns' CHECKs, as 422s). */
const wholeNumber = (field: string, min: number, max: number) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `The ${field} field is required.`
          : `The ${field} field must be a whole number.`,
    })
    .int({ error: `The ${field} field must be a whole number.` })
    .min(min, { error: `The ${field} field must be at least ${min}.` })
    .max(max, { error: `The ${field} field must not be greater than ${max}.` });

/** YYYY-MM-DD, a real calendar day. */
const dayField = (field: string) =>
  z
    .string({ error: `The ${field} field must be a date (YYYY-MM-DD).` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `The ${field} field must be a date (YYYY-MM-DD).` })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
      error: `The ${field} field must be a date (YYYY-MM-DD).`,
    });

const noteText = (field: string, max: number) =>
  z
    .string({ error: `The ${field} field must be a string.` })
    .trim()
    .max(max, { error: `The ${field} field must not be greater than ${max} characters.` });

/**
 * A line of the draft as saved: one already there (`id`) or one staff add by product code
 * (`code`), with its quantity and unit price (null: not priced yet; left out on a new line: the
 * catalogue's price for the quantity).
 */
const lineSchema = z
  .object({
    id: wholeNumber('line id', 1, 2_147_483_647).optional(),
    code: noteText('code', 40).min(1, { error: 'The code field is required.' }).optional(),
    quantity: wholeNumber('quantity', 1, MAX_QUANTITY),
    unit_price_pence: wholeNumber('unit price', 0, MAX_UNIT_PENCE).nullable().optional(),
    note: noteText('note', 500).optional(),
  })
  .refine((line) => (line.id === undefined) !== (line.code === undefined), {
    error: 'Each line must name either an existing line (id) or a product code (code).',
  });

/**
 * PATCH …/quotation/{id}: the draft as the editor holds it. Every field is optional; `lines`,
 * when given, is the whole list in order (a line left out is removed). The list's length is
 * checked before any line, so 10,000 bad lines are one message.
 */
export const draftSchema = z.object({
  lines: z
    .array(z.unknown(), { error: 'The lines field must be a list.' })
    .max(MAX_QUOTATION_LINES, { error: `A quotation may hold at most ${MAX_QUOTATION_LINES} lines.` })
    .pipe(z.array(lineSchema))
    .optional(),
  delivery_pence: wholeNumber('delivery', 0, MAX_DELIVERY_PENCE).optional(),
  valid_until: dayField('valid until').optional(),
  note: noteText('note', 5000).optional(),
});
export type DraftInput = z.output<typeof draftSchema>;
