import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CatalogueLineActionContext } from '../../components/catalogue-line-action.ts';
import type { CatalogueLineAction } from '../../components/catalogue-line-action.ts';
import type { CatalogueLine } from '../../../../shared/api/catalogue.ts';
import { CatalogueLines } from './catalogue-lines.tsx';

const rows: CatalogueLine[] = [
  { id: 1, code: 'ACECAM-1', genus: 'Acer', species: 'campestre', common_name: 'Field maple', form: '9cm', height: '20-40' },
  { id: 2, code: 'BETPEN-2', genus: 'Betula', species: 'pendula', common_name: '', form: '2L', height: 'Rootstock' },
];

const action: CatalogueLineAction = {
  Scope: ({ rows: scoped, children }) => (
    <div data-testid="scope" data-lines={scoped.map((row) => row.id).join(' ')}>
      {children}
    </div>
  ),
  Control: ({ row }) => <button type="button">{`Act on ${row.id}`}</button>,
};

describe('CatalogueLines and the per-line action', () => {
  it('writes each line once, with the provided action, inside one scope', () => {
    render(
      <MemoryRouter>
        <CatalogueLineActionContext.Provider value={action}>
          <CatalogueLines rows={rows} label="Results" />
        </CatalogueLineActionContext.Provider>
      </MemoryRouter>,
    );
    const table = screen.getByRole('table', { name: 'Results' });
    expect(within(table).getByRole('columnheader', { name: 'Plant list' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Act on 1', 'Act on 2']);
    // No second copy of the lines (the phone's cards are the same rows, laid out by CSS).
    expect(screen.getAllByRole('button')).toHaveLength(2);
    expect(screen.getAllByText('campestre')).toHaveLength(1);
    // One scope around the lines, given the lines it covers.
    expect(screen.getByTestId('scope')).toHaveAttribute('data-lines', '1 2');
  });

  it('shows no action column when none is provided', () => {
    render(
      <MemoryRouter>
        <CatalogueLines rows={rows} label="Results" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('columnheader', { name: 'Plant list' })).toBeNull();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
