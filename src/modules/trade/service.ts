import type { Db } from '../../db.ts';
import { isUniqueViolation } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, notFound, validationError } from '../../errors.ts';
import type {
  AdminTradeAccount,
  AdminTradeApplication,
  PriceListStatus,
  TradeAccountAction,
  TradeApplication,
  TradeApplicationStatus,
  TradeHistoryAction,
} from '../../../shared/api/trade.ts';
import { historyOf, recordHistory } from './history.ts';
import { approvedTradeAccount, isApprovedTrade } from './approval.ts';
import { findPriceList, presentPriceList, type PriceListRow } from './price-lists.ts';
import {
  presentAdminAccount,
  presentAdminApplication,
  presentApplication,
  type ApplicationRow,
  type ApplicationWithUser,
} from './presenter.ts';
import type { ApplicationInput } from './schema.ts';

const ALREADY_PENDING = 'You already have a trade application waiting for a decision.';
const ALREADY_APPROVED = 'Your trade account is already approved.';
const ALREADY_DECIDED = 'This application has already been decided.';
const SUSPENDED = 'Your trade account is suspended: please contact us.';
const NOT_TRADE = 'Price lists are for approved trade accounts.';

const withUser = (db: Db) =>
  db('trade_applications as a')
    .join('users as u', 'u.id', 'a.user_id')
    .select('a.*', 'u.firstname as user_firstname', 'u.lastname as user_lastname', 'u.email as user_email');

/**
 * Each user's latest trade application (user_id, company_name, status), a subquery for the users
 * list to join: its company column, search and trade-status filter.
 */
export const latestTradeApplications = (db: Db) =>
  db('trade_applications')
    .distinctOn('user_id')
    .select('user_id', 'company_name', 'status')
    .orderBy([{ column: 'user_id' }, { column: 'id', order: 'desc' }]);

/** One application with its applicant (the decision mail's job loads it by id). */
export async function findApplicationWithUser(db: Db, id: number): Promise<ApplicationWithUser | undefined> {
  return (await withUser(db).where('a.id', id).first()) as ApplicationWithUser | undefined;
}

/**
 * What each staff action on an account does: the statuses it acts on, the status it leaves, the
 * history step it records, and whether staff must give the buyer a reason.
 */
const ACCOUNT_ACTIONS: Record<
  TradeAccountAction,
  { from: TradeApplicationStatus[]; to: TradeApplicationStatus; step: TradeHistoryAction; reasonRequired: boolean; refused: string }
> = {
  suspend: {
    from: ['approved'],
    to: 'suspended',
    step: 'suspended',
    reasonRequired: true,
    refused: 'Only an approved trade account can be suspended.',
  },
  reinstate: {
    from: ['suspended'],
    to: 'approved',
    step: 'reinstated',
    reasonRequired: false,
    refused: 'Only a suspended trade account can be reinstated.',
  },
  revoke: {
    from: ['approved', 'suspended'],
    to: 'revoked',
    step: 'revoked',
    reasonRequired: true,
    refused: 'Only an approved or suspended trade account can be revoked.',
  },
};

/**
 * Trade accounts: a signed-in buyer applies once at a time; staff approve or reject, then may
 * suspend, reinstate or revoke an approved account. Each step is kept in the account's history and
 * records its event in the same transaction (the jobs mail the buyer).
 * Who is a trade buyer is answered here only ({@link isApprovedTrade}), for the request's viewer.
 */
export function tradeService(deps: Pick<Deps, 'db' | 'events'>) {
  const refuse = (status: string) =>
    validationError({ application: [status === 'approved' ? ALREADY_APPROVED : status === 'suspended' ? SUSPENDED : ALREADY_PENDING] });

  /** Trade applications with their history, newest application first (the admin user page). */
  async function accountsOf(which: { userId: number } | { applicationId: number }): Promise<AdminTradeAccount[]> {
    const query = withUser(deps.db).orderBy('a.id', 'desc');
    if ('userId' in which) query.where('a.user_id', which.userId);
    else query.where('a.id', which.applicationId);
    const rows = (await query) as ApplicationWithUser[];
    const history = await historyOf(
      deps.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => presentAdminAccount(row, history));
  }

  return {
    /** Stores an application; 422 while another is pending or once approved (a rejected buyer may apply again). */
    async apply(userId: number, input: ApplicationInput): Promise<TradeApplication> {
      try {
        return await deps.db.transaction(async (trx) => {
          const open = await trx('trade_applications')
            .where({ user_id: userId })
            .whereIn('status', ['pending', 'approved', 'suspended'])
            .first('status');
          if (open) throw refuse(open.status);
          const [row] = await trx('trade_applications')
            .insert({ ...input, user_id: userId })
            .returning('*');
          await recordHistory(trx, { applicationId: (row as ApplicationRow).id, action: 'applied' });
          return presentApplication(row as ApplicationRow);
        });
      } catch (err) {
        // Two submissions at once: the partial unique index refuses the second.
        if (isUniqueViolation(err)) throw refuse('pending');
        throw err;
      }
    },

    /** The buyer's latest application, or null. */
    async mine(userId: number): Promise<TradeApplication | null> {
      const row = (await deps.db('trade_applications').where({ user_id: userId }).orderBy('id', 'desc').first()) as
        ApplicationRow | undefined;
      return row ? presentApplication(row) : null;
    },

    /** Admin list, newest first, optionally of one status. */
    async list(status?: TradeApplicationStatus): Promise<AdminTradeApplication[]> {
      const query = withUser(deps.db).orderBy('a.id', 'desc').limit(500);
      if (status) query.where('a.status', status);
      return ((await query) as ApplicationWithUser[]).map(presentAdminApplication);
    },

    /** Approves or rejects a pending application; 404 unknown, 422 when already decided. */
    async decide(
      id: number,
      adminId: number,
      status: 'approved' | 'rejected',
      reason: string | null = null,
    ): Promise<AdminTradeApplication> {
      await deps.db.transaction(async (trx) => {
        const row = await trx('trade_applications').where({ id }).forUpdate().first('status');
        if (!row) throw notFound();
        if (row.status !== 'pending') throw validationError({ status: [ALREADY_DECIDED] });
        await trx('trade_applications')
          .where({ id })
          .update({
            status,
            decided_by: adminId,
            decided_at: trx.fn.now(),
            reason: status === 'rejected' ? reason : null,
            updated_at: trx.fn.now(),
          });
        await recordHistory(trx, { applicationId: id, action: status, reason: status === 'rejected' ? reason : null, byAdmin: adminId });
        await deps.events.record(trx, 'trade.application_decided', { applicationId: id });
      });
      return presentAdminApplication((await findApplicationWithUser(deps.db, id))!);
    },

    /**
     * Suspends, reinstates or revokes a decided account (see ACCOUNT_ACTIONS); 404 unknown, 422 when
     * the account is not in a state the action applies to or a required reason is missing. The
     * buyer's prices go or come back with their next request: nothing caches the status.
     */
    async act(id: number, adminId: number, action: TradeAccountAction, reason: string | null): Promise<AdminTradeAccount> {
      const rule = ACCOUNT_ACTIONS[action];
      if (rule.reasonRequired && !reason) throw validationError({ reason: ['The reason field is required.'] });
      await deps.db.transaction(async (trx) => {
        const row = await trx('trade_applications').where({ id }).forUpdate().first('status');
        if (!row) throw notFound();
        if (!rule.from.includes(row.status)) throw validationError({ status: [rule.refused] });
        // `reason` is what the buyer's account page shows: the latest step's, none once reinstated.
        await trx('trade_applications')
          .where({ id })
          .update({ status: rule.to, reason: rule.to === 'approved' ? null : reason, updated_at: trx.fn.now() });
        const historyId = await recordHistory(trx, { applicationId: id, action: rule.step, reason, byAdmin: adminId });
        await deps.events.record(trx, 'trade.account_changed', { historyId });
      });
      const [account] = await accountsOf({ applicationId: id });
      return account!;
    },

    /** A user's trade applications with their history, newest first ([] for none); 404 for an unknown user. */
    async accountsOfUser(userId: number): Promise<AdminTradeAccount[]> {
      // The join in accountsOf cannot tell a user without applications from no user at all.
      if (!(await deps.db('users').where({ id: userId }).first('id'))) throw notFound();
      return accountsOf({ userId });
    },

    isApprovedTrade: (userId: number) => isApprovedTrade(deps.db, userId),

    /**
     * Asks for a fresh personal price list (approved buyers only, else 403): stamps the request and
     * records `trade.price_list_requested`; the job renders it. Asking again while one is pending
     * adds nothing (the job is deduplicated per buyer).
     */
    async requestPriceList(userId: number): Promise<PriceListStatus> {
      if (!(await isApprovedTrade(deps.db, userId))) throw forbidden(NOT_TRADE);
      await deps.db.transaction(async (trx) => {
        await trx('price_lists').insert({ user_id: userId, requested_at: trx.fn.now() }).onConflict('user_id').merge(['requested_at']);
        await deps.events.record(trx, 'trade.price_list_requested', { userId });
      });
      return presentPriceList(await findPriceList(deps.db, userId));
    },

    /** The buyer's price list status (`none` for anyone who never asked). */
    async priceList(userId: number): Promise<PriceListStatus> {
      return presentPriceList(await findPriceList(deps.db, userId));
    },

    /** The stored file of the buyer's own price list; 403 unless approved, 404 until rendered. */
    async priceListFile(userId: number, format: 'pdf' | 'xlsx'): Promise<{ key: string; bytes: number; generatedAt: Date }> {
      if (!(await isApprovedTrade(deps.db, userId))) throw forbidden(NOT_TRADE);
      const row: PriceListRow | undefined = await findPriceList(deps.db, userId);
      const key = row?.[`${format}_key`];
      if (!row?.generated_at || !key) throw notFound();
      return { key, bytes: Number(row[`${format}_bytes`]), generatedAt: new Date(row.generated_at) };
    },

    /** Dashboard figure: applications waiting for a decision. */
    async pendingCount(): Promise<number> {
      const [row] = await deps.db('trade_applications').where({ status: 'pending' }).count<{ n: string }[]>({ n: '*' });
      return Number(row?.n ?? 0);
    },
  };
}
export type TradeService = ReturnType<typeof tradeService>;

/** The approval rule, for other modules (the quote form's defaults) and the request's viewer. */
export { approvedTradeAccount };
