import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { csrfCookie, json, mockServer } from '../../test/fetch.ts';
import { readGuestList, writeGuestList } from './guest-list.ts';
import { PlantListPage } from './plant-list-page.tsx';
import { acer, betula, buyer, renderWithSession } from './test-helpers.tsx';
import type { CatalogueLine } from '../../../../shared/api/catalogue.ts';

afterEach(() => localStorage.clear());

const corylus: CatalogueLine = { id: 13, code: 'CORAVE-BR-6090', genus: 'Corylus', species: 'avellana', common_name: 'Hazel', form: 'Bare root', height: '60-90' };

/** A guest whose catalogue still has Acer as added, has changed the Betula line, and no longer has Corylus. */
function guestWithCatalogue() {
  writeGuestList([
    { catalogue_item_id: acer.id, quantity: 5, snapshot: acer },
    { catalogue_item_id: betula.id, quantity: 8, snapshot: betula },
    { catalogue_item_id: corylus.id, quantity: 12, snapshot: corylus },
  ]);
  const genus = (lines: CatalogueLine[]) => () => json({ data: { name: lines[0]?.genus, slug: '', common_names: [], lines, updated_at: '2026-01-01T00:00:00Z' } });
  return mockServer({
    'GET /api/user': () => json({ message: 'Unauthenticated.' }, 401),
    'GET /api/catalogue/genera/acer': genus([acer]),
    'GET /api/catalogue/genera/betula': genus([{ ...betula, form: '3L' }]),
    'GET /api/catalogue/genera/corylus': () => json({ message: 'Not found.' }, 404),
  });
}

const line = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;

describe('PlantListPage, as a guest', () => {
  it('lists the lines and marks the ones the catalogue changed or removed, never dropping them', async () => {
    guestWithCatalogue();
    await renderWithSession(<PlantListPage />);
    expect(await screen.findByText(/3 lines\. Your list is kept in this browser/)).toBeInTheDocument();
    expect(within(line('Acer campestre')).getByLabelText('Quantity of Acer campestre, 9cm, 20-40 cm')).toHaveValue(5);
    await waitFor(() => expect(line('Betula pendula')).toHaveTextContent('Changed in the catalogue since you added it: now Betula pendula, 3L, 60-90 cm.'));
    expect(line('Corylus avellana')).toHaveTextContent('No longer available: Corylus avellana, Bare root, 60-90 cm (CORAVE-BR-6090)');
    expect(line('Acer campestre')).not.toHaveTextContent(/No longer|Changed/);
    expect(readGuestList()).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Request a quote' })).toHaveAttribute('href', '/plant-list/quote');
  });

  it('edits a quantity, refuses a bad one, removes a line and clears the list after confirming', async () => {
    guestWithCatalogue();
    await renderWithSession(<PlantListPage />);
    const acerLine = within(await screen.findByRole('heading', { name: 'Acer campestre' }).then((h) => h.closest('li') as HTMLElement));
    const quantity = acerLine.getByLabelText(/Quantity of Acer/);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    await userEvent.click(acerLine.getByRole('button', { name: 'Update quantity of Acer campestre, 9cm, 20-40 cm' }));
    expect(acerLine.getByText('Enter a whole number from 1 to 100,000.')).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity).toHaveAccessibleDescription('Enter a whole number from 1 to 100,000.');
    expect(readGuestList()[0]?.quantity).toBe(5);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '150');
    await userEvent.click(acerLine.getByRole('button', { name: /Update quantity of Acer/ }));
    expect(await screen.findByText('Acer campestre, 9cm, 20-40 cm: quantity now 150.')).toBeInTheDocument();
    expect(readGuestList()[0]?.quantity).toBe(150);
    expect(quantity).not.toHaveAttribute('aria-invalid');

    await userEvent.click(screen.getByRole('button', { name: 'Remove Betula pendula, 2L, 60-90 cm' }));
    expect(await screen.findByText('Removed Betula pendula, 2L, 60-90 cm.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Betula pendula' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Plant list', level: 1 })).toHaveFocus();
    expect(readGuestList().map((kept) => kept.catalogue_item_id)).toEqual([acer.id, corylus.id]);
    await screen.findByRole('link', { name: 'Plant list, 2 lines' });

    await userEvent.click(screen.getByRole('button', { name: 'Clear list' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear your plant list?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(readGuestList()).toHaveLength(2);
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
  it('shows the server list with its changed and removed lines, and edits and removes through the API', async () => {
    let lines = [
      { id: 101, catalogue_item_id: acer.id, quantity: 5, snapshot: acer, current: acer, available: true, changed: false },
      { id: 102, catalogue_item_id: betula.id, quantity: 8, snapshot: betula, current: { ...betula, height: '90-120' }, available: true, changed: true },
      // Retired: the server still has the line, and says it is no longer available.
      { id: 103, catalogue_item_id: corylus.id, quantity: 12, snapshot: corylus, current: { ...corylus, retired_at: '2026-11-20T10:00:00.000Z' }, available: false, changed: false },
    ];
    const seen = mockServer({
      'GET /api/user': () => json(buyer),
      ...csrfCookie,
      'GET /api/plant-list': () => json({ lines, count: lines.length }),
      'PATCH /api/plant-list/lines/101': ({ body }) => {
        lines = lines.map((kept) => (kept.id === 101 ? { ...kept, quantity: (body as { quantity: number }).quantity } : kept));
        return json({ data: lines[0] });
      },
      'DELETE /api/plant-list/lines/103': () => {
        lines = lines.filter((kept) => kept.id !== 103);
        return json(null, 204);
      },
    });
    await renderWithSession(<PlantListPage />);
    expect(await screen.findByText(/3 lines\. Your list is kept with your account\./)).toBeInTheDocument();
    expect(line('Betula pendula')).toHaveTextContent('now Betula pendula, 2L, 90-120 cm.');
    expect(line('Corylus avellana')).toHaveTextContent('No longer available: Corylus avellana, Bare root, 60-90 cm (CORAVE-BR-6090)');

    const quantity = within(line('Acer campestre')).getByLabelText(/Quantity of Acer/);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '60');
    await userEvent.click(within(line('Acer campestre')).getByRole('button', { name: /Update/ }));
    await screen.findByText('Acer campestre, 9cm, 20-40 cm: quantity now 60.');
    await userEvent.click(within(line('Corylus avellana')).getByRole('button', { name: /Remove/ }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Corylus avellana' })).toBeNull());

    const writes = seen.filter((request) => request.method !== 'GET').map((request) => [request.method, request.url.pathname, request.body]);
    expect(writes).toEqual([
      ['PATCH', '/api/plant-list/lines/101', { quantity: 60 }],
      ['DELETE', '/api/plant-list/lines/103', undefined],
    ]);
    // A signed-in buyer's list is the server's: the page never reads genera to compare.
    expect(seen.some((request) => request.url.pathname.startsWith('/api/catalogue'))).toBe(false);
  });
});
