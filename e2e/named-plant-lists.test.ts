import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newLaptopContext, newPhoneContext, screenshot, seriousA11yViolations, watchPageErrors } from './browser.ts';
import { addLine, listed, logInAsBuyer } from './buyer-helpers.ts';
import { browserForThisFile, databaseForThisFile } from './file-setup.ts';
import { hashPassword } from '../src/passwords.ts';

/**
 * A signed-in buyer's named plant lists in real Chromium against the real server (issue 19): a
 * line stored the old way (by buyer only) lands on "My plant list"; a new list becomes the one
 * shown and the one the catalogue adds to; switching, renaming and deleting (after a question)
 * work at 1366 px and at 390 px without sideways scrolling. Also the schedule upload form at both
 * sizes (its review needs the matcher's routes, which live in another branch).
 */
const browser = browserForThisFile();
const db = databaseForThisFile();

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('named plant lists', () => {
  it('creates a list, adds to it from the catalogue, switches, renames and deletes, at 1366 and 390 px', async () => {
    const stamp = Date.now();
    const email = `buyer.lists.${stamp}@example.com`;
    const password = 'e2e buyer hornbeam 78';
    const [{ id: userId }] = (await db('users')
      .insert({
        firstname: 'Robin',
        lastname: 'Lister',
        email,
        role: 'user',
        password_hash: await hashPassword(password),
        email_verified_at: new Date(),
      })
      .returning('id')) as [{ id: number }];
    const item = await db('catalogue_items')
      .whereNull('retired_at')
      .orderBy('id', 'desc')
      .first('id', 'code', 'genus', 'species', 'common_name', 'form', 'height');
    const { id: catalogueItemId, ...snapshot } = item as { id: number; genus: string; species: string };
    // The old way: a buyer and no list. The database files it under "My plant list".
    await db('plant_list_lines').insert({
      user_id: userId,
      catalogue_item_id: catalogueItemId,
      quantity: 40,
      snapshot: JSON.stringify(snapshot),
    });

    const laptop = await newLaptopContext(browser());
    const page = await laptop.newPage();
    const errors = watchPageErrors(page);
    await logInAsBuyer(page, '/account', { email, password });
    await page.goto('/plant-list', { waitUntil: 'networkidle' });
    await page.getByText('1 line. Your list is kept with your account.').waitFor();
    // One list: the page as before, with "New list" beside it and the way to upload a schedule.
    expect(await page.getByLabel('Showing list').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Upload a planting schedule' }).getAttribute('href')).toBe('/plant-list/schedule');

    await page.getByRole('button', { name: 'New list' }).click();
    await page.getByLabel(/Name of the new list/).fill('Riverside park');
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByText('“Riverside park” created: it is empty and shown below.').waitFor();

    await page.goto('/catalogue', { waitUntil: 'networkidle' });
    const added = await addLine(page, 0, 25);
    await page.goto('/plant-list', { waitUntil: 'networkidle' });
    await page.getByText('1 line. Your list is kept with your account.').waitFor();
    expect(await listed(page)).toEqual({ [added]: '25' });
    expect(await page.getByLabel('Showing list').inputValue()).toBe(
      String((await db('plant_lists').where({ user_id: userId, name: 'Riverside park' }).first('id')).id),
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'named-lists-1366');

    const phone = await newPhoneContext(browser(), { storageState: await laptop.storageState() });
    const phonePage = await phone.newPage();
    await phonePage.goto('/plant-list', { waitUntil: 'networkidle' });
    await phonePage.getByLabel('Showing list').waitFor();
    expect(await noSidewaysScroll(phonePage)).toBe(0);
    await screenshot(phonePage, 'named-lists-390');

    // Back to the first list on the phone: its line is there, and it is the default again.
    await phonePage.getByLabel('Showing list').selectOption({ label: 'My plant list (1 line)' });
    await phonePage.getByRole('button', { name: 'Show' }).click();
    await phonePage.getByText('Showing “My plant list”.').waitFor();
    await phonePage.getByRole('heading', { name: `${snapshot.genus} ${snapshot.species}` }).waitFor();
    expect(Object.values(await listed(phonePage))).toEqual(['40']);

    await phonePage.getByLabel('Showing list').selectOption({ label: 'Riverside park (1 line)' });
    await phonePage.getByRole('button', { name: 'Show' }).click();
    await phonePage.getByText('Showing “Riverside park”.').waitFor();
    await phonePage.getByRole('button', { name: 'Rename' }).click();
    await phonePage.getByLabel(/New name for/).fill('Riverside park, phase 1');
    await phonePage.getByRole('button', { name: 'Save name' }).click();
    await phonePage.getByText('Renamed to “Riverside park, phase 1”.').waitFor();
    await phonePage.getByRole('button', { name: 'Delete list' }).click();
    const dialog = phonePage.getByRole('dialog', { name: 'Delete the list “Riverside park, phase 1”?' });
    await dialog.waitFor();
    await screenshot(phonePage, 'named-lists-delete-390');
    await dialog.getByRole('button', { name: 'Delete list' }).click();
    await phonePage.getByText('“Riverside park, phase 1” deleted.').waitFor();
    expect(await db('plant_lists').where({ user_id: userId }).pluck('name')).toEqual(['My plant list']);
    expect(await db('plant_list_lines').where({ user_id: userId }).pluck('quantity')).toEqual([40]);
    await phone.close();
    expect(errors).toEqual([]);
    await laptop.close();
  });

  it('offers the schedule upload to a guest at 1366 and 390 px', async () => {
    for (const [context, name] of [
      [await newLaptopContext(browser()), 'schedule-upload-1366'],
      [await newPhoneContext(browser()), 'schedule-upload-390'],
    ] as const) {
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto('/plant-list/schedule', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Upload a planting schedule' }).waitFor();
      await page.getByLabel('Schedule file (XLSX or CSV)').waitFor();
      await page.getByLabel('Or paste the schedule').waitFor();
      await screenshot(page, name);
      // Names what is wider than the screen, should anything be.
      const wide = await page.evaluate(() =>
        Array.from(document.querySelectorAll('body *'))
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`)
          .slice(0, 8),
      );
      expect(wide).toEqual([]);
      expect(await noSidewaysScroll(page)).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
