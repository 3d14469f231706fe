import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogueLine } from '../../../../shared/api/catalogue.ts';
import type { ScheduleLine, ScheduleResult } from '../../../../shared/api/schedules.ts';
import { csrfCookie, json, mockServer } from '../../test/fetch.ts';
import { readGuestList, writeGuestList } from './guest-list.ts';
import { SchedulePage } from './schedule-page.tsx';
import { acer, buyer, renderWithSession } from './test-helpers.tsx';

afterEach(() => localStorage.clear());

const carpinus = (id: number, form: string, height: string): CatalogueLine => ({
  id,
  code: `CARBET-${form}-${height}`,
  genus: 'Carpinus',
  species: 'betulus',
  common_name: 'Hornbeam',
  form,
  height,
});
const taxus: CatalogueLine = {
  id: 31,
  code: 'TAXBAC-5L-4060',
  genus: 'Taxus',
  species: 'baccata',
  common_name: 'Yew',
  form: '5L',
  height: '40-60',
};

const lines: ScheduleLine[] = [
  {
    row: 1,
    text: 'Acer campestre 20-40 9cm 50',
    parsed: { name: 'Acer campestre', form: '9cm', height: '20-40' },
    quantity: 50,
    status: 'matched',
    match: { line: acer, confidence: 0.97 },
    candidates: [{ line: acer, confidence: 0.97 }],
    substitution: null,
  },
  {
    row: 2,
    text: 'Carpinus betulus 200',
    parsed: { name: 'Carpinus betulus', form: null, height: null },
    quantity: 200,
    status: 'ambiguous',
    match: null,
    candidates: [
      { line: carpinus(21, 'Bare root', '40-60'), confidence: 0.8 },
      { line: carpinus(22, '1L', '40-60'), confidence: 0.79 },
    ],
    substitution: null,
  },
  {
    row: 3,
    text: 'Taxus baccata 125-150cm RB 5',
    parsed: { name: 'Taxus baccata', form: 'Rootball', height: '125-150' },
    quantity: 5,
    status: 'substitutable',
    match: { line: taxus, confidence: 0.7 },
    candidates: [{ line: taxus, confidence: 0.7 }],
    substitution: '125-150 rootball asked, 40-60 5L offered',
  },
  {
    row: 4,
    text: 'Quercus imaginaria 10',
    parsed: { name: 'Quercus imaginaria', form: null, height: null },
    quantity: 10,
    status: 'not_stocked',
    match: null,
    candidates: [],
    substitution: null,
  },
];

const done = (name = 'Riverside park'): ScheduleResult => ({
  id: 'sch_abc123',
  name,
  status: 'done',
  line_count: lines.length,
  counts: { matched: 1, ambiguous: 1, substitutable: 1, not_stocked: 1 },
  lines,
  error: null,
});

const lineOf = (text: string) => screen.getByText(text).closest('li') as HTMLElement;

describe('SchedulePage', () => {
  it('a signed-in buyer pastes a schedule, picks a candidate, changes a quantity, leaves a line out and keeps it as a named list', async () => {
    const seen = mockServer({
      'GET /api/user': () => json(buyer),
      ...csrfCookie,
      'POST /api/schedules': () => json(done(), 201),
      'POST /api/plant-lists': ({ body }) =>
        json({ id: 9, name: (body as { name: string }).name, updated_at: '', lines: [], count: 3 }, 201),
    });
    const { router } = await renderWithSession(<SchedulePage />, '/plant-list/schedule');
    await userEvent.type(screen.getByLabelText('Or paste the schedule'), 'Acer campestre 20-40 9cm 50');
    await userEvent.click(screen.getByRole('button', { name: 'Match schedule' }));

    expect(await screen.findByRole('heading', { name: 'Check the lines of “Riverside park”' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?id=sch_abc123');
    expect(screen.getByLabelText('Summary')).toHaveTextContent(
      '4 lines read: 1 matched, 1 to choose, 1 substitute offered, 1 not stocked. 3 lines will go on the list.',
    );
    expect(lineOf('Taxus baccata 125-150cm RB 5')).toHaveTextContent('Substitute offered 125-150 rootball asked, 40-60 5L offered');
    expect(within(lineOf('Quercus imaginaria 10')).getByRole('checkbox', { name: 'Put on the list' })).not.toBeChecked();

    // Nothing chosen for the ambiguous line yet: it is marked and focused, nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Create plant list' }));
    const carpinusLine = within(lineOf('Carpinus betulus 200'));
    expect(carpinusLine.getByText('Choose one of the catalogue lines, or leave this line out.')).toBeInTheDocument();
    expect(carpinusLine.getByRole('radio', { name: /Carpinus betulus, Bare root, 40-60 cm/ })).toHaveFocus();
    expect(seen.some((request) => request.url.pathname === '/api/plant-lists')).toBe(false);

    await userEvent.click(carpinusLine.getByRole('radio', { name: /Carpinus betulus, 1L, 40-60 cm \(CARBET-1L-40-60\) 79% match/ }));
    const acerQuantity = within(lineOf('Acer campestre 20-40 9cm 50')).getByLabelText('Quantity of “Acer campestre”');
    await userEvent.clear(acerQuantity);
    await userEvent.type(acerQuantity, '75');
    await userEvent.click(within(lineOf('Taxus baccata 125-150cm RB 5')).getByRole('checkbox', { name: 'Put on the list' }));
    expect(screen.getByLabelText('Summary')).toHaveTextContent('2 lines will go on the list.');
    const listName = screen.getByLabelText(/Name of the new plant list/);
    expect(listName).toHaveValue('Riverside park');
    await userEvent.clear(listName);
    await userEvent.type(listName, 'Riverside park, phase 1');
    await userEvent.click(screen.getByRole('button', { name: 'Create plant list' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/plant-list'));
    const sent = seen.filter((request) => request.method === 'POST').map((request) => [request.url.pathname, request.body]);
    expect(sent).toEqual([
      ['/api/schedules', { text: 'Acer campestre 20-40 9cm 50' }],
      [
        '/api/plant-lists',
        {
          name: 'Riverside park, phase 1',
          lines: [
            { catalogue_item_id: acer.id, quantity: 75 },
            { catalogue_item_id: 22, quantity: 200 },
          ],
        },
      ],
    ]);
  });

  it('shows the server refusing the list name beside the name field', async () => {
    mockServer({
      'GET /api/user': () => json(buyer),
      ...csrfCookie,
      'GET /api/schedules/sch_abc123': () => json(done()),
      'POST /api/plant-lists': () =>
        json(
          { message: 'You already have a plant list with this name.', errors: { name: ['You already have a plant list with this name.'] } },
          422,
        ),
    });
    const { router } = await renderWithSession(<SchedulePage />, '/plant-list/schedule?id=sch_abc123');
    await screen.findByRole('heading', { name: 'Check the lines of “Riverside park”' });
    await userEvent.click(within(lineOf('Carpinus betulus 200')).getByRole('radio', { name: /Bare root/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create plant list' }));
    const name = screen.getByLabelText(/Name of the new plant list/);
    await waitFor(() => expect(name).toHaveAccessibleDescription('You already have a plant list with this name.'));
    expect(name).toHaveFocus();
    expect(router.state.location.pathname).toBe('/plant-list/schedule');
  });

  it('a guest uploads a file matched by the worker: progress, then the review, then the lines join the list in this browser', async () => {
    writeGuestList([{ catalogue_item_id: acer.id, quantity: 10, snapshot: acer }]);
    let asked = 0;
    const seen = mockServer({
      'GET /api/user': () => json({ message: 'Unauthenticated.' }, 401),
      ...csrfCookie,
      'POST /api/schedules': () =>
        json({ ...done(), status: 'matching', lines: [], counts: { matched: 0, ambiguous: 0, substitutable: 0, not_stocked: 0 } }, 202),
      'GET /api/schedules/sch_abc123': () => (++asked < 2 ? json({ ...done(), status: 'matching', lines: [] }) : json(done())),
    });
    const { router } = await renderWithSession(<SchedulePage />, '/plant-list/schedule');
    // The header has read the list (one line) before the schedule adds to it.
    await screen.findByRole('link', { name: 'Plant list, 1 line' });
    const file = new File(['Plant,Qty\nAcer campestre,50\n'], 'Riverside park.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Schedule file (XLSX or CSV)'), file);
    expect(screen.getByText('Chosen: Riverside park.csv')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Match schedule' }));

    expect(await screen.findByText('Matching 4 lines to the catalogue… this can take a moment.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Check the lines of “Riverside park”' }, { timeout: 4000 })).toBeInTheDocument();
    const upload = seen.find((request) => request.method === 'POST' && request.url.pathname === '/api/schedules')!;
    expect(upload.headers.get('Content-Type')).toMatch(/^multipart\/form-data/);
    // (jsdom's File reaches the fetch stand-in as an anonymous blob: only the field is checked here;
    // a browser sends the real file and its name.)
    expect(upload.body).toContain('name="file"');
    // A guest has no list name to give: the lines go to the browser's list.
    expect(screen.queryByLabelText(/Name of the new plant list/)).toBeNull();

    await userEvent.click(within(lineOf('Carpinus betulus 200')).getByRole('radio', { name: /Bare root/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create plant list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plant-list'));
    expect(readGuestList().map((line) => [line.catalogue_item_id, line.quantity, line.snapshot.code])).toEqual([
      [acer.id, 60, acer.code],
      [21, 200, 'CARBET-Bare root-40-60'],
      [taxus.id, 5, taxus.code],
    ]);
    // The cached list is read again: the header counts the new lines.
    expect(await screen.findByRole('link', { name: 'Plant list, 3 lines' })).toBeInTheDocument();
    expect(seen.some((request) => request.url.pathname === '/api/plant-lists')).toBe(false);
  });

  it('says why a schedule was refused, and keeps the form', async () => {
    mockServer({
      'GET /api/user': () => json({ message: 'Unauthenticated.' }, 401),
      ...csrfCookie,
      'POST /api/schedules': () =>
        json(
          { message: 'No column of this file reads as plant names.', errors: { file: ['No column of this file reads as plant names.'] } },
          422,
        ),
    });
    await renderWithSession(<SchedulePage />, '/plant-list/schedule');
    await userEvent.click(screen.getByRole('button', { name: 'Match schedule' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a schedule file, or paste the schedule’s lines.');
    await userEvent.upload(screen.getByLabelText('Schedule file (XLSX or CSV)'), new File(['x'], 'notes.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Match schedule' }));
    expect(await screen.findByText('No column of this file reads as plant names.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Match schedule' })).toBeInTheDocument();
  });
});
