/**
 * Who an answer is for, as far as trade prices go. A request's viewer is resolved once, by one
 * middleware (src/http/viewer.ts), into ctx.state.viewer; a job or a page render that shows
 * catalogue data is given one explicitly. Every function that presents catalogue data takes a
 * viewer (there is no default), so a new caller cannot show prices by forgetting an argument.
 */
export interface Viewer {
  /** Staff (verified admins) and approved trade buyers: they see prices and availability. */
  readonly trade: boolean;
  /** The signed-in user the viewer was resolved for, or null (a guest, a page, a public file). */
  readonly userId: number | null;
}

/** Anyone who is not an approved trade buyer: guests, pending or refused applicants, pages, public files. */
export const PUBLIC_VIEWER: Viewer = Object.freeze({ trade: false, userId: null });

/** Trade prices for no one in particular: staff screens and a buyer's price list. */
export const TRADE_VIEWER: Viewer = Object.freeze({ trade: true, userId: null });

/** What deciding a viewer needs of a user (the session's user row has it). */
export interface ViewerUser {
  id: number;
  role: string;
  email_verified_at: Date | null;
}

/**
 * The viewer for a user, or for nobody (null). A verified admin sees prices without asking; a
 * verified buyer sees them while `isApprovedTrade` (the trade module's one answer) says so; an
 * unverified user never does, whatever their role or account.
 */
export async function viewerFor(user: ViewerUser | null, isApprovedTrade: (userId: number) => Promise<boolean>): Promise<Viewer> {
  if (!user) return PUBLIC_VIEWER;
  const trade = !!user.email_verified_at && (user.role === 'admin' || (await isApprovedTrade(user.id)));
  return Object.freeze({ trade, userId: user.id });
}
