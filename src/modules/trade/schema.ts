import { z } from 'zod';
import { BUSINESS_TYPES } from '../../../shared/api/trade.ts';
import { emailField, requiredText } from '../../validation/rules.ts';

/** Optional text: blank or missing is null; otherwise trimmed and at most `max` characters. */
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `The ${field} field must be a string.` })
    .trim()
    .max(max, `The ${field} field must not be greater than ${max} characters.`)
    .nullish()
    .transform((v) => v || null);

/**
 * A UK postcode in its usual shapes (outward code, space optional, inward code), normalised to
 * upper case with one space. GIR 0AA is the one historic exception still in use.
 */
const UK_POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})$/;
const postcode = requiredText('delivery postcode', 10)
  .transform((v) => v.toUpperCase().replace(/\s+/g, ' '))
  .refine((v) => UK_POSTCODE.test(v), 'The delivery postcode must be a valid UK postcode.')
  .transform((v) => v.replace(/ ?(\d[A-Z]{2})$/, ' $1'));

/** POST /api/trade-application: a company number or a VAT number (at least one). */
export const applicationSchema = z
  .object({
    company_name: requiredText('company name', 200),
    business_type: z.enum(BUSINESS_TYPES, { error: `The business type field must be one of: ${BUSINESS_TYPES.join(', ')}.` }),
    company_number: optionalText('company number', 20),
    vat_number: optionalText('VAT number', 20),
    delivery_postcode: postcode,
    invoice_email: emailField('invoice email'),
  })
  .superRefine((value, ctx) => {
    if (!value.company_number && !value.vat_number) {
      const message = 'The company number field is required when the VAT number is not present.';
      ctx.addIssue({ code: 'custom', path: ['company_number'], message });
    }
  });
export type ApplicationInput = z.output<typeof applicationSchema>;

/** GET /api/admin/trade-applications?status=: blank is every status. */
export const adminListSchema = z.object({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['pending', 'approved', 'rejected'], { error: 'The selected status is invalid.' }).optional(),
  ),
});

/** POST /api/admin/trade-applications/:id/reject: an optional note to the buyer. */
export const rejectSchema = z.object({ reason: optionalText('reason', 1000) });
