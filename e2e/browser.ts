import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium; a script never downloads a browser. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const screenshotDir = path.resolve(import.meta.dirname, '..', 'test-results', 'screenshots');

export const viewports = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 375, height: 740 },
} as const;
export type ViewportName = keyof typeof viewports;

/** Headless Chromium with the flags this closed network needs (no background connections). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A fresh context (own cookies) at a named viewport; phones get touch and a mobile UA hint. */
export function newContext(browser: Browser, viewport: ViewportName): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: viewports[viewport],
    ...(viewport === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
}

/**
 * Issue 10's two screens, for the plant-list and trade specs: its 390 px phone and a common
 * 1366 px laptop. Kept apart from `viewports` on purpose: server-rendered.test.ts runs its whole
 * suite once per entry of that table (and opens the phone menu only for `phone`), so an entry
 * added there is a new, failing run.
 */
const phone390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
const laptop1366 = { viewport: { width: 1366, height: 900 } } as const;

/**
 * A fresh context on a 390 px phone. `options` adds to it, e.g. another context's
 * `storageState()` to show the same session (cookies and localStorage) on the phone.
 */
export function newPhoneContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL: inject('baseUrl'), ...phone390, ...options });
}

/** A fresh context on a 1366 px laptop; `options` as for newPhoneContext. */
export function newLaptopContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL: inject('baseUrl'), ...laptop1366, ...options });
}

/** Saves a full-page screenshot to test-results/screenshots (ignored by git). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** axe-core violations with impact serious or critical (the bar the issue sets). */
export async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/** Collects console errors and failed requests, so a spec can assert a page loaded cleanly. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    errors.push(`console: ${message.text()}`);
  });
  return errors;
}
