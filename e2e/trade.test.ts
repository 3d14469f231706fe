import knexFactory from 'knex';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAdmin, logInAsAdmin } from './admin-helpers.ts';
import { launchBrowser, screenshot, watchPageErrors } from './browser.ts';
import { hashPassword } from '../src/passwords.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
const db = knexFactory({ client: 'pg', connection: inject('databaseUrl'), pool: { min: 0, max: 1 } });
afterAll(async () => {
  await browser?.close();
  await db.destroy();
});

/** The phone (390 px) and a common laptop (1366 px). */
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const laptop = { viewport: { width: 1366, height: 900 } };

/** The same signed-in session on a 390 px phone, for a screenshot of the page at `path`. */
async function phoneShot(from: BrowserContext, path: string, name: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  const context = await browser.newContext({ baseURL: inject('baseUrl'), ...phone, storageState: await from.storageState() });
  const page = await context.newPage();
  await page.goto(path, { waitUntil: 'networkidle' });
  await ready(page);
  await screenshot(page, name);
  await context.close();
}

describe('trade accounts, end to end', () => {
  it('a buyer applies, an admin approves, the buyer sees prices in the catalogue and downloads a price list', async () => {
    // Staff have priced the Fagus lines (the catalogue admin's job, not this test's).
    await db('catalogue_items')
      .whereILike('genus', 'fagus')
      .update({ price_pence: 250, price_breaks: JSON.stringify([{ min_quantity: 100, price_pence: 199 }]), stock_status: 'in_stock', stock_quantity: 500 });

    const email = `buyer.trade.${Date.now()}@example.com`;
    const password = 'e2e buyer hornbeam 77';
    await db('users').insert({ firstname: 'Pat', lastname: 'Grower', email, role: 'user', password_hash: await hashPassword(password), email_verified_at: new Date() });
    const buyer = await browser.newContext({ baseURL: inject('baseUrl'), ...laptop });
    const page = await buyer.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/account/trade', { waitUntil: 'domcontentloaded' });
    await page.waitForURL('**/login');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/account/trade');

    // As a guest would see it until approved: no prices.
    const company = `Weald Landscapes ${Date.now()}`;
    await page.getByLabel(/^Company name/).fill(company);
    await page.getByLabel(/^Business type/).selectOption('landscaper');
    await page.getByLabel(/^Company number/).fill('01234567');
    await page.getByLabel(/^Delivery postcode/).fill('tn27 0ab');
    await page.getByLabel(/^Invoice email/).fill('accounts@weald.example');
    await screenshot(page, 'trade-application-desktop');
    await phoneShot(buyer, '/account/trade', 'trade-application-phone', (p) => p.getByRole('button', { name: 'Apply for a trade account' }).waitFor());
    await page.getByRole('button', { name: 'Apply for a trade account' }).click();
    await page.getByText('Waiting for approval').waitFor();
    expect(await page.getByText('TN27 0AB').count()).toBe(1);

    const admin = await createAdmin(db, 'trade');
    const staff = await browser.newContext({ baseURL: inject('baseUrl'), ...laptop });
    const adminPage = await staff.newPage();
    await logInAsAdmin(adminPage, admin);
    await adminPage.getByRole('link', { name: 'Trade applications' }).click();
    const row = adminPage.getByRole('row').filter({ hasText: company });
    await row.waitFor();
    await screenshot(adminPage, 'trade-applications-desktop');
    await phoneShot(staff, '/admin/trade-applications', 'trade-applications-phone', (p) => p.getByText(company).waitFor());
    await row.getByRole('button', { name: 'Approve' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await adminPage.getByText('No pending trade applications.').waitFor();

    await page.goto('/catalogue?q=fagus', { waitUntil: 'networkidle' });
    await page.getByRole('columnheader', { name: 'Trade price' }).waitFor();
    expect(await page.getByRole('cell', { name: '£2.50 · 100+ £1.99' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('cell', { name: 'In stock (500)' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'trade-catalogue-desktop');
    await phoneShot(buyer, '/catalogue?q=fagus', 'trade-catalogue-phone', (p) => p.locator('dd', { hasText: '£2.50 · 100+ £1.99' }).first().waitFor());

    await page.goto('/account/trade', { waitUntil: 'networkidle' });
    await page.getByText('Approved', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Prepare a fresh price list' }).click();
    const xlsxLink = page.getByRole('link', { name: 'Price list (XLSX)' });
    await xlsxLink.waitFor({ timeout: 30_000 });
    await screenshot(page, 'trade-price-list-desktop');
    await phoneShot(buyer, '/account/trade', 'trade-price-list-phone', (p) => p.getByRole('link', { name: 'Price list (PDF)' }).waitFor());
    const pdf = await page.request.get((await page.getByRole('link', { name: 'Price list (PDF)' }).getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');
    const xlsx = await page.request.get((await xlsxLink.getAttribute('href'))!);
    expect(xlsx.status()).toBe(200);
    expect((await xlsx.body()).subarray(0, 2).toString()).toBe('PK');
    expect(errors).toEqual([]);
    await staff.close();
    await buyer.close();
  });
});
