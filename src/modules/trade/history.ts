import type { Db, Trx } from '../../db.ts';
import type { TradeHistoryAction } from '../../../shared/api/trade.ts';

/** A `trade_account_history` row joined with the name of the member of staff who acted. */
export interface HistoryRow {
  id: number;
  application_id: number;
  action: TradeHistoryAction;
  reason: string | null;
  by_admin: number | null;
  by_firstname: string | null;
  by_lastname: string | null;
  at: Date;
}

/** Records one step of an account's history (in the transaction that makes the change); its id. */
export async function recordHistory(
  trx: Db | Trx,
  entry: { applicationId: number; action: TradeHistoryAction; reason?: string | null; byAdmin?: number | null },
): Promise<number> {
  const [row] = await trx('trade_account_history')
    .insert({ application_id: entry.applicationId, action: entry.action, reason: entry.reason ?? null, by_admin: entry.byAdmin ?? null })
    .returning('id');
  return (row as { id: number }).id;
}

const withStaff = (db: Db) =>
  db('trade_account_history as h')
    .leftJoin('users as s', 's.id', 'h.by_admin')
    .select('h.*', 's.firstname as by_firstname', 's.lastname as by_lastname');

/** The history of some applications, oldest step first. */
export async function historyOf(db: Db, applicationIds: number[]): Promise<HistoryRow[]> {
  if (!applicationIds.length) return [];
  return (await withStaff(db).whereIn('h.application_id', applicationIds).orderBy('h.id')) as HistoryRow[];
}

/** One history step (the account mail's job loads it by id). */
export async function findHistoryEntry(db: Db, id: number): Promise<HistoryRow | undefined> {
  return (await withStaff(db).where('h.id', id).first()) as HistoryRow | undefined;
}
