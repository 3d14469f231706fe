import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { createDb, bindModels, migrate } from '../db.ts';
import { migratedOrExit, startOrExit } from '../startup-errors.ts';
import { generatePassword } from '../modules/users/bootstrap.ts';
import { createUser, emailTaken } from '../modules/users/service.ts';

/**
 * `npm run user:create -- --email … --firstname … --lastname … [--admin] [--password …]`
 * Creates a verified user (migrating first if needed). Without --password one is generated and
 * printed once. A duplicate email is refused with a clear message and exit code 1.
 */
const usage = 'Usage: npm run user:create -- --email EMAIL --firstname NAME --lastname NAME [--admin] [--password PASSWORD]';
let args;
try {
  args = parseArgs({
    options: {
      email: { type: 'string' },
      firstname: { type: 'string' },
      lastname: { type: 'string' },
      password: { type: 'string' },
      admin: { type: 'boolean', default: false },
    },
    strict: true,
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(1);
}
const parsed = z
  .object({
    email: z.email('--email must be a valid email address'),
    firstname: z.string('--firstname is required').min(1).max(255),
    lastname: z.string('--lastname is required').min(1).max(255),
    password: z.string().min(8, '--password must be at least 8 characters').optional(),
  })
  .safeParse(args);
if (!parsed.success) {
  console.error(`${parsed.error.issues.map((i) => i.message).join('\n')}\n${usage}`);
  process.exit(1);
}

const db = startOrExit(() => createDb(loadConfig()), 'add the user in Admin → Users');
bindModels(db);
try {
  await migratedOrExit(() => migrate(db), 'add the user in Admin → Users');
  if (await emailTaken(db, parsed.data.email)) {
    console.error(`A user with the email ${parsed.data.email} already exists. Nothing was changed.`);
    process.exitCode = 1;
  } else {
    const password = parsed.data.password ?? generatePassword();
    const user = await createUser(db, { ...parsed.data, password, role: args.admin ? 'admin' : 'user', verified: true });
    console.log(`Created ${user.role} #${user.id} ${user.email} (verified).`);
    if (!parsed.data.password) console.log(`Password (shown once, store it safely): ${password}`);
  }
} finally {
  await db.destroy();
}
