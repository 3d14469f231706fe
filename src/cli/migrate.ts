import { loadConfig } from '../config.ts';
import { createDb, migrate, type Db } from '../db.ts';
import { exitOnStartupError } from '../startup-errors.ts';

/** `npm run migrate`: applies pending migrations and lists them. */
let db: Db;
try {
  db = createDb(loadConfig());
} catch (error) {
  exitOnStartupError(error);
}
try {
  const ran = await migrate(db);
  console.log(ran.length ? `Applied: ${ran.join(', ')}` : 'Already up to date.');
} finally {
  await db.destroy();
}
