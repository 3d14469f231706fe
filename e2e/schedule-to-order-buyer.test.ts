import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/passwords.ts';
import { insertTradeApplication } from '../test/trade.ts';
import { expectAccessible, openAdminSession, stockQuotedLines, type AdminSession } from './admin-helpers.ts';
import { newLaptopContext, screenshot, watchPageErrors } from './browser.ts';
import { logInAsBuyer } from './buyer-helpers.ts';
import { databaseForThisFile } from './file-setup.ts';
import { waitForMail } from './mail.ts';

/**
 * Issue 19's second flow, whole, in real Chromium against the real web and worker processes: an
 * approved trade buyer on a 1366 px laptop pastes a planting schedule, keeps it as a named list
 * and requests a quote for that list; staff send a quotation; the buyer accepts it on their quote
 * request page; staff pick and dispatch the order (the buyer is mailed); the buyer sees it
 * dispatched in My orders and copies it into a new list named after the order.
 */
const db = databaseForThisFile();
let session: AdminSession;
beforeAll(async () => {
  session = await openAdminSession(db, 'schedule-buyer');
});
afterAll(async () => {
  await session?.close();
});

/** Eight lines as pasted from a contractor's schedule: notation the demo catalogue's matcher settles alone. */
const PASTED = [
  'Carpinus betulus 60-90 BR x 200',
  'Fagus sylvatica 60-90 BR x 150',
  'Crataegus monogyna 40-60 BR x 500',
  'Corylus avellana 60-90 BR x 100',
  'Prunus spinosa 40-60 BR x 120',
  'Viburnum opulus 60-90 BR x 50',
  'Ilex aquifolium 2L 20-40 x 30',
  'Taxus baccata 40-60 BR x 40',
].join('\n');
const QUANTITIES = [200, 150, 500, 100, 120, 50, 30, 40];

describe('from a pasted schedule to a reorder, as an approved trade buyer on a laptop', () => {
  it('keeps the schedule as a named list, has it quoted, accepts, sees it dispatched and copies it into a new list', async () => {
    const stamp = Date.now();
    const email = `schedule.buyer.${stamp}@example.com`;
    const password = 'e2e buyer hornbeam 63';
    const [{ id: userId }] = (await db('users')
      .insert({
        firstname: 'Alex',
        lastname: 'Contractor',
        email,
        role: 'user',
        password_hash: await hashPassword(password),
        email_verified_at: new Date(),
      })
      .returning('id')) as [{ id: number }];
    await insertTradeApplication(db, userId, 'approved');

    // The buyer, 1366 px: paste the schedule, review it, keep it as a named list.
    const laptop = await newLaptopContext(browser());
    const page = await laptop.newPage();
    const errors = watchPageErrors(page);
    await logInAsBuyer(page, '/account', { email, password });
    await page.goto('/plant-list/schedule', { waitUntil: 'networkidle' });
    await page.getByLabel('Or paste the schedule').fill(PASTED);
    await page.getByLabel('Schedule name (optional)').fill('Hothfield Road retail park');
    await screenshot(page, 'schedule-buyer-paste-1366');
    await page.getByRole('button', { name: 'Match schedule' }).click();
    const summary = page.getByLabel('Summary');
    await summary.waitFor();
    await expect(summary.innerText()).resolves.toMatch(/^8 lines read: 8 matched, 0 to choose, 0 substitutes offered, 0 not stocked\./);
    await screenshot(page, 'schedule-buyer-review-1366');
    await expectAccessible(page);
    await page.getByLabel(/Name of the new plant list/).fill('Retail park, phase 1');
    await page.getByRole('button', { name: 'Create plant list' }).click();
    await page.waitForURL((url) => url.pathname === '/plant-list');
    const listLines = page.getByRole('list', { name: 'Lines on your plant list' }).getByRole('listitem');
    // The page may show the list it had before the new one's lines arrive: wait for those.
    await expect.poll(() => listLines.count(), { timeout: 10_000 }).toBe(8);
    const [list] = await db('plant_lists').where({ user_id: userId, name: 'Retail park, phase 1' });
    expect(await db('plant_list_lines').where({ plant_list_id: list.id }).orderBy('id').pluck('quantity')).toEqual(QUANTITIES);
    await screenshot(page, 'schedule-buyer-plant-list-1366');

    // A quote for that list.
    await page.getByRole('link', { name: 'Request a quote' }).click();
    await page.waitForURL((url) => url.pathname === '/plant-list/quote');
    await page.getByRole('heading', { name: /: 8 lines$/ }).waitFor();
    // The trade account's company and postcode arrive after the form: typing then would be added to them.
    await expect.poll(() => page.getByLabel(/^Company/).inputValue(), { timeout: 10_000 }).toBe('Acme Landscapes');
    await page.getByLabel(/^Delivery postcode/).fill('TN26 1AA');
    await screenshot(page, 'schedule-buyer-quote-form-1366');
    await page.getByRole('button', { name: 'Send quote request' }).click();
    await page.getByRole('heading', { name: 'Quote request sent' }).waitFor();
    const requestRef = (await page.locator('p', { hasText: 'Your reference is' }).locator('strong').innerText()).trim();
    const request = await db('quote_requests').where({ reference: requestRef }).first('id', 'user_id');
    expect(request.user_id).toBe(userId);
    expect(await db('quote_request_lines').where({ quote_request_id: request.id }).orderBy('id').pluck('quantity')).toEqual(QUANTITIES);

    // Staff: the quotation, priced (by hand where the catalogue has no price) and sent.
    const desk = session.page;
    await desk.goto(`/admin/quote-requests/${request.id}`, { waitUntil: 'networkidle' });
    await desk.getByRole('button', { name: 'Prepare Quotation' }).click();
    await desk.waitForURL(/\/quotation\/\d+$/);
    const prices = desk.getByRole('textbox', { name: /^Unit price of / });
    await prices.first().waitFor();
    for (const price of await prices.all()) if ((await price.inputValue()) === '') await price.fill('3.10');
    await desk.getByRole('textbox', { name: 'Delivery (£)' }).fill('60');
    await desk.getByRole('button', { name: 'Save Draft' }).click();
    await desk.getByText('Draft saved.').waitFor();
    await desk.getByRole('button', { name: 'Send Quotation' }).click();
    await desk.getByText(new RegExp(`^Sent: ${requestRef}/1 is being mailed`)).waitFor();
    await stockQuotedLines(db, desk);
    await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Your quotation'), 30_000);

    // The buyer accepts on their quote request page.
    await page.goto(`/account/quote-requests/${request.id}`, { waitUntil: 'networkidle' });
    await page.getByRole('form', { name: 'Accept and order' }).waitFor();
    await page.getByLabel(/Your PO number/).fill(`HR-${stamp % 100000}`);
    await page.getByLabel(/Delivery address/).fill('Hothfield Road retail park\nAshford');
    await page.getByLabel(/Delivery postcode/).fill('TN26 1AA');
    await page.getByLabel(/Wanted by/).fill('2099-04-01');
    await screenshot(page, 'schedule-buyer-accept-1366');
    await page.getByRole('button', { name: 'Accept and place the order' }).click();
    const confirmed = page.getByRole('heading', { name: /^Order SO-\d{4}-\d{6} confirmed$/ });
    await confirmed.waitFor();
    const reference = /SO-\d{4}-\d{6}/.exec(await confirmed.innerText())![0];
    await page.getByRole('link', { name: 'See the order in My orders' }).click();
    await page.waitForURL((url) => /^\/account\/orders\/\d+$/.test(url.pathname));
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());

    // Staff pick and dispatch it; the buyer is mailed.
    await desk.goto(`/admin/orders/${orderId}`, { waitUntil: 'networkidle' });
    await desk.getByRole('heading', { name: `Order ${reference}` }).waitFor();
    await desk.getByRole('button', { name: 'Start picking' }).click();
    await desk.getByText('Saved: the order is now being picked; the buyer is being mailed.').waitFor();
    await desk.getByRole('button', { name: 'Mark dispatched' }).click();
    await desk.getByText('Saved: the order is now dispatched; the buyer is being mailed.').waitFor();
    const dispatched = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith(`Order ${reference}: dispatched`), 30_000);
    expect(dispatched.text).toContain('on its way');

    // The buyer: My orders says dispatched; the order is copied into a new list named after it.
    await page.goto('/account/orders', { waitUntil: 'networkidle' });
    const item = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').filter({ hasText: reference });
    await item.getByText('Dispatched').waitFor();
    await screenshot(page, 'schedule-buyer-my-orders-1366');
    await item.getByRole('link', { name: reference }).click();
    await page.waitForURL((url) => url.pathname === `/account/orders/${orderId}`);
    await page.getByRole('list', { name: 'Order progress' }).getByText('Dispatched').waitFor();
    await page.getByRole('button', { name: 'Copy into a new list' }).click();
    const copied = page.getByRole('status', { name: `Copied 8 lines into the new list “Order ${reference}”` });
    await copied.waitFor();
    await screenshot(page, 'schedule-buyer-copied-1366');
    await expectAccessible(page);
    const lists = await db('plant_lists').where({ user_id: userId }).orderBy('id').pluck('name');
    expect(lists).toContain('Retail park, phase 1');
    expect(lists.at(-1)).toBe(`Order ${reference}`);
    await copied.getByRole('link', { name: 'Go to my plant list' }).click();
    await page.waitForURL((url) => url.pathname === '/plant-list');
    await expect(page.getByLabel('Showing list').locator('option:checked').innerText()).resolves.toMatch(new RegExp(`^Order ${reference}`));
    await expect.poll(() => listLines.count(), { timeout: 10_000 }).toBe(8);
    await screenshot(page, 'schedule-buyer-new-list-1366');

    expect(errors).toEqual([]);
    expect(session.errors).toEqual([]);
    await laptop.close();
  }, 180_000);
});

const browser = () => session.browser;
