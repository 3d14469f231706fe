import { simpleParser } from 'mailparser';
import { PDFParse } from 'pdf-parse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openAdminSession, type AdminSession } from './admin-helpers.ts';
import { newLaptopContext, newPhoneContext, screenshot } from './browser.ts';
import { databaseForThisFile } from './file-setup.ts';
import { waitForMail } from './mail.ts';

/**
 * Issue 19 item 2 in real Chromium against the real web and worker processes: staff open a
 * quotation for a guest's quote request on a 1366 px laptop, price the line the catalogue has no
 * price for and add delivery on a 390 px phone, and send it; the worker renders the PDF and mails
 * it (its text read back here) with the guest's signed link, which opens the quotation on a phone,
 * where the guest accepts it (PO, address, wanted-by) and follows the confirmation to the public
 * order page.
 */
const db = databaseForThisFile();
let session: AdminSession;
const email = `quotation.guest.${Date.now()}@example.com`;
let requestId: number;
let codes: string[];

/** The widest horizontal overflow of the page and of its tables' scrollers: 0 on a phone. */
const overflow = (page: Page) =>
  page.evaluate(() =>
    [document.documentElement, ...Array.from(document.querySelectorAll('main table')).map((t) => t.parentElement!)]
      .map((element) => element.scrollWidth - element.clientWidth)
      .reduce((widest, each) => Math.max(widest, each), 0),
  );

beforeAll(async () => {
  session = await openAdminSession(db, 'quotations');
  // Two catalogue lines: one priced with a break, one the catalogue has no price for.
  const lines: { id: number; code: string }[] = await db('catalogue_items')
    .whereNull('retired_at')
    .orderBy('id')
    .limit(2)
    .select('id', 'code');
  codes = lines.map((line) => line.code);
  await db('catalogue_items')
    .where({ id: lines[0]!.id })
    .update({ price_pence: 450, price_breaks: JSON.stringify([{ min_quantity: 50, price_pence: 395 }]), stock_status: 'in_stock' });
  await db('catalogue_items')
    .where({ id: lines[1]!.id })
    .update({ price_pence: null, price_breaks: JSON.stringify([]), stock_status: 'limited' });
  const described = await db('catalogue_items')
    .whereIn(
      'id',
      lines.map((l) => l.id),
    )
    .orderBy('id');
  const [request] = await db('quote_requests')
    .insert({
      reference: `Q-E2E-${Date.now() % 1_000_000}`,
      name: 'Sam Guest',
      email,
      telephone: '01233 555 777',
      delivery_postcode: 'TN27 9AA',
    })
    .returning('id');
  requestId = request.id;
  await db('quote_request_lines').insert(
    described.map((row: Record<string, unknown>, i: number) => ({
      quote_request_id: requestId,
      catalogue_item_id: row.id,
      code: row.code,
      genus: row.genus,
      species: row.species,
      common_name: row.common_name,
      form: row.form,
      height: row.height,
      quantity: i === 0 ? 60 : 5,
    })),
  );
});
afterAll(async () => {
  await session?.close();
});

describe('a priced quotation, from the admin to the guest', () => {
  it('is prepared on a laptop, priced and sent from a phone, mailed with its PDF and link, and opens on the guest’s phone', async () => {
    const { browser, context } = session;
    // 1366 px: the request, Prepare Quotation, the editor priced from the catalogue.
    const laptop = await newLaptopContext(browser, { storageState: await context.storageState() });
    const desk = await laptop.newPage();
    await desk.goto(`/admin/quote-requests/${requestId}`, { waitUntil: 'networkidle' });
    await desk.getByRole('button', { name: 'Prepare Quotation' }).click();
    await desk.waitForURL(/\/quotation\/\d+$/);
    const editorUrl = new URL(desk.url()).pathname;
    await desk.getByRole('table', { name: /^Lines of / }).waitFor();
    await expect(desk.getByRole('textbox', { name: `Unit price of ${codes[0]} 1` }).inputValue()).resolves.toBe('3.95');
    await expect(desk.getByRole('textbox', { name: `Unit price of ${codes[1]} 2` }).inputValue()).resolves.toBe('');
    await screenshot(desk, 'quotation-editor-1366');

    // 390 px, the same session: price the second line, add delivery, save, send.
    const phone = await newPhoneContext(browser, { storageState: await context.storageState() });
    const hand = await phone.newPage();
    await hand.goto(editorUrl, { waitUntil: 'networkidle' });
    await hand.getByRole('textbox', { name: `Unit price of ${codes[1]} 2` }).fill('12.00');
    await hand.getByRole('textbox', { name: 'Delivery (£)' }).fill('45');
    // 60 × £3.95 + 5 × £12.00 = £297.00; + £45 = £342.00; VAT £68.40; total £410.40 — live, before saving.
    await expect(hand.getByLabel('Totals').innerText()).resolves.toMatch(/Total inc VAT\s+£410\.40/);
    expect(await overflow(hand)).toBe(0);
    await screenshot(hand, 'quotation-editor-390');
    await hand.getByRole('button', { name: 'Save Draft' }).click();
    await hand.getByText('Draft saved.').waitFor();
    await hand.getByRole('button', { name: 'Send Quotation' }).click();
    await hand.getByText(/^Sent: Q-E2E-\d+\/1 is being mailed/).waitFor();

    // The worker renders the PDF and mails it with the guest's signed link.
    const mail = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Your quotation'), 30_000);
    const { attachments } = await simpleParser(mail.raw);
    expect(attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    const parser = new PDFParse({ data: attachments[0]!.content });
    const text = (await parser.getText()).text.replace(/[ \t]+/g, ' ');
    await parser.destroy();
    for (const fact of [...codes, '£297.00', '£45.00', '£68.40', 'Total inc VAT', '£410.40', 'Valid until', 'Terms'])
      expect(text).toContain(fact);
    const link = /https?:\/\/[^\s]+\/quotations\/\d+\?token=[0-9a-f]{64}/.exec(mail.text)?.[0];
    expect(link).toBeDefined();

    // The guest opens the link on a phone (and on a laptop): the quotation, its totals, its PDF.
    const url = new URL(link!);
    const guestPhone = await newPhoneContext(browser);
    const guestPage = await guestPhone.newPage();
    await guestPage.goto(`${url.pathname}${url.search}`, { waitUntil: 'networkidle' });
    await guestPage.getByRole('heading', { name: /^Quotation Q-E2E-\d+\/1$/ }).waitFor();
    await expect(guestPage.getByLabel(/^Totals of /).innerText()).resolves.toMatch(/Total inc VAT\s+£410\.40/);
    expect(await guestPage.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toContain('token=');
    expect(await overflow(guestPage)).toBe(0);
    await screenshot(guestPage, 'quotation-guest-390');
    const guestLaptop = await newLaptopContext(browser);
    const guestDesk = await guestLaptop.newPage();
    await guestDesk.goto(`${url.pathname}${url.search}`, { waitUntil: 'networkidle' });
    await guestDesk.getByRole('heading', { name: /^Quotation / }).waitFor();
    await screenshot(guestDesk, 'quotation-guest-1366');
    // A changed token opens nothing.
    await guestDesk.goto(`${url.pathname}?token=${'0'.repeat(64)}`, { waitUntil: 'networkidle' });
    await guestDesk.getByRole('heading', { name: 'Quotation not found' }).waitFor();

    // The request page lists the version as sent, on both screens.
    await desk.goto(`/admin/quote-requests/${requestId}`, { waitUntil: 'networkidle' });
    await desk
      .getByRole('table', { name: 'Quotation versions' })
      .locator('tbody span', { hasText: /^Sent$/ })
      .waitFor();
    await screenshot(desk, 'quote-request-quotations-1366');
    await hand.goto(`/admin/quote-requests/${requestId}`, { waitUntil: 'networkidle' });
    await hand.getByRole('table', { name: 'Quotation versions' }).waitFor();
    expect(await overflow(hand)).toBe(0);
    await screenshot(hand, 'quote-request-quotations-390');

    // The guest answers from the mail's link: the form on both screens, accepted on the phone.
    await guestDesk.goto(`${url.pathname}${url.search}`, { waitUntil: 'networkidle' });
    await guestDesk.getByRole('form', { name: 'Accept and order' }).waitFor();
    await screenshot(guestDesk, 'quotation-answer-form-1366');
    await expect(guestPage.getByLabel(/Delivery postcode/).inputValue()).resolves.toBe('TN27 9AA');
    await guestPage.getByLabel(/Your PO number/).fill('SG-1001');
    await guestPage.getByLabel(/Delivery address/).fill('Sam Guest, Unit 2\nMill Lane\nCharing');
    await guestPage.getByLabel(/Wanted by/).fill('2099-03-01');
    await expect(guestPage.getByText(/^You are accepting /).innerText()).resolves.toContain('£410.40 inc VAT');
    expect(await overflow(guestPage)).toBe(0);
    await screenshot(guestPage, 'quotation-answer-form-390');
    await expectAccessible(guestPage);
    await guestPage.getByRole('button', { name: 'Accept and place the order' }).click();
    const confirmed = guestPage.getByRole('heading', { name: /^Order SO-\d{4}-\d{6} confirmed$/ });
    await confirmed.waitFor();
    const reference = /SO-\d{4}-\d{6}/.exec(await confirmed.innerText())![0];
    // The quotation above is read again: it now says Accepted.
    await guestPage.locator('dd[data-status="accepted"]').waitFor();
    await screenshot(guestPage, 'quotation-answer-confirmed-390');
    const orderMail = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith(`Order ${reference} confirmed`), 30_000);
    expect(orderMail.subject).toContain('SG-1001');

    // "See your order": the public order page, read-only, with the same token, on both screens.
    await guestPage.getByRole('link', { name: 'See your order' }).click();
    await guestPage.waitForURL((u) => /^\/orders\/\d+$/.test(u.pathname) && u.searchParams.has('token'));
    await guestPage.getByRole('heading', { name: `Order ${reference}` }).waitFor();
    await guestPage.getByRole('list', { name: 'Order progress' }).getByText('Confirmed').waitFor();
    await expect(guestPage.getByLabel('Totals').innerText()).resolves.toMatch(/Total inc VAT\s+£410\.40/);
    expect(await overflow(guestPage)).toBe(0);
    await screenshot(guestPage, 'order-guest-390');
    await expectAccessible(guestPage);
    const orderUrl = new URL(guestPage.url());
    await guestDesk.goto(`${orderUrl.pathname}${orderUrl.search}`, { waitUntil: 'networkidle' });
    await guestDesk.getByRole('heading', { name: `Order ${reference}` }).waitFor();
    await screenshot(guestDesk, 'order-guest-1366');
    // The quotation now says it was accepted, in place of the form.
    await guestDesk.goto(`${url.pathname}${url.search}`, { waitUntil: 'networkidle' });
    await guestDesk.getByText(/^You accepted this quotation on /).waitFor();
    expect(await guestDesk.getByRole('form', { name: 'Accept and order' }).count()).toBe(0);

    expect(session.errors).toEqual([]);
    await Promise.all([laptop.close(), phone.close(), guestPhone.close(), guestLaptop.close()]);
  }, 120_000);
});
