import { isUniqueViolation, type Db, type Trx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { notFound, validationError } from '../../errors.ts';
import { hashPassword } from '../../passwords.ts';
import type { Paged } from '../../../shared/api/paged.ts';
import type { AdminUserRow } from '../../../shared/api/users.ts';
import { latestTradeApplications } from '../trade/service.ts';
import { User, type Role } from './model.ts';
import { presentUserListRow, type UserListRecord } from './presenter.ts';
import type { CreateUserInput, UpdateUserInput, UserListQuery } from './schema.ts';

/** A LIKE pattern matching `text` anywhere, its own % _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Other modules (auth) name a user by these types; the model class itself stays inside users.
export type { User } from './model.ts';

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

/** One user by id, or undefined. `lock` takes the row lock (inside a transaction). */
export async function findUserById(db: Db | Trx, id: number, options: { lock?: boolean } = {}): Promise<User | undefined> {
  const query = User.query(db).findById(id);
  return options.lock ? await query.forUpdate() : await query;
}

/** A user row read as JSON (`to_jsonb(users)`, as the session read joins it) as a User. */
export const userFromJson = (json: object): User => User.fromDatabaseJson(json);

/** The columns other modules change on a user row: credentials, two-factor state, verification, profile. */
export type UserChanges = Partial<
  Pick<
    User,
    | 'firstname'
    | 'lastname'
    | 'email'
    | 'password_hash'
    | 'email_verified_at'
    | 'two_factor_secret'
    | 'two_factor_recovery_codes'
    | 'two_factor_confirmed_at'
    | 'two_factor_last_step'
    | 'remember_token_hash'
  >
>;

/** Changes the given columns of one user (updated_at too) and returns the row as saved; undefined if it is gone. */
export async function updateUser(db: Db | Trx, id: number, changes: UserChanges): Promise<User | undefined> {
  return await User.query(db).patch(changes).findById(id).returning('*');
}

/**
 * Ends every session of a user except (optionally) the current one: a new password must sign out
 * every other browser. Session rows carry `user_id` for this (src/http/session.ts writes them).
 */
export async function endOtherSessions(deps: Pick<Deps, 'db'>, userId: number, keepSessionId?: string): Promise<void> {
  const query = deps.db('sessions').where({ user_id: userId });
  if (keepSessionId) query.whereNot({ id: keepSessionId });
  await query.delete();
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

/** Users as the admin manages them: explicit fields only, the last administrator protected. */
export function usersService(deps: Pick<Deps, 'db'>) {
  /** Throws 422 unless a verified administrator other than `userId` exists (call inside the transaction). */
  async function assertAnotherAdmin(trx: Trx, userId: number, field: 'id' | 'role', message: string): Promise<void> {
    // Locking every admin row serialises two admins demoting each other at the same moment.
    const admins: { id: number }[] = await trx('users').where({ role: 'admin' }).whereNotNull('email_verified_at').forUpdate().select('id');
    if (!admins.some((a) => a.id !== userId)) throw validationError({ [field]: [message] });
  }

  const emailIsTaken = () => validationError({ email: ['The email has already been taken.'] });

  return {
    /**
     * One page of users by name, searched and filtered (see userListSchema), each with their latest
     * trade application's company and status.
     */
    async list(query: UserListQuery): Promise<Paged<AdminUserRow>> {
      const matching = deps.db('users as u').leftJoin(latestTradeApplications(deps.db).as('ta'), 'ta.user_id', 'u.id');
      for (const word of query.q?.split(/\s+/).filter(Boolean) ?? []) {
        const pattern = containing(word);
        matching.where((any) =>
          any
            .whereILike('u.firstname', pattern)
            .orWhereILike('u.lastname', pattern)
            .orWhereILike('u.email', pattern)
            .orWhereILike('ta.company_name', pattern),
        );
      }
      if (query.role) matching.where('u.role', query.role);
      if (query.verified) matching[query.verified === 'yes' ? 'whereNotNull' : 'whereNull']('u.email_verified_at');
      if (query.two_factor) matching[query.two_factor === 'yes' ? 'whereNotNull' : 'whereNull']('u.two_factor_confirmed_at');
      if (query.trade === 'none') matching.whereNull('ta.status');
      else if (query.trade) matching.where('ta.status', query.trade);

      const [rows, [count]] = await Promise.all([
        matching
          .clone()
          .select(
            'u.id',
            'u.firstname',
            'u.lastname',
            'u.email',
            'u.role',
            'u.email_verified_at',
            'u.two_factor_confirmed_at',
            'ta.company_name',
            'ta.status as trade_status',
          )
          .orderBy([{ column: 'u.lastname' }, { column: 'u.firstname' }, { column: 'u.id' }])
          .limit(query.limit)
          .offset(query.page * query.limit),
        matching.clone().count<{ n: string }[]>({ n: '*' }),
      ]);
      return { results: (rows as UserListRecord[]).map(presentUserListRow), total: Number(count?.n ?? 0) };
    },

    /** One user; unknown id → 404. */
    async find(id: number): Promise<User> {
      const user = await User.query(deps.db).findById(id);
      if (!user) throw notFound();
      return user;
    },

    /** Creates a user; an admin vouches for the address, so the account is verified at once. */
    async create(input: CreateUserInput): Promise<User> {
      if (await emailTaken(deps.db, input.email)) throw emailIsTaken();
      try {
        return await createUser(deps.db, { ...input, verified: true });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailIsTaken();
        throw error;
      }
    },

    /**
     * Changes the given fields. A new password ends the user's sessions and remember-me tokens
     * (except `keepSessionId`, the admin's own session when they edit themselves).
     */
    async update(id: number, input: UpdateUserInput, keepSessionId?: string): Promise<User> {
      const changes: Partial<Pick<User, 'firstname' | 'lastname' | 'email' | 'role' | 'password_hash' | 'remember_token_hash'>> = {};
      if (input.firstname !== undefined) changes.firstname = input.firstname;
      if (input.lastname !== undefined) changes.lastname = input.lastname;
      if (input.email !== undefined) changes.email = input.email.trim();
      if (input.role !== undefined) changes.role = input.role;
      if (input.password !== undefined) {
        changes.password_hash = await hashPassword(input.password);
        changes.remember_token_hash = null;
      }
      const user = await deps.db.transaction(async (trx) => {
        const current = await User.query(trx).findById(id).forUpdate();
        if (!current) throw notFound();
        if (changes.email !== undefined && (await emailTaken(trx, changes.email, id))) throw emailIsTaken();
        if (current.role === 'admin' && changes.role === 'user') {
          await assertAnotherAdmin(trx, id, 'role', 'The last administrator cannot be demoted.');
        }
        if (!Object.keys(changes).length) return current;
        try {
          return await User.query(trx).patchAndFetchById(id, changes);
        } catch (error) {
          if (isUniqueViolation(error)) throw emailIsTaken();
          throw error;
        }
      });
      if (changes.password_hash) await endOtherSessions(deps, id, keepSessionId);
      return user;
    },

    /** Deletes a user (their sessions and reset tokens go with them); never the last administrator. */
    async remove(id: number): Promise<void> {
      await deps.db.transaction(async (trx) => {
        const current = await User.query(trx).findById(id).forUpdate();
        if (!current) throw notFound();
        if (current.role === 'admin') await assertAnotherAdmin(trx, id, 'id', 'The last administrator cannot be deleted.');
        await User.query(trx).deleteById(id);
      });
    },

    /** How many accounts exist (dashboard). */
    async count(): Promise<number> {
      const row = (await deps.db('users').count<{ n: string }[]>({ n: '*' }))[0];
      return Number(row?.n ?? 0);
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
