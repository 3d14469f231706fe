import type { Knex } from 'knex';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { hashPassword } from '../src/passwords.ts';
import { launchBrowser, newContext, seriousA11yViolations, viewports, watchPageErrors } from './browser.ts';
import type { ViewportName } from './browser.ts';

/** An administrator made for one spec file. */
export interface AdminAccount {
  id: number;
  email: string;
  password: string;
}

/** Inserts a verified administrator straight into the database (argon2id hash, as the app stores it). */
export async function createAdmin(db: Knex, tag: string): Promise<AdminAccount> {
  const email = `admin.${tag}.${Date.now()}@example.com`;
  const password = 'e2e admin hornbeam 91';
  const [row] = (await db('users')
    .insert({
      firstname: 'Ada',
      lastname: `Admin ${tag}`,
      email,
      role: 'admin',
      password_hash: await hashPassword(password),
      email_verified_at: new Date(),
    })
    .returning('id')) as { id: number }[];
  return { id: row!.id, email, password };
}

/**
 * Logs in through the real Login page: /admin sends a guest there, and a successful login comes
 * back to /admin (the guard remembers the requested page).
 */
export async function logInAsAdmin(page: Page, admin: AdminAccount): Promise<void> {
  await page.goto('/admin', { waitUntil: 'domcontentloaded' });
  await page.waitForURL('**/login');
  await page.getByLabel(/^Email/).fill(admin.email);
  await page.getByLabel(/^Password/).fill(admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

/** A context at a viewport that carries another context's cookies (the same signed-in admin). */
export async function sameSessionContext(browser: Browser, from: BrowserContext, viewport: ViewportName): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: viewports[viewport],
    storageState: await from.storageState(),
    ...(viewport === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/**
 * Opens an admin screen by clicking its side-menu entry (no full reload) and waits for its
 * heading, which is named like the entry (the old screen stays up while the new one's chunk loads).
 */
export async function openFromMenu(page: Page, label: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: label, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
  await page.getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
}

/** No axe violation of impact serious or critical. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/** The JSON of an admin API read, with the page's session cookie. */
export async function apiJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: { Accept: 'application/json' } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** A spec file's browser, signed-in admin tab and the errors that tab logs. */
export interface AdminSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  errors: string[];
  admin: AdminAccount;
  /** Closes the context and the browser (the database handle is the spec's, from databaseForThisFile). */
  close(): Promise<void>;
}

/**
 * What every admin spec starts with: Chromium, a fresh admin in the database, a desktop tab with
 * its console errors watched, signed in through the real Login page.
 */
export async function openAdminSession(db: Knex, tag: string, options: { timeoutMs?: number } = {}): Promise<AdminSession> {
  const browser = await launchBrowser();
  const admin = await createAdmin(db, tag);
  const context = await newContext(browser, 'desktop');
  context.setDefaultTimeout(options.timeoutMs ?? 15_000);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await logInAsAdmin(page, admin);
  return {
    browser,
    context,
    page,
    errors,
    admin,
    async close() {
      await context.close();
      await browser.close();
    },
  };
}

/**
 * Gives every catalogue line of the quotation open on the admin page `desk` enough stock (5,000)
 * for its acceptance to reserve: the seeded stock is arbitrary, and a flow that means to reach
 * an order must not fail on it. Returns the quotation's id (from the editor's URL).
 */
export async function stockQuotedLines(db: Knex, desk: Page): Promise<number> {
  const quotationId = Number(/\/quotation\/(\d+)$/.exec(desk.url())![1]);
  const quoted = db('quotation_lines').where({ quotation_id: quotationId }).whereNotNull('catalogue_item_id').select('catalogue_item_id');
  await db('catalogue_items').whereIn('id', quoted).update({ stock_quantity: 5000 });
  return quotationId;
}
