import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openAdminSession, type AdminSession } from './admin-helpers.ts';
import { screenshot, seriousA11yViolations } from './browser.ts';
import { databaseForThisFile } from './file-setup.ts';

/**
 * The queue dashboard (bull-board at /admin/queues) in production shape: the suite's web process
 * runs with Redis (e2e/global-setup.ts), so this is the real board, as an admin opens it.
 */
const db = databaseForThisFile();
let session: AdminSession;

beforeAll(async () => {
  session = await openAdminSession(db, 'queues');
}, 60_000);
afterAll(async () => {
  await session?.close();
});

describe('/admin/queues with Redis', () => {
  it('loads from this site alone, without a console error or a serious axe finding, and links back to the admin', async () => {
    const { page, errors } = session;
    const site = new URL(inject('baseUrl')).origin;
    const outside: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== site) outside.push(request.url());
    });
    errors.length = 0;
    await page.goto('/admin/queues', { waitUntil: 'networkidle' });
    // bull-board draws its queues in the browser: wait for a queue's card (its second link to
    // the queue, after the side menu's) before judging the page.
    await page.getByRole('link', { name: 'account-mail' }).nth(1).waitFor();

    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'queue-dashboard-desktop');

    await page
      .getByRole('link', { name: /admin dashboard/i })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });
});
