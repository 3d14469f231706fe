import { screen } from '@testing-library/react';
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
    const labels = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
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
    expect(await screen.findByRole('link', { name: '01233 000000' })).toHaveAttribute('href', 'tel:01233000000');
  });
});
