import { z } from 'zod';
import { BUSINESS_TYPES, TRADE_STATUSES } from '../../../shared/api/trade.ts';
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

/** Text as typed with every space taken out and upper-cased ("sc 123 456" → "SC123456"), null when blank. */
const compactCode = (field: string) => optionalText(field, 20).transform((v) => (v ? v.replace(/\s+/g, '').toUpperCase() : null));

/**
 * A Companies House number: 8 characters, either 8 digits (England and Wales) or a 2-letter prefix
 * and 6 digits (SC Scotland, NI Northern Ireland, OC LLPs, …).
 */
const UK_COMPANY_NUMBER = /^(\d{8}|[A-Z]{2}\d{6})$/;
export const COMPANY_NUMBER_MESSAGE =
  'The company number must be 8 characters: 8 digits (e.g. 01234567) or 2 letters and 6 digits (e.g. SC123456).';
const companyNumber = compactCode('company number').refine((v) => v === null || UK_COMPANY_NUMBER.test(v), COMPANY_NUMBER_MESSAGE);

/** A UK VAT registration number: GB and 9 digits, or 12 for a branch of a group registration. */
const UK_VAT_NUMBER = /^GB(\d{9}|\d{12})$/;
export const VAT_NUMBER_MESSAGE = 'The VAT number must be GB followed by 9 or 12 digits (e.g. GB123456789).';
const vatNumber = compactCode('VAT number').refine((v) => v === null || UK_VAT_NUMBER.test(v), VAT_NUMBER_MESSAGE);

/** A company's name: staff must be able to find the company by it, so "x" or "--" will not do. */
export const COMPANY_NAME_MESSAGE = 'The company name must have at least 2 letters or digits.';
const companyName = requiredText('company name', 200).refine((v) => (v.match(/[\p{L}\p{N}]/gu) ?? []).length >= 2, COMPANY_NAME_MESSAGE);

/** The business type is the buyer's choice: the form preselects none, and a missing one is refused. */
const businessType = z.enum(BUSINESS_TYPES, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'The business type field is required.'
      : `The business type field must be one of: ${BUSINESS_TYPES.join(', ')}.`,
});

/** POST /api/trade-application: a company number or a VAT number (at least one), each in its UK shape. */
export const applicationSchema = z
  .object({
    company_name: companyName,
    business_type: businessType,
    company_number: companyNumber,
    vat_number: vatNumber,
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
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(TRADE_STATUSES, { error: 'The selected status is invalid.' }).optional()),
});

/** POST /api/admin/trade-applications/:id/reject: an optional note to the buyer. */
export const rejectSchema = z.object({ reason: optionalText('reason', 1000) });

/**
 * POST /api/admin/trade-applications/:id/{suspend,reinstate,revoke}: the reason mailed to the buyer
 * (the service requires one to suspend or revoke).
 */
export const accountActionSchema = z.object({ reason: optionalText('reason', 1000) });
