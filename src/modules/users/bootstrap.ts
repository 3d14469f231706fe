import { randomBytes } from 'node:crypto';
import type { Db } from '../../db.ts';
import { User } from './model.ts';
import { createUser } from './service.ts';

/** A readable one-time password: 4 groups of 4 from an unambiguous alphabet (~80 bits). */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzACDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

const DEMO_ADMIN_EMAIL = 'admin@hothfieldnurseries.co.uk';

/**
 * On the first start of an empty embedded database, creates a verified demo admin with a
 * generated password and returns it (to be printed once). Returns undefined otherwise.
 */
export async function createDemoAdminIfEmpty(db: Db): Promise<{ email: string; password: string } | undefined> {
  const existing = await User.query(db).resultSize();
  if (existing > 0) return undefined;
  const password = generatePassword();
  await createUser(db, { firstname: 'Demo', lastname: 'Admin', email: DEMO_ADMIN_EMAIL, password, role: 'admin', verified: true });
  return { email: DEMO_ADMIN_EMAIL, password };
}
