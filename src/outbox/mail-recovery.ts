import type { Deps } from '../deps.ts';
import type { MailKind } from '../mail/kinds.ts';

/** Mails queued again per run; the rest follow on the next run (every 15 s). */
const BATCH = 200;

/**
 * The one recovery for every mail (housekeeping job `mail.recover`): records a `mail.due` event
 * for each owed mail that is due — its retry time has come, its lease ran out (the worker died
 * mid-send), or it was never attempted (its job may have been lost with a Redis that restarted
 * empty) — oldest due first, and returns how many. The rows stay owed, so a mail whose job still
 * waits is queued again harmlessly: the new job shares the mail's dedupe key and the delivery's
 * claim lets one send. `SKIP LOCKED` keeps two recoveries (several worker hosts) from waiting on
 * each other.
 */
export async function requeueDueMails(deps: Pick<Deps, 'db' | 'events' | 'now'>): Promise<number> {
  return deps.db.transaction(async (trx) => {
    const due: { id: string | number; kind: MailKind }[] = await trx('mails')
      .where({ status: 'owed' })
      .where((q) => q.whereNull('next_attempt_at').orWhere('next_attempt_at', '<=', deps.now()))
      .orderByRaw('next_attempt_at NULLS FIRST, id')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .select('id', 'kind');
    if (due.length) await deps.events.record(trx, 'mail.due', { mails: due.map((mail) => ({ id: Number(mail.id), kind: mail.kind })) });
    return due.length;
  });
}
