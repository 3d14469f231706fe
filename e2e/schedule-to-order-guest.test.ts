import ExcelJS from 'exceljs';
import { simpleParser } from 'mailparser';
import { PDFParse } from 'pdf-parse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openAdminSession, openFromMenu, stockQuotedLines, type AdminSession } from './admin-helpers.ts';
import { newPhoneContext, screenshot, watchPageErrors } from './browser.ts';
import { databaseForThisFile } from './file-setup.ts';
import { waitForMail } from './mail.ts';

/**
 * Issue 19's first flow, whole, in real Chromium against the real web and worker processes: a
 * guest on a 390 px phone uploads a 40-line XLSX planting schedule, chooses the catalogue line for
 * the two lines the matcher cannot settle, puts the lines in the plant list and requests a quote;
 * staff on a desktop (1280 px) prepare, price and send the quotation; the mail carries the PDF (read back)
 * and the signed link; the guest accepts on the phone with a PO number, and the order shows on the
 * guest's order page and in the admin.
 */
const db = databaseForThisFile();
let session: AdminSession;
beforeAll(async () => {
  session = await openAdminSession(db, 'schedule-guest');
});
afterAll(async () => {
  await session?.close();
});

/**
 * 38 lines the demo catalogue (seeds/data/catalogue.ts) stocks, in the notation of real schedules
 * (common names, typos, cm and m, BR/C3/10L/P9), each matched by the matcher; then two it cannot
 * settle alone: "Cherry laurel" (several cultivars) and "Dogwood" (a genus-wide common name).
 * Quantities are in their own column, as a schedule's are.
 */
const MATCHED: [string, number][] = [
  ['Acer campestre 60-90 BR', 25],
  ['Field maple 90-120cm BR', 10],
  ['Berberis darwinii 2L 20-40', 12],
  ['Buxus sempervirens 2L 20-40', 40],
  ['Box 3 litre 20-40', 20],
  ['Carpinus betulus 60-90 BR', 50],
  ['Hornbeam 120-150 bare root', 8],
  ['Carpinus betulas 90-120 br', 15],
  ['Cornus sanguinea 40-60 BR', 30],
  ['Corylus avellana 60-90 BR', 30],
  ['Hazel 40-60cm bare root', 25],
  ['Crataegus monogyna 0.6-0.9m bare root', 60],
  ['Hawthorn 20-40 BR', 40],
  ['Elaeagnus x ebbingei 3L 40-60', 6],
  ["Escallonia 'Apple Blossom' 2L 20-40", 10],
  ['Euonymus europaeus 40-60 BR', 15],
  ['Fagus sylvatica 60-90 BR', 100],
  ['Beech 40-60 bare root', 50],
  ["Fagus sylvatica 'Purpurea' 40-60 BR", 20],
  ['Griselinia littoralis 3L 40-60', 12],
  ['Hippophae rhamnoides 60-90 BR', 10],
  ['Ilex aquifolium 2L 20-40', 10],
  ['Ligustrum ovalifolium 60-90 BR', 50],
  ['Wild privet 60-90 BR', 20],
  ['Lonicera nitida 2L 20-40', 30],
  ['Malus sylvestris 40-60 BR', 10],
  ["Photinia x fraseri 'Red Robin' 3L 40-60", 8],
  ['Cherry plum 60-90 BR', 10],
  ['Prunus lusitanica 3L 40-60', 6],
  ['Blackthorn 60-90 BR', 40],
  ['Rosa canina 60-90 BR', 30],
  ['Rosa rugosa 3L 40-60', 10],
  ['Sambucus nigra 40-60 BR', 10],
  ['Taxus baccata 40-60 BR', 25],
  ["Thuja plicata 'Atrovirens' 3L 60-90", 10],
  ['Viburnum opulus 60-90 BR', 15],
  ['Guelder rose 40-60 BR', 10],
  ['Alnus glutinosa 40-60 BR', 30],
];
const AMBIGUOUS: [string, number][] = [
  ['Cherry laurel 40-60 BR', 30],
  ['Dogwood 2L 40-60', 12],
];

/** The schedule as an architect's spreadsheet: a title, a header row, then the lines. */
async function scheduleWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Planting schedule');
  sheet.addRow(['Riverside Park, phase 2: planting schedule rev C']);
  sheet.addRow(['Botanical name', 'Qty']);
  for (const [name, quantity] of [...MATCHED.slice(0, 20), AMBIGUOUS[0]!, ...MATCHED.slice(20), AMBIGUOUS[1]!])
    sheet.addRow([name, quantity]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The widest horizontal overflow of the page and of its tables' scrollers: 0 on a phone. */
const overflow = (page: Page) =>
  page.evaluate(() =>
    [document.documentElement, ...Array.from(document.querySelectorAll('main table')).map((t) => t.parentElement!)]
      .map((element) => element.scrollWidth - element.clientWidth)
      .reduce((widest, each) => Math.max(widest, each), 0),
  );

describe('from a schedule to an order, as a guest on a phone', () => {
  it('uploads an XLSX schedule, settles two lines, requests a quote; staff send a quotation; the guest accepts; both sides see the order', async () => {
    const stamp = Date.now();
    const email = `schedule.guest.${stamp}@example.com`;

    // The guest, 390 px: the schedule upload, the review, two choices, the plant list.
    const phone = await newPhoneContext(browser());
    const guest = await phone.newPage();
    const errors = watchPageErrors(guest);
    await guest.goto('/plant-list/schedule', { waitUntil: 'networkidle' });
    await guest.getByLabel('Schedule file (XLSX or CSV)').setInputFiles({
      name: 'riverside-park-phase-2.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await scheduleWorkbook(),
    });
    await guest.getByRole('button', { name: 'Match schedule' }).click();
    const summary = guest.getByLabel('Summary');
    await summary.waitFor();
    await expect(summary.innerText()).resolves.toMatch(/^40 lines read: 38 matched, 2 to choose, 0 substitutes offered, 0 not stocked\./);
    expect(await overflow(guest)).toBe(0);
    await screenshot(guest, 'schedule-guest-review-390');

    // Creating the list before choosing marks the two lines and says so.
    await guest.getByRole('button', { name: 'Create plant list' }).click();
    await guest.getByText('2 lines need a choice or a quantity, or to be left out.').waitFor();
    const choices = guest.getByRole('group', { name: /^Which line for / });
    expect(await choices.count()).toBe(2);
    await screenshot(guest, 'schedule-guest-review-marked-390');
    for (const group of await choices.all()) await group.getByRole('radio').first().check();
    await expectAccessible(guest);
    await guest.getByRole('button', { name: 'Create plant list' }).click();
    await guest.waitForURL((url) => url.pathname === '/plant-list');
    const listLines = guest.getByRole('list', { name: 'Lines on your plant list' }).getByRole('listitem');
    await expect.poll(() => listLines.count(), { timeout: 10_000 }).toBe(40);
    expect(await overflow(guest)).toBe(0);
    await screenshot(guest, 'schedule-guest-plant-list-390');

    // The quote request from the list.
    await guest.getByRole('link', { name: 'Request a quote' }).click();
    await guest.waitForURL((url) => url.pathname === '/plant-list/quote');
    await guest.getByRole('heading', { name: 'Your list: 40 lines' }).waitFor();
    await guest.getByLabel(/^Delivery postcode/).fill('TN27 0AB');
    await guest.getByLabel(/^Name/).fill('Morgan Guest');
    await guest.getByLabel(/^Company/).fill(`Riverside Landscapes ${stamp}`);
    await guest.getByLabel(/^Email/).fill(email);
    await guest.getByLabel(/^Telephone/).fill('01233 555 123');
    await screenshot(guest, 'schedule-guest-quote-form-390');
    await guest.getByRole('button', { name: 'Send quote request' }).click();
    await guest.getByRole('heading', { name: 'Quote request sent' }).waitFor();
    const requestRef = (await guest.locator('p', { hasText: 'Your reference is' }).locator('strong').innerText()).trim();
    const request = await db('quote_requests').where({ reference: requestRef }).first('id');
    const requested = await db('quote_request_lines').where({ quote_request_id: request.id }).orderBy('id');
    expect(requested.map((line: { quantity: number }) => line.quantity)).toEqual(
      [...MATCHED.slice(0, 20), AMBIGUOUS[0]!, ...MATCHED.slice(20), AMBIGUOUS[1]!].map(([, quantity]) => quantity),
    );

    // Staff, desktop: the request, Prepare Quotation, every line priced, delivery, sent.
    const desk = session.page;
    await desk.goto(`/admin/quote-requests/${request.id}`, { waitUntil: 'networkidle' });
    await desk.getByRole('button', { name: 'Prepare Quotation' }).click();
    await desk.waitForURL(/\/quotation\/\d+$/);
    await desk.getByRole('table', { name: /^Lines of / }).waitFor();
    const prices = desk.getByRole('textbox', { name: /^Unit price of / });
    await prices.first().waitFor();
    // Every requested line, and a substitute offered beside any line the catalogue has retired or run out of.
    expect(await prices.count()).toBeGreaterThanOrEqual(40);
    // A line the catalogue has no trade price for is priced by hand.
    for (const price of await prices.all()) if ((await price.inputValue()) === '') await price.fill('2.40');
    await desk.getByRole('textbox', { name: 'Delivery (£)' }).fill('85');
    await screenshot(desk, 'schedule-guest-quotation-editor-desktop');
    await desk.getByRole('button', { name: 'Save Draft' }).click();
    await desk.getByText('Draft saved.').waitFor();
    const total = /Total inc VAT\s+(£[\d,]+\.\d\d)/.exec(await desk.getByLabel('Totals').innerText())![1]!;
    await desk.getByRole('button', { name: 'Send Quotation' }).click();
    await desk.getByText(new RegExp(`^Sent: ${requestRef}/1 is being mailed`)).waitFor();
    await stockQuotedLines(db, desk);

    // The mail: the PDF (its text read back) and the signed link.
    const mail = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Your quotation'), 30_000);
    const { attachments } = await simpleParser(mail.raw);
    expect(attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    const parser = new PDFParse({ data: attachments[0]!.content });
    const text = (await parser.getText()).text.replace(/[ \t]+/g, ' ');
    await parser.destroy();
    for (const fact of [`${requestRef}/1`, 'Total inc VAT', total, '£85.00', 'Valid until', 'Terms']) expect(text).toContain(fact);
    const link = /https?:\/\/[^\s]+\/quotations\/\d+\?token=[0-9a-f]{64}/.exec(mail.text)?.[0];
    expect(link).toBeDefined();

    // The guest opens the link on the phone and accepts with a PO number.
    const url = new URL(link!);
    await guest.goto(`${url.pathname}${url.search}`, { waitUntil: 'networkidle' });
    await guest.getByRole('heading', { name: `Quotation ${requestRef}/1` }).waitFor();
    await expect(guest.getByLabel(/^Totals of /).innerText()).resolves.toContain(total);
    await guest.getByLabel(/Your PO number/).fill(`RP-${stamp % 100000}`);
    await guest.getByLabel(/Delivery address/).fill('Riverside Park site compound\nMill Lane\nCharing');
    await guest.getByLabel(/Wanted by/).fill('2099-02-15');
    expect(await overflow(guest)).toBe(0);
    await screenshot(guest, 'schedule-guest-quotation-390');
    await guest.getByRole('button', { name: 'Accept and place the order' }).click();
    const confirmed = guest.getByRole('heading', { name: /^Order SO-\d{4}-\d{6} confirmed$/ });
    await confirmed.waitFor();
    const reference = /SO-\d{4}-\d{6}/.exec(await confirmed.innerText())![0];
    await waitForMail((m) => m.to.includes(email) && m.subject.startsWith(`Order ${reference} confirmed`), 30_000);

    // The guest's order page, through the link.
    await guest.getByRole('link', { name: 'See your order' }).click();
    await guest.waitForURL((u) => /^\/orders\/\d+$/.test(u.pathname) && u.searchParams.has('token'));
    await guest.getByRole('heading', { name: `Order ${reference}` }).waitFor();
    await guest.getByRole('list', { name: 'Order progress' }).getByText('Confirmed').waitFor();
    await expect(guest.getByLabel('Totals').innerText()).resolves.toContain(total);
    expect(await overflow(guest)).toBe(0);
    await screenshot(guest, 'schedule-guest-order-390');

    // Staff: the order in the orders list (by PO number) and its page.
    await openFromMenu(desk, 'Orders', '/admin/orders');
    await desk.getByLabel('Reference, company or PO').fill(`RP-${stamp % 100000}`);
    await desk.getByRole('button', { name: 'Show orders' }).click();
    const row = desk.getByRole('row').filter({ hasText: reference });
    await row.getByText(`Riverside Landscapes ${stamp}`).waitFor();
    await screenshot(desk, 'schedule-guest-admin-orders-desktop');
    await row.getByRole('link', { name: reference }).click();
    await desk.getByRole('heading', { name: `Order ${reference}` }).waitFor();
    await desk.getByRole('button', { name: 'Start picking' }).waitFor();
    await screenshot(desk, 'schedule-guest-admin-order-desktop');

    expect(errors).toEqual([]);
    expect(session.errors).toEqual([]);
    await phone.close();
  }, 180_000);
});

const browser = () => session.browser;
