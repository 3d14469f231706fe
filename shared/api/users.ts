/**
 * Users as the API shows them (src/modules/users/presenter.ts builds them; the web app reads them).
 * Explicit fields only: no hash, secret or token can leave through these.
 */

/** A role; `admin` opens the admin area. */
export type Role = 'user' | 'admin';

/** A user in the admin list (GET /api/users). */
export interface UserSummary {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
}

/** A user's account: the signed-in user (GET /api/user, /api/session) and one user in the admin (GET /api/users/{id}). */
export interface UserAccount extends UserSummary {
  email_verified_at: string | null;
  two_factor: boolean;
  created_at: string;
  updated_at: string;
}
