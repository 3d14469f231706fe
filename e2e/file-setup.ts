import knexFactory, { type Knex } from 'knex';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser } from './browser.ts';

/*
 * What a spec file opens once for all its tests and closes after them. Call these at the top of
 * the file, before its own hooks: Vitest runs `afterAll` hooks last-registered first, so a spec's
 * own teardown (closing a session, deleting its rows) still has the browser and the database.
 */

/**
 * Chromium for this file's tests: launched before them, closed after. Returns a getter, as the
 * browser exists only once the tests start (call it inside a hook or a test).
 */
export function browserForThisFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is launched in beforeAll: use the browser inside a hook or a test');
    return browser;
  };
}

/** The e2e server's database, for a spec to seed and check: one connection, closed after this file's tests. */
export function databaseForThisFile(): Knex {
  const db = knexFactory({ client: 'pg', connection: inject('databaseUrl'), pool: { min: 0, max: 1 } });
  afterAll(async () => {
    await db.destroy();
  });
  return db;
}
