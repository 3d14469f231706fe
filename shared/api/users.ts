/**
 * Users as the API shows them (src/modules/users/presenter.ts builds them; the web app reads them).
 * Explicit fields only: no hash, secret or token can leave through these.
 */

import type { TradeApplicationStatus } from './trade.ts';

/** A role; `admin` opens the admin area. */
export type Role = 'user' | 'admin';

/** A user in the admin list (GET /api/users). */
interface UserSummary {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
}

/**
 * A row of the admin users list (GET /api/users?q=&role=&verified=&two_factor=&trade=&page=&limit=
 * → Paged<AdminUserRow>): who they are, whether their email is verified and 2FA on, and their
 * latest trade application's company and status (null without one).
 */
export interface AdminUserRow extends UserSummary {
  email_verified: boolean;
  two_factor: boolean;
  company_name: string | null;
  trade_status: TradeApplicationStatus | null;
}

/** The users list's filters as the URL and the API both spell them; `trade: 'none'` is no application. */
export interface UserListFilters {
  q?: string;
  role?: Role;
  verified?: 'yes' | 'no';
  two_factor?: 'yes' | 'no';
  trade?: TradeApplicationStatus | 'none';
}

/** A user's account: the signed-in user (GET /api/user, /api/session) and one user in the admin (GET /api/users/{id}). */
export interface UserAccount extends UserSummary {
  email_verified_at: string | null;
  two_factor: boolean;
  created_at: string;
  updated_at: string;
}
