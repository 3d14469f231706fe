import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Quotation } from '../../../shared/api/quotations.ts';
import { csrfCookie, json, mockServer } from '../test/fetch.ts';
import { sentQuotation } from '../test/quotation-fixture.ts';
import { renderWithApp } from '../test/render.tsx';
import { QuotationAnswer } from './quotation-answer.tsx';

/** Open for an answer whatever the day the test runs (the form checks validity against today). */
const open: Quotation = { ...sentQuotation, valid_until: '2099-12-31' };

const fill = async () => {
  await userEvent.type(screen.getByLabelText(/Your PO number/), 'PO-4471');
  await userEvent.type(screen.getByLabelText(/Delivery address/), 'Site office{Enter}Hothfield Road');
  await userEvent.type(screen.getByLabelText(/Wanted by/), '2099-03-01');
};
const acceptButton = () => screen.getByRole('button', { name: 'Accept and place the order' });

describe('QuotationAnswer: accept', () => {
  it("sends the buyer's PO, address, prefilled postcode and date with the guest's token, then confirms with a link to the order", async () => {
    const seen = mockServer({ ...csrfCookie, 'POST /api/quotations/31/accept': () => json({ id: 42, reference: 'SO-2026-000042' }, 201) });
    const onAnswered = vi.fn();
    renderWithApp(<QuotationAnswer quotation={open} token="tok/en" onAnswered={onAnswered} />);
    expect(screen.getByLabelText(/Delivery postcode/)).toHaveValue('TN27 9AA');
    expect(screen.getByText(/^You are accepting Q-2026-000004\/2:/)).toHaveTextContent(
      `You are accepting Q-2026-000004/2: ${open.lines.length} lines, £914.40 inc VAT (£762.00 ex VAT, delivery included).`,
    );
    await fill();
    await userEvent.click(acceptButton());

    expect(await screen.findByRole('heading', { name: 'Order SO-2026-000042 confirmed' })).toHaveFocus();
    const post = seen.find((request) => request.method === 'POST')!;
    expect(post.body).toEqual({
      po_number: 'PO-4471',
      delivery_address: 'Site office\nHothfield Road',
      delivery_postcode: 'TN27 9AA',
      wanted_by: '2099-03-01',
      token: 'tok/en',
    });
    expect(post.headers.get('X-XSRF-TOKEN')).toBe('t0ken');
    expect(screen.getByRole('link', { name: 'See your order' })).toHaveAttribute('href', '/orders/42?token=tok%2Fen');
    expect(screen.queryByRole('button', { name: 'Accept and place the order' })).not.toBeInTheDocument();
    // The page reads the quotation again, so its status says it was accepted.
    expect(onAnswered).toHaveBeenCalledOnce();
  });

  it("shows a 409's message naming each short line beside the form, and keeps what was typed", async () => {
    mockServer({
      ...csrfCookie,
      'POST /api/quotations/31/accept': () =>
        json(
          {
            message: 'Acer campestre Bare root 60-90: only 4 available',
            errors: {
              'lines.0': ['Acer campestre Bare root 60-90: only 4 available'],
              'lines.2': ['Taxus baccata Root ball 125-150: only 0 available'],
            },
          },
          409,
        ),
    });
    renderWithApp(<QuotationAnswer quotation={open} token="t" />);
    await fill();
    await userEvent.click(acceptButton());
    const alert = (await screen.findAllByRole('alert')).find((node) => node.textContent)!;
    expect(alert).toHaveTextContent('Acer campestre Bare root 60-90: only 4 available');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Acer campestre Bare root 60-90: only 4 available', 'Taxus baccata Root ball 125-150: only 0 available']);
    expect(screen.getByLabelText(/Your PO number/)).toHaveValue('PO-4471');
    expect(acceptButton()).toBeEnabled();
  });

  it('shows an expired or superseded 409 in the server’s words', async () => {
    mockServer({
      ...csrfCookie,
      'POST /api/quotations/31/accept': () =>
        json({ message: 'This quotation has been replaced by a newer version: answer that one instead.' }, 409),
    });
    renderWithApp(<QuotationAnswer quotation={open} />);
    await fill();
    await userEvent.click(acceptButton());
    expect(await screen.findByText('This quotation has been replaced by a newer version: answer that one instead.')).toBeInTheDocument();
  });

  it("puts a 422's messages beside their fields and moves the focus to the first", async () => {
    mockServer({
      ...csrfCookie,
      'POST /api/quotations/31/accept': () =>
        json(
          {
            message: 'The PO number field is required. (and 1 more error)',
            errors: {
              po_number: ['The PO number field is required.'],
              wanted_by: ['The wanted by date must be today or later.'],
            },
          },
          422,
        ),
    });
    renderWithApp(<QuotationAnswer quotation={open} />);
    await userEvent.click(acceptButton());
    const po = screen.getByLabelText(/Your PO number/);
    expect(await screen.findByText('The PO number field is required.')).toBeInTheDocument();
    expect(po).toHaveAttribute('aria-invalid', 'true');
    expect(po).toHaveFocus();
    expect(screen.getByLabelText(/Wanted by/)).toHaveAccessibleDescription(/The wanted by date must be today or later\./);
    // Typing in a field clears its message.
    await userEvent.type(po, 'P');
    expect(screen.queryByText('The PO number field is required.')).not.toBeInTheDocument();
  });
});

describe('QuotationAnswer: decline', () => {
  it('asks a reason, sends it with the token and confirms', async () => {
    const seen = mockServer({ ...csrfCookie, 'POST /api/quotations/31/decline': () => json({ id: 31, status: 'declined' }) });
    renderWithApp(<QuotationAnswer quotation={open} token="abc" />);
    await userEvent.click(screen.getByText('Decline this quotation'));
    await userEvent.type(screen.getByLabelText(/Why are you declining/), 'Went with a local grower');
    await userEvent.click(screen.getByRole('button', { name: 'Decline the quotation' }));
    expect(await screen.findByRole('heading', { name: 'Quotation declined' })).toHaveFocus();
    expect(seen.find((request) => request.method === 'POST')!.body).toEqual({ reason: 'Went with a local grower', token: 'abc' });
  });

  it('shows the missing reason beside its field', async () => {
    mockServer({
      ...csrfCookie,
      'POST /api/quotations/31/decline': () =>
        json({ message: 'The reason field is required.', errors: { reason: ['The reason field is required.'] } }, 422),
    });
    renderWithApp(<QuotationAnswer quotation={open} />);
    await userEvent.click(screen.getByText('Decline this quotation'));
    await userEvent.click(screen.getByRole('button', { name: 'Decline the quotation' }));
    expect(await screen.findByText('The reason field is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Why are you declining/)).toHaveFocus();
  });
});

describe('QuotationAnswer: a quotation no longer open', () => {
  it.each([
    [{ status: 'accepted', answered_at: '2026-11-28T10:00:00Z' }, 'You accepted this quotation on 28 Nov 2026: it is now an order.'],
    [
      { status: 'declined', answered_at: '2026-11-28T10:00:00Z', decline_reason: 'Too dear' },
      'You declined this quotation on 28 Nov 2026 (“Too dear”).',
    ],
    [{ status: 'superseded' }, 'This version was replaced by a later one: please answer the latest quotation we sent you.'],
    [{ status: 'expired', valid_until: '2026-01-31' }, 'This quotation expired on 31 Jan 2026: ask us for a new one.'],
    // Sent, but its last day has passed before the sweep marked it.
    [{ status: 'sent', valid_until: '2000-01-31' }, 'This quotation expired on 31 Jan 2000: ask us for a new one.'],
  ] as const)('%o says so instead of the form', (change, text) => {
    mockServer({});
    renderWithApp(<QuotationAnswer quotation={{ ...open, ...change }} />);
    expect(screen.getByText((_, node) => node?.tagName === 'P' && node.textContent === text)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
