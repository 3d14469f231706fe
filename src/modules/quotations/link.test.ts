import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { quotationToken, verifyQuotationToken } from './link.ts';

const config = { appKey: randomBytes(32) };

describe('quotation link tokens', () => {
  it('accepts the token made for the same quotation and validity date', () => {
    const token = quotationToken(config, 7, '2027-01-31');
    expect(verifyQuotationToken(config, 7, '2027-01-31', token)).toBe(true);
  });

  it('refuses another quotation, another date, another key, a guess and an empty token', () => {
    const token = quotationToken(config, 7, '2027-01-31');
    expect(verifyQuotationToken(config, 8, '2027-01-31', token)).toBe(false);
    expect(verifyQuotationToken(config, 7, '2027-02-01', token)).toBe(false);
    expect(verifyQuotationToken({ appKey: randomBytes(32) }, 7, '2027-01-31', token)).toBe(false);
    expect(verifyQuotationToken(config, 7, '2027-01-31', 'a'.repeat(64))).toBe(false);
    expect(verifyQuotationToken(config, 7, '2027-01-31', '')).toBe(false);
  });
});
