import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { csrfCookie, json, mockServer } from '../../test/fetch.ts';
import { readGuestList, writeGuestList } from './guest-list.ts';
import { QuotePage } from './quote-page.tsx';
import { acer, betula, buyer, renderWithSession } from './test-helpers.tsx';

afterEach(() => localStorage.clear());

/** A guest with two lines in this browser, and the server's answer to the request. */
function guestWithLines(answer: () => Response) {
  writeGuestList([
    { catalogue_item_id: acer.id, quantity: 5, snapshot: acer },
    { catalogue_item_id: betula.id, quantity: 1200, snapshot: betula },
  ]);
  return mockServer({
    'GET /api/user': () => json({ message: 'Unauthenticated.' }, 401),
    ...csrfCookie,
    'POST /api/quote-requests': answer,
  });
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

// Typing seven fields key by key takes seconds on a busy machine: more than the default 5 s.
describe('QuotePage, as a guest', { timeout: 20_000 }, () => {
  it('shows the lines, sends them with the details, shows the reference and empties the list', async () => {
    const seen = guestWithLines(() => json({ id: 9, reference: 'Q-2026-000009' }, 201));
    await renderWithSession(<QuotePage />);
    const lines = await screen.findByRole('list', { name: 'Lines to be quoted' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Acer campestre, 9cm, 20-40 cm × 5', 'Betula pendula, 2L, 60-90 cm × 1,200']);
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
          errors: {
            delivery_postcode: ['The delivery postcode field must be a valid UK postcode.'],
            email: ['The email field must be a valid email address.'],
          },
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

    answer = json(
      { message: 'The lines field must have at least 1 line.', errors: { lines: ['The lines field must have at least 1 line.'] } },
      422,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send quote request' }));
    expect(await screen.findByText('Your plant list: The lines field must have at least 1 line.')).toBeInTheDocument();
    expect(readGuestList()).toHaveLength(2);
  });
});

/** A signed-in buyer with one line stored on the server, the form's defaults (a trade account's), and the server's answer to the request. */
function buyerWithLines(
  answer: () => Response,
  defaults = { company: '', delivery_postcode: '' },
  more: Parameters<typeof mockServer>[0] = {},
) {
  let lines = [{ id: 101, catalogue_item_id: acer.id, quantity: 5, snapshot: acer, current: acer, changed: false }];
  return mockServer({
    'GET /api/user': () => json(buyer),
    ...csrfCookie,
    'GET /api/quote-requests/defaults': () => json(defaults),
    'GET /api/plant-list': () => json({ lines, count: lines.length }),
    'POST /api/quote-requests': () => {
      const response = answer();
      if (response.ok) lines = [];
      return response;
    },
    ...more,
  });
}

describe('QuotePage, signed in', () => {
  it('asks only for an optional telephone and sends no lines, so the server sends the stored list', async () => {
    const seen = buyerWithLines(() => json({ id: 10, reference: 'Q-2026-000010' }, 201));
    await renderWithSession(<QuotePage />);
    await userEvent.type(await screen.findByLabelText(/Delivery postcode/), 'SW1A 1AA');
    expect(screen.queryByLabelText(/^Email/)).toBeNull();
    expect(screen.queryByLabelText(/^Name/)).toBeNull();
    const telephone = screen.getByLabelText('Telephone (optional)');
    expect(telephone).not.toBeRequired();
    expect(telephone).toHaveAttribute('type', 'tel');
    await userEvent.type(telephone, '01233 555010');
    await userEvent.click(screen.getByRole('button', { name: 'Send quote request' }));

    expect(await screen.findByText('Q-2026-000010')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My quote requests' })).toHaveAttribute('href', '/account/quote-requests');
    await screen.findByRole('link', { name: 'Plant list, 0 lines' });
    expect(seen.find((request) => request.method === 'POST')?.body).toEqual({
      delivery_postcode: 'SW1A 1AA',
      wanted_by: '',
      notes: '',
      company: '',
      telephone: '01233 555010',
    });
  });

  it('names the list being sent when the buyer keeps several, and sends that one', async () => {
    const lists = {
      lists: [
        { id: 1, name: 'My plant list', line_count: 3, updated_at: '' },
        { id: 2, name: 'Riverside park', line_count: 1, updated_at: '' },
      ],
      default_id: 2,
    };
    const seen = buyerWithLines(() => json({ id: 11, reference: 'Q-2026-000011' }, 201), undefined, {
      'GET /api/plant-lists': () => json(lists),
    });
    await renderWithSession(<QuotePage />);
    expect(await screen.findByRole('heading', { name: '“Riverside park”: 1 line' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Delivery postcode/), 'SW1A 1AA');
    await userEvent.click(screen.getByRole('button', { name: 'Send quote request' }));
    expect(await screen.findByText('Q-2026-000011')).toBeInTheDocument();
    expect(seen.find((request) => request.method === 'POST')?.body).toMatchObject({ plant_list_id: 2 });
  });

  it("starts from the trade account's company and postcode, and sends what the buyer edits", async () => {
    const seen = buyerWithLines(() => json({ id: 12, reference: 'Q-2026-000012' }, 201), {
      company: 'Acme Landscapes',
      delivery_postcode: 'TN26 1AA',
    });
    await renderWithSession(<QuotePage />);
    const company = await screen.findByLabelText('Company (optional)');
    await expect.poll(() => (company as HTMLInputElement).value).toBe('Acme Landscapes');
    expect(screen.getByLabelText(/Delivery postcode/)).toHaveValue('TN26 1AA');
    await userEvent.clear(company);
    await userEvent.type(company, 'Acme Landscapes (North)');
    await userEvent.click(screen.getByRole('button', { name: 'Send quote request' }));

    expect(await screen.findByText('Q-2026-000012')).toBeInTheDocument();
    expect(seen.find((request) => request.method === 'POST')?.body).toMatchObject({
      company: 'Acme Landscapes (North)',
      delivery_postcode: 'TN26 1AA',
    });
  });

  it('shows the server’s telephone error under the field, and sends it blank once cleared', async () => {
    const message = 'The telephone field must be a valid telephone number.';
    let answer = json({ message, errors: { telephone: [message] } }, 422);
    const seen = buyerWithLines(() => answer);
    await renderWithSession(<QuotePage />);
    await userEvent.type(await screen.findByLabelText(/Delivery postcode/), 'SW1A 1AA');
    await userEvent.type(screen.getByLabelText('Telephone (optional)'), 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Send quote request' }));

    const telephone = screen.getByLabelText('Telephone (optional)');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(telephone).toHaveAttribute('aria-invalid', 'true');
    expect(telephone).toHaveAccessibleDescription(message);
    expect(telephone).toHaveFocus();
    expect(seen.find((request) => request.method === 'POST')?.body).toMatchObject({ telephone: 'call me' });

    answer = json({ id: 11, reference: 'Q-2026-000011' }, 201);
    await userEvent.clear(telephone);
    expect(telephone).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Send quote request' }));
    expect(await screen.findByText('Q-2026-000011')).toBeInTheDocument();
    expect(seen.filter((request) => request.method === 'POST').at(-1)?.body).toMatchObject({ telephone: '' });
  });

  it("shows an approved trade buyer each line's price and the estimated total excl. VAT; a buyer without trade sees none", async () => {
    const trade = {
      price_pence: 250,
      price_breaks: [{ min_quantity: 100, price_pence: 199 }],
      stock_status: 'in_stock' as const,
      stock_quantity: 5000,
      ready_from: null,
    };
    const lines = [
      { id: 101, catalogue_item_id: acer.id, quantity: 120, snapshot: acer, current: { ...acer, trade }, changed: false },
      {
        id: 102,
        catalogue_item_id: betula.id,
        quantity: 3,
        snapshot: betula,
        current: { ...betula, trade: { ...trade, price_pence: null, price_breaks: [] } },
        changed: false,
      },
    ];
    mockServer({ 'GET /api/user': () => json(buyer), 'GET /api/plant-list': () => json({ lines, count: lines.length }) });
    const { unmount } = await renderWithSession(<QuotePage />);
    const list = await screen.findByRole('list', { name: 'Lines to be quoted' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('× 120£1.99 each (100+ price, saves £61.20) · Line total £238.80 · In stock (5,000)');
    expect(second).toHaveTextContent('Price on request');
    expect(screen.getByText(/Estimated total/)).toHaveTextContent(
      'Estimated total £238.80 excl. VAT (not including 1 line priced on request).',
    );
    unmount();

    const plain = lines.map(({ current: { trade: _trade, ...current }, ...line }) => ({ ...line, current }));
    mockServer({ 'GET /api/user': () => json(buyer), 'GET /api/plant-list': () => json({ lines: plain, count: plain.length }) });
    await renderWithSession(<QuotePage />);
    await screen.findByRole('list', { name: 'Lines to be quoted' });
    expect(screen.queryByText(/Estimated total|Price on request|each/)).toBeNull();
  });
});
