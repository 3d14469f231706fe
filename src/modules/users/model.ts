import { Model } from 'objection';

export type Role = 'user' | 'admin';
export const ROLES: readonly Role[] = ['user', 'admin'];

/** A user row. Secrets live here but never leave through a presenter (see presenter.ts). */
export class User extends Model {
  static override tableName = 'users';
  id!: number;
  firstname!: string;
  lastname!: string;
  email!: string;
  role!: Role;
  password_hash!: string;
  email_verified_at!: Date | null;
  two_factor_secret!: string | null;
  two_factor_recovery_codes!: string | null;
  two_factor_confirmed_at!: Date | null;
  two_factor_last_step!: string | number | null;
  remember_token_hash!: string | null;
  created_at!: Date;
  updated_at!: Date;

  override $beforeUpdate(): void {
    this.updated_at = new Date();
  }
}
