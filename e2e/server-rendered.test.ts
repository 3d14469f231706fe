import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newContext, screenshot, viewports, type ViewportName } from './browser.ts';
import { browserForThisFile } from './file-setup.ts';

/** The public pages and a phrase each must show (server-rendered, so with or without JavaScript). */
const PAGES = [
  { path: '/', heading: 'Hothfield Nurseries, wholesale plant nursery in Kent' },
  { path: '/about', heading: 'About Hothfield Nurseries' },
  { path: '/shows', heading: 'Trade shows' },
  { path: '/catalogue', heading: 'Online Catalogue' },
  { path: '/catalogue/genus/acer', heading: 'Acer' },
  { path: '/find', heading: 'How to find us' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/terms', heading: 'Terms & Conditions' },
  { path: '/legal/privacy', heading: 'Privacy Policy' },
  { path: '/environmental', heading: 'Environmental Policy' },
  { path: '/biosecurity', heading: 'Plant Biosecurity Policy' },
  { path: '/cookies', heading: 'Cookie Policy' },
  { path: '/register', heading: 'Create Account' },
  { path: '/login', heading: 'Log In' },
  { path: '/forgot-password', heading: 'Forgot Password' },
  { path: '/verify-email', heading: 'Verify Your Email Address' },
  // Personal: rendered for the visitor who asks, who they are handed over with the page.
  { path: '/plant-list', heading: 'Plant list', personal: true },
];

/** Page data the server hands over: the browser must not fetch it again on the first load. */
const HANDED_OVER = /^\/api\/(widgets|galleries|catalogue)(\/|$)/;

const browser = browserForThisFile();

/** Every console message above "log", every page error, and every API path the page asked for. */
function watch(page: Page) {
  const problems: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname);
  });
  return { problems, apiCalls };
}

/** Resolves once React has taken over the server's HTML (its root container is marked). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
}

for (const viewport of Object.keys(viewports) as ViewportName[]) {
  describe(`with JavaScript on, at ${viewports[viewport].width} px`, () => {
    it.each(PAGES)(
      '$path hydrates the server HTML without a warning or a second fetch of its data',
      async ({ path, heading, personal }) => {
        const context = await newContext(browser(), viewport);
        const page = await context.newPage();
        const seen = watch(page);
        await page.goto(path, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ state: 'attached' });
        // Hydrated: React has taken over the server's HTML; a public page then asks who is signed in
        // (the one API call its first load makes), a personal page was handed that too.
        await hydrated(page);
        if (personal) expect(seen.apiCalls).not.toContain('/api/session');
        else await expect.poll(() => seen.apiCalls.includes('/api/session')).toBe(true);
        expect(seen.apiCalls.filter((call) => HANDED_OVER.test(call))).toEqual([]);
        expect(seen.problems).toEqual([]);
        await context.close();
      },
    );

    it.each(['/', '/about'])('%s starts its app only once its text and its first slide are on screen', async (path) => {
      const context = await newContext(browser(), viewport);
      const page = await context.newPage();
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      // The page's own script tag and what it imports up front (preloaded beside it): small. (Once
      // started, the app adds preloads of its own to the document, so the server's HTML is read.)
      const bootScripts = [...(await response!.text()).matchAll(/<(?:script|link)[^>]* (?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
        ([, src]) => new URL(src!, page.url()).href,
      );
      expect(bootScripts.length).toBeGreaterThan(0);
      await hydrated(page);
      const { firstContentfulPaint, leadPictureShown, appScriptsRequested } = await page.evaluate(async (bootScripts) => {
        // Element Timing entries are only read through an observer (buffered), not the timeline.
        const elementEntries = await new Promise<PerformanceEntryList>((resolve) =>
          new PerformanceObserver((entries, observer) => {
            observer.disconnect();
            resolve(entries.getEntries());
          }).observe({ type: 'element', buffered: true }),
        );
        const lead = elementEntries.find((entry) => (entry as PerformanceEntry & { identifier?: string }).identifier === 'lead-picture');
        return {
          firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
          leadPictureShown: lead?.startTime,
          // Every other script is the app (React and the rest), fetched when it starts.
          appScriptsRequested: performance
            .getEntriesByType('resource')
            .filter(({ name }) => name.endsWith('.js') && !bootScripts.includes(name))
            .map(({ startTime }) => startTime),
        };
      }, bootScripts);
      expect(leadPictureShown).toBeGreaterThan(0);
      expect(appScriptsRequested.length).toBeGreaterThan(0);
      expect(Math.min(...appScriptsRequested)).toBeGreaterThanOrEqual(firstContentfulPaint);
      expect(Math.min(...appScriptsRequested)).toBeGreaterThanOrEqual(leadPictureShown!);
      await context.close();
    });

    it('navigates on the client after hydration, and the new page sets its own title', async () => {
      const context = await newContext(browser(), viewport);
      const page = await context.newPage();
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
      if (viewport === 'phone') await page.getByRole('button', { name: /menu/i }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shows' }).click();
      await page.getByRole('heading', { level: 1, name: 'Trade shows' }).waitFor({ state: 'attached' });
      await expect.poll(() => page.title()).toBe('Shows | Hothfield Nurseries');
      expect(await page.evaluate(() => (window as unknown as { stillTheSameDocument?: boolean }).stillTheSameDocument)).toBe(true);
      await context.close();
    });
  });

  describe(`with JavaScript off, at ${viewports[viewport].width} px`, () => {
    const noScript = () => browser().newContext({ baseURL: inject('baseUrl'), viewport: viewports[viewport], javaScriptEnabled: false });

    it('reads every public page, with its navigation', async () => {
      const context = await noScript();
      const page = await context.newPage();
      for (const { path, heading } of PAGES) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true }).count(), path).resolves.toBe(1);
        await expect(page.locator('main').innerText(), path).resolves.toMatch(/\w{20,}|\w+ \w+ \w+ \w+/);
        // On a phone the menu is folded away until opened (below), but its links are in the page.
        await expect(page.locator('nav#main-menu a[href]').count()).resolves.toBeGreaterThanOrEqual(6);
      }
      // The menu opens without JavaScript on a phone too, and its links are real links.
      await page.goto('/');
      if (viewport === 'phone') await page.getByRole('link', { name: /menu/i }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
      await page.waitForURL('**/contact');
      await screenshot(page, `no-js-contact-${viewport}`);
      await context.close();
    });

    it('searches, corrects a typo and pages through the catalogue with a plain form', async () => {
      const context = await noScript();
      const page = await context.newPage();
      await page.goto('/catalogue');
      await page.locator('form[action="/catalogue"] input[name="q"]').fill('acre');
      await page.getByRole('button', { name: /^search$/i }).click();
      await page.waitForURL(/\/catalogue\?.*q=acre/);
      await expect(page.locator('main').innerText()).resolves.toMatch(/Acer/);
      await expect(page.locator('main').innerText()).resolves.toMatch(/Did you mean|No exact match/i);
      await screenshot(page, `no-js-catalogue-typo-${viewport}`);
      await page.goto('/catalogue');
      const next = page.getByRole('link', { name: /next/i }).first();
      if (await next.count()) {
        await next.click();
        await page.waitForURL(/page=1/);
      }
      await context.close();
    });

    it('sends the contact form and shows the result page; a mistake comes back with the typing kept', async () => {
      const context = await noScript();
      const page = await context.newPage();
      await page.goto('/contact');
      const form = page.locator('form#contact-form');
      await form.getByLabel('Name').fill('No Script Buyer');
      await form.getByLabel('Telephone').fill('01233 111222');
      await form.getByLabel('Email').fill('not-an-email@');
      await form.getByLabel('Message').fill('Price for 200 Carpinus betulus 60-90, please.');
      // The browser's own check would stop "not-an-email@"; the server must say it too.
      await form.evaluate((form) => form.setAttribute('novalidate', ''));
      await form.getByRole('button', { name: 'Send Message' }).click();
      await page.waitForLoadState();
      await expect(page.locator('form#contact-form').innerText()).resolves.toMatch(/valid email/i);
      await expect(form.getByLabel('Message').inputValue()).resolves.toBe('Price for 200 Carpinus betulus 60-90, please.');
      await form.getByLabel('Email').fill(`no-script-${viewport}@example.com`);
      await form.getByRole('button', { name: 'Send Message' }).click();
      await page.waitForURL(/\/contact\/sent/);
      await expect(page.locator('main').innerText()).resolves.toMatch(/sent/i);
      await screenshot(page, `no-js-contact-sent-${viewport}`);
      await context.close();
    });
  });
}
