import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { quotationLink, quotationToken, quotationTokenMatches, verifyQuotationToken } from './link.ts';

const config = { appKey: randomBytes(32), appUrl: 'https://nursery.test' };
const quotation = { id: 42, valid_until: '2026-12-27' };

describe('guest quotation links', () => {
  it('links to the public page with a token that opens that quotation until its last valid day', () => {
    const link = new URL(quotationLink(config, quotation));
    expect(link.pathname).toBe('/quotations/42');
    const token = link.searchParams.get('token');
    expect(verifyQuotationToken(config, quotation, token, '2026-11-27')).toBe(true);
    expect(verifyQuotationToken(config, quotation, token, '2026-12-27')).toBe(true);
    expect(verifyQuotationToken(config, quotation, token, '2026-12-28')).toBe(false);
    // Its order stays readable through the same link after the quotation's last day.
    expect(quotationTokenMatches(config, quotation, token)).toBe(true);
  });

  it('opens nothing else: another id or validity, another key, a guessed or malformed token', () => {
    const token = quotationToken(config, quotation);
    expect(verifyQuotationToken(config, { ...quotation, id: 43 }, token, '2026-11-27')).toBe(false);
    expect(verifyQuotationToken(config, { ...quotation, valid_until: '2027-01-27' }, token, '2026-11-27')).toBe(false);
    expect(verifyQuotationToken({ ...config, appKey: randomBytes(32) }, quotation, token, '2026-11-27')).toBe(false);
    for (const guess of ['0'.repeat(64), token.toUpperCase(), token.slice(1), '', undefined, ['a'], 42])
      expect(verifyQuotationToken(config, quotation, guess, '2026-11-27')).toBe(false);
  });
});
