import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newContext, newLaptopContext, newPhoneContext, screenshot, viewports } from './browser.ts';
import { openFromMenu, openAdminSession, type AdminSession } from './admin-helpers.ts';
import { databaseForThisFile } from './file-setup.ts';

/**
 * The enquiries inbox in real Chromium against the real web and worker processes: a visitor's
 * message from /contact appears at the top, shows when the worker delivered its email, can be
 * marked handled and deleted; the dashboard counts it.
 */

let browser: Browser;
let page: Page;
let errors: string[];
let session: AdminSession;
const db = databaseForThisFile();
const sender = `Inbox buyer ${Date.now()}`;

beforeAll(async () => {
  session = await openAdminSession(db, 'enquiries');
  ({ browser, page, errors } = session);
});
afterAll(async () => {
  await session?.close();
});

describe('admin enquiries', () => {
  it('shows a visitor’s enquiry at the top of the inbox, delivered', async () => {
    const guest = await newContext(browser, 'desktop');
    const tab = await guest.newPage();
    await tab.goto('/contact', { waitUntil: 'networkidle' });
    await tab.getByLabel(/^Name/).fill(sender);
    await tab.getByLabel(/^Telephone/).fill('01233 555 010');
    await tab.getByLabel(/^Email/).fill('inbox.buyer@example.com');
    await tab.getByLabel(/^Message/).fill('Please quote for 500 Crataegus monogyna 40-60 bare root.\nDelivery to Ashford.');
    await tab.getByRole('button', { name: /send/i }).click();
    await tab.getByText('Your message was sent successfully').waitFor();
    await guest.close();

    await openFromMenu(page, 'Enquiries', '/admin/enquiries');
    const first = page.getByRole('main').locator('table tbody tr').first();
    await expect(first.innerText()).resolves.toContain(sender);
    // The worker delivers the mail; the list shows it once it has.
    await expect
      .poll(
        async () => {
          await page.reload({ waitUntil: 'networkidle' });
          return page.getByRole('main').locator('table tbody tr').first().innerText();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toMatch(/Delivered \d{1,2} \w{3,4} \d{4} \d{2}:\d{2}/);
    await expect(first.innerText()).resolves.toContain('New');
    await screenshot(page, 'admin-enquiries-desktop');

    // On a phone, in the same session, the rows are cards: neither the page nor the list scrolls sideways.
    const phone = await browser.newContext({
      baseURL: inject('baseUrl'),
      viewport: viewports.phone,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      storageState: await page.context().storageState(),
    });
    const phonePage = await phone.newPage();
    await phonePage.goto('/admin/enquiries', { waitUntil: 'networkidle' });
    await phonePage.getByText(sender).waitFor();
    const overflow = () =>
      phonePage.evaluate(() =>
        [document.documentElement, document.querySelector('main table')!.parentElement!].map(
          (element) => element.scrollWidth - element.clientWidth,
        ),
      );
    expect(await overflow()).toEqual([0, 0]);
    await screenshot(phonePage, 'admin-enquiries-phone');
    await phone.close();
  });

  it('counts it on the dashboard', async () => {
    await openFromMenu(page, 'Dashboard', '/admin');
    const card = page.getByRole('main').locator('li', { hasText: 'Enquiries, last 7 days' });
    const expected = Number(
      (await db('contact_messages').where('created_at', '>', db.raw("now() - interval '7 days'")).count<{ n: string }[]>('* as n'))[0]!.n,
    );
    expect(expected).toBeGreaterThan(0);
    await expect.poll(async () => (await card.innerText()).split('\n').map((s) => s.trim())).toContain(String(expected));
    await expect(
      page.getByRole('table', { name: 'Enquiries per week', includeHidden: true }).locator('td').last().textContent(),
    ).resolves.toMatch(/^[1-9]\d*$/);
  });

  it('opens the enquiry, marks it handled and back, then deletes it', async () => {
    await openFromMenu(page, 'Enquiries', '/admin/enquiries');
    await page.getByRole('link', { name: sender }).click();
    await page.waitForURL(/\/admin\/enquiries\/\d+$/);
    await page.getByRole('heading', { level: 1, name: `Enquiry from ${sender}` }).waitFor();
    const main = page.getByRole('main');
    await expect(main.innerText()).resolves.toContain('Delivery to Ashford.');
    await expect(main.getByRole('link', { name: 'inbox.buyer@example.com' }).getAttribute('href')).resolves.toBe(
      'mailto:inbox.buyer@example.com',
    );
    await expect(main.innerText()).resolves.toMatch(/Delivered \d{1,2} \w{3,4} \d{4} \d{2}:\d{2}/);

    await page.getByRole('button', { name: 'Mark as handled' }).click();
    await page.getByRole('button', { name: 'Mark as not handled' }).waitFor();
    await expect(main.innerText()).resolves.toMatch(/Handled \d{1,2} \w{3,4} \d{4}/);
    expect((await db('contact_messages').where({ name: sender }).first()).handled_at).not.toBeNull();
    await screenshot(page, 'admin-enquiry-desktop');
    await page.getByRole('button', { name: 'Mark as not handled' }).click();
    await page.getByRole('button', { name: 'Mark as handled' }).waitFor();
    expect((await db('contact_messages').where({ name: sender }).first()).handled_at).toBeNull();

    await page.getByRole('button', { name: 'Delete Enquiry' }).click();
    await page
      .getByRole('dialog', { name: `Delete the enquiry from ${sender}?` })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/enquiries');
    await page.getByRole('main').locator('table, p').first().waitFor();
    await expect(page.getByRole('link', { name: sender }).count()).resolves.toBe(0);
    expect(await db('contact_messages').where({ name: sender }).first()).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it("prices a quote request from today's catalogue, on a 1366 px laptop and a 390 px phone", async () => {
    const stamp = Date.now();
    const items = (await db('catalogue_items')
      .insert([
        {
          genus: 'Carpinus',
          species: `betulus e2e${stamp}`,
          common_name: 'Hornbeam',
          form: 'Bare root',
          height: '60-90',
          price_pence: 245,
          price_breaks: JSON.stringify([
            { min_quantity: 100, price_pence: 220 },
            { min_quantity: 500, price_pence: 199 },
          ]),
          stock_status: 'in_stock',
          stock_quantity: 5000,
        },
        {
          genus: 'Ilex',
          species: `aquifolium e2e${stamp}`,
          common_name: 'Holly',
          form: '2L',
          height: '40-60',
          price_pence: 450,
          price_breaks: '[]',
          stock_status: 'ready_from',
          ready_from: '2027-01-10',
        },
        { genus: 'Malus', species: `M9 e2e${stamp}`, common_name: '', form: 'Bare root', height: 'Rootstock' },
      ])
      .returning('id')) as { id: number }[];
    const [request] = (await db('quote_requests')
      .insert({
        reference: `Q-E2E-${stamp}`,
        name: 'Jo Landscaper',
        company: 'Greenways & Co',
        email: 'jo@example.com',
        telephone: '01233 555 123',
        delivery_postcode: 'TN27 9AA',
        wanted_by: '2027-02-15',
        notes: 'Back gate, please.',
        status: 'new',
      })
      .returning('id')) as { id: number }[];
    const line = (index: number, genus: string, species: string, form: string, height: string, quantity: number) => ({
      quote_request_id: request!.id,
      catalogue_item_id: items[index]!.id,
      genus,
      species: `${species} e2e${stamp}`,
      common_name: '',
      form,
      height,
      quantity,
    });
    await db('quote_request_lines').insert([
      line(0, 'Carpinus', 'betulus', 'Bare root', '60-90', 600),
      line(1, 'Ilex', 'aquifolium', '2L', '40-60', 10),
      line(2, 'Malus', 'M9', 'Bare root', 'Rootstock', 50),
    ]);
    try {
      for (const [name, open] of [
        ['1366', newLaptopContext],
        ['390', newPhoneContext],
      ] as const) {
        const context = await open(browser, { storageState: await page.context().storageState() });
        const tab = await context.newPage();
        await tab.goto(`/admin/quote-requests/${request!.id}`, { waitUntil: 'networkidle' });
        await tab.getByRole('heading', { level: 1, name: `Quote request Q-E2E-${stamp}` }).waitFor();
        const rows = await tab
          .getByRole('table', { name: `Lines of Q-E2E-${stamp}` })
          .locator('tbody tr')
          .allInnerTexts();
        expect(rows[0]).toMatch(/600[\s\S]*£1\.99 \(500\+ break\)[\s\S]*In stock \(5,000\)[\s\S]*£1,194\.00/);
        expect(rows[1]).toMatch(/£4\.50 \(list price\)[\s\S]*Ready from 10 Jan 2027[\s\S]*£45\.00/);
        expect(rows[2]).toMatch(/Rootstock[\s\S]*Price on request/);
        await expect(tab.getByText(/^Estimated total/).innerText()).resolves.toContain('Estimated total £1,239.00 excl. VAT');
        await expect(tab.getByRole('main').innerText()).resolves.toContain('15 Feb 2027');
        const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBe(0);
        await screenshot(tab, `admin-quote-request-${name}`);
        await context.close();
      }
    } finally {
      await db('quote_requests').where({ id: request!.id }).delete();
      await db('catalogue_items')
        .whereIn(
          'id',
          items.map((item) => item.id),
        )
        .delete();
    }
    expect(errors).toEqual([]);
  });
});
