import type { Context } from 'koa';
import { sessionTradeApproval, type TradeService } from '../trade/service.ts';
import { PUBLIC_VIEWER, TRADE_VIEWER, type CatalogueViewer } from './presenter.ts';

/** What the catalogue needs of the trade module: whether a user holds an approved trade account. */
export type TradeCheck = Pick<TradeService, 'isApprovedTrade'>;

/** What the session puts on ctx.state.user that this needs. */
interface SignedInUser {
  id: number;
  role: string;
  email_verified_at: Date | null;
}

/**
 * Who a catalogue request is for: staff (verified admins) and approved trade buyers see trade
 * fields; everyone else is the public viewer. Asked once per request (kept on ctx.state), so a
 * route that presents several times costs one lookup; usually none, as the session read answers
 * it (see tradeApprovalJoin).
 */
export async function viewerOf(ctx: Context, trade: TradeCheck): Promise<CatalogueViewer> {
  const state = ctx.state as { user?: SignedInUser; catalogueViewer?: CatalogueViewer };
  if (state.catalogueViewer) return state.catalogueViewer;
  const user = state.user;
  let viewer = PUBLIC_VIEWER;
  const approvedTrade = async (id: number) => sessionTradeApproval(ctx, id) ?? (await trade.isApprovedTrade(id));
  if (user?.email_verified_at && (user.role === 'admin' || (await approvedTrade(user.id)))) viewer = TRADE_VIEWER;
  state.catalogueViewer = viewer;
  return viewer;
}
