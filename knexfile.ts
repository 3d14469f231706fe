// Used by the knex CLI (`npx knex migrate:make name -x ts`). The app itself migrates through src/db.ts.
import { loadConfig } from './src/config.ts';
import { createDb } from './src/db.ts';

const db = createDb(loadConfig());
export default db.client.config;
