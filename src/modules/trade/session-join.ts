import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { Db } from '../../db.ts';
import { approvedTradeColumn, isApprovedTrade } from './approval.ts';

/** Where {@link sessionTradeJoin} leaves what it read, for {@link tradeApproval} in the same request. */
const JOINED_APPROVAL = 'sessionJoinedTradeApproval';

interface JoinedApproval {
  userId: number;
  approved: boolean;
}

/**
 * The session read's join (src/http/session.ts SessionJoin) that answers "is the signed-in user an
 * approved trade buyer?" by approval.ts's one rule, in the same query as the session: a signed-in
 * request then costs one round trip before its route, not two (issue 16's bench: a buyer's catalogue
 * API within 1.5× a guest's). What it read stays on this request's ctx.state.
 */
export const sessionTradeJoin = (db: Db) => ({
  select: (read: Knex.QueryBuilder) =>
    read.select('s.user_id as trade_join_user_id', db.raw('? as trade_join_approved', [approvedTradeColumn(db, 's.user_id')])),
  keep: (ctx: Context, row: Record<string, unknown>) => {
    const userId = row.trade_join_user_id;
    if (typeof userId === 'number')
      ctx.state[JOINED_APPROVAL] = { userId, approved: row.trade_join_approved === true } satisfies JoinedApproval;
  },
});

/**
 * Whether `userId` is an approved trade buyer, for this request's viewer (src/http/viewer.ts): the
 * session read's answer when it was about this user, else asked of the database (a user signed in by
 * the remember cookie in this request, whose session was not read).
 */
export function tradeApproval(db: Db): (userId: number, ctx: Context) => Promise<boolean> {
  return async (userId, ctx) => {
    const joined = ctx.state[JOINED_APPROVAL] as JoinedApproval | undefined;
    return joined?.userId === userId ? joined.approved : isApprovedTrade(db, userId);
  };
}
