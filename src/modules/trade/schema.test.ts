import { describe, expect, it } from 'vitest';
import { HttpError } from '../../errors.ts';
import { validate } from '../../validation/validate.ts';
import { applicationSchema, COMPANY_NAME_MESSAGE, COMPANY_NUMBER_MESSAGE, VAT_NUMBER_MESSAGE } from './schema.ts';

const valid = {
  company_name: 'Weald Landscapes Ltd',
  business_type: 'landscaper',
  company_number: '01234567',
  delivery_postcode: 'TN27 0AB',
  invoice_email: 'accounts@weald.example',
};

/** The field errors a body gets, or {} when it is valid. */
function errorsOf(body: Record<string, unknown>): Record<string, string[]> {
  try {
    validate(applicationSchema, body);
    return {};
  } catch (error) {
    if (error instanceof HttpError && error.errors) return error.errors;
    throw error;
  }
}

describe('trade application rules', () => {
  it.each([
    ['01234567', '01234567'],
    ['SC123456', 'SC123456'],
    ['sc 123 456', 'SC123456'],
    ['NI012345', 'NI012345'],
    ['oc301234', 'OC301234'],
    [' 0123 4567 ', '01234567'],
  ])('accepts the company number %j as %j', (input, stored) => {
    expect(validate(applicationSchema, { ...valid, company_number: input }).company_number).toBe(stored);
  });

  it.each(['12', '1234567', '123456789', 'SC12345', 'SC1234567', 'S1234567', '12345678A', 'SCX23456', '£1234567'])(
    'refuses the company number %j',
    (input) => {
      expect(errorsOf({ ...valid, company_number: input })).toEqual({ company_number: [COMPANY_NUMBER_MESSAGE] });
    },
  );

  it.each([
    ['GB123456789', 'GB123456789'],
    ['GB123456789012', 'GB123456789012'],
    ['gb 123 4567 89', 'GB123456789'],
    ['GB 123 4567 89 012', 'GB123456789012'],
  ])('accepts the VAT number %j as %j', (input, stored) => {
    expect(validate(applicationSchema, { ...valid, company_number: '', vat_number: input }).vat_number).toBe(stored);
  });

  it.each(['123456789', 'GB12345678', 'GB1234567890', 'GB1234567890123', 'IE1234567T', 'GBABCDEFGHI', 'XI123456789'])(
    'refuses the VAT number %j',
    (input) => {
      expect(errorsOf({ ...valid, vat_number: input })).toEqual({ vat_number: [VAT_NUMBER_MESSAGE] });
    },
  );

  it('still needs one of the two numbers', () => {
    expect(errorsOf({ ...valid, company_number: '  ', vat_number: '' })).toEqual({
      company_number: ['The company number field is required when the VAT number is not present.'],
    });
  });

  it.each(['AB', 'B&Q', 'Ökotec', '3M', '  J.B. Plants  '])('accepts the company name %j', (name) => {
    expect(errorsOf({ ...valid, company_name: name })).toEqual({});
  });

  it.each(['x', ' x ', '--', 'x.', '£.'])('refuses the company name %j', (name) => {
    expect(errorsOf({ ...valid, company_name: name })).toEqual({ company_name: [COMPANY_NAME_MESSAGE] });
  });

  it('needs a business type chosen: missing or blank is required, anything else one of the list', () => {
    const { business_type: _omitted, ...withoutType } = valid;
    expect(errorsOf(withoutType)).toEqual({ business_type: ['The business type field is required.'] });
    expect(errorsOf({ ...valid, business_type: '' })).toEqual({ business_type: ['The business type field is required.'] });
    expect(errorsOf({ ...valid, business_type: 'florist' })).toEqual({
      business_type: ['The business type field must be one of: landscaper, council, garden_centre, retailer, other.'],
    });
  });
});
