import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../lib/store.ts';
import { json, mockServer } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { GenusPage, handle } from './genus-page.tsx';

const acer = {
  name: 'Acer',
  slug: 'acer',
  common_names: ['Field maple', 'Norway maple'],
  lines: [
    { id: 2, genus: 'Acer', species: 'campestre', common_name: 'Field maple', form: '2L', height: '40-60' },
    { id: 3, genus: 'Acer', species: 'platanoides', common_name: 'Norway maple', form: 'Bare root', height: '60-90' },
  ],
  updated_at: '2026-11-22T09:00:00Z',
};

function genusServer() {
  return mockServer({
    'GET /api/catalogue/genera/acer': () => json({ data: acer }),
  });
}

const page = (slug: string) => ({ params: { slug }, url: new URL(`http://localhost/catalogue/genus/${slug}`) });

describe('GenusPage', () => {
  it('shows the genus: heading, common names, number of lines, links, breadcrumbs and every line', async () => {
    const seen = genusServer();
    renderWithApp(<GenusPage />, { url: '/catalogue/genus/acer', path: '/catalogue/genus/:slug' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Acer');
    expect(seen[0]?.url.pathname).toBe('/api/catalogue/genera/acer');
    expect(screen.getByText('Field maple, Norway maple')).toBeInTheDocument();
    expect(screen.getByText(/We grow 2 lines of/)).toHaveTextContent('list updated 22 November 2026');
    expect(screen.getByRole('link', { name: 'PDF' })).toHaveAttribute('href', '/downloads/catalogue.pdf');
    expect(screen.getByRole('link', { name: 'search the full catalogue' })).toHaveAttribute('href', '/catalogue');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Catalogue', 'Acer']);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('cell', { name: 'platanoides' })).toBeInTheDocument();
    // The genus page does not link its own name.
    expect(within(table).queryByRole('link', { name: 'Acer' })).toBeNull();
  });

  it('meta: "Acer — wholesale …" title, a description naming the genus, the breadcrumb trail', async () => {
    genusServer();
    const store = makeStore();
    await Promise.all(handle.prefetch!(page('acer'), store.dispatch));
    const meta = handle.meta(page('acer'), store.getState());
    expect(meta.title).toBe('Acer — wholesale trees, shrubs and hedging');
    expect(meta.description).toMatch(/^Acer \(Field maple, Norway maple\) from Hothfield Nurseries/);
    expect(meta.breadcrumbs).toEqual([
      { name: 'Catalogue', path: '/catalogue' },
      { name: 'Acer', path: '/catalogue/genus/acer' },
    ]);
    expect(meta.notFound).toBeUndefined();
  });

  it('an unknown genus shows the not-found content and its meta says notFound', async () => {
    mockServer({ 'GET /api/catalogue/genera/nosuch': () => json({ message: 'Not found.' }, 404) });
    const store = makeStore();
    await Promise.all(handle.prefetch!(page('nosuch'), store.dispatch));
    expect(handle.meta(page('nosuch'), store.getState()).notFound).toBe(true);
    renderWithApp(<GenusPage />, { url: '/catalogue/genus/nosuch', path: '/catalogue/genus/:slug', store });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Error 404, Page Not Found');
  });
});
