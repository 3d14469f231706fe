import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { pagingSchema } from '../../validation/paging.ts';
import { STOCK_STATUSES, type StockStatus } from '../../../shared/api/catalogue.ts';
import { formatPence, MAX_PRICE_PENCE } from '../../../shared/money.ts';
import { CATALOGUE_FORMS, CATALOGUE_HEIGHTS, MAX_BREAKS } from './constants.ts';

/**
 * The catalogue page sends every filter, empty ones as `?q=&genus=` (CONTRACT), so an empty
 * string means "not given" rather than "invalid".
 */
const blankAsMissing = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema);

const form = z.enum(CATALOGUE_FORMS, { error: 'The selected form is invalid.' });
const height = z.enum(CATALOGUE_HEIGHTS, { error: 'The selected height is invalid.' });

/** GET /api/catalogue query. Bad numbers are a 422 (CONTRACT "Paged lists"), never a 500. */
export const listQuerySchema = z.object({
  q: blankAsMissing(
    z
      .string({ error: 'The search must be text.' })
      .trim()
      .max(100, { error: 'The search may not be greater than 100 characters.' })
      .optional(),
  ),
  genus: blankAsMissing(
    z
      .string({ error: 'The genus must be text.' })
      .trim()
      .max(100, { error: 'The genus may not be greater than 100 characters.' })
      .optional(),
  ),
  form: blankAsMissing(form.optional()),
  height: blankAsMissing(height.optional()),
  // The contract's paging (the same 422s as every paged list), 50 lines a page by default.
  ...pagingSchema(50).shape,
  /** `exact`: no stand-in lines for a search that matched nothing (the admin's list: a deleted line stays gone). */
  match: blankAsMissing(z.enum(['forgiving', 'exact'], { error: 'The match must be forgiving or exact.' }).default('forgiving')),
});
export type CatalogueQuery = z.output<typeof listQuerySchema>;

/**
 * A genus page's slug (shared/slug.ts makes only a–z, 0–9 and hyphens). Anything else names no
 * genus, so it is simply not found (like an id that is not a number), without a query.
 */
export function genusSlugParam(value: string | undefined): string {
  if (!value || value.length > 100 || !/^[a-z0-9-]+$/.test(value)) throw notFound();
  return value;
}

const MAX_QUANTITY = 10_000_000;

/** A whole number in a range, with the field named in every message; null clears it. */
const wholeNumber = (field: string, min: number, max: number) =>
  z
    .number({ error: `The ${field} must be a whole number.` })
    .int({ error: `The ${field} must be a whole number.` })
    .min(min, { error: `The ${field} must be at least ${min}.` })
    .max(max, { error: `The ${field} may not be greater than ${max}.` });

/**
 * A price in whole pence, as the API carries it; its messages speak pounds, as staff see prices
 * (a 422 reaches the admin form under the field it names).
 */
const pence = (field: string) =>
  z
    .number({ error: `The ${field} must be a whole number of pence.` })
    .int({ error: `The ${field} must be a whole number of pence.` })
    .min(0, { error: `The ${field} cannot be negative.` })
    .max(MAX_PRICE_PENCE, { error: `The ${field} may not be more than ${formatPence(MAX_PRICE_PENCE)}.` });

/** A real calendar date as YYYY-MM-DD (2027-02-30 is refused, not rolled over). */
const isoDate = (field: string) =>
  z
    .string({ error: `The ${field} must be a date (YYYY-MM-DD).` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `The ${field} must be a date (YYYY-MM-DD).` })
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `The ${field} must be a real date.`);

/** Quantity breaks: each from at least 2 plants, strictly ascending by quantity. */
export const priceBreaksSchema = z
  .array(
    z.object({
      min_quantity: wholeNumber('break quantity', 2, MAX_QUANTITY),
      price_pence: pence('break price'),
    }),
    { error: 'The price breaks must be a list of {min_quantity, price_pence}.' },
  )
  .max(MAX_BREAKS, { error: `There may be at most ${MAX_BREAKS} price breaks.` })
  .refine((list) => list.every((b, i) => i === 0 || b.min_quantity > list[i - 1]!.min_quantity), {
    error: 'The price breaks must be in ascending order of quantity, each quantity once.',
  });

/**
 * The trade-only fields staff set (issue 10). Optional, so a line without them is as before; null
 * clears one. Never shown to anyone but approved trade buyers and staff (presenter.ts).
 */
const tradeFields = {
  price_pence: pence('price').nullish(),
  price_breaks: priceBreaksSchema.nullish().transform((v) => (v === null ? [] : v)),
  stock_status: z.enum(STOCK_STATUSES, { error: `The stock status must be one of: ${STOCK_STATUSES.join(', ')}.` }).nullish(),
  stock_quantity: wholeNumber('stock quantity', 0, MAX_QUANTITY).nullish(),
  ready_from: isoDate('ready from date').nullish(),
};

/** A product code's shape (the database checks it too): capitals, digits and single hyphens. */
export const CODE_PATTERN = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;
const CODE_MAX_LENGTH = 32;
const CODE_FORMAT = 'The product code may use only letters, digits and single hyphens, e.g. ACECAM-BR-6090.';

/**
 * A line's product code as staff type it: trimmed and in capitals ("acecam-br-6090" is the same
 * code). Optional: without one the database gives the line the next free code of its plant.
 */
const codeField = () =>
  z
    .string({ error: 'The product code must be text.' })
    .trim()
    .toUpperCase()
    .max(CODE_MAX_LENGTH, { error: `The product code may not be greater than ${CODE_MAX_LENGTH} characters.` })
    .regex(CODE_PATTERN, { error: CODE_FORMAT });

/** A catalogue line's fields, before the rule that ties `ready_from` to the stock status. */
const itemFields = z.object({
  // Blank is "no code" (a new line gets one), so an empty form field or sheet cell is no error.
  code: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), codeField().optional()),
  genus: z
    .string({ error: 'The genus field is required.' })
    .trim()
    .min(1, { error: 'The genus field is required.' })
    .max(100, { error: 'The genus may not be greater than 100 characters.' }),
  species: z
    .string({ error: 'The species field is required.' })
    .trim()
    .min(1, { error: 'The species field is required.' })
    .max(200, { error: 'The species may not be greater than 200 characters.' }),
  common_name: z
    .string({ error: 'The common name must be text.' })
    .trim()
    .max(200, { error: 'The common name may not be greater than 200 characters.' })
    .nullish()
    .transform((v) => v ?? ''),
  form: z.enum(CATALOGUE_FORMS, { error: 'The form field must be one of: ' + CATALOGUE_FORMS.join(', ') + '.' }),
  height: z.enum(CATALOGUE_HEIGHTS, { error: 'The height field must be one of: ' + CATALOGUE_HEIGHTS.join(', ') + '.' }),
  ...tradeFields,
});

const READY_FROM_REQUIRED = 'The ready from date is required when the stock status is ready_from.';
const READY_FROM_NEEDS_STATUS = 'A ready from date needs the stock status ready_from.';

/** The two fields the ready-from rule reads: undefined = not given (PATCH, or a column the import file lacks). */
export interface ReadyFromFields {
  stock_status?: StockStatus | null;
  ready_from?: string | null;
}
/** A line's stored values of those fields (a new line: both null). */
export type StoredReadyFrom = { [K in keyof ReadyFromFields]-?: Exclude<ReadyFromFields[K], undefined> };
/** What a line that does not exist yet has stored. */
export const NOTHING_STORED: StoredReadyFrom = Object.freeze({ stock_status: null, ready_from: null });

/**
 * The ready-from rule (issue 10): a line "ready from" a date must have that date, and only such a
 * line has one. What staff expect decides the two ways a date can be out of place:
 * - a status other than ready_from SENT with the input clears the date (see {@link clearStaleReadyFrom}):
 *   plants that were coming are now in stock or sold out, so the date is stale. Refusing would make
 *   staff clear it by hand as well — a second cell per row in the spreadsheet, and a field the admin
 *   form hides once the status is not ready_from;
 * - a date sent WITHOUT a status (or with an empty one) for a line whose status is not ready_from
 *   is refused: nothing made that date stale, the status was most likely forgotten, and dropping
 *   the date silently would lose what staff typed.
 * `stored` is the line's current values (NOTHING_STORED for a new line); without it (the schema,
 * which cannot see the database) only what the input alone decides is checked, and the service
 * checks again with the stored values. Returns the message for `ready_from`, or undefined.
 */
export function readyFromProblem(input: ReadyFromFields, stored?: StoredReadyFrom): string | undefined {
  // An input that says nothing of either field leaves them as they are (legacy rows included).
  if (input.stock_status === undefined && input.ready_from === undefined) return undefined;
  if (input.stock_status === null && input.ready_from) return READY_FROM_NEEDS_STATUS;
  const status = input.stock_status !== undefined ? input.stock_status : stored?.stock_status;
  if (status === undefined) return undefined;
  if (status !== 'ready_from') return input.stock_status === undefined && input.ready_from ? READY_FROM_NEEDS_STATUS : undefined;
  const date = input.ready_from !== undefined ? input.ready_from : stored?.ready_from;
  return date === null ? READY_FROM_REQUIRED : undefined;
}

/** A status other than ready_from, given with the input, clears the date (why: {@link readyFromProblem}). */
const clearStaleReadyFrom = <T extends ReadyFromFields>(input: T): T =>
  input.stock_status !== undefined && input.stock_status !== 'ready_from' && input.ready_from !== null
    ? { ...input, ready_from: null }
    : input;

/** Adds the ready-from rule, as far as the input alone decides it, to a line's schema. */
const withReadyFromRule = <S extends z.ZodType<ReadyFromFields>>(schema: S) =>
  schema
    .superRefine((line, ctx) => {
      const problem = readyFromProblem(line);
      if (problem) ctx.addIssue({ code: 'custom', path: ['ready_from'], message: problem });
    })
    .transform(clearStaleReadyFrom);

/** A catalogue line as an admin (or an import row) writes it. */
export const itemSchema = withReadyFromRule(itemFields);
/** PATCH sends only what changed. */
export const itemPatchSchema = withReadyFromRule(itemFields.partial());

export type CatalogueItemInput = z.input<typeof itemSchema>;
export type CatalogueItemPatch = z.input<typeof itemPatchSchema>;

/** GET /api/catalogue/retired: the catalogue admin's list of retired lines. */
export const retiredQuerySchema = z.object({
  q: blankAsMissing(
    z
      .string({ error: 'The search must be text.' })
      .trim()
      .max(100, { error: 'The search may not be greater than 100 characters.' })
      .optional(),
  ),
  ...pagingSchema(50).shape,
});

const PREVIEW_FIRST = 'Preview the import first, then confirm it.';

/** The confirm of an import: the token its preview returned (the file is sent again beside it). */
export const importConfirmSchema = z.object({
  token: z.string({ error: PREVIEW_FIRST }).trim().min(1, { error: PREVIEW_FIRST }).max(200, { error: PREVIEW_FIRST }),
});
