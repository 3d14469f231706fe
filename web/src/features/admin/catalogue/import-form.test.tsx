import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { fakeServer, reply, requestsTo } from '../test/fake-server.ts';
import { isGenerating } from './downloads-status.tsx';
import { ImportForm } from './import-form.tsx';

const csv = () => new File(['Genus,Species,Form,Height\nFagus,sylvatica,Bare root,60-90\n'], 'catalogue.csv', { type: 'text/csv' });

describe('ImportForm', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists every bad row the server names, and reports nothing imported', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onImported = vi.fn();
    const seen = fakeServer({
      'POST /api/catalogue/import/preview': () =>
        reply(
          {
            message: 'Row 3: The form field must be one of… (and 1 more error)',
            errors: { rows: ['Row 3: The form field must be one of: Bare root, 9cm, 1L.', 'Row 7: The species field is required.'] },
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderWithApp(<ImportForm onImported={onImported} />);
    await user.upload(screen.getByLabelText('Spreadsheet file'), csv());
    await user.click(screen.getByRole('button', { name: 'Preview import' }));

    const alert = (await screen.findByText(/Nothing was imported/)).closest<HTMLElement>('[role="alert"]')!;
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Row 3: The form field must be one of: Bare root, 9cm, 1L.', 'Row 7: The species field is required.']);
    expect(onImported).not.toHaveBeenCalled();
    expect(requestsTo(seen, 'POST /api/catalogue/import/preview')[0]?.headers.get('Content-Type')).toMatch(/^multipart\/form-data/);
    expect(requestsTo(seen, 'POST /api/catalogue/import')).toEqual([]);
  });

  it('shows a file-level error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeServer({
      'POST /api/catalogue/import/preview': () =>
        reply({ message: 'x', errors: { file: ['The file must be an Excel workbook (.xlsx) or a CSV file.'] } }, 415),
    });
    const user = userEvent.setup();
    renderWithApp(<ImportForm onImported={() => {}} />);
    await user.upload(screen.getByLabelText('Spreadsheet file'), csv());
    await user.click(screen.getByRole('button', { name: 'Preview import' }));
    expect(await screen.findByText('The file must be an Excel workbook (.xlsx) or a CSV file.')).toBeInTheDocument();
  });

  it('previews what would change, imports only on confirm with the preview token, and says how many rows were imported', async () => {
    const onImported = vi.fn();
    const line = (genus: string, common_name = '') => ({
      code: `${genus.slice(0, 3).toUpperCase()}SYL-BR-6090`,
      genus,
      species: 'sylvatica',
      common_name,
      form: 'Bare root',
      height: '60-90',
    });
    const seen = fakeServer({
      'POST /api/catalogue/import/preview': () =>
        reply({
          token: '7.abc',
          counts: { added: 1, changed: 1, retired: 2, reinstated: 1, unchanged: 408 },
          added: [{ ...line('Fagus'), code: '' }],
          changed: [{ before: line('Carpinus', 'Hornbeam'), after: line('Carpinus', 'Common hornbeam') }],
          retired: [line('Ilex'), line('Taxus')],
          reinstated: [line('Quercus')],
        }),
      'POST /api/catalogue/import': () => reply({ imported: 410 }),
    });
    const user = userEvent.setup();
    renderWithApp(<ImportForm onImported={onImported} />);
    await user.upload(screen.getByLabelText('Spreadsheet file'), csv());
    await user.click(screen.getByRole('button', { name: 'Preview import' }));

    expect(await screen.findByText(/^Importing catalogue.csv would/)).toHaveTextContent(
      'Importing catalogue.csv would add 1 row, change 1 row, retire 2 rows and reinstate 1 row (408 rows stay as they are). ' +
        "Retired rows leave the catalogue but stay on buyers' lists and quotes. Nothing has changed yet.",
    );
    expect(
      screen.getByText(
        'CARSYL-BR-6090 Carpinus sylvatica (Hornbeam), Bare root, 60-90 → CARSYL-BR-6090 Carpinus sylvatica (Common hornbeam), Bare root, 60-90',
      ),
    ).toBeVisible();
    expect(screen.getByText('TAXSYL-BR-6090 Taxus sylvatica, Bare root, 60-90')).toBeVisible();
    expect(screen.getByText('Fagus sylvatica, Bare root, 60-90')).toBeVisible();
    expect(screen.getByText('Reinstated: 1 row')).toBeVisible();
    expect(requestsTo(seen, 'POST /api/catalogue/import')).toEqual([]);
    expect(onImported).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Update the catalogue from catalogue.csv' }));
    expect(await screen.findByText('Imported 410 rows')).toBeInTheDocument();
    const body = requestsTo(seen, 'POST /api/catalogue/import')[0]!.body as FormData;
    expect(body.get('token')).toBe('7.abc');
    expect(body.has('file')).toBe(true);
    expect(onImported).toHaveBeenCalledOnce();
  });

  it('offers the staff workbook, and shows prices in pounds in the preview, so a change of price alone shows', async () => {
    const trade = (price_pence: number) => ({
      price_pence,
      price_breaks: [{ min_quantity: 50, price_pence: 240 }],
      stock_status: 'in_stock' as const,
      stock_quantity: 5000,
      ready_from: null,
    });
    const line = { code: 'CARBET-BR-6090', genus: 'Carpinus', species: 'betulus', common_name: '', form: 'Bare root', height: '60-90' };
    fakeServer({
      'POST /api/catalogue/import/preview': () =>
        reply({
          token: '7.abc',
          counts: { added: 0, changed: 1, retired: 0, reinstated: 0, unchanged: 3 },
          added: [],
          changed: [{ before: { ...line, trade: trade(250) }, after: { ...line, trade: trade(275) } }],
          retired: [],
          reinstated: [],
        }),
    });
    const user = userEvent.setup();
    renderWithApp(<ImportForm onImported={() => {}} />);
    expect(screen.getByRole('link', { name: 'Download staff workbook' })).toHaveAttribute('href', '/api/admin/catalogue/workbook.xlsx');
    await user.upload(screen.getByLabelText('Spreadsheet file'), csv());
    await user.click(screen.getByRole('button', { name: 'Preview import' }));
    expect(
      await screen.findByText(
        'CARBET-BR-6090 Carpinus betulus, Bare root, 60-90 — £2.50 · 50+ £2.40, In stock (5,000) → CARBET-BR-6090 Carpinus betulus, Bare root, 60-90 — £2.75 · 50+ £2.40, In stock (5,000)',
      ),
    ).toBeVisible();
  });

  it('Cancel drops the preview without importing', async () => {
    const seen = fakeServer({
      'POST /api/catalogue/import/preview': () =>
        reply({
          token: '7.abc',
          counts: { added: 0, changed: 0, retired: 5, reinstated: 0, unchanged: 0 },
          added: [],
          changed: [],
          retired: [],
          reinstated: [],
        }),
    });
    const user = userEvent.setup();
    renderWithApp(<ImportForm onImported={() => {}} />);
    await user.upload(screen.getByLabelText('Spreadsheet file'), csv());
    await user.click(screen.getByRole('button', { name: 'Preview import' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: /^Update the catalogue/ })).not.toBeInTheDocument();
    expect(requestsTo(seen, 'POST /api/catalogue/import')).toEqual([]);
  });
});

describe('isGenerating', () => {
  const file = (at: string) => ({ url: '/downloads/catalogue.pdf', bytes: 1000, rows: 10, revision: 1, generated_at: at });
  const changedAt = Date.parse('2026-11-22T14:03:00Z');

  it('waits until both files were generated after the change', () => {
    expect(isGenerating(undefined, null)).toBe(false);
    expect(isGenerating({ pdf: file('2026-11-22T14:00:00Z'), xlsx: file('2026-11-22T14:00:00Z') }, changedAt)).toBe(true);
    expect(isGenerating({ pdf: file('2026-11-22T14:03:01Z'), xlsx: file('2026-11-22T14:00:00Z') }, changedAt)).toBe(true);
    expect(isGenerating({ pdf: file('2026-11-22T14:03:01Z'), xlsx: file('2026-11-22T14:03:01Z') }, changedAt)).toBe(false);
    expect(isGenerating({ pdf: null, xlsx: null }, changedAt)).toBe(true);
  });
});
