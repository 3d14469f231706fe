import type { Db } from '../../db.ts';
import { isUniqueViolation } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, notFound, validationError } from '../../errors.ts';
import type { AdminTradeApplication, PriceListStatus, TradeApplication, TradeApplicationStatus } from '../../../shared/api/trade.ts';
import { findPriceList, presentPriceList, type PriceListRow } from './price-lists.ts';
import { presentAdminApplication, presentApplication, type ApplicationRow, type ApplicationWithUser } from './presenter.ts';
import type { ApplicationInput } from './schema.ts';

const ALREADY_PENDING = 'You already have a trade application waiting for a decision.';
const ALREADY_APPROVED = 'Your trade account is already approved.';
const ALREADY_DECIDED = 'This application has already been decided.';
const NOT_TRADE = 'Price lists are for approved trade accounts.';

const withUser = (db: Db) =>
  db('trade_applications as a')
    .join('users as u', 'u.id', 'a.user_id')
    .select('a.*', 'u.firstname as user_firstname', 'u.lastname as user_lastname', 'u.email as user_email');

/**
 * Whether a user holds an approved trade account: one indexed lookup, and the only place that
 * answers it. Who sees trade prices is decided from it once per request (src/http/viewer.ts).
 */
export async function isApprovedTrade(db: Db, userId: number): Promise<boolean> {
  return !!(await db('trade_applications').where({ user_id: userId, status: 'approved' }).first('id'));
}

/** One application with its applicant (the decision mail's job loads it by id). */
export async function findApplicationWithUser(db: Db, id: number): Promise<ApplicationWithUser | undefined> {
  return (await withUser(db).where('a.id', id).first()) as ApplicationWithUser | undefined;
}

/**
 * Trade accounts: a signed-in buyer applies once at a time; staff approve or reject, and each
 * decision records `trade.application_decided` in its own transaction (the job mails the buyer).
 * Who is a trade buyer is answered here only ({@link isApprovedTrade}), for the request's viewer.
 */
export function tradeService(deps: Pick<Deps, 'db' | 'events'>) {
  const refuse = (status: string) => validationError({ application: [status === 'approved' ? ALREADY_APPROVED : ALREADY_PENDING] });

  return {
    /** Stores an application; 422 while another is pending or once approved (a rejected buyer may apply again). */
    async apply(userId: number, input: ApplicationInput): Promise<TradeApplication> {
      try {
        return await deps.db.transaction(async (trx) => {
          const open = await trx('trade_applications').where({ user_id: userId }).whereIn('status', ['pending', 'approved']).first('status');
          if (open) throw refuse(open.status);
          const [row] = await trx('trade_applications').insert({ ...input, user_id: userId }).returning('*');
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
      const row = (await deps.db('trade_applications').where({ user_id: userId }).orderBy('id', 'desc').first()) as ApplicationRow | undefined;
      return row ? presentApplication(row) : null;
    },

    /** Admin list, newest first, optionally of one status. */
    async list(status?: TradeApplicationStatus): Promise<AdminTradeApplication[]> {
      const query = withUser(deps.db).orderBy('a.id', 'desc').limit(500);
      if (status) query.where('a.status', status);
      return ((await query) as ApplicationWithUser[]).map(presentAdminApplication);
    },

    /** Approves or rejects a pending application; 404 unknown, 422 when already decided. */
    async decide(id: number, adminId: number, status: 'approved' | 'rejected', reason: string | null = null): Promise<AdminTradeApplication> {
      await deps.db.transaction(async (trx) => {
        const row = await trx('trade_applications').where({ id }).forUpdate().first('status');
        if (!row) throw notFound();
        if (row.status !== 'pending') throw validationError({ status: [ALREADY_DECIDED] });
        await trx('trade_applications')
          .where({ id })
          .update({ status, decided_by: adminId, decided_at: trx.fn.now(), reason: status === 'rejected' ? reason : null, updated_at: trx.fn.now() });
        await deps.events.record(trx, 'trade.application_decided', { applicationId: id });
      });
      return presentAdminApplication((await findApplicationWithUser(deps.db, id))!);
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

/**
 * The company and delivery postcode of the user's approved trade account, or undefined without one:
 * what a quote request from that buyer is filled with when the form leaves them blank.
 */
export async function approvedTradeAccount(db: Db, userId: number): Promise<{ company_name: string; delivery_postcode: string } | undefined> {
  return db('trade_applications').where({ user_id: userId, status: 'approved' }).first('company_name', 'delivery_postcode');
}
