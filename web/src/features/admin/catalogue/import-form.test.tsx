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
      'POST /api/catalogue/import': () =>
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
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const alert = (await screen.findByText(/Nothing was imported/)).closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Row 3: The form field must be one of: Bare root, 9cm, 1L.',
      'Row 7: The species field is required.',
    ]);
    expect(onImported).not.toHaveBeenCalled();
    expect(requestsTo(seen, 'POST /api/catalogue/import')[0]?.headers.get('Content-Type')).toMatch(/^multipart\/form-data/);
  });

  it('shows a file-level error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeServer({ 'POST /api/catalogue/import': () => reply({ message: 'x', errors: { file: ['The file must be an Excel workbook (.xlsx) or a CSV file.'] } }, 415) });
    const user = userEvent.setup();
    renderWithApp(<ImportForm onImported={() => {}} />);
    await user.upload(screen.getByLabelText('Spreadsheet file'), csv());
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The file must be an Excel workbook (.xlsx) or a CSV file.')).toBeInTheDocument();
  });

  it('says how many rows were imported', async () => {
    const onImported = vi.fn();
    fakeServer({ 'POST /api/catalogue/import': () => reply({ imported: 412 }) });
    const user = userEvent.setup();
    renderWithApp(<ImportForm onImported={onImported} />);
    await user.upload(screen.getByLabelText('Spreadsheet file'), csv());
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported 412 rows')).toBeInTheDocument();
    expect(onImported).toHaveBeenCalledOnce();
  });
});

describe('isGenerating', () => {
  const file = (at: string) => ({ url: '/downloads/catalogue.pdf', bytes: 1000, rows: 10, generated_at: at });
  const changedAt = Date.parse('2026-11-22T14:03:00Z');

  it('waits until both files were generated after the change', () => {
    expect(isGenerating(undefined, null)).toBe(false);
    expect(isGenerating({ pdf: file('2026-11-22T14:00:00Z'), xlsx: file('2026-11-22T14:00:00Z') }, changedAt)).toBe(true);
    expect(isGenerating({ pdf: file('2026-11-22T14:03:01Z'), xlsx: file('2026-11-22T14:00:00Z') }, changedAt)).toBe(true);
    expect(isGenerating({ pdf: file('2026-11-22T14:03:01Z'), xlsx: file('2026-11-22T14:03:01Z') }, changedAt)).toBe(false);
    expect(isGenerating({ pdf: null, xlsx: null }, changedAt)).toBe(true);
  });
});
