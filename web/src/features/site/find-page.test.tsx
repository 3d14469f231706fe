import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SiteInfo } from '../../lib/api/site-api.ts';
import { makeStore } from '../../lib/store.ts';
import { json, mockServer } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { FindPage, handle } from './find-page.tsx';

const site: SiteInfo = {
  name: 'Hothfield Nurseries Limited',
  shortName: 'Hothfield Nurseries',
  telephone: '01233 712 400',
  address: 'Station Road, Hothfield, Ashford, Kent, TN26 1AR',
  email: 'sales@example.com',
  companyNumber: '04567812',
  vatNumber: 'GB 812 4567 21',
  plantHealthNumber: 'GB-34567',
  postcode: 'TN26 1AR',
  geo: { latitude: 51.1634, longitude: 0.8047 },
  openingHours: [
    { days: ['Mo', 'Tu', 'We', 'Th', 'Fr'], opens: '07:30', closes: '16:30' },
    { days: ['Sa'], opens: '08:00', closes: '12:00' },
  ],
  url: 'https://nursery.example',
  logo: 'https://nursery.example/favicon.svg',
  image: 'https://nursery.example/favicon.svg',
  directionsUrl: 'https://www.google.com/maps/dir/?api=1&destination=51.1634,0.8047',
};

const server = () =>
  mockServer({
    'GET /api/site': () => json(site),
    'GET /api/widgets/FindText': () =>
      json({ id: 1, name: 'FindText', type: 'TEXT', html: '<h2>By road</h2><p>Leave the M20 at junction 9.</p>' }),
    'GET /api/widgets/FindImage': () =>
      json({
        id: 2,
        name: 'FindImage',
        type: 'IMAGE',
        image_url: '/media/widgets/map.png',
        srcset: { avif: '/m/480.avif 480w', webp: '/m/480.webp 480w', jpeg: '/m/480.jpeg 480w' },
        width: 1200,
        height: 800,
        alt: 'Map of the roads to the nursery',
      }),
  });

describe('FindPage', () => {
  it('links to directions to the yard in the same tab and lists the opening hours', async () => {
    server();
    renderWithApp(<FindPage />, { url: '/find' });
    const link = await screen.findByRole('link', { name: 'Get directions' });
    expect(link).toHaveAttribute('href', site.directionsUrl);
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(link).not.toHaveAttribute('target');
    const rows = [...document.querySelectorAll('dl > div')].map((row) => row.textContent);
    expect(rows).toEqual(['Monday – Friday07:30–16:30', 'Saturday08:00–12:00']);
    expect(await screen.findByRole('heading', { name: 'By road' })).toBeInTheDocument();
    const map = await screen.findByRole('img', { name: 'Map of the roads to the nursery' });
    expect(map.getAttribute('sizes')).toMatch(/100vw$/);
  });

  it('prefetches everything its first render needs, so a server render is complete and the browser fetches nothing more', async () => {
    const seen = server();
    const store = makeStore();
    await Promise.all(handle.prefetch!({ params: {}, url: new URL('https://nursery.example/find') }, store.dispatch));
    const fetched = seen.length;
    renderWithApp(<FindPage />, { url: '/find', store });
    // Present on the first render, without waiting.
    expect(screen.getByRole('link', { name: 'Get directions' })).toHaveAttribute('href', site.directionsUrl);
    expect(screen.getByRole('heading', { name: 'By road' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Map of the roads to the nursery' })).toHaveAttribute('srcset', '/m/480.jpeg 480w');
    expect(seen).toHaveLength(fetched);
  });

  it('describes the page from the business details, with its breadcrumb', async () => {
    server();
    const store = makeStore();
    const page = { params: {}, url: new URL('https://nursery.example/find') };
    expect(handle.meta(page, store.getState()).description).toMatch(/TN26 1AR/); // before the details load
    await Promise.all(handle.prefetch!(page, store.dispatch));
    expect(handle.meta(page, store.getState())).toEqual({
      title: 'How To Find Us',
      description: 'Directions and opening hours for Hothfield Nurseries, Station Road, Hothfield, Ashford, Kent, TN26 1AR.',
      breadcrumbs: [{ name: 'How to find us', path: '/find' }],
    });
  });
});
