import type { TradeApplicationStatus, TradeHistoryAction } from '../../../../../shared/api/trade.ts';
import admin from './admin.module.css';

/** A trade account's status as staff read it, in the lists and on a user's page. */
export const TRADE_STATUS_LABELS: Record<TradeApplicationStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
  revoked: 'Revoked',
};

/** The badge of each status: green sees prices, amber needs attention, plain is closed. */
export const TRADE_STATUS_BADGES: Record<TradeApplicationStatus, string> = {
  pending: admin.badgeAmber!,
  approved: admin.badgeGreen!,
  rejected: admin.badge!,
  suspended: admin.badgeAmber!,
  revoked: admin.badge!,
};

/** A history step as a line of the account's history. */
export const TRADE_HISTORY_LABELS: Record<TradeHistoryAction, string> = {
  applied: 'Applied',
  approved: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
  reinstated: 'Reinstated',
  revoked: 'Revoked',
};
