import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../lib/store.ts';
import { csrfCookie, json, mockServer } from '../../test/fetch.ts';
import { addToList } from './add-to-list.tsx';
import { GUEST_LIST_KEY, readGuestList, writeGuestList } from './guest-list.ts';
import { PlantListLink } from './plant-list-link.tsx';
import { acer, betula, buyer, renderWithSession } from './test-helpers.tsx';

afterEach(() => localStorage.clear());

const guest = () => mockServer({ 'GET /api/user': () => json({ message: 'Unauthenticated.' }, 401) });

/** Two catalogue lines with their "Add to list", as the catalogue's tables show them. */
const rows = (
  <addToList.Scope rows={[acer, betula]}>
    <ul>
      <li>
        <addToList.Control row={acer} />
      </li>
      <li>
        <addToList.Control row={betula} />
      </li>
    </ul>
  </addToList.Scope>
);

/** The add form of one line, by the line's name. */
const phoneItem = (name: string) => screen.getByRole('form', { name: `Add ${name} to the plant list` });

describe('Add to list, as a guest', () => {
  it('adds a catalogue line with its quantity, says so, and the header count follows', async () => {
    guest();
    await renderWithSession(rows);
    const link = await screen.findByRole('link', { name: 'Plant list, 0 lines' });

    const item = within(phoneItem('Acer campestre, 9cm, 20-40 cm'));
    const quantity = item.getByLabelText('Quantity of Acer campestre, 9cm, 20-40 cm');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '25');
    await userEvent.click(item.getByRole('button', { name: 'Add to list: Acer campestre, 9cm, 20-40 cm' }));

    expect(await item.findByRole('status')).toHaveTextContent('Added 25 to your plant list. View list');
    expect(await screen.findByRole('link', { name: 'Plant list, 1 line' })).toBe(link);
    expect(readGuestList()).toEqual([
      {
        catalogue_item_id: 11,
        quantity: 25,
        snapshot: {
          code: 'ACECAM-9CM-2040',
          genus: 'Acer',
          species: 'campestre',
          common_name: 'Field maple',
          form: '9cm',
          height: '20-40',
        },
      },
    ]);

    // The same row again adds to its quantity rather than a second line.
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5');
    await userEvent.click(item.getByRole('button', { name: /Add to list/ }));
    await waitFor(() => expect(item.getByRole('status')).toHaveTextContent('Added 5 to your plant list.'));
    expect(readGuestList()[0]?.quantity).toBe(30);
    expect(link).toHaveAccessibleName('Plant list, 1 line');
  });

  it.each(['0', '-1', '1000000000', '2.5', ''])('refuses the quantity "%s" and stores nothing', async (bad) => {
    guest();
    await renderWithSession(rows);
    const item = within(phoneItem('Acer campestre, 9cm, 20-40 cm'));
    const quantity = item.getByLabelText(/Quantity of/);
    await userEvent.clear(quantity);
    if (bad) await userEvent.type(quantity, bad);
    await userEvent.click(item.getByRole('button', { name: /Add to list/ }));
    expect(item.getByRole('status')).toHaveTextContent('Enter a quantity from 1 to 100,000.');
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem(GUEST_LIST_KEY)).toBeNull();
  });

  it('refuses a 1001st line with the reason', async () => {
    guest();
    writeGuestList(Array.from({ length: 1000 }, (_, i) => ({ catalogue_item_id: 10_000 + i, quantity: 1, snapshot: acer })));
    await renderWithSession(rows);
    const item = within(phoneItem('Acer campestre, 9cm, 20-40 cm'));
    await userEvent.click(item.getByRole('button', { name: /Add to list/ }));
    expect(await item.findByRole('status')).toHaveTextContent('A plant list holds at most 1000 lines.');
    expect(readGuestList()).toHaveLength(1000);
  });
});

describe('Add to list, signed in', () => {
  it('posts the line to the server and the count comes from the server list', async () => {
    let lines: unknown[] = [];
    const seen = mockServer({
      'GET /api/user': () => json(buyer),
      ...csrfCookie,
      'GET /api/plant-list': () => json({ lines, count: lines.length }),
      'POST /api/plant-list/lines': ({ body }) => {
        const { catalogue_item_id, quantity } = body as { catalogue_item_id: number; quantity: number };
        lines = [{ id: 1, catalogue_item_id, quantity, snapshot: acer, current: acer, changed: false }];
        return json({ data: lines[0] }, 201);
      },
    });
    await renderWithSession(rows);
    const link = await screen.findByRole('link', { name: 'Plant list, 0 lines' });
    const item = within(phoneItem('Acer campestre, 9cm, 20-40 cm'));
    await userEvent.clear(item.getByLabelText(/Quantity of/));
    await userEvent.type(item.getByLabelText(/Quantity of/), '40');
    await userEvent.click(item.getByRole('button', { name: /Add to list/ }));
    expect(await item.findByRole('status')).toHaveTextContent('Added 40 to your plant list.');
    await screen.findByRole('link', { name: 'Plant list, 1 line' });
    expect(link).toBeInTheDocument();
    const post = seen.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({ catalogue_item_id: 11, quantity: 40 });
    expect(post?.headers.get('X-XSRF-TOKEN')).toBe('t0ken');
    expect(localStorage.getItem(GUEST_LIST_KEY)).toBeNull();
  });

  it('shows the server’s 422 field error', async () => {
    mockServer({
      'GET /api/user': () => json(buyer),
      ...csrfCookie,
      'GET /api/plant-list': () => json({ lines: [], count: 0 }),
      'POST /api/plant-list/lines': () =>
        json({ message: 'The given data was invalid.', errors: { catalogue_item_id: ['That plant is no longer in the catalogue.'] } }, 422),
    });
    await renderWithSession(rows);
    const item = within(phoneItem('Acer campestre, 9cm, 20-40 cm'));
    await userEvent.click(item.getByRole('button', { name: /Add to list/ }));
    expect(await item.findByRole('status')).toHaveTextContent('That plant is no longer in the catalogue.');
  });
});

describe('the header link', () => {
  it('renders no count on the server, so hydration cannot disagree about it', () => {
    writeGuestList([{ catalogue_item_id: 11, quantity: 2, snapshot: acer }]);
    const router = createMemoryRouter([{ path: '*', element: <PlantListLink /> }], { initialEntries: ['/'] });
    const html = renderToString(
      <Provider store={makeStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(html).toContain('Plant list');
    expect(html).not.toMatch(/\blines?\b/);
  });

  it('merges the guest list into the account on sign-in, then forgets it here', async () => {
    writeGuestList([
      { catalogue_item_id: 11, quantity: 3, snapshot: acer },
      { catalogue_item_id: 12, quantity: 8, snapshot: betula },
    ]);
    let merged = false;
    const seen = mockServer({
      'GET /api/user': () => json(buyer),
      ...csrfCookie,
      'POST /api/plant-list/merge': () => {
        merged = true;
        return json({ lines: [], count: 3 });
      },
      'GET /api/plant-list': () => json({ lines: [], count: merged ? 3 : 1 }),
    });
    await renderWithSession(<p>page</p>);
    await screen.findByRole('link', { name: 'Plant list, 3 lines' });
    const merges = seen.filter((request) => request.url.pathname === '/api/plant-list/merge');
    expect(merges).toHaveLength(1);
    expect(merges[0]?.body).toEqual({
      lines: [
        { catalogue_item_id: 11, quantity: 3 },
        { catalogue_item_id: 12, quantity: 8 },
      ],
    });
    expect(localStorage.getItem(GUEST_LIST_KEY)).toBeNull();
    // The account's list was read only after the merge, never before it.
    expect(seen.filter((request) => request.url.pathname === '/api/plant-list')).toHaveLength(1);
  });

  it('keeps the guest list when the merge fails', async () => {
    writeGuestList([{ catalogue_item_id: 11, quantity: 3, snapshot: acer }]);
    mockServer({
      'GET /api/user': () => json(buyer),
      ...csrfCookie,
      'POST /api/plant-list/merge': () => json({ message: 'Server error.' }, 500),
      'GET /api/plant-list': () => json({ lines: [], count: 0 }),
    });
    await renderWithSession(<p>page</p>);
    await screen.findByRole('link', { name: 'Plant list, 0 lines' });
    expect(readGuestList()).toHaveLength(1);
  });
});
