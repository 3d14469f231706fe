import { z } from 'zod';
import { pagingSchema } from '../../validation/paging.ts';
import { postcodeField } from '../../validation/postcode.ts';
import { emailField, requiredText } from '../../validation/rules.ts';
import { linesField } from '../plant-lists/service.ts';

const QUOTE_STATUSES = ['new', 'quoted', 'won', 'lost'] as const;

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `The ${field} field must be a string.` })
    .trim()
    .max(max, { error: `The ${field} field must not be greater than ${max} characters.` })
    .optional()
    .default('');

const telephoneText = () => z.string().regex(/^[+()\d\s.-]{6,}$/, { error: 'The telephone field must be a valid telephone number.' });

/** YYYY-MM-DD, a real calendar date; blank or null means none. */
const wantedByField = () =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .string({ error: 'The wanted by field must be a date (YYYY-MM-DD).' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'The wanted by field must be a date (YYYY-MM-DD).' })
      .refine(
        (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
        {
          error: 'The wanted by field must be a date (YYYY-MM-DD).',
        },
      )
      .nullable()
      .optional(),
  );

const shared = {
  delivery_postcode: postcodeField(),
  wanted_by: wantedByField(),
  notes: optionalText('notes', 5000),
  // A company named "x" is a slip, not a company: given at all, it needs two letters or digits.
  company: optionalText('company', 255).refine((value) => value === '' || (value.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2, {
    error: 'The company field must have at least 2 letters or digits.',
  }),
};

/** The longest name a request stores (its column's length), typed or taken from the account. */
const NAME_MAX = 255;

/**
 * The name a signed-in buyer's request is stored under when none is typed: "first last" from the
 * account, cut to the column (each name may be 255 characters on its own). Cut by code points, as
 * PostgreSQL counts, so no surrogate pair is split.
 */
export const accountName = (firstname: string, lastname: string) =>
  Array.from(`${firstname} ${lastname}`.trim()).slice(0, NAME_MAX).join('').trimEnd();

/** POST /api/quote-requests from a guest: the lines and every contact detail but the company are required. */
export const guestQuoteSchema = z.object({
  ...shared,
  lines: linesField().refine((lines) => lines.length > 0, { error: 'The lines field must have at least 1 line.' }),
  name: requiredText('name', NAME_MAX),
  email: emailField(),
  telephone: requiredText('telephone', 50).pipe(telephoneText()),
});

/**
 * POST /api/quote-requests from a signed-in buyer: name and email default from the account (a blank
 * company and postcode were filled from the trade account by the route), and without `lines` the
 * buyer's stored plant list is sent (and emptied): `plant_list_id` names which of their lists,
 * else their default list.
 */
export const buyerQuoteSchema = z.object({
  ...shared,
  plant_list_id: z
    .number({ error: 'The selected plant list is invalid.' })
    .int({ error: 'The selected plant list is invalid.' })
    .min(1, { error: 'The selected plant list is invalid.' })
    .max(2_147_483_647, { error: 'The selected plant list is invalid.' })
    .optional(),
  lines: linesField()
    .refine((lines) => lines.length > 0, { error: 'The lines field must have at least 1 line.' })
    .optional(),
  name: requiredText('name', NAME_MAX).optional(),
  email: emailField().optional(),
  telephone: z.preprocess((value) => (value === '' ? undefined : value), requiredText('telephone', 50).pipe(telephoneText()).optional()),
});

/** What the service stores: either schema's output with the account's defaults applied. */
export interface QuoteInput {
  lines?: { catalogue_item_id: number; quantity: number }[];
  /** Without `lines`: which of the buyer's lists to send (else the default one). */
  plant_list_id?: number;
  delivery_postcode: string;
  wanted_by?: string | null;
  notes: string;
  company: string;
  name: string;
  email: string;
  telephone: string;
}

const status = z.enum(QUOTE_STATUSES, { error: 'The selected status is invalid.' });

/** PATCH /api/admin/quote-requests/{id}. */
export const statusSchema = z.object({ status });

/** GET /api/quote-requests: the contract's paging. */
export const mineQuery = pagingSchema(20);

/** GET /api/admin/quote-requests?status=&page=&limit= (blank status: all). */
export const adminListQuery = z.object({
  ...pagingSchema(20).shape,
  status: z.preprocess((value) => (value === '' ? undefined : value), status.optional()),
});
