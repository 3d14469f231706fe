import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockServer } from '../../test/fetch.ts';
import { readGuestList, writeGuestList } from './guest-list.ts';
import { QuotePage } from './quote-page.tsx';
import { acer, betula, buyer, renderWithSession } from './test-helpers.tsx';

afterEach(() => localStorage.clear());

const csrf = {
  'GET /sanctum/csrf-cookie': () => {
    document.cookie = 'XSRF-TOKEN=t0ken; path=/';
    return json(null, 204);
  },
};

/** A guest with two lines in this browser, and the server's answer to the request. */
function guestWithLines(answer: () => Response) {
  writeGuestList([
    { catalogue_item_id: acer.id, quantity: 5, snapshot: acer },
    { catalogue_item_id: betula.id, quantity: 1200, snapshot: betula },
  ]);
  return mockServer({ 'GET /api/user': () => json({ message: 'Unauthenticated.' }, 401), ...csrf, 'POST /api/quote-requests': answer });
}

async function fillGuestForm() {
  await userEvent.type(await screen.findByLabelText(/Delivery postcode/), 'tn27 0ab');
  await userEvent.type(screen.getByLabelText(/Wanted by/), '2027-03-01');
  await userEvent.type(screen.getByLabelText(/^Name/), 'Ann Buyer');
  await userEvent.type(screen.getByLabelText(/^Company/), 'Green Ltd');
  await userEvent.type(screen.getByLabelText(/^Email/), 'ann@example.com');
  await userEvent.type(screen.getByLabelText(/^Telephone/), '01233 555010');
  await userEvent.type(screen.getByLabelText(/Notes/), 'Deliver before noon.');
}

describe('QuotePage, as a guest', () => {
  it('shows the lines, sends them with the details, shows the reference and empties the list', async () => {
    const seen = guestWithLines(() => json({ id: 9, reference: 'Q-2026-000009' }, 201));
    await renderWithSession(<QuotePage />);
    const lines = await screen.findByRole('list', { name: 'Lines to be quoted' });
    expect(within(lines).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Acer campestre, 9cm, 20-40 cm × 5',
      'Betula pendula, 2L, 60-90 cm × 1,200',
    ]);
    await fillGuestForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send quote request' }));

    expect(await screen.findByRole('heading', { name: 'Quote request sent' })).toHaveFocus();
    expect(screen.getByText('Q-2026-000009')).toBeInTheDocument();
    expect(readGuestList()).toEqual([]);
    await screen.findByRole('link', { name: 'Plant list, 0 lines' });
    const post = seen.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      delivery_postcode: 'tn27 0ab',
      wanted_by: '2027-03-01',
      notes: 'Deliver before noon.',
      name: 'Ann Buyer',
      company: 'Green Ltd',
      email: 'ann@example.com',
      telephone: '01233 555010',
      lines: [
        { catalogue_item_id: acer.id, quantity: 5 },
        { catalogue_item_id: betula.id, quantity: 1200 },
      ],
    });
    expect(post?.headers.get('X-XSRF-TOKEN')).toBe('t0ken');
  });

  it('puts the server’s 422 messages under their fields and keeps the list', async () => {
    guestWithLines(() =>
      json(
        {
          message: 'The delivery postcode field must be a valid UK postcode. (and 1 more error)',
          errors: { delivery_postcode: ['The delivery postcode field must be a valid UK postcode.'], email: ['The email field must be a valid email address.'] },
        },
        422,
      ),
    );
    await renderWithSession(<QuotePage />);
    await fillGuestForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send quote request' }));

    const postcode = screen.getByLabelText(/Delivery postcode/);
    expect(await screen.findByText('The delivery postcode field must be a valid UK postcode.')).toBeInTheDocument();
    expect(postcode).toHaveAttribute('aria-invalid', 'true');
    expect(postcode).toHaveAccessibleDescription('The delivery postcode field must be a valid UK postcode.');
    expect(postcode).toHaveFocus();
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('The email field must be a valid email address.');
    expect(readGuestList()).toHaveLength(2);
  });

  it('says a 429 in words and a lines error above the button', async () => {
    let answer = json({ message: 'Too many attempts. Please try again in 42 seconds.' }, 429);
    guestWithLines(() => answer);
    await renderWithSession(<QuotePage />);
    await fillGuestForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send quote request' }));
    expect(await screen.findByText('Too many attempts. Please try again in 42 seconds.')).toBeInTheDocument();

    answer = json({ message: 'The lines field must have at least 1 line.', errors: { lines: ['The lines field must have at least 1 line.'] } }, 422);
    await userEvent.click(screen.getByRole('button', { name: 'Send quote request' }));
    expect(await screen.findByText('Your plant list: The lines field must have at least 1 line.')).toBeInTheDocument();
    expect(readGuestList()).toHaveLength(2);
  });
});

describe('QuotePage, signed in', () => {
  it('asks no contact details and sends no lines, so the server sends the stored list', async () => {
    let lines = [{ id: 101, catalogue_item_id: acer.id, quantity: 5, snapshot: acer, current: acer, changed: false }];
    const seen = mockServer({
      'GET /api/user': () => json(buyer),
      ...csrf,
      'GET /api/plant-list': () => json({ lines, count: lines.length }),
      'POST /api/quote-requests': () => {
        lines = [];
        return json({ id: 10, reference: 'Q-2026-000010' }, 201);
      },
    });
    await renderWithSession(<QuotePage />);
    await userEvent.type(await screen.findByLabelText(/Delivery postcode/), 'SW1A 1AA');
    expect(screen.queryByLabelText(/^Email/)).toBeNull();
    expect(screen.queryByLabelText(/^Name/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send quote request' }));

    expect(await screen.findByText('Q-2026-000010')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My quote requests' })).toHaveAttribute('href', '/account/quote-requests');
    await screen.findByRole('link', { name: 'Plant list, 0 lines' });
    expect(seen.find((request) => request.method === 'POST')?.body).toEqual({ delivery_postcode: 'SW1A 1AA', wanted_by: '', notes: '', company: '' });
  });
});
