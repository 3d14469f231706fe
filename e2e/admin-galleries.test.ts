import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { screenshot } from './browser.ts';
import { apiJson, openFromMenu, sameSessionContext, openAdminSession, type AdminSession } from './admin-helpers.ts';
import { databaseForThisFile } from './file-setup.ts';

/**
 * The gallery screens in real Chromium against the real web and worker processes: create a gallery,
 * upload three photos through FilePond, wait for the worker's renditions, reorder (buttons and
 * drag and drop), edit a caption, rotate, delete an image, then delete the gallery.
 */

interface AdminImage {
  id: number;
  status: string;
  caption: string;
  width: number | null;
  height: number | null;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let session: AdminSession;
let galleryId = 0;
const db = databaseForThisFile();
const stamp = Date.now();
const galleryName = `Hedging ${stamp}`;

beforeAll(async () => {
  session = await openAdminSession(db, 'galleries', { timeoutMs: 20000 });
  ({ browser, context, page, errors } = session);
});
afterAll(async () => {
  await session?.close();
});

/** A 640×480 JPEG of one colour with a contrasting disc, so the three uploads differ. */
async function photo(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .composite([{ input: Buffer.from('<svg width="640" height="480"><circle cx="220" cy="240" r="120" fill="#fff6d8"/></svg>') }])
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

const images = () => apiJson<{ images: AdminImage[] }>(page, `/api/admin/galleries/${galleryId}`).then((g) => g.images);
const grid = () => page.getByRole('list', { name: 'Images in display order' });
const cards = () => grid().getByRole('listitem');

/** Drags one card's handle onto another card with the mouse (dnd-kit's pointer sensor). */
async function drag(handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 3, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

describe('admin galleries', () => {
  it('lists galleries 12 a page, adds one and opens its editor', async () => {
    await openFromMenu(page, 'Galleries', '/admin/galleries');
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    await expect(page.getByRole('main').getByRole('link', { name: /^Edit/ }).count()).resolves.toBeLessThanOrEqual(12);
    await screenshot(page, 'admin-galleries-desktop');

    await page.getByRole('button', { name: 'Add Gallery' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Gallery' });
    await dialog.getByRole('button', { name: 'Add Gallery' }).click();
    await dialog.getByText('The name field is required.').waitFor();
    await dialog.getByLabel(/^Name/).fill(galleryName);
    await dialog.getByRole('button', { name: 'Add Gallery' }).click();
    await page.waitForURL(/\/admin\/galleries\/\d+$/);
    galleryId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { level: 1, name: `Gallery: ${galleryName}` }).waitFor();
    await page.getByText('No images yet').waitFor();
  });

  it('uploads three photos through FilePond; finished uploads leave the zone and turn ready', async () => {
    await page.locator('.filepond--root').waitFor();
    // FilePond refuses a non-image before sending it.
    await page
      .locator('input.filepond--browser')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.locator('.filepond--item').getByText('Wrong file type').waitFor();
    await page.locator('.filepond--item .filepond--action-remove-item').click();
    await expect.poll(() => page.locator('.filepond--item').count()).toBe(0);

    // One the server refuses (an image type, but not an image's bytes) stays, with the reason and a retry.
    await page
      .locator('input.filepond--browser')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
    const refused = page.locator('.filepond--item');
    await refused.getByText(/Wrong file type|Server responded with status code 422/).waitFor();
    await refused.getByText('Tap to retry').waitFor();
    await expect(refused.locator('.filepond--action-retry-item-processing').isVisible()).resolves.toBe(true);
    await screenshot(page, 'admin-gallery-upload-refused-desktop');
    await refused.locator('.filepond--action-retry-item-processing').click();
    await refused.getByText('Tap to retry').waitFor();
    expect(await images()).toEqual([]);
    await refused.locator('.filepond--action-remove-item').click();
    await expect.poll(() => page.locator('.filepond--item').count()).toBe(0);

    await page
      .locator('input.filepond--browser')
      .setInputFiles([await photo('beech.jpg', '#3b7141'), await photo('hornbeam.jpg', '#8a4b12'), await photo('yew.jpg', '#1f3d23')]);
    await expect.poll(() => cards().count(), { timeout: 20_000 }).toBe(3);
    await expect.poll(() => page.locator('.filepond--item').count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(async () => (await images()).map((i) => i.status).join(), { timeout: 30_000 }).toBe('ready,ready,ready');
    // The editor polls while images are processing, so the thumbnails appear without a reload.
    await expect.poll(() => grid().locator('img').count(), { timeout: 10_000 }).toBe(3);
    await screenshot(page, 'admin-gallery-edit-desktop');
  });

  it('reorders with the Move buttons and by dragging, and the server keeps the order', async () => {
    const before = (await images()).map((i) => i.id);
    await grid().getByRole('button', { name: 'Move right: Image 1' }).click();
    await expect.poll(async () => (await images()).map((i) => i.id)).toEqual([before[1], before[0], before[2]]);

    await drag(
      cards()
        .nth(2)
        .getByRole('button', { name: /^Drag Image 3/ }),
      cards().nth(0),
    );
    await expect.poll(async () => (await images()).map((i) => i.id)).toEqual([before[2], before[1], before[0]]);
    // The public gallery follows.
    const publicOrder = (
      (await (await fetch(`${inject('baseUrl')}/api/galleries/${galleryId}`)).json()) as { images: { id: number }[] }
    ).images.map((i) => i.id);
    expect(publicOrder).toEqual([before[2], before[1], before[0]]);
  });

  it('edits an image in the Update Image modal (errors shown), rotates it and deletes another', async () => {
    await grid().getByRole('button', { name: 'Edit: Image 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Image' });
    await dialog.getByLabel(/^Link/).fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Save Image' }).click();
    await dialog.getByText(/The link must be a path on this site/).waitFor();
    await dialog.getByLabel(/^Link/).fill('/catalogue');
    await dialog.getByLabel(/^Alt text/).fill('Field of beech whips');
    await dialog.getByLabel(/^Caption/).fill('Beech hedging');
    await dialog.getByLabel(/^Sub-caption/).fill('Bare root, November to March');
    await dialog.getByRole('button', { name: 'Save Image' }).click();
    await dialog.waitFor({ state: 'detached' });
    await grid().getByText('Beech hedging', { exact: true }).waitFor();
    const first = (await images())[0]!;
    expect(first).toMatchObject({ caption: 'Beech hedging', width: 640, height: 480 });

    await grid().getByRole('button', { name: 'Rotate: Image 1 (Beech hedging), 90° clockwise' }).click();
    await expect.poll(async () => (await images())[0]!.status, { timeout: 30_000 }).toBe('ready');
    await expect.poll(async () => (await images())[0]).toMatchObject({ width: 480, height: 640 });
    await expect.poll(() => grid().locator('[data-status="processing"]').count(), { timeout: 10_000 }).toBe(0);

    await grid().getByRole('button', { name: 'Delete Image 3' }).click();
    await page
      .getByRole('dialog', { name: /^Delete Image 3\b.*\?$/ })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect.poll(() => cards().count()).toBe(2);
    expect((await images()).length).toBe(2);
  });

  it('looks right on a phone', async () => {
    const phone = await sameSessionContext(browser, context, 'phone');
    const tab = await phone.newPage();
    await tab.goto('/admin/galleries', { waitUntil: 'networkidle' });
    await tab.getByRole('heading', { level: 2 }).first().waitFor();
    await screenshot(tab, 'admin-galleries-phone');
    await tab.goto(`/admin/galleries/${galleryId}`, { waitUntil: 'networkidle' });
    await tab.getByRole('list', { name: 'Images in display order' }).locator('img').first().waitFor();
    const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(tab, 'admin-gallery-edit-phone');
    await phone.close();
  });

  it('renames and then deletes the gallery; the banners cannot be deleted', async () => {
    await page.getByLabel(/^Gallery name/).fill(`${galleryName} renamed`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/galleries');
    await page.getByRole('link', { name: `Edit ${galleryName} renamed` }).waitFor();

    await page.goto('/admin/galleries/1', { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1, name: /^Gallery: / }).waitFor();
    await expect(page.getByRole('button', { name: 'Delete Gallery' }).count()).resolves.toBe(0);

    await page.goto(`/admin/galleries/${galleryId}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Delete Gallery' }).click();
    await page
      .getByRole('dialog', { name: `Delete the gallery “${galleryName} renamed”?` })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/galleries');
    expect(await db('galleries').where({ id: galleryId }).first()).toBeUndefined();
    expect(await db('gallery_images').where({ gallery_id: galleryId }).count('* as n').first()).toMatchObject({ n: '0' });
    expect(errors.filter((e) => !/status of 422|status of 415|Gallery (create|upload) failed|Image update failed/.test(e))).toEqual([]);
  });
});
