import { loadConfig } from '../config.ts';
import { createDb, migrate } from '../db.ts';

/** `npm run migrate`: applies pending migrations and lists them. */
const db = createDb(loadConfig());
try {
  const ran = await migrate(db);
  console.log(ran.length ? `Applied: ${ran.join(', ')}` : 'Already up to date.');
} finally {
  await db.destroy();
}
