import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Quotation } from '../../../../shared/api/quotations.ts';
import { json, mockServer } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { QuotationPage } from './quotation-page.tsx';

const quotation = {
  id: 31,
  quote_request_id: 4,
  reference: 'Q-2026-000004/1',
  version: 1,
  status: 'sent',
  delivery_pence: 0,
  vat_rate_bp: 2000,
  valid_until: '2099-12-31',
  note: '',
  totals: { subtotal_pence: 1000, delivery_pence: 0, vat_pence: 200, total_pence: 1200 },
  lines: [],
  sent_at: '2026-11-27T10:00:00Z',
  answered_at: null,
  decline_reason: null,
  pdf_url: '/api/quotations/31/pdf?token=abc',
  delivery_postcode: 'TN27 9AA',
} satisfies Quotation;

describe('QuotationPage (/quotations/:id)', () => {
  it("reads the quotation with the link's token and shows it with the answer under it", async () => {
    const seen = mockServer({ 'GET /api/quotations/31': () => json(quotation) });
    renderWithApp(<QuotationPage />, { url: '/quotations/31?token=abc', path: '/quotations/:id' });
    expect(await screen.findByRole('heading', { name: 'Quotation Q-2026-000004/1' })).toBeInTheDocument();
    expect(seen[0]!.url.search).toBe('?token=abc');
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/quotations/31/pdf?token=abc');
    expect(screen.getByRole('form', { name: 'Accept and order' })).toBeInTheDocument();
  });

  it('says "not found" for a wrong or expired link, without saying which', async () => {
    mockServer({ 'GET /api/quotations/31': () => json({ message: 'Not found.' }, 404) });
    renderWithApp(<QuotationPage />, { url: '/quotations/31?token=bad', path: '/quotations/:id' });
    expect(await screen.findByRole('heading', { name: 'Quotation not found' })).toBeInTheDocument();
  });
});
