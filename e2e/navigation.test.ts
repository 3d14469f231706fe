import { describe, expect, it } from 'vitest';
import { newContext, screenshot } from './browser.ts';
import { browserForThisFile } from './file-setup.ts';

const navItems = ['Home', 'About', 'Product Listing / Online Catalogue', 'How To Find Us', 'Shows', 'Contact'];

const browser = browserForThisFile();

describe('navigation', () => {
  it('desktop: shows every nav item and navigates without a reload, scrolled to the top', async () => {
    const context = await newContext(browser(), 'desktop');
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

  it('catalogue lines, the genus index and the footer: their plain links are followed inside the app, a new-tab click is left to the browser', async () => {
    const context = await newContext(browser(), 'phone');
    const page = await context.newPage();
    await page.goto('/catalogue', { waitUntil: 'networkidle' });
    // Hydrated: the lines' "Add to list" buttons wait for the app.
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: /^Add to list/ })
          .first()
          .isEnabled(),
      )
      .toBe(true);
    // A document load would forget this.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const lines = page.getByRole('table', { name: /^Plants \d/ });
    await lines.getByRole('link', { name: 'Acer' }).first().click();
    await page.waitForURL('**/catalogue/genus/acer');
    await page.getByRole('heading', { level: 1, name: /Acer/ }).waitFor();
    await page.goBack();
    await page.getByRole('navigation', { name: 'Browse by genus' }).getByRole('link', { name: 'Betula' }).click();
    await page.waitForURL('**/catalogue/genus/betula');
    await page.getByRole('heading', { level: 1, name: /Betula/ }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/legal/privacy');
    await expect(page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).resolves.toBe(true);
    // Ctrl+click opens a new tab, as with any link: the app does not take it over.
    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      page
        .getByRole('contentinfo')
        .getByRole('link', { name: 'Cookie Policy' })
        .click({ modifiers: ['Control'] }),
    ]);
    await opened.waitForURL('**/cookies');
    expect(page.url()).toMatch(/\/legal\/privacy$/);
    await context.close();
  });

  it('phone: the hamburger toggles the menu open and closed, and works from the keyboard', async () => {
    const context = await newContext(browser(), 'phone');
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
    const context = await newContext(browser(), 'desktop');
    const page = await context.newPage();
    // The page runs on a fake clock, so "every 6 s" is checked exactly and whatever the machine's
    // load (the test used to wait 5 s, then up to 4 s more, for real).
    await page.clock.install();
    await page.goto('/', { waitUntil: 'networkidle' });
    const slider = page.locator('.swiper').first();
    await slider.waitFor();
    await expect(slider.evaluate((el) => Math.round(el.getBoundingClientRect().height))).resolves.toBe(500);
    await expect(page.locator('.swiper-button-next, .swiper-button-prev').count()).resolves.toBe(0);
    // First slide eager, and the only picture in the page until the visitor interacts or the
    // slider is about to rotate; every image has width/height and a <picture> with AVIF/WebP.
    const images = page.locator('.swiper picture img');
    await expect(images.first().getAttribute('loading')).resolves.toBe('eager');
    expect(await images.count()).toBe(1);
    await expect(page.locator('.swiper picture source[type="image/avif"]').count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Find Out More' }).first().isVisible()).resolves.toBe(true);

    const active = () => page.locator('.swiper-slide-active').getAttribute('data-slide');
    // Stop the clock, then move it on in small steps until the first change: from then on the test
    // knows when the next 6 s start. The fade itself is a CSS transition (real time); Swiper arms
    // the next 6 s when it ends, so wait for that state before moving the clock again.
    const armed = () =>
      slider.evaluate((el) => {
        const swiper = (el as HTMLElement & { swiper: { animating: boolean; autoplay: { running: boolean; paused: boolean } } }).swiper;
        return !swiper.animating && swiper.autoplay.running && !swiper.autoplay.paused;
      });
    // The slideshow's code arrives shortly before the first rotation (REVEAL_BEFORE_ROTATION_MS).
    // Jump there and pause in one step: a separate runFor then pauseAt(now + 10) raced the page's
    // own (running) clock on a busy machine and asked to pause in the past.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 4_100);
    await expect.poll(armed, { timeout: 10_000 }).toBe(true);
    await expect(slider.evaluate((el) => el.classList.contains('swiper-fade'))).resolves.toBe(true);
    const first = await active();
    for (let step = 0; step < 30 && (await active()) === first; step++) await page.clock.runFor(250);
    const second = await active();
    expect(second).not.toBe(first);
    // The rotation brought the other slides' pictures in, lazily.
    expect(await images.count()).toBeGreaterThan(1);
    await expect(images.nth(1).getAttribute('loading')).resolves.toBe('lazy');
    // The fade ends on a real-time CSS transition, which a busy machine can hold up well past
    // the poll's default second; the clock is paused, so waiting longer changes nothing else.
    await expect.poll(armed, { timeout: 10_000 }).toBe(true);
    await page.mouse.move(640, 250); // hovering must not pause it
    await page.clock.runFor(5_900);
    await expect(active()).resolves.toBe(second);
    await page.clock.runFor(200);
    await expect.poll(active, { timeout: 10_000 }).not.toBe(second);
    await context.close();
  });
});
