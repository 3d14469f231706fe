import { requiredText } from './rules.ts';

/** A UK postcode, any case and spacing ("sw1a1aa" → "SW1A 1AA"). */
const UK_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})$/;

/** A required UK delivery postcode, stored as written on an envelope. */
export const postcodeField = () =>
  requiredText('delivery postcode', 16)
    .transform((value) => value.toUpperCase())
    .refine((value) => UK_POSTCODE.test(value), { error: 'The delivery postcode field must be a valid UK postcode.' })
    .transform((value) => value.replace(UK_POSTCODE, '$1 $2'));
