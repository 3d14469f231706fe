import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './browser.ts';

const navItems = ['Home', 'About', 'Product Listing / Online Catalogue', 'How To Find Us', 'Shows', 'Contact'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('navigation', () => {
  it('desktop: shows every nav item and navigates without a reload, scrolled to the top', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    const nav = page.getByRole('navigation', { name: /main/i });
    for (const item of navItems) await expect(nav.getByRole('link', { name: item, exact: true }).isVisible()).resolves.toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await nav.getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL('**/about');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('phone: the hamburger toggles the menu open and closed, and works from the keyboard', async () => {
    const context = await newContext(browser, 'phone');
    const page = await context.newPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    const toggle = page.getByRole('button', { name: /menu/i });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    const menuLink = page.getByRole('link', { name: 'How To Find Us', exact: true });
    await expect(menuLink.isVisible()).resolves.toBe(false);
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await menuLink.waitFor({ state: 'visible' });
    await screenshot(page, 'mobile-menu-open-phone');
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await menuLink.waitFor({ state: 'hidden' });

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await menuLink.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/find');
    await expect(page.getByRole('button', { name: /menu/i }).getAttribute('aria-expanded')).resolves.toBe('false');
    await context.close();
  });

  it('home slider: fades between gallery 3 slides every 6 s, 500 px tall, no navigation buttons', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    const slider = page.locator('.swiper').first();
    await slider.waitFor();
    await expect(slider.evaluate((el) => el.classList.contains('swiper-fade'))).resolves.toBe(true);
    await expect(slider.evaluate((el) => Math.round(el.getBoundingClientRect().height))).resolves.toBe(500);
    await expect(page.locator('.swiper-button-next, .swiper-button-prev').count()).resolves.toBe(0);
    // First slide eager, the rest lazy; every image has width/height and a <picture> with AVIF/WebP.
    const images = page.locator('.swiper picture img');
    await expect(images.first().getAttribute('loading')).resolves.toBe('eager');
    expect(await images.count()).toBeGreaterThan(1);
    await expect(images.nth(1).getAttribute('loading')).resolves.toBe('lazy');
    await expect(page.locator('.swiper picture source[type="image/avif"]').count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Find Out More' }).first().isVisible()).resolves.toBe(true);

    const active = () => page.locator('.swiper-slide-active').getAttribute('data-slide');
    const first = await active();
    await page.mouse.move(640, 250); // hovering must not pause it
    await page.waitForTimeout(5_000);
    await expect(active()).resolves.toBe(first);
    await expect.poll(active, { timeout: 4_000, interval: 250 }).not.toBe(first);
    await context.close();
  });
});
