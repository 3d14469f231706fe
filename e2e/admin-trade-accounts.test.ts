import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openAdminSession, type AdminSession } from './admin-helpers.ts';
import { newLaptopContext, newPhoneContext, screenshot, watchPageErrors } from './browser.ts';
import { databaseForThisFile } from './file-setup.ts';
import { waitForMail } from './mail.ts';

/**
 * Issue 16 item 6 in real Chromium: office staff find trade buyers in the users list by company and
 * trade status, open one, and suspend and reinstate their account from the user's page, the buyer
 * being mailed. Screenshots of both screens at 390 and 1366 px.
 */
const db = databaseForThisFile();
const tag = `acct${Date.now().toString(36)}`;
let session: AdminSession;
let laptop: BrowserContext;
let page: Page;
let errors: string[];
let buyer: { id: number; email: string };

/** A buyer (who never signs in here) with a trade application in `status`; their id and email. */
async function tradeBuyer(firstname: string, lastname: string, company: string, status: string) {
  const email = `${firstname.toLowerCase()}.${tag}@example.com`;
  const [user] = (await db('users')
    .insert({ firstname, lastname, email, role: 'user', password_hash: 'not-used-here', email_verified_at: new Date() })
    .returning('id')) as [{ id: number }];
  const [application] = (await db('trade_applications')
    .insert({
      user_id: user.id,
      company_name: company,
      business_type: 'landscaper',
      company_number: 'SC123456',
      vat_number: 'GB123456789',
      delivery_postcode: 'TN26 1AA',
      invoice_email: `accounts.${tag}@example.com`,
      status,
      decided_at: status === 'pending' ? null : new Date(),
    })
    .returning('id')) as [{ id: number }];
  await db('trade_account_history').insert({ application_id: application.id, action: 'applied', at: new Date(Date.now() - 86_400_000) });
  if (status !== 'pending')
    await db('trade_account_history').insert({ application_id: application.id, action: 'approved', by_admin: session.admin.id });
  return { id: user.id, email };
}

/** The same signed-in admin on a 390 px phone: a screenshot of `path` once `ready`, and no sideways scroll. */
async function phoneShot(path: string, name: string, ready: (tab: Page) => Promise<unknown>): Promise<void> {
  const phone = await newPhoneContext(session.browser, { storageState: await session.context.storageState() });
  const tab = await phone.newPage();
  await tab.goto(path, { waitUntil: 'networkidle' });
  await ready(tab);
  expect(await tab.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await screenshot(tab, name);
  await phone.close();
}

beforeAll(async () => {
  session = await openAdminSession(db, 'tradeacc');
  buyer = await tradeBuyer('Hazel', 'Hornbeam', `Hornbeam Hedging ${tag} Ltd`, 'approved');
  await tradeBuyer('Rowan', 'Rowe', `Rowe Landscapes ${tag}`, 'pending');
  laptop = await newLaptopContext(session.browser, { storageState: await session.context.storageState() });
  laptop.setDefaultTimeout(15_000);
  page = await laptop.newPage();
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await laptop?.close();
  await session?.close();
});

describe('trade accounts staff can manage', () => {
  it('finds buyers in the users list by company and trade status, the filters in the URL', async () => {
    await page.goto('/admin/users', { waitUntil: 'networkidle' });
    await page.getByRole('searchbox', { name: 'Search' }).fill(`hedging ${tag}`);
    const row = page.getByRole('row', { name: new RegExp(`Hazel Hornbeam`) });
    await row.waitFor();
    await expect(row.innerText()).resolves.toMatch(/Hornbeam Hedging .* Ltd\s+Approved\s+Yes\s+Off\s+User/);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(`hedging ${tag}`);

    // Both buyers by the tag alone; then only the pending one.
    await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
    await page.getByRole('row', { name: /Rowan Rowe/ }).waitFor();
    await page.getByLabel('Trade account').selectOption('pending');
    await expect.poll(() => page.getByRole('row', { name: /Hazel Hornbeam/ }).count()).toBe(0);
    await page.getByRole('row', { name: /Rowan Rowe/ }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('trade')).toBe('pending');
    await page.getByText('1 user matching the filters').waitFor();

    // Reloading keeps the filters.
    await page.reload({ waitUntil: 'networkidle' });
    await expect(page.getByLabel('Trade account').inputValue()).resolves.toBe('pending');
    await page.getByRole('row', { name: /Rowan Rowe/ }).waitFor();

    await page.getByLabel('Trade account').selectOption('');
    await page.getByRole('row', { name: /Hazel Hornbeam/ }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-users-filtered-1366');
    await phoneShot(`/admin/users?q=${tag}`, 'admin-users-filtered-390', (tab) =>
      tab.getByRole('link', { name: 'View Hazel Hornbeam' }).waitFor(),
    );
  });

  it("suspends and reinstates an account from the user's page, with a reason mailed to the buyer", async () => {
    await page
      .getByRole('row', { name: /Hazel Hornbeam/ })
      .getByRole('link', { name: /View/ })
      .click();
    await page.waitForURL(`**/admin/users/${buyer.id}`);
    const panel = page.getByRole('region', { name: 'Trade account' });
    const account = panel.getByRole('region', { name: /^Trade account: Hornbeam Hedging/ });
    await account.getByText('SC123456').waitFor();
    await account.getByText('GB123456789').waitFor();
    await expect(account.getByRole('listitem').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^\d{1,2} \w{3} \d{4} \d\d:\d\d · Applied$/),
      expect.stringMatching(/ · Approved by Ada Admin tradeacc$/),
    ]);

    await account.getByRole('button', { name: /^Suspend/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Suspend the trade account of Hornbeam Hedging/ });
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await dialog.getByText('The reason field is required.').waitFor();
    await dialog.getByLabel(/Reason for the buyer/).fill('Two invoices are overdue.');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await dialog.waitFor({ state: 'detached' });
    await account.getByText('Suspended', { exact: true }).first().waitFor();
    await account.getByText('Reason: Two invoices are overdue.').waitFor();
    expect((await db('trade_applications').where({ user_id: buyer.id }).first()).status).toBe('suspended');

    const mail = await waitForMail((m) => m.to.includes(buyer.email) && m.subject === 'Your trade account is suspended');
    expect(mail.text).toContain('Our reason: Two invoices are overdue.');
    expect(mail.replyTo).toMatch(/@/);

    await expectAccessible(page);
    await screenshot(page, 'admin-user-trade-panel-1366');
    await phoneShot(`/admin/users/${buyer.id}`, 'admin-user-trade-panel-390', (tab) =>
      tab.getByText('Reason: Two invoices are overdue.').waitFor(),
    );

    await account.getByRole('button', { name: /^Reinstate/ }).click();
    const reinstate = page.getByRole('dialog', { name: /^Reinstate the trade account/ });
    await reinstate.getByRole('button', { name: 'Reinstate' }).click();
    await reinstate.waitFor({ state: 'detached' });
    await account.getByRole('button', { name: /^Suspend/ }).waitFor();
    expect((await db('trade_applications').where({ user_id: buyer.id }).first()).status).toBe('approved');
    await waitForMail((m) => m.to.includes(buyer.email) && m.subject === 'Your trade account is active again');
    // The one 422 is the Suspend sent without a reason.
    expect(errors.filter((e) => !/status of 422/.test(e))).toEqual([]);
  });
});
