import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { csrfCookie, json, mockServer } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { tradeApplication as application } from '../../test/trade.ts';
import type { PriceListStatus } from '../../../../shared/api/trade.ts';
import { TradePage } from './trade-page.tsx';

const field = (name: string) => screen.getByLabelText(name, { exact: false });

describe('TradePage', () => {
  it('sends the application and then shows it as waiting for approval', async () => {
    const seen = mockServer({
      ...csrfCookie,
      'GET /api/trade-application': () => json({ data: null }),
      'POST /api/trade-application': () => json({ data: application }, 201),
    });
    renderWithApp(<TradePage />);
    await userEvent.type(await screen.findByLabelText(/Company name/), 'Weald Landscapes Ltd');
    // No business type is chosen for the buyer: the form starts on a prompt that cannot be sent.
    expect(field('Business type')).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Choose one…' })).toBeDisabled();
    await userEvent.selectOptions(field('Business type'), 'council');
    await userEvent.type(field('Company number'), '01234567');
    await userEvent.type(field('Delivery postcode'), 'tn27 0ab');
    await userEvent.type(field('Invoice email'), 'accounts@weald.example');
    await userEvent.click(screen.getByRole('button', { name: 'Apply for a trade account' }));

    expect(await screen.findByText('Waiting for approval')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Trade account application' })).not.toBeInTheDocument();
    expect(seen.find((request) => request.method === 'POST')?.body).toEqual({
      company_name: 'Weald Landscapes Ltd',
      business_type: 'council',
      company_number: '01234567',
      vat_number: '',
      delivery_postcode: 'tn27 0ab',
      invoice_email: 'accounts@weald.example',
    });
  });

  it('shows the server’s 422 messages under their fields and focuses the first', async () => {
    const message = 'The company number field is required when the VAT number is not present.';
    mockServer({
      ...csrfCookie,
      'GET /api/trade-application': () => json({ data: null }),
      'POST /api/trade-application': () =>
        json(
          { message, errors: { company_number: [message], delivery_postcode: ['The delivery postcode must be a valid UK postcode.'] } },
          422,
        ),
    });
    renderWithApp(<TradePage />);
    await userEvent.type(await screen.findByLabelText(/Company name/), 'Weald');
    await userEvent.selectOptions(field('Business type'), 'landscaper');
    await userEvent.type(field('Delivery postcode'), 'nowhere');
    await userEvent.type(field('Invoice email'), 'accounts@weald.example');
    await userEvent.click(screen.getByRole('button', { name: 'Apply for a trade account' }));
    await screen.findByText('The delivery postcode must be a valid UK postcode.');
    expect(field('Company number')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Company number')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field('Delivery postcode')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Company number')).toHaveFocus();
  });

  it('shows a rejection with its reason and lets the buyer apply again from the previous answers', async () => {
    mockServer({
      'GET /api/trade-application': () => json({ data: { ...application, status: 'rejected', reason: 'We could not find the company.' } }),
    });
    renderWithApp(<TradePage />);
    expect(await screen.findByText('Not approved')).toBeInTheDocument();
    expect(screen.getByText('Reason: We could not find the company.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Apply again' })).toBeInTheDocument();
    expect(field('Company name')).toHaveValue('Weald Landscapes Ltd');
    expect(screen.queryByRole('heading', { name: 'Price list' })).not.toBeInTheDocument();
  });

  it('gives an approved buyer the price list: asks for a fresh one and links both files', async () => {
    const ready: PriceListStatus = {
      status: 'ready',
      generated_at: '2026-11-23T08:00:00Z',
      pdf: '/downloads/price-list.pdf',
      xlsx: '/downloads/price-list.xlsx',
    };
    const seen = mockServer({
      ...csrfCookie,
      'GET /api/trade-application': () => json({ data: { ...application, status: 'approved' } }),
      'GET /api/price-list': () => json({ status: 'none' }),
      'POST /api/price-list': () => json({ status: 'pending' }, 202),
    });
    renderWithApp(<TradePage />);
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(await screen.findByText('You have not asked for a price list yet.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Trade account application' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Prepare a fresh price list' }));
    expect(await screen.findByText('A fresh price list is being prepared…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prepare a fresh price list' })).toBeDisabled();
    expect(seen.filter((request) => request.method === 'POST').map((request) => request.url.pathname)).toEqual(['/api/price-list']);

    // The worker finishes: the next look (the poll) finds the files.
    mockServer({ 'GET /api/price-list': () => json(ready) });
    const links = within(await screen.findByRole('list', { name: 'Price list downloads' }, { timeout: 5_000 })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/downloads/price-list.pdf', '/downloads/price-list.xlsx']);
    expect(screen.getByText('Prepared 23 Nov 2026.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prepare a fresh price list' })).toBeEnabled();
  });

  it('tells a suspended buyer why, without a price list or a new application', async () => {
    mockServer({
      'GET /api/trade-application': () => json({ data: { ...application, status: 'suspended', reason: 'Invoices overdue.' } }),
    });
    renderWithApp(<TradePage />);
    expect(await screen.findByText('Suspended')).toBeInTheDocument();
    expect(screen.getByText('Reason: Invoices overdue.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Price list' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Trade account application' })).not.toBeInTheDocument();
  });

  it('lets a buyer whose account was revoked apply again', async () => {
    mockServer({
      'GET /api/trade-application': () => json({ data: { ...application, status: 'revoked', reason: 'The company closed.' } }),
    });
    renderWithApp(<TradePage />);
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(screen.getByText('Reason: The company closed.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Apply again' })).toBeInTheDocument();
    expect(field('Business type')).toHaveValue('landscaper');
  });
});
