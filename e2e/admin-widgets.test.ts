import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import { textWidgets } from '../seeds/data/widgets.ts';
import { openFromMenu, openAdminSession, type AdminSession } from './admin-helpers.ts';
import { databaseForThisFile } from './file-setup.ts';

/**
 * The widget screens in real Chromium: the grid, Add Widget, a TEXT widget edited in CKEditor
 * (toolbar, plain-text paste) and seen on its public page, and an IMAGE widget given a new picture.
 */

let page: Page;
let errors: string[];
let session: AdminSession;
const db = databaseForThisFile();
const stamp = Date.now();
/** Names of the seeded TEXT widgets (the business details do not change which widgets there are). */
const seededTextWidgets = textWidgets({
  name: '',
  shortName: '',
  telephone: '',
  address: '',
  email: '',
  companyNumber: '',
  vatNumber: '',
  plantHealthNumber: '',
}).map((w) => w.name);
/** The seeded TEXT widgets' HTML before the tests, put back afterwards so other specs see the seeded copy. */
let seededHtml: { id: number; html: string }[] = [];

/** Start tags in document order: the element structure a save must keep. */
const tagsOf = (html: string) => [...html.matchAll(/<([a-z][a-z0-9]*)\b/gi)].map((m) => m[1]!.toLowerCase());

beforeAll(async () => {
  seededHtml = await db('widgets').whereIn('name', seededTextWidgets).select('id', 'html');
  session = await openAdminSession(db, 'widgets');
  ({ page, errors } = session);
});
afterAll(async () => {
  for (const { id, html } of seededHtml) await db('widgets').where({ id }).update({ html });
  await session?.close();
});

describe('admin widgets', () => {
  it('lists widgets with a type icon, adds one (as TEXT) and deletes it', async () => {
    await openFromMenu(page, 'Widgets', '/admin/widgets');
    const grid = page.getByRole('main').getByRole('list');
    await grid.getByRole('link', { name: /^ShowsText/ }).waitFor();
    await expect(grid.getByRole('link', { name: /^FindImage/ }).innerText()).resolves.toContain('Image');
    await expect(grid.locator('svg').count()).resolves.toBeGreaterThan(10);
    await screenshot(page, 'admin-widgets-desktop');

    const name = `E2eWidget${stamp}`;
    await page.getByRole('button', { name: 'Add Widget' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Widget' });
    await dialog.getByLabel(/^Name/).fill('ShowsText');
    await dialog.getByRole('button', { name: 'Add Widget' }).click();
    await dialog.getByText(/already been taken/).waitFor();
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByRole('button', { name: 'Add Widget' }).click();
    await dialog.waitFor({ state: 'detached' });
    await grid.getByRole('link', { name: new RegExp(`^${name}`) }).click();
    await page.waitForURL(/\/admin\/widgets\/\d+$/);
    await expect(page.getByLabel(/^Type/).inputValue()).resolves.toBe('TEXT');
    await page.getByRole('button', { name: 'Delete Widget' }).click();
    await page
      .getByRole('dialog', { name: `Delete the widget ${name}?` })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/widgets');
    await grid.getByRole('link', { name: /^ShowsText/ }).waitFor();
    expect(await db('widgets').where({ name }).first()).toBeUndefined();
  });

  it('opens and saves every seeded TEXT widget without edits, keeping its element structure (headings included)', async () => {
    expect(seededHtml.length).toBe(seededTextWidgets.length);
    for (const { id, html } of seededHtml) {
      const before = tagsOf(html);
      await page.goto(`/admin/widgets/${id}`, { waitUntil: 'domcontentloaded' });
      const editable = page.locator('.ck-editor__editable[contenteditable="true"]');
      await editable.waitFor();
      // A keystroke undone: the content is as it was, but what gets saved now comes from the editor.
      await editable.click();
      await page.keyboard.type('x');
      await page.keyboard.press('Backspace');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Your Changes Have Been Saved').waitFor();
      const stored = (await db('widgets').where({ id }).first()).html as string;
      expect(tagsOf(stored), `widget ${id}`).toEqual(before);
    }
    await expect(
      page
        .locator('.ck-toolbar')
        .getByRole('button', { name: /^Heading|^Paragraph/ })
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await page.goto('/admin/widgets', { waitUntil: 'domcontentloaded' });
  });

  it('edits a TEXT widget in CKEditor (bold, plain-text paste) and the public page shows it', async () => {
    await page
      .getByRole('main')
      .getByRole('link', { name: /^ShowsText/ })
      .click();
    await page.waitForURL(/\/admin\/widgets\/\d+$/);
    const editable = page.locator('.ck-editor__editable[contenteditable="true"]');
    await editable.waitFor();
    // The editor's toolbar is the spec's.
    for (const label of [
      'Bold',
      'Italic',
      'Underline',
      'Font Color',
      'Text alignment',
      'Bulleted List',
      'Numbered List',
      'Block quote',
      'Link',
      'Code',
    ]) {
      await expect(page.locator('.ck-toolbar').getByRole('button', { name: label, exact: false }).first().isVisible(), label).resolves.toBe(
        true,
      );
    }

    await editable.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.type(`Meet us at the shows ${stamp}. `);
    await page.locator('.ck-toolbar').getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Stand 42');
    await page.locator('.ck-toolbar').getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.press('Enter');
    // Pasting rich HTML arrives as plain text.
    await editable.evaluate((element) => {
      const data = new DataTransfer();
      data.setData('text/html', '<h1 style="color:red">Big <script>alert(1)</script><a href="javascript:alert(1)">pasted</a></h1>');
      data.setData('text/plain', 'Big pasted line');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await editable.getByText('Big pasted line').waitFor();
    await expect(editable.locator('h1, a, [style*="color"]').count()).resolves.toBe(0);
    await screenshot(page, 'admin-widget-text-desktop');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const saved = page.getByText('Your Changes Have Been Saved');
    await saved.waitFor();
    const shownAt = Date.now();
    await saved.waitFor({ state: 'hidden', timeout: 5_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2_000);
    const html = (await db('widgets').where({ name: 'ShowsText' }).first()).html as string;
    expect(html).toContain(`<strong>Stand 42</strong>`);
    expect(html).toContain('<p>Big pasted line</p>');

    await page.goto('/shows', { waitUntil: 'networkidle' });
    const widget = page.locator('[data-widget="ShowsText"]');
    await widget.getByText(`Meet us at the shows ${stamp}.`).waitFor();
    await expect(widget.locator('strong').innerText()).resolves.toBe('Stand 42');
    // Admins see an Edit link beside the widget, to its edit page.
    await widget.getByRole('link', { name: /^Edit/ }).click();
    await page.waitForURL(/\/admin\/widgets\/\d+$/);
    await page.locator('.ck-editor__editable').getByText('Big pasted line').waitFor();
  });

  it('gives an IMAGE widget a new picture and alt text', async () => {
    await page.goto('/admin/widgets', { waitUntil: 'domcontentloaded' });
    await page
      .getByRole('main')
      .getByRole('link', { name: /^FindImage/ })
      .click();
    await page.waitForURL(/\/admin\/widgets\/\d+$/);
    await expect(page.getByLabel(/^Type/).inputValue()).resolves.toBe('IMAGE');
    await expect(page.locator('.ck-editor').count()).resolves.toBe(0);

    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2f5d34' } })
      .composite([{ input: Buffer.from('<svg width="320" height="200"><circle cx="160" cy="100" r="60" fill="#ffd27a"/></svg>') }])
      .png()
      .toBuffer();
    // Not an image: refused under the field.
    await page.getByLabel(/^Image/).setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByText(/JPEG, PNG, WebP, AVIF or GIF|could not be read|not a readable/i)
      .last()
      .waitFor();

    await page.getByLabel(/^Image/).setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: '' }).last().waitFor();
    await page.getByLabel(/^Alt text/).fill(`Map to the nursery ${stamp}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Your Changes Have Been Saved').waitFor();
    await page.getByRole('img', { name: `Map to the nursery ${stamp}` }).waitFor();
    await screenshot(page, 'admin-widget-image-desktop');

    await page.goto('/find', { waitUntil: 'networkidle' });
    const image = page.locator('[data-widget="FindImage"] img');
    await expect(image.getAttribute('alt')).resolves.toBe(`Map to the nursery ${stamp}`);
    // The file the browser chose (a rendition or the original) is the new 320-px picture. (Not
    // naturalWidth: with a `w` srcset the browser scales that by the slot size in `sizes`.)
    const chosen = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
    const bytes = Buffer.from(await (await fetch(chosen)).arrayBuffer());
    await expect(
      sharp(bytes)
        .metadata()
        .then((m) => m.width),
    ).resolves.toBe(320);
    expect(errors.filter((e) => !/status of 41[35]|status of 422|Widget (save|create) failed/.test(e))).toEqual([]);
  });
});
