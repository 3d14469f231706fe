import { fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { siteApi } from '../../lib/api/site-api.ts';
import { makeStore } from '../../lib/store.ts';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockServer } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { SiteHeader } from './site-header.tsx';

const site = { name: 'Hothfield Nurseries Ltd', telephone: '01233 000000', address: 'Hothfield, Ashford, Kent, TN26 1AR' };

describe('SiteHeader', () => {
  it('lists the main menu items in order', () => {
    mockServer({ 'GET /api/site': () => json(site) });
    renderWithApp(<SiteHeader />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const labels = [...nav.querySelectorAll('li a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(labels).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Product Listing / Online Catalogue', '/catalogue'],
      ['How To Find Us', '/find'],
      ['Shows', '/shows'],
      ['Contact', '/contact'],
    ]);
  });

  it('toggles the mobile menu: aria-expanded flips, Escape and navigation close it', async () => {
    mockServer({ 'GET /api/site': () => json(site) });
    const { router } = renderWithApp(<SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-controls', 'main-menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // Keyboard: Enter opens, Escape closes and returns focus to the button.
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('link', { name: 'Shows' }));
    expect(router.state.location.pathname).toBe('/shows');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the telephone from /api/site', async () => {
    mockServer({ 'GET /api/site': () => json(site) });
    renderWithApp(<SiteHeader />);
    const links = await screen.findAllByRole('link', { name: '01233 000000' });
    // The wide bar's number, and the folded menu's.
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', 'tel:01233000000');
  });
});

describe('SiteHeader on a phone and without JavaScript', () => {
  it('offers tap-to-call by name, and the number inside the menu', async () => {
    mockServer({ 'GET /api/site': () => json(site) });
    renderWithApp(<SiteHeader />);
    expect(await screen.findByRole('link', { name: 'Call 01233 000000' })).toHaveAttribute('href', 'tel:01233000000');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: '01233 000000' })).toHaveAttribute('href', 'tel:01233000000');
  });

  it('server-renders the toggle as a link to #main-menu and the number, with the site info prefetched', async () => {
    mockServer({ 'GET /api/site': () => json(site) });
    const store = makeStore();
    await store.dispatch(siteApi.endpoints.getSite.initiate());
    const router = createMemoryRouter([{ path: '*', element: <SiteHeader /> }], { initialEntries: ['/'] });
    const html = renderToString(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const toggle = doc.querySelector('a[href="#main-menu"]');
    expect(toggle?.textContent).toBe('Menu');
    // No scripted state in the server's markup: nothing to disagree with at hydration.
    expect(toggle?.hasAttribute('role')).toBe(false);
    expect(doc.getElementById('main-menu')?.getAttribute('data-enhanced')).toBe('false');
    expect(doc.querySelector('a[aria-label="Call 01233 000000"]')?.getAttribute('href')).toBe('tel:01233000000');
  });

  it('once hydrated the link is a button that does not follow its href, and Space toggles it', () => {
    mockServer({ 'GET /api/site': () => json(site) });
    renderWithApp(<SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('href', '#main-menu');
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-enhanced', 'true');
    const followed = fireEvent.click(toggle);
    expect(followed).toBe(false);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(toggle, { key: ' ' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
