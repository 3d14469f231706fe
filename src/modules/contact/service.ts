import type { Db } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import type { MailDraft, MailParams } from '../../mail/kinds.ts';
import { contactMail } from '../../mail/templates/contact.ts';
import type { EnquiryCounts } from '../../../shared/api/enquiries.ts';
import type { Paged } from '../../../shared/api/paged.ts';
import type { Paging } from '../../validation/paging.ts';
import type { ContactInput } from './schema.ts';
import { ContactMessage } from './model.ts';

/**
 * Contact enquiries. The stored row is the truth: it is written with its event, and the event owes
 * the enquiry's mail to the sales inbox (mail kind `contact.enquiry`, src/mail/owed.ts), so an SMTP
 * or Redis outage loses nothing; the mail outbox retries it until it is sent.
 */
export function contactService(deps: Pick<Deps, 'db' | 'events' | 'config'>) {
  return {
    async receive(input: ContactInput, ip: string | undefined): Promise<ContactMessage> {
      // The enquiry, its event and its mail commit together: with Redis down it is stored, answered
      // 201, and mailed once the relay can publish again.
      return deps.db.transaction(async (trx) => {
        const message = await ContactMessage.query(trx).insertAndFetch({ ...input, ip: ip ?? null });
        await deps.events.record(trx, 'contact.received', { id: message.id });
        return message;
      });
    },

    /**
     * The builder of mail kind `contact.enquiry`: the enquiry to ENQUIRIES_TO; null when it was
     * deleted since. Once sent, the enquiry shows when (`emailed_at`, in the admin's inbox).
     */
    async enquiryMail({ enquiryId }: MailParams['contact.enquiry']): Promise<MailDraft | null> {
      const message = await ContactMessage.query(deps.db).findById(enquiryId);
      if (!message) return null;
      return {
        message: contactMail(message, deps.config.business, deps.config.enquiriesTo),
        onSent: async (trx) => {
          await trx('contact_messages').where({ id: enquiryId }).update({ emailed_at: trx.fn.now() });
        },
      };
    },

    /** Enquiries stored but not yet mailed (the dashboard shows it). */
    async unsentCount(): Promise<number> {
      const row = await deps.db('contact_messages').whereNull('emailed_at').count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
  };
}
export type ContactService = ReturnType<typeof contactService>;

// The enquiries inbox names a stored message by this type; the model class stays inside contact.
export type { ContactMessage } from './model.ts';

/**
 * The stored enquiries as the admin's inbox (the enquiries module) reads and files them. The rows
 * are contact's: another module reaches them only through these.
 */
export function contactInbox(db: Db) {
  return {
    /** One page, newest first, and how many there are in all. */
    async page(paging: Paging): Promise<Paged<ContactMessage>> {
      const [results, [count]] = await Promise.all([
        ContactMessage.query(db)
          .orderBy([
            { column: 'created_at', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .limit(paging.limit)
          .offset(paging.page * paging.limit),
        db('contact_messages').count<{ n: string }[]>({ n: '*' }),
      ]);
      return { results, total: Number(count?.n ?? 0) };
    },

    find: async (id: number): Promise<ContactMessage | undefined> => await ContactMessage.query(db).findById(id),

    /** Marks handled (keeping the first time it was) or not handled; undefined when there is no such message. */
    async setHandled(id: number, handled: boolean): Promise<ContactMessage | undefined> {
      const [row] = await db('contact_messages')
        .where({ id })
        .update({ handled_at: handled ? db.raw('coalesce(handled_at, now())') : null, updated_at: db.fn.now() })
        .returning('*');
      return row as ContactMessage | undefined;
    },

    /** Deletes one message; false when there was none. */
    async remove(id: number): Promise<boolean> {
      return (await ContactMessage.query(db).deleteById(id)) > 0;
    },

    /**
     * Messages received in the last 7 and 30 days, and per week for the last `weeks` weeks, this
     * week included (weeks start on Monday in `zone`; empty weeks count 0).
     */
    async counts(weeks: number, zone: string): Promise<EnquiryCounts> {
      const [totals, perWeek] = await Promise.all([
        db('contact_messages')
          .select(
            db.raw("count(*) FILTER (WHERE created_at >= now() - interval '7 days') AS last7"),
            db.raw("count(*) FILTER (WHERE created_at >= now() - interval '30 days') AS last30"),
          )
          .first<{ last7: string; last30: string }>(),
        db.raw<{ rows: { week: string; count: string }[] }>(
          `WITH weeks AS (
             SELECT generate_series(date_trunc('week', now() AT TIME ZONE :zone) - make_interval(weeks => :back),
                                    date_trunc('week', now() AT TIME ZONE :zone), interval '1 week') AS start
           )
           SELECT to_char(w.start, 'YYYY-MM-DD') AS week, count(m.id) AS count
             FROM weeks w
             LEFT JOIN contact_messages m
               ON m.created_at AT TIME ZONE :zone >= w.start AND m.created_at AT TIME ZONE :zone < w.start + interval '1 week'
            GROUP BY w.start
            ORDER BY w.start`,
          { zone, back: weeks - 1 },
        ),
      ]);
      return {
        last7: Number(totals?.last7 ?? 0),
        last30: Number(totals?.last30 ?? 0),
        perWeek: perWeek.rows.map((r) => ({ week: r.week, count: Number(r.count) })),
      };
    },
  };
}
