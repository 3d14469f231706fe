import { z } from 'zod';
import { ORDER_STATUSES } from '../../../shared/api/orders.ts';
import { pagingSchema } from '../../validation/paging.ts';
import { postcodeField } from '../../validation/postcode.ts';
import { requiredText } from '../../validation/rules.ts';

const DATE_MESSAGE = (field: string) => `The ${field} field must be a date (YYYY-MM-DD).`;

/** YYYY-MM-DD and a real calendar day (no 31 February). */
const isCalendarDay = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

const dateText = (field: string) =>
  z
    .string({ error: DATE_MESSAGE(field) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_MESSAGE(field) })
    .refine(isCalendarDay, { error: DATE_MESSAGE(field) });

/** A guest's link token: opaque text; a wrong one is a 404 later, never a 422 that says so. */
const tokenField = z.string({ error: 'The token field must be a string.' }).max(200).optional();

/**
 * POST /api/quotations/{id}/accept. `today` is the UK calendar day: a delivery wanted yesterday
 * is a slip, not an order.
 */
export const acceptSchema = (today: string) =>
  z.object({
    po_number: requiredText('PO number', 64),
    delivery_address: requiredText('delivery address', 1000),
    delivery_postcode: postcodeField(),
    wanted_by: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z
        .string({ error: (issue) => (issue.input === undefined ? 'The wanted by field is required.' : DATE_MESSAGE('wanted by')) })
        .pipe(dateText('wanted by'))
        .refine((value) => value >= today, { error: 'The wanted by date must be today or later.' }),
    ),
    token: tokenField,
  });
export type AcceptInput = z.output<ReturnType<typeof acceptSchema>>;

/** POST /api/quotations/{id}/decline. */
export const declineSchema = z.object({
  reason: requiredText('reason', 2000),
  token: tokenField,
});

/** GET /api/orders/{id}?token= (a guest's view through the quotation's link). */
export const viewQuery = z.object({ token: tokenField });

/** POST /api/orders/{id}/copy: `new_list` copies into a new list named after the order. No body: the default list. */
export const copySchema = z.object({ new_list: z.boolean({ error: 'The new list field must be true or false.' }).optional() });

/** GET /api/orders: the contract's paging. */
export const mineQuery = pagingSchema(20);

const blank = (value: unknown) => (value === '' ? undefined : value);
const status = z.enum(ORDER_STATUSES, { error: 'The selected status is invalid.' });

/** GET /api/admin/orders?status=&from=&to=&q=&page=&limit= (blank: no filter); from/to are UK days, both included. */
export const adminListQuery = z
  .object({
    ...pagingSchema(20).shape,
    status: z.preprocess(blank, status.optional()),
    from: z.preprocess(blank, dateText('from').optional()),
    to: z.preprocess(blank, dateText('to').optional()),
    q: z.preprocess(
      blank,
      z
        .string({ error: 'The search must be text.' })
        .trim()
        .max(100, { error: 'The search must not be greater than 100 characters.' })
        .optional(),
    ),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'The from date must not be after the to date.',
    path: ['to'],
  });
export type AdminListQuery = z.output<typeof adminListQuery>;

/** POST /api/admin/orders/{id}/status. */
export const statusSchema = z.object({
  status,
  note: z
    .string({ error: 'The note field must be a string.' })
    .trim()
    .max(2000, { error: 'The note field must not be greater than 2000 characters.' })
    .optional()
    .default(''),
});
