import type { Db } from '../db.ts';

/**
 * Does `work` once per key across retries and duplicate deliveries: skipped when a receipt for the
 * key exists, and the receipt is written after the work succeeds. For effects that cannot be
 * checked afterwards (a mail sent). A process killed between the work and the receipt repeats it
 * once; nothing closer to exactly-once exists for SMTP.
 */
export async function once(db: Db, key: string | undefined, work: () => Promise<void>): Promise<void> {
  if (!key) return work();
  if (await db('job_receipts').where({ key }).first('key')) return;
  await work();
  await db('job_receipts').insert({ key }).onConflict('key').ignore();
}
