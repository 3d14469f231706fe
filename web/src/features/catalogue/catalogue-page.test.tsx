import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockServer } from '../../test/fetch.ts';
import type { SeenRequest } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { CataloguePage } from './catalogue-page.tsx';

const rows = [
  { id: 1, genus: 'Fagus', species: 'sylvatica', common_name: 'Beech', form: 'Bare root', height: '60-90' },
  { id: 2, genus: 'Acer', species: 'campestre', common_name: 'Field maple', form: '2L', height: '40-60' },
];

function catalogueServer(total = 2): SeenRequest[] {
  return mockServer({
    'GET /api/widgets/CatalogueText': () => json({ id: 9, name: 'CatalogueText', type: 'TEXT', html: '<p>Our list.</p>' }),
    'GET /api/catalogue/downloads': () =>
      json({
        pdf: { url: '/downloads/catalogue.pdf', bytes: 86_016, generated_at: '2026-11-22T09:00:00Z', rows: 2 },
        xlsx: null,
      }),
    'GET /api/catalogue': () => json({ results: rows, total, facets: { genus: ['Acer', 'Fagus'], form: ['2L', 'Bare root'] } }),
  });
}

const searches = (seen: SeenRequest[]) => seen.filter((r) => r.url.pathname === '/api/catalogue').map((r) => r.url.searchParams);

describe('CataloguePage', () => {
  it('shows the rows in a table with the spec’s columns', async () => {
    catalogueServer();
    renderWithApp(<CataloguePage />, { url: '/catalogue' });
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Genus', 'Species', 'Common name', 'Form', 'Height (cm)']);
    expect(within(table).getByRole('cell', { name: 'sylvatica' })).toBeInTheDocument();
  });

  it('offers the downloads with issue date and size, and says when one is still being prepared', async () => {
    catalogueServer();
    renderWithApp(<CataloguePage />, { url: '/catalogue' });
    const pdf = await screen.findByRole('link', { name: /Download PDF/ });
    expect(pdf).toHaveAttribute('href', '/downloads/catalogue.pdf');
    expect(pdf).toHaveTextContent('22 November 2026');
    expect(pdf).toHaveTextContent('84 KB');
    expect(screen.getByText(/Excel: The downloads are being prepared…/)).toBeInTheDocument();
  });

  it('writes the search and the filters to the URL and asks the server for them', async () => {
    const seen = catalogueServer(120);
    const user = userEvent.setup();
    const { router } = renderWithApp(<CataloguePage />, { url: '/catalogue' });
    await screen.findByRole('table');
    expect(searches(seen)[0]?.get('limit')).toBe('50');
    expect(searches(seen)[0]?.get('page')).toBe('0');

    await user.selectOptions(screen.getByLabelText('Form'), 'Bare root');
    expect(new URLSearchParams(router.state.location.search).get('form')).toBe('Bare root');

    await user.selectOptions(screen.getByLabelText('Genus'), 'Fagus');
    await user.selectOptions(screen.getByLabelText('Height (cm)'), '60-90');
    await user.type(screen.getByRole('searchbox'), 'sylv');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('sylv'));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ form: 'Bare root', genus: 'Fagus', height: '60-90', q: 'sylv' });

    await waitFor(() => expect(searches(seen).at(-1)?.get('q')).toBe('sylv'));
    const last = searches(seen).at(-1)!;
    expect(last.get('genus')).toBe('Fagus');
    expect(last.get('form')).toBe('Bare root');
    expect(last.get('height')).toBe('60-90');

    // Paging writes page=; a new filter goes back to the first page.
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('1');
    await waitFor(() => expect(searches(seen).at(-1)?.get('page')).toBe('1'));
    await user.selectOptions(screen.getByLabelText('Form'), '2L');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
  });

  it('restores the form from the URL', async () => {
    catalogueServer();
    renderWithApp(<CataloguePage />, { url: '/catalogue?q=acer&form=2L&height=40-60&genus=Acer' });
    expect(screen.getByRole('searchbox')).toHaveValue('acer');
    expect(screen.getByLabelText('Form')).toHaveValue('2L');
    expect(screen.getByLabelText('Height (cm)')).toHaveValue('40-60');
    expect(screen.getByLabelText('Genus')).toHaveValue('Acer');
  });

  it('says so when nothing matches', async () => {
    mockServer({ 'GET /api/catalogue': () => json({ results: [], total: 0, facets: {} }) });
    renderWithApp(<CataloguePage />, { url: '/catalogue?q=zzz' });
    expect(await screen.findByText('No plants match your search.')).toBeInTheDocument();
  });
});
