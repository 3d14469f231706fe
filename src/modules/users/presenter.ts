import type { UserAccount, UserSummary } from '../../../shared/api/users.ts';
import type { User } from './model.ts';

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** The current user as GET /api/user shows it: an explicit field list, so no secret can leak. */
export function presentCurrentUser(user: User): UserAccount {
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    role: user.role,
    email_verified_at: iso(user.email_verified_at),
    two_factor: Boolean(user.two_factor_confirmed_at),
    created_at: iso(user.created_at)!,
    updated_at: iso(user.updated_at)!,
  };
}

/** A user in the admin lists: identity and role only. */
export function presentUserSummary(user: User): UserSummary {
  return { id: user.id, firstname: user.firstname, lastname: user.lastname, email: user.email, role: user.role };
}
