import type { Db, Trx } from '../../db.ts';
import { hashPassword } from '../auth/passwords.ts';
import { User, type Role } from './model.ts';

export interface NewUser {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  role?: Role;
  verified?: boolean;
}

/** Finds a user by email, case-insensitively. */
export function findUserByEmail(db: Db | Trx, email: string) {
  return User.query(db).whereRaw('lower(email) = ?', [email.trim().toLowerCase()]).first();
}

/** True when another user already has this email (case-insensitive). */
export async function emailTaken(db: Db | Trx, email: string, exceptId?: number): Promise<boolean> {
  const query = User.query(db).whereRaw('lower(email) = ?', [email.trim().toLowerCase()]);
  if (exceptId) query.whereNot('id', exceptId);
  return Boolean(await query.first());
}

/** Creates a user with an argon2id hash. Used by sign-up, the admin and `npm run user:create`. */
export async function createUser(db: Db | Trx, input: NewUser): Promise<User> {
  return User.query(db).insertAndFetch({
    firstname: input.firstname,
    lastname: input.lastname,
    email: input.email.trim(),
    role: input.role ?? 'user',
    password_hash: await hashPassword(input.password),
    email_verified_at: input.verified ? new Date() : null,
  });
}
