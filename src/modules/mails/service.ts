import type { Deps } from '../../deps.ts';
import { notFound, validationError } from '../../errors.ts';
import type { AdminMail, MailCounts } from '../../../shared/api/mails.ts';
import type { Paged } from '../../../shared/api/paged.ts';
import { presentMail, type MailRow } from './presenter.ts';
import type { MailListQuery } from './schema.ts';

/**
 * Outgoing mails as the admin sees them (the rows the mail outbox keeps, src/outbox/mail-delivery.ts):
 * counts for the dashboard, lists by status, and Resend for a mail a server refused for good.
 */
export function mailsService(deps: Pick<Deps, 'db' | 'events'>) {
  return {
    async counts(): Promise<MailCounts> {
      const row = await deps
        .db('mails')
        .whereIn('status', ['owed', 'refused'])
        .first(
          deps.db.raw("count(*) FILTER (WHERE status = 'owed') AS owed"),
          deps.db.raw("count(*) FILTER (WHERE status = 'refused') AS refused"),
        );
      return { owed: Number(row?.owed ?? 0), refused: Number(row?.refused ?? 0) };
    },

    /** One page of the mails in one status, the latest first. */
    async list({ status, page, limit }: MailListQuery): Promise<Paged<AdminMail>> {
      const [rows, [count]] = await Promise.all([
        deps
          .db('mails')
          .where({ status })
          .orderByRaw(status === 'refused' ? 'refused_at DESC, id DESC' : 'id DESC')
          .limit(limit)
          .offset(page * limit) as Promise<MailRow[]>,
        deps.db('mails').where({ status }).count<{ n: string }[]>({ n: '*' }),
      ]);
      return { results: rows.map(presentMail), total: Number(count?.n ?? 0) };
    },

    /**
     * Resend: a refused mail is owed again, from a fresh backoff, and queued in the same
     * transaction. Only a refused mail: one owed is being sent already and one sent stays sent, so
     * a second click (or a second admin) sends nothing twice. 404 unknown, 422 not refused.
     */
    async resend(id: number): Promise<AdminMail> {
      return deps.db.transaction(async (trx) => {
        const [row] = (await trx('mails')
          .where({ id, status: 'refused' })
          .update({ status: 'owed', attempts: 0, next_attempt_at: null, refused_at: null })
          .returning('*')) as MailRow[];
        if (!row) {
          if (!(await trx('mails').where({ id }).first('id'))) throw notFound();
          throw validationError({ status: ['Only a refused mail can be resent.'] });
        }
        await deps.events.record(trx, 'mail.due', { mails: [{ id, kind: row.kind }] });
        return presentMail(row);
      });
    },
  };
}
export type MailsService = ReturnType<typeof mailsService>;
