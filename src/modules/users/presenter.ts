import type { TradeApplicationStatus } from '../../../shared/api/trade.ts';
import type { AdminUserRow, UserAccount } from '../../../shared/api/users.ts';
import type { Role, User } from './model.ts';

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

/**
 * GET /api/session's body, what the app boots from: a guest is `{ user: null }`, and "signed in,
 * not verified" is said without the user's details.
 */
export function presentSession(user: User | undefined): { user: UserAccount | null; unverified?: true } {
  if (!user) return { user: null };
  if (!user.email_verified_at) return { user: null, unverified: true };
  return { user: presentCurrentUser(user) };
}

/** A users-list row as the list query reads it: the user's columns it needs and their latest trade application's. */
export interface UserListRecord {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  email_verified_at: Date | null;
  two_factor_confirmed_at: Date | null;
  company_name: string | null;
  trade_status: TradeApplicationStatus | null;
}

/** A row of the admin users list: explicit fields, the timestamps only as yes/no. */
export function presentUserListRow(row: UserListRecord): AdminUserRow {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    role: row.role,
    email_verified: row.email_verified_at !== null,
    two_factor: row.two_factor_confirmed_at !== null,
    company_name: row.company_name,
    trade_status: row.trade_status,
  };
}
