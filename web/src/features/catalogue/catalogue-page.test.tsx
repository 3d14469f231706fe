import { screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { makeStore } from '../../lib/store.ts';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockServer } from '../../test/fetch.ts';
import type { SeenRequest } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { CataloguePage, handle } from './catalogue-page.tsx';

const rows = [
  { id: 1, genus: 'Fagus', species: 'sylvatica', common_name: 'Beech', form: 'Bare root', height: '60-90' },
  { id: 2, genus: 'Acer', species: 'campestre', common_name: 'Field maple', form: '2L', height: '40-60' },
];

function catalogueServer(total = 2, extra: Record<string, unknown> = {}): SeenRequest[] {
  return mockServer({
    'GET /api/widgets/CatalogueText': () => json({ id: 9, name: 'CatalogueText', type: 'TEXT', html: '<p>Our list.</p>' }),
    'GET /api/catalogue/downloads': () =>
      json({
        pdf: { url: '/downloads/catalogue.pdf', bytes: 86_016, generated_at: '2026-11-22T09:00:00Z', rows: 2 },
        xlsx: null,
      }),
    'GET /api/catalogue': () => json({ results: rows, total, facets: { genus: ['Acer', 'Fagus'], form: ['2L', 'Bare root'] }, ...extra }),
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
    expect(headers).toEqual(['Code', 'Genus', 'Species', 'Common name', 'Form', 'Height (cm)']);
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
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
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

describe('CataloguePage on a phone and without JavaScript', () => {
  it('puts the downloads and the search before the reading notes', async () => {
    catalogueServer();
    const { container } = renderWithApp(<CataloguePage />, { url: '/catalogue' });
    await screen.findByText('Our list.');
    const order = [...container.querySelectorAll('#catalogue-downloads, #catalogue-search, [data-widget="CatalogueText"]')].map(
      (element) => element.id || element.getAttribute('data-widget'),
    );
    expect(order).toEqual(['catalogue-downloads', 'catalogue-search', 'CatalogueText']);
  });

  it('is a plain GET form to /catalogue with named fields and a visible Search button', async () => {
    catalogueServer();
    renderWithApp(<CataloguePage />, { url: '/catalogue?q=acer&form=2L' });
    const form = screen.getByRole('search', { name: 'Catalogue' }) as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/catalogue');
    expect(Object.fromEntries(new FormData(form))).toEqual({ q: 'acer', genus: '', form: '2L', height: '' });
    expect(within(form).getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
    expect(within(form).getByRole('link', { name: 'Clear search and filters' })).toHaveAttribute('href', '/catalogue');
  });

  it('pages with real links that keep the filters', async () => {
    catalogueServer(120);
    renderWithApp(<CataloguePage />, { url: '/catalogue?form=2L&page=1' });
    await screen.findByRole('table');
    const pages = screen.getByRole('navigation', { name: 'Catalogue pages' });
    expect(within(pages).getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/catalogue?form=2L&page=2');
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/catalogue?form=2L');
    expect(within(pages).getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/catalogue?form=2L&page=2');
    expect(within(pages).getByText('2')).toHaveAttribute('aria-current', 'page');
  });

  it('says "No exact match … Showing Acer." with a link that searches for the genus', async () => {
    catalogueServer(2, { did_you_mean: ['Acer'] });
    renderWithApp(<CataloguePage />, { url: '/catalogue?q=Acre' });
    const hint = await screen.findByText(/No exact match for “Acre”\. Showing/);
    expect(hint).toHaveTextContent('No exact match for “Acre”. Showing Acer.');
    expect(within(hint).getByRole('link', { name: 'Acer' })).toHaveAttribute('href', '/catalogue?genus=Acer');
  });

  it('asks "Did you mean …?" when nothing matched', async () => {
    mockServer({ 'GET /api/catalogue': () => json({ results: [], total: 0, facets: {}, did_you_mean: ['Acer', 'Alnus'] }) });
    renderWithApp(<CataloguePage />, { url: '/catalogue?q=Acre&form=2L' });
    const hint = await screen.findByText(/Did you mean/);
    expect(hint).toHaveTextContent('Did you mean Acer or Alnus?');
    expect(within(hint).getByRole('link', { name: 'Alnus' })).toHaveAttribute('href', '/catalogue?genus=Alnus&form=2L');
  });

  it('links every genus to its page: the Browse by genus list and the names in the results', async () => {
    catalogueServer();
    renderWithApp(<CataloguePage />, { url: '/catalogue' });
    const browse = await screen.findByRole('navigation', { name: 'Browse by genus' });
    expect(within(browse).getByRole('link', { name: 'Acer' })).toHaveAttribute('href', '/catalogue/genus/acer');
    expect(within(browse).getByRole('link', { name: 'Fagus' })).toHaveAttribute('href', '/catalogue/genus/fagus');
    const table = screen.getByRole('table');
    expect(within(table).getByRole('link', { name: 'Fagus' })).toHaveAttribute('href', '/catalogue/genus/fagus');
  });

  it('prefetch asks for exactly what the page reads, so the hydrated page fetches nothing more', async () => {
    const seen = catalogueServer(120);
    const url = new URL('http://localhost/catalogue?q=%20sylv%20&form=Bare%20root&page=1');
    const store = makeStore();
    await Promise.all(handle.prefetch!({ params: {}, url }, store.dispatch));
    const before = seen.length;
    expect(before).toBe(3);

    const router = createMemoryRouter([{ path: '*', element: <CataloguePage /> }], { initialEntries: [url.pathname + url.search] });
    const html = renderToString(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    // Server-rendered with the data: the rows (table and phone list) and the notes.
    expect(html).toContain('sylvatica');
    expect(html).toContain('Our list.');
    expect(html).not.toContain('Loading the catalogue');

    renderWithApp(<CataloguePage />, { url: url.pathname + url.search, store });
    expect(screen.getAllByText('sylvatica').length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.length).toBe(before);
    expect(handle.meta({ params: {}, url }, store.getState()).title).toBe('Online Catalogue');
  });
});
