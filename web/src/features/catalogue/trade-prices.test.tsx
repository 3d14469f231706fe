import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userChanged } from '../../lib/session/session.ts';
import { makeStore } from '../../lib/store.ts';
import { json, mockServer } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import type { CatalogueLine } from '../../../../shared/api/catalogue.ts';
import type { UserAccount } from '../../../../shared/api/users.ts';
import { CataloguePage } from './catalogue-page.tsx';
import { GenusPage, handle } from './genus-page.tsx';

const buyer: UserAccount = {
  id: 9,
  firstname: 'Pat',
  lastname: 'Grower',
  email: 'pat@example.com',
  role: 'user',
  email_verified_at: '2026-01-01T00:00:00.000Z',
  two_factor: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const plain: CatalogueLine[] = [
  { id: 2, code: 'ACECAM-2', genus: 'Acer', species: 'campestre', common_name: 'Field maple', form: '2L', height: '40-60' },
  { id: 3, code: 'ACEPLA-3', genus: 'Acer', species: 'platanoides', common_name: 'Norway maple', form: 'Bare root', height: '60-90' },
];
/** The same lines as the server answers an approved buyer. */
const priced: CatalogueLine[] = [
  {
    ...plain[0]!,
    trade: {
      price_pence: 125,
      price_breaks: [
        { min_quantity: 50, price_pence: 110 },
        { min_quantity: 1000, price_pence: 95 },
      ],
      stock_status: 'in_stock',
      stock_quantity: 1200,
      ready_from: null,
    },
  },
  {
    ...plain[1]!,
    trade: { price_pence: null, price_breaks: [], stock_status: 'ready_from', stock_quantity: null, ready_from: '2027-03-01' },
  },
];

const genus = (lines: CatalogueLine[]) => ({
  name: 'Acer',
  slug: 'acer',
  common_names: ['Field maple'],
  lines,
  updated_at: '2026-11-22T09:00:00Z',
});

/**
 * A server that answers the first `plainReads` reads plainly (the guest's server render) and later
 * ones priced (the buyer's own, with the session's cookie).
 */
function server(plainReads = 1) {
  let reads = 0;
  const next = () => (reads++ < plainReads ? plain : priced);
  return mockServer({
    'GET /api/catalogue/genera/acer': () => json({ data: genus(next()) }),
    'GET /api/catalogue': () => json({ results: next(), total: 2, facets: { genus: ['Acer'], form: [], height: [] } }),
    'GET /api/catalogue/downloads': () => json({ pdf: null, xlsx: null }),
  });
}

const page = { params: { slug: 'acer' }, url: new URL('http://localhost/catalogue/genus/acer') };

describe('trade prices in the catalogue', () => {
  it('a guest keeps the handed-over genus page: no second request, no price columns', async () => {
    const seen = server();
    const store = makeStore();
    await Promise.all(handle.prefetch!(page, store.dispatch));
    renderWithApp(<GenusPage />, { url: '/catalogue/genus/acer', path: '/catalogue/genus/:slug', store });
    expect(await screen.findByRole('cell', { name: 'platanoides' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Trade price' })).toBeNull();
    expect(seen.filter((request) => request.url.pathname === '/api/catalogue/genera/acer')).toHaveLength(1);
  });

  it('once the session names a signed-in buyer, the genus page asks again and shows price, breaks and availability', async () => {
    const seen = server();
    const store = makeStore();
    await Promise.all(handle.prefetch!(page, store.dispatch));
    renderWithApp(<GenusPage />, { url: '/catalogue/genus/acer', path: '/catalogue/genus/:slug', store });
    await screen.findByRole('cell', { name: 'platanoides' });
    act(() => {
      store.dispatch(userChanged(buyer));
    });
    const table = screen.getByRole('table');
    expect(await within(table).findByRole('columnheader', { name: 'Trade price' })).toBeInTheDocument();
    const cells = (species: string) =>
      [...within(table).getByRole('cell', { name: species }).closest('tr')!.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells('campestre').slice(6, 8)).toEqual(['£1.25 · 50+ £1.10 · 1,000+ £0.95', 'In stock (1,200)']);
    expect(cells('platanoides').slice(6, 8)).toEqual(['Price on request', 'Ready from 1 Mar 2027']);
    expect(seen.filter((request) => request.url.pathname === '/api/catalogue/genera/acer')).toHaveLength(2);
  });

  it('the catalogue search of a signed-in buyer (no handover) is asked as theirs and shows prices', async () => {
    const seen = server(0);
    const store = makeStore();
    store.dispatch(userChanged(buyer));
    renderWithApp(<CataloguePage />, { url: '/catalogue', store });
    expect(await screen.findByRole('columnheader', { name: 'Availability' })).toBeInTheDocument();
    expect(screen.getAllByText('Ready from 1 Mar 2027').length).toBeGreaterThan(0);
    expect(seen.filter((request) => request.url.pathname === '/api/catalogue').length).toBeGreaterThan(0);
  });
});
