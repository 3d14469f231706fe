import type { Knex } from 'knex';
import type { ScheduleLineStatus, ScheduleSummaryCounts } from '../../../shared/api/schedules.ts';
import type { LineMatch, MatchedCandidate } from './matcher.ts';
import type { LineNotation } from './notation.ts';

/** Who a schedule belongs to: a signed-in user, or the guest session holding the key (hashed here). */
export type ScheduleOwner = { userId: number } | { guestKey: string };

export interface ScheduleRow {
  id: string;
  name: string;
  status: 'matching' | 'done' | 'failed';
  line_count: number;
  counts: ScheduleSummaryCounts;
  error: string | null;
}

export interface StoredLine {
  row: number;
  text: string;
  parsed: Omit<LineNotation, 'quantity'>;
  quantity: number | null;
  status: ScheduleLineStatus | null;
  match: MatchedCandidate | null;
  candidates: MatchedCandidate[];
  substitution: string | null;
}

const SCHEDULE_COLUMNS = ['id', 'name', 'status', 'line_count', 'counts', 'error'] as const;

const ownedBy = (owner: ScheduleOwner) => ('userId' in owner ? { user_id: owner.userId } : { guest_key: owner.guestKey });

export async function insertSchedule(
  trx: Knex.Transaction,
  schedule: ScheduleRow & { owner: ScheduleOwner },
  lines: StoredLine[],
): Promise<void> {
  const { owner, ...row } = schedule;
  await trx('schedules').insert({
    ...row,
    ...ownedBy(owner),
    counts: JSON.stringify(row.counts),
    matched_at: row.status === 'done' ? trx.fn.now() : null,
  });
  const rows = lines.map((line) => ({
    schedule_id: schedule.id,
    ...line,
    parsed: JSON.stringify(line.parsed),
    match: line.match ? JSON.stringify(line.match) : null,
    candidates: JSON.stringify(line.candidates),
  }));
  await trx.batchInsert('schedule_lines', rows, 500);
}

/** The owner's schedule, or undefined (another owner's is as absent as one that never was). */
export async function ownedSchedule(db: Knex, owner: ScheduleOwner, id: string): Promise<ScheduleRow | undefined> {
  return db('schedules')
    .where({ id, ...ownedBy(owner) })
    .first(SCHEDULE_COLUMNS);
}

export async function scheduleById(db: Knex, id: string): Promise<ScheduleRow | undefined> {
  return db('schedules').where({ id }).first(SCHEDULE_COLUMNS);
}

export async function scheduleLines(db: Knex, id: string): Promise<StoredLine[]> {
  return db('schedule_lines')
    .where({ schedule_id: id })
    .orderBy('row')
    .select('row', 'text', 'parsed', 'quantity', 'status', 'match', 'candidates', 'substitution');
}

/** Every line's match in one statement, and the schedule done with its counts. */
export async function saveMatches(trx: Knex.Transaction, id: string, rows: number[], matches: LineMatch[], counts: ScheduleSummaryCounts) {
  const values = matches.map((m, i) => ({ row: rows[i], ...m }));
  await trx.raw(
    `UPDATE schedule_lines s
        SET status = v.status, match = v.match, candidates = v.candidates, substitution = v.substitution
       FROM jsonb_to_recordset(?::jsonb) AS v("row" int, status text, match jsonb, candidates jsonb, substitution text)
      WHERE s.schedule_id = ? AND s.row = v.row`,
    [JSON.stringify(values), id],
  );
  await trx('schedules')
    .where({ id })
    .update({ status: 'done', counts: JSON.stringify(counts), matched_at: trx.fn.now() });
}

export async function markFailed(db: Knex, id: string, error: string): Promise<void> {
  await db('schedules').where({ id, status: 'matching' }).update({ status: 'failed', error });
}

/** Deletes schedules sent before `before` (their lines go with them); how many. */
export async function pruneSchedules(db: Knex, before: Date): Promise<number> {
  return db('schedules').where('created_at', '<', before).delete();
}
