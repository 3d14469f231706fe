import { PDFParse } from 'pdf-parse';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../src/passwords.ts';
import { insertQuotation } from '../test/quotations.ts';
import { createAdmin, expectAccessible, logInAsAdmin, openFromMenu } from './admin-helpers.ts';
import { newLaptopContext, newPhoneContext, screenshot, watchPageErrors } from './browser.ts';
import { logInAsBuyer } from './buyer-helpers.ts';
import { browserForThisFile, databaseForThisFile } from './file-setup.ts';
import { waitForMail } from './mail.ts';

const browser = browserForThisFile();
const db = databaseForThisFile();

/** The same signed-in session on a 390 px phone, for a screenshot of the page at `path`. */
async function phoneShot(from: BrowserContext, path: string, name: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  const context = await newPhoneContext(browser(), { storageState: await from.storageState() });
  const page = await context.newPage();
  await page.goto(path, { waitUntil: 'networkidle' });
  await ready(page);
  await screenshot(page, name);
  await context.close();
}

describe('orders, end to end', () => {
  it('a buyer accepts a quotation; staff pick and dispatch it (the buyer is mailed); the buyer sees it move and copies it into the list', async () => {
    const email = `buyer.orders.${Date.now()}@example.com`;
    const password = 'e2e buyer hornbeam 55';
    const [{ id: userId }] = (await db('users')
      .insert({
        firstname: 'Pat',
        lastname: 'Grower',
        email,
        role: 'user',
        password_hash: await hashPassword(password),
        email_verified_at: new Date(),
      })
      .returning('id')) as [{ id: number }];
    const lines: { id: number }[] = await db('catalogue_items').whereILike('genus', 'fagus').whereNull('retired_at').orderBy('id').limit(2);
    await db('catalogue_items')
      .whereIn(
        'id',
        lines.map((l) => l.id),
      )
      .update({ stock_quantity: 1000 });
    const company = `Orchard Landscapes ${Date.now()}`;
    const quotation = await insertQuotation(db, {
      userId,
      email,
      name: 'Pat Grower',
      company,
      lines: [
        { catalogue_item_id: lines[0]!.id, quantity: 120, unit_price_pence: 199 },
        { catalogue_item_id: lines[1]!.id, quantity: 30, unit_price_pence: 250 },
      ],
    });

    // The buyer answers on their quote request page at 1366 px: the form, then the confirmation.
    const buyer = await newLaptopContext(browser());
    const page = await buyer.newPage();
    const errors = watchPageErrors(page);
    await logInAsBuyer(page, `/account/quote-requests/${quotation.requestId}`, { email, password });
    const form = page.getByRole('form', { name: 'Accept and order' });
    await form.waitFor();
    await page.getByLabel(/Your PO number/).fill('OL-2201');
    await page.getByLabel(/Delivery address/).fill('Plot 4, Hothfield Road\nAshford');
    await page.getByLabel(/Delivery postcode/).fill('tn26 1aa');
    await page.getByLabel(/Wanted by/).fill('2099-03-01');
    await screenshot(page, 'quotation-answer-buyer-form-1366');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Accept and place the order' }).click();
    const confirmed = page.getByRole('heading', { name: /^Order SO-\d{4}-\d{6} confirmed$/ });
    await confirmed.waitFor();
    const reference = /SO-\d{4}-\d{6}/.exec(await confirmed.innerText())![0];
    await screenshot(page, 'quotation-answer-confirmed-1366');
    await page.getByRole('link', { name: 'See the order in My orders' }).click();
    await page.waitForURL((url) => /^\/account\/orders\/\d+$/.test(url.pathname));
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: `Order ${reference}` }).waitFor();
    const confirmation = await waitForMail((mail) => mail.to.includes(email) && mail.subject.startsWith(`Order ${reference} confirmed`));
    expect(confirmation.text).toContain('1 March 2099');
    expect(await db('catalogue_items').where({ id: lines[0]!.id }).first('stock_quantity')).toEqual({ stock_quantity: 880 });

    // My orders: the order, confirmed.
    await page.getByRole('navigation', { name: 'My Account' }).getByRole('link', { name: 'My Orders' }).click();
    await page.waitForURL((url) => url.pathname === '/account/orders');
    const item = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').filter({ hasText: reference });
    await item.getByText('Confirmed').waitFor();
    await screenshot(page, 'orders-my-orders-desktop');
    await phoneShot(buyer, '/account/orders', 'orders-my-orders-phone', (p) => p.getByRole('link', { name: reference }).waitFor());
    await expectAccessible(page);

    // Staff: the orders list (searched by PO number), the order, picking then dispatched, the picking list.
    const admin = await createAdmin(db, 'orders');
    const staff = await newLaptopContext(browser());
    const adminPage = await staff.newPage();
    const adminErrors = watchPageErrors(adminPage);
    await logInAsAdmin(adminPage, admin);
    await adminPage.getByText('Orders to pick').waitFor();
    await openFromMenu(adminPage, 'Orders', '/admin/orders');
    await adminPage.getByLabel('Reference, company or PO').fill('OL-2201');
    await adminPage.getByRole('button', { name: 'Show orders' }).click();
    await adminPage.waitForURL((url) => url.search === '?q=OL-2201');
    const row = adminPage.getByRole('row').filter({ hasText: reference });
    await row.getByText(company).waitFor();
    await screenshot(adminPage, 'orders-admin-list-desktop');
    await phoneShot(staff, '/admin/orders?q=OL-2201', 'orders-admin-list-phone', (p) => p.getByText(reference).first().waitFor());
    await expectAccessible(adminPage);
    await row.getByRole('link', { name: reference }).click();
    await adminPage.getByRole('heading', { name: `Order ${reference}` }).waitFor();
    await adminPage.getByLabel('Note to the buyer (optional)').fill('Lifting on Tuesday');
    await adminPage.getByRole('button', { name: 'Start picking' }).click();
    await adminPage.getByText('Saved: the order is now being picked; the buyer is being mailed.').waitFor();
    await adminPage.getByRole('button', { name: 'Mark dispatched' }).click();
    await adminPage.getByText('Saved: the order is now dispatched; the buyer is being mailed.').waitFor();
    await adminPage
      .getByRole('list', { name: 'Order history' })
      .getByText(/Dispatched .* by Ada Admin orders/)
      .waitFor();
    await screenshot(adminPage, 'orders-admin-order-desktop');
    await phoneShot(staff, `/admin/orders/${orderId}`, 'orders-admin-order-phone', (p) =>
      p.getByRole('button', { name: 'Mark delivered' }).waitFor(),
    );
    await expectAccessible(adminPage);

    const pdf = await adminPage.request.get(`/api/admin/orders/${orderId}/picking-list.pdf`);
    expect(pdf.status()).toBe(200);
    const parser = new PDFParse({ data: await pdf.body() });
    const text = (await parser.getText()).text.replace(/[ \t]+/g, ' ');
    await parser.destroy();
    expect(text).toContain(`Picking list ${reference}`);
    expect(text).toContain('OL-2201');
    expect(text).toContain('1 March 2099');
    expect(text).toContain('2 lines, 150 plants');

    const dispatched = await waitForMail((mail) => mail.to.includes(email) && mail.subject.startsWith(`Order ${reference}: dispatched`));
    expect(dispatched.replyTo).toBeTruthy();
    expect(dispatched.text).toContain('on its way');

    // The buyer sees it move, with the dates, and copies it into the plant list.
    await page.getByRole('link', { name: reference }).click();
    await page.waitForURL((url) => url.pathname === `/account/orders/${orderId}`);
    const progress = page.getByRole('list', { name: 'Order progress' });
    await progress.getByText('Dispatched').waitFor();
    expect(await progress.getByRole('listitem').count()).toBe(3);
    await page.getByRole('button', { name: 'Copy into my plant list' }).click();
    await page.getByRole('status', { name: 'Copied 2 lines into your plant list' }).waitFor();
    await screenshot(page, 'orders-my-order-desktop');
    await phoneShot(buyer, `/account/orders/${orderId}`, 'orders-my-order-phone', (p) =>
      p.getByRole('list', { name: 'Order progress' }).getByText('Dispatched').waitFor(),
    );
    expect(await db('plant_list_lines').where({ user_id: userId }).orderBy('id').pluck('quantity')).toEqual([120, 30]);
    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
    await buyer.close();
    await staff.close();
  });
});
