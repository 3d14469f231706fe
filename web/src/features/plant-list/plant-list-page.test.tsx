import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csrfCookie, json, mockServer } from '../../test/fetch.ts';
import { sessionApi } from '../../lib/session/session-api.ts';
import { plantListApi } from './api.ts';
import { readGuestList, writeGuestList } from './guest-list.ts';
import { SAVE_DELAY_MS, UNDO_MS } from './plant-list-line.tsx';
import { PlantListPage } from './plant-list-page.tsx';
import { acer, betula, buyer, renderWithSession } from './test-helpers.tsx';
import type { CatalogueLine } from '../../../../shared/api/catalogue.ts';
import type { PlantListLine as PlantListLineData } from '../../../../shared/api/plant-lists.ts';
import type { UserAccount } from '../../../../shared/api/users.ts';

afterEach(() => localStorage.clear());

const corylus: CatalogueLine = {
  id: 13,
  code: 'CORAVE-BR-6090',
  genus: 'Corylus',
  species: 'avellana',
  common_name: 'Hazel',
  form: 'Bare root',
  height: '60-90',
};

/** A guest whose catalogue still has Acer as added, has changed the Betula line, and no longer has Corylus. */
function guestWithCatalogue() {
  writeGuestList([
    { catalogue_item_id: acer.id, quantity: 5, snapshot: acer },
    { catalogue_item_id: betula.id, quantity: 8, snapshot: betula },
    { catalogue_item_id: corylus.id, quantity: 12, snapshot: corylus },
  ]);
  const genus = (lines: CatalogueLine[]) => () =>
    json({ data: { name: lines[0]?.genus, slug: '', common_names: [], lines, updated_at: '2026-01-01T00:00:00Z' } });
  return mockServer({
    'GET /api/user': () => json({ message: 'Unauthenticated.' }, 401),
    'GET /api/catalogue/genera/acer': genus([acer]),
    'GET /api/catalogue/genera/betula': genus([{ ...betula, form: '3L' }]),
    'GET /api/catalogue/genera/corylus': () => json({ message: 'Not found.' }, 404),
  });
}

/** Fake timeouts only (the debounce and the undo window): React's own scheduling stays real. */
const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
// With fake timeouts, events are fired directly: user-event and Testing Library's async helpers
// wait on real timeouts of their own.
const change = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const click = (element: HTMLElement) => fireEvent.click(element);

const line = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;

describe('PlantListPage, as a guest', () => {
  it('lists the lines and marks the ones the catalogue changed or removed, never dropping them', async () => {
    guestWithCatalogue();
    await renderWithSession(<PlantListPage />);
    expect(await screen.findByText(/3 lines\. Your list is kept in this browser/)).toBeInTheDocument();
    expect(within(line('Acer campestre')).getByLabelText('Quantity of Acer campestre, 9cm, 20-40 cm')).toHaveValue(5);
    await waitFor(() =>
      expect(line('Betula pendula')).toHaveTextContent('Changed in the catalogue since you added it: now Betula pendula, 3L, 60-90 cm.'),
    );
    expect(line('Corylus avellana')).toHaveTextContent('No longer available: Corylus avellana, Bare root, 60-90 cm (CORAVE-BR-6090)');
    expect(line('Acer campestre')).not.toHaveTextContent(/No longer|Changed/);
    expect(readGuestList()).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Request a quote' })).toHaveAttribute('href', '/plant-list/quote');
  });

  it('saves a quantity as it is typed, after a pause, with "Saved" beside the line; a bad one is said there and not saved', async () => {
    guestWithCatalogue();
    await renderWithSession(<PlantListPage />);
    const acerLine = within(await screen.findByRole('heading', { name: 'Acer campestre' }).then((h) => h.closest('li') as HTMLElement));
    const quantity = acerLine.getByLabelText(/Quantity of Acer/);
    expect(acerLine.queryByRole('button', { name: /Update/ })).toBeNull();
    fakeTimers();

    change(quantity, '0');
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DELAY_MS));
    expect(acerLine.getByRole('status')).toHaveTextContent('Enter a whole number from 1 to 100,000.');
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity).toHaveAccessibleDescription('Enter a whole number from 1 to 100,000.');
    expect(readGuestList()[0]?.quantity).toBe(5);

    change(quantity, '150');
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 1));
    expect(readGuestList()[0]?.quantity).toBe(5);
    expect(acerLine.getByRole('status')).not.toHaveTextContent('Saved');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(readGuestList()[0]?.quantity).toBe(150);
    expect(acerLine.getByRole('status')).toHaveTextContent('Saved');
    expect(quantity).not.toHaveAttribute('aria-invalid');
  });

  it('removes a line behind an Undo bar: Undo brings it back where it was; otherwise the removal is saved', async () => {
    guestWithCatalogue();
    await renderWithSession(<PlantListPage />);
    await screen.findByRole('heading', { name: 'Betula pendula' });
    fakeTimers();
    const names = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

    click(screen.getByRole('button', { name: 'Remove Betula pendula, 2L, 60-90 cm' }));
    expect(screen.getByText('Removed Betula pendula, 2L, 60-90 cm.')).toBeInTheDocument();
    const undo = screen.getByRole('button', { name: 'Undo removing Betula pendula, 2L, 60-90 cm' });
    expect(undo).toHaveFocus();
    expect(names()).toEqual(['Acer campestre', 'Corylus avellana']);
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS - 1));
    expect(readGuestList()).toHaveLength(3);

    click(undo);
    expect(names()).toEqual(['Acer campestre', 'Betula pendula', 'Corylus avellana']);
    expect(within(line('Betula pendula')).getByLabelText(/Quantity of Betula/)).toHaveValue(8);
    expect(within(line('Betula pendula')).getByLabelText(/Quantity of Betula/)).toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS * 2));
    expect(readGuestList()).toHaveLength(3);

    click(screen.getByRole('button', { name: 'Remove Betula pendula, 2L, 60-90 cm' }));
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS));
    expect(readGuestList().map((kept) => kept.catalogue_item_id)).toEqual([acer.id, corylus.id]);
    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByText(/Removed Betula/)).toBeNull());
    await screen.findByRole('link', { name: 'Plant list, 2 lines' });
  });

  it('saves what is being typed before it goes to the quote, and stays when a quantity cannot be saved', async () => {
    guestWithCatalogue();
    const { router } = await renderWithSession(<PlantListPage />, '/plant-list');
    const quantity = within(
      await screen.findByRole('heading', { name: 'Acer campestre' }).then((h) => h.closest('li') as HTMLElement),
    ).getByLabelText(/Quantity of Acer/);
    fakeTimers();

    change(quantity, '0');
    click(screen.getByRole('link', { name: 'Request a quote' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(router.state.location.pathname).toBe('/plant-list');
    expect(screen.getByRole('alert')).toHaveTextContent('A quantity is not saved yet');
    expect(quantity).toHaveFocus();
    expect(readGuestList()[0]?.quantity).toBe(5);

    change(quantity, '999');
    click(screen.getByRole('link', { name: 'Request a quote' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(readGuestList()[0]?.quantity).toBe(999);
    expect(router.state.location.pathname).toBe('/plant-list/quote');
  });

  it('writes a pending quantity at once when the browser leaves the page', async () => {
    guestWithCatalogue();
    await renderWithSession(<PlantListPage />);
    const quantity = within(
      await screen.findByRole('heading', { name: 'Acer campestre' }).then((h) => h.closest('li') as HTMLElement),
    ).getByLabelText(/Quantity of Acer/);
    fakeTimers();
    change(quantity, '42');
    expect(readGuestList()[0]?.quantity).toBe(5);
    // No timer runs and nothing is awaited: the write happens inside the event, as a real unload needs.
    window.dispatchEvent(new Event('pagehide'));
    expect(readGuestList()[0]?.quantity).toBe(42);
  });

  it('clears the list after confirming', async () => {
    guestWithCatalogue();
    await renderWithSession(<PlantListPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Clear list' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear your plant list?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(readGuestList()).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Clear list' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear list' }));
    expect(await screen.findByText(/Your plant list is empty\./)).toBeInTheDocument();
    expect(readGuestList()).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Request a quote' })).toBeNull();
    await screen.findByRole('link', { name: 'Plant list, 0 lines' });
  });

  it('marks nothing when the catalogue cannot be read', async () => {
    writeGuestList([{ catalogue_item_id: acer.id, quantity: 5, snapshot: acer }]);
    mockServer({
      'GET /api/user': () => json({ message: 'Unauthenticated.' }, 401),
      'GET /api/catalogue/genera/acer': () => json({ message: 'Server error.' }, 500),
    });
    await renderWithSession(<PlantListPage />);
    expect(await screen.findByText(/1 line\./)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(line('Acer campestre')).not.toHaveTextContent(/No longer|Changed/);
  });
});

describe('PlantListPage, signed in', () => {
  /** The server's list, with a PATCH that can be held back, and every write it saw. */
  function serverList(lines: PlantListLineData[]) {
    let release: (() => void) | null = null;
    const hold = { on: false };
    const seen = mockServer({
      'GET /api/user': () => json(buyer),
      ...csrfCookie,
      'GET /api/plant-list': () => json({ lines, count: lines.length }),
      'PATCH /api/plant-list/lines/101': async ({ body }) => {
        if (hold.on) await new Promise<void>((resolve) => (release = resolve));
        lines = lines.map((kept) => (kept.id === 101 ? { ...kept, quantity: (body as { quantity: number }).quantity } : kept));
        return json(lines[0]);
      },
      'DELETE /api/plant-list/lines/103': () => {
        lines = lines.filter((kept) => kept.id !== 103);
        return json(null, 204);
      },
    });
    const writes = () =>
      seen.filter((request) => request.method !== 'GET').map((request) => [request.method, request.url.pathname, request.body]);
    return { seen, writes, hold, release: () => release?.() };
  }

  it('shows the server list with its changed and removed lines, and saves edits and removals through the API', async () => {
    const { seen, writes } = serverList([
      { id: 101, catalogue_item_id: acer.id, quantity: 5, snapshot: acer, current: acer, available: true, changed: false },
      {
        id: 102,
        catalogue_item_id: betula.id,
        quantity: 8,
        snapshot: betula,
        current: { ...betula, height: '90-120' },
        available: true,
        changed: true,
      },
      // Retired: the server still has the line, and says it is no longer available.
      {
        id: 103,
        catalogue_item_id: corylus.id,
        quantity: 12,
        snapshot: corylus,
        current: { ...corylus, retired_at: '2026-11-20T10:00:00.000Z' },
        available: false,
        changed: false,
      },
    ]);
    await renderWithSession(<PlantListPage />);
    expect(await screen.findByText(/3 lines\. Your list is kept with your account\./)).toBeInTheDocument();
    expect(line('Betula pendula')).toHaveTextContent('now Betula pendula, 2L, 90-120 cm.');
    expect(line('Corylus avellana')).toHaveTextContent('No longer available: Corylus avellana, Bare root, 60-90 cm (CORAVE-BR-6090)');
    // Not a trade buyer: the server sent no prices, and the page shows none.
    expect(screen.queryByText(/Estimated total|Price on request|each/)).toBeNull();

    fakeTimers();
    const quantity = within(line('Acer campestre')).getByLabelText(/Quantity of Acer/);
    change(quantity, '60');
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DELAY_MS));
    expect(within(line('Acer campestre')).getByRole('status')).toHaveTextContent('Saved');
    click(within(line('Corylus avellana')).getByRole('button', { name: /Remove/ }));
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS));
    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByText(/Removed Corylus/)).toBeNull());

    expect(writes()).toEqual([
      ['PATCH', '/api/plant-list/lines/101', { quantity: 60 }],
      ['DELETE', '/api/plant-list/lines/103', undefined],
    ]);
    // A signed-in buyer's list is the server's: the page never reads genera to compare.
    expect(seen.some((request) => request.url.pathname.startsWith('/api/catalogue'))).toBe(false);
  });

  it('waits for the quantity being typed to be saved before it goes to the quote', async () => {
    const { writes, hold, release } = serverList([
      { id: 101, catalogue_item_id: acer.id, quantity: 5, snapshot: acer, current: acer, available: true, changed: false },
    ]);
    const { router } = await renderWithSession(<PlantListPage />, '/plant-list');
    const quantity = await screen.findByLabelText(/Quantity of Acer/);
    hold.on = true;
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '999');
    await userEvent.click(screen.getByRole('link', { name: 'Request a quote' }));
    await waitFor(() => expect(writes()).toEqual([['PATCH', '/api/plant-list/lines/101', { quantity: 999 }]]));
    expect(router.state.location.pathname).toBe('/plant-list');
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/plant-list/quote'));
  });

  it('sends a pending quantity with a keepalive request when the tab is hidden, and keeps the cached list in step', async () => {
    serverList([{ id: 101, catalogue_item_id: acer.id, quantity: 5, snapshot: acer, current: acer, available: true, changed: false }]);
    // The page's own load hands out the token (src/http/csrf.ts): there is no time to ask for one.
    document.cookie = 'XSRF-TOKEN=t0ken; path=/';
    const { store } = await renderWithSession(<PlantListPage />);
    const quantity = await screen.findByLabelText(/Quantity of Acer/);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '77');
    const calls = vi.mocked(fetch).mock.calls.length;
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    delete (document as { visibilityState?: string }).visibilityState;
    // Started inside the event, not after a timer or a promise: the page may be gone next.
    const [url, init] = vi.mocked(fetch).mock.calls[calls]!;
    expect([String(url), init?.method, init?.keepalive, init?.body]).toEqual([
      'http://localhost:3000/api/plant-list/lines/101',
      'PATCH',
      true,
      JSON.stringify({ quantity: 77 }),
    ]);
    expect(new Headers(init?.headers).get('X-XSRF-TOKEN')).toBe('t0ken');
    expect(plantListApi.endpoints.getPlantList.select(true)(store.getState()).data?.lines[0]?.quantity).toBe(77);
  });

  it('saves a pending quantity when the buyer follows a link away', async () => {
    const { writes } = serverList([
      { id: 101, catalogue_item_id: acer.id, quantity: 5, snapshot: acer, current: acer, available: true, changed: false },
    ]);
    const { unmount } = await renderWithSession(<PlantListPage />);
    const quantity = await screen.findByLabelText(/Quantity of Acer/);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '31');
    unmount();
    await waitFor(() => expect(writes()).toEqual([['PATCH', '/api/plant-list/lines/101', { quantity: 31 }]]));
  });

  it("shows an approved trade buyer each line's price, break saving and total, and the estimated total excl. VAT as typed", async () => {
    const trade = {
      price_pence: 250,
      price_breaks: [{ min_quantity: 100, price_pence: 199 }],
      stock_status: 'in_stock' as const,
      stock_quantity: 5000,
      ready_from: null,
    };
    const unpriced = { price_pence: null, price_breaks: [], stock_status: null, stock_quantity: null, ready_from: null };
    serverList([
      { id: 101, catalogue_item_id: acer.id, quantity: 100, snapshot: acer, current: { ...acer, trade }, available: true, changed: false },
      {
        id: 102,
        catalogue_item_id: betula.id,
        quantity: 4,
        snapshot: betula,
        current: { ...betula, trade },
        available: true,
        changed: false,
      },
      {
        id: 103,
        catalogue_item_id: corylus.id,
        quantity: 12,
        snapshot: corylus,
        current: { ...corylus, trade: unpriced },
        available: true,
        changed: false,
      },
    ]);
    await renderWithSession(<PlantListPage />);
    await screen.findByRole('heading', { name: 'Acer campestre' });
    expect(line('Acer campestre')).toHaveTextContent('£1.99 each (100+ price, saves £51.00) · Line total £199.00 · In stock (5,000)');
    expect(line('Betula pendula')).toHaveTextContent('£2.50 each · Line total £10.00');
    expect(line('Corylus avellana')).toHaveTextContent('Price on request');
    expect(screen.getByText(/Estimated total/)).toHaveTextContent(
      'Estimated total £209.00 excl. VAT (not including 1 line priced on request).',
    );

    await userEvent.clear(within(line('Betula pendula')).getByLabelText(/Quantity of Betula/));
    await userEvent.type(within(line('Betula pendula')).getByLabelText(/Quantity of Betula/), '1000');
    expect(line('Betula pendula')).toHaveTextContent('£1.99 each (100+ price, saves £510.00) · Line total £1,990.00');
    expect(screen.getByText(/Estimated total/)).toHaveTextContent('Estimated total £2,189.00 excl. VAT');
  });
});

describe('PlantListPage, when another buyer signs in on the same tab', () => {
  it('reads the new buyer’s list rather than keeping the one cached for the buyer before', async () => {
    const lists: Record<number, PlantListLineData[]> = {
      7: [{ id: 101, catalogue_item_id: acer.id, quantity: 5, snapshot: acer, current: acer, available: true, changed: false }],
      8: [{ id: 201, catalogue_item_id: betula.id, quantity: 9, snapshot: betula, current: betula, available: true, changed: false }],
    };
    let signedInAs = 7;
    mockServer({
      'GET /api/user': () => json(buyer),
      'GET /api/plant-list': () => json({ lines: lists[signedInAs], count: 1 }),
    });
    const { store } = await renderWithSession(<PlantListPage />);
    await screen.findByRole('heading', { name: 'Acer campestre' });

    signedInAs = 8;
    act(() => {
      const next = { ...buyer.data, id: 8, email: 'sam@example.com' } as unknown as UserAccount;
      store.dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, next));
    });
    await screen.findByRole('heading', { name: 'Betula pendula' });
    expect(screen.queryByRole('heading', { name: 'Acer campestre' })).toBeNull();
  });
});
