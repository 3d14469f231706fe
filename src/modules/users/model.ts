import { Model, type Pojo } from 'objection';

export type Role = 'user' | 'admin';

/** The timestamp columns; a row read as JSON (to_jsonb, as the session read joins it) has them as ISO strings. */
const TIMESTAMP_COLUMNS = ['email_verified_at', 'two_factor_confirmed_at', 'created_at', 'updated_at'] as const;

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

  override $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    for (const column of TIMESTAMP_COLUMNS) if (typeof parsed[column] === 'string') parsed[column] = new Date(parsed[column] as string);
    return parsed;
  }

  override $beforeUpdate(): void {
    this.updated_at = new Date();
  }
}
