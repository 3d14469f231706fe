import type { Db } from '../../db.ts';
import type { TradeApplicationStatus } from '../../../shared/api/trade.ts';

/**
 * THE rule of who sees trade prices: a trade application whose status is `approved`. Pending,
 * rejected, suspended and revoked accounts see none. Every check (the request's viewer,
 * src/http/viewer.ts; the price list) goes through this query, so a suspension counts from the
 * buyer's next request.
 */
const approvedTradeAccounts = (db: Db) =>
  db('trade_applications').where('trade_applications.status', 'approved' satisfies TradeApplicationStatus);

/** Whether a user holds an approved trade account: one indexed lookup. */
export async function isApprovedTrade(db: Db, userId: number): Promise<boolean> {
  return !!(await approvedTradeAccounts(db).where({ user_id: userId }).first('id'));
}

/**
 * The same rule as a column of another query: whether the user in `userIdColumn` holds an approved
 * trade account. The session read selects it (session-join.ts), so a signed-in request learns its
 * viewer without a round trip of its own.
 */
export const approvedTradeColumn = (db: Db, userIdColumn: string) =>
  db.raw('exists (?)', [approvedTradeAccounts(db).whereRaw('trade_applications.user_id = ??', [userIdColumn]).select(db.raw('1'))]);

/**
 * The company and delivery postcode of the user's approved trade account, or undefined without one:
 * what a quote request from that buyer is filled with when the form leaves them blank, and whom
 * their price list is made out to.
 */
export async function approvedTradeAccount(
  db: Db,
  userId: number,
): Promise<{ company_name: string; delivery_postcode: string } | undefined> {
  return approvedTradeAccounts(db).where({ user_id: userId }).first('company_name', 'delivery_postcode');
}
