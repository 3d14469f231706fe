import { loadConfig } from '../config.ts';
import { createDb, migrate } from '../db.ts';
import { migratedOrExit, startOrExit } from '../startup-errors.ts';

/** `npm run migrate`: applies pending migrations and lists them. */
const db = startOrExit(() => createDb(loadConfig()));
try {
  const ran = await migratedOrExit(() => migrate(db));
  console.log(ran.length ? `Applied: ${ran.join(', ')}` : 'Already up to date.');
} finally {
  await db.destroy();
}
