import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlantListLine, PlantListSummaries } from '../../../../shared/api/plant-lists.ts';
import { csrfCookie, json, mockServer } from '../../test/fetch.ts';
import { PlantListPage } from './plant-list-page.tsx';
import { acer, betula, buyer, renderWithSession } from './test-helpers.tsx';

afterEach(() => localStorage.clear());

const lineOf = (id: number, item: typeof acer, quantity: number): PlantListLine => ({
  id,
  catalogue_item_id: item.id,
  quantity,
  snapshot: item,
  current: item,
  available: true,
  changed: false,
});

/** A buyer with named lists on a fake server that keeps them: the default list is the one shown. */
function serverWithLists(initial: { id: number; name: string; lines: PlantListLine[] }[], defaultId: number) {
  let lists = initial.map((list) => ({ ...list }));
  let shown = defaultId;
  const summaries = (): PlantListSummaries => ({
    lists: lists.map(({ id, name, lines }) => ({ id, name, line_count: lines.length, updated_at: '2026-11-27T09:00:00.000Z' })),
    default_id: lists.length ? shown : null,
  });
  const seen = mockServer({
    'GET /api/user': () => json(buyer),
    ...csrfCookie,
    'GET /api/plant-lists': () => json(summaries()),
    'GET /api/plant-list': () => {
      const list = lists.find((kept) => kept.id === shown);
      return json({ lines: list?.lines ?? [], count: list?.lines.length ?? 0 });
    },
    'POST /api/plant-lists/2/use': () => {
      shown = 2;
      return json(null, 204);
    },
    'POST /api/plant-lists': ({ body }) => {
      const { name } = body as { name: string };
      if (lists.some((list) => list.name.toLowerCase() === name.trim().toLowerCase()))
        return json({ message: 'Taken.', errors: { name: ['You already have a plant list with this name.'] } }, 422);
      const created = { id: 3, name: name.trim(), lines: [] };
      lists = [...lists, created];
      shown = 3;
      return json({ ...created, updated_at: '', count: 0 }, 201);
    },
    'PATCH /api/plant-lists/2': ({ body }) => {
      lists = lists.map((list) => (list.id === 2 ? { ...list, name: (body as { name: string }).name } : list));
      return json({ ...lists.find((list) => list.id === 2), updated_at: '', count: 1 });
    },
    'DELETE /api/plant-lists/2': () => {
      lists = lists.filter((list) => list.id !== 2);
      shown = 1;
      return json(null, 204);
    },
  });
  return {
    writes: () =>
      seen.filter((r) => r.method !== 'GET' && r.url.pathname !== '/sanctum/csrf-cookie').map((r) => [r.method, r.url.pathname, r.body]),
  };
}

describe('the plant list page with several named lists', () => {
  const two = [
    { id: 1, name: 'My plant list', lines: [lineOf(101, acer, 5)] },
    { id: 2, name: 'Riverside park', lines: [lineOf(201, betula, 40)] },
  ];

  it('switches to another list, renames it and deletes it after asking', async () => {
    const { writes } = serverWithLists(two, 1);
    await renderWithSession(<PlantListPage />, '/plant-list');
    const choice = await screen.findByLabelText('Showing list');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['My plant list (1 line)', 'Riverside park (1 line)']);
    expect(await screen.findByRole('heading', { name: 'Acer campestre' })).toBeInTheDocument();

    await userEvent.selectOptions(choice, 'Riverside park (1 line)');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('heading', { name: 'Betula pendula' })).toBeInTheDocument();
    expect(screen.getByText('Showing “Riverside park”.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const name = screen.getByLabelText(/New name for “Riverside park”/);
    expect(name).toHaveFocus();
    await userEvent.clear(name);
    await userEvent.type(name, 'Riverside park, phase 1{Enter}');
    expect(await screen.findByText('Renamed to “Riverside park, phase 1”.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the list “Riverside park, phase 1”?' });
    expect(dialog).toHaveTextContent('Its 1 line will be removed. Your other lists stay as they are.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete list' }));
    expect(await screen.findByText('“Riverside park, phase 1” deleted.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Acer campestre' })).toBeInTheDocument();
    // One list left: the page is as it was, with only "New list".
    await waitFor(() => expect(screen.queryByLabelText('Showing list')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();

    expect(writes()).toEqual([
      ['POST', '/api/plant-lists/2/use', undefined],
      ['PATCH', '/api/plant-lists/2', { name: 'Riverside park, phase 1' }],
      ['DELETE', '/api/plant-lists/2', undefined],
    ]);
  });

  it('creates a new list, saying why a name is refused', async () => {
    const { writes } = serverWithLists([two[0]!], 1);
    await renderWithSession(<PlantListPage />, '/plant-list');
    expect(await screen.findByRole('heading', { name: 'Acer campestre' })).toBeInTheDocument();
    // One list: no switcher, no rename or delete.
    expect(screen.queryByLabelText('Showing list')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'New list' }));
    const name = screen.getByLabelText(/Name of the new list/);
    await userEvent.type(name, 'my plant list{Enter}');
    await waitFor(() => expect(name).toHaveAccessibleDescription(/You already have a plant list with this name\./));
    await userEvent.clear(name);
    await userEvent.type(name, 'Orchard{Enter}');
    expect(await screen.findByText('“Orchard” created: it is empty and shown below.')).toBeInTheDocument();
    expect(await screen.findByText(/Your plant list is empty/)).toBeInTheDocument();
    expect(await screen.findByLabelText('Showing list')).toHaveDisplayValue('Orchard (0 lines)');
    expect(writes().map(([method, path]) => `${method} ${path}`)).toEqual(['POST /api/plant-lists', 'POST /api/plant-lists']);
  });

  it('links to the schedule upload', async () => {
    serverWithLists([two[0]!], 1);
    await renderWithSession(<PlantListPage />, '/plant-list');
    expect(await screen.findByRole('link', { name: 'Upload a planting schedule' })).toHaveAttribute('href', '/plant-list/schedule');
  });
});
