import type { Db } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { contactMail } from '../../mail/templates/contact.ts';
import type { EnquiryCounts } from '../../../shared/api/enquiries.ts';
import type { Paged } from '../../../shared/api/paged.ts';
import type { Paging } from '../../validation/paging.ts';
import { retryDelayMs, SEND_LEASE_MS } from './backoff.ts';
import type { ContactInput } from './schema.ts';
import { ContactMessage } from './model.ts';

/** Enquiries the sweep re-queues per run; the rest follow on the next run (every 15 s). */
const SWEEP_BATCH = 200;

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

/**
 * Contact enquiries. The stored row is the truth: it is written first, then mailed by a job, so an
 * SMTP or Redis outage loses nothing. The row also holds the retry schedule (`next_attempt_at`),
 * so backoff survives restarts and the sweep re-queues every unsent enquiry, however old.
 */
export function contactService(deps: Pick<Deps, 'db' | 'events' | 'mailer' | 'config' | 'log' | 'now'>) {
  return {
    async receive(input: ContactInput, ip: string | undefined): Promise<ContactMessage> {
      // The enquiry and its event commit together: with Redis down it is stored, answered 201,
      // and mailed once the relay can publish again.
      return deps.db.transaction(async (trx) => {
        const message = await ContactMessage.query(trx).insertAndFetch({ ...input, ip: ip ?? null });
        await deps.events.record(trx, 'contact.received', { id: message.id });
        return message;
      });
    },

    /**
     * Mails one enquiry if it is unsent and due, then records the delivery. Claiming the row first
     * (a lease in `next_attempt_at`) means two jobs for one enquiry never both send it. A failed
     * send schedules the next attempt on the row and returns: the sweep, not the queue, retries.
     */
    async deliver(id: number): Promise<void> {
      const now = deps.now();
      const [message] = (await deps
        .db('contact_messages')
        .where({ id })
        .whereNull('emailed_at')
        .where((q) => q.whereNull('next_attempt_at').orWhere('next_attempt_at', '<=', now))
        .update({ email_attempts: deps.db.raw('email_attempts + 1'), next_attempt_at: later(now, SEND_LEASE_MS) })
        .returning('*')) as ContactMessage[];
      if (!message) return; // already sent, not due yet, or being sent by another worker
      try {
        await deps.mailer.send(contactMail(message, deps.config.business, deps.config.enquiriesTo));
      } catch (error) {
        const retryAt = later(deps.now(), retryDelayMs(message.email_attempts));
        deps.log.warn({ err: error, id, attempts: message.email_attempts, retryAt }, 'enquiry not mailed; will retry');
        await deps
          .db('contact_messages')
          .where({ id })
          .update({ email_error: String((error as Error).message).slice(0, 500), next_attempt_at: retryAt });
        return;
      }
      await deps.db('contact_messages').where({ id }).update({ emailed_at: deps.now(), email_error: null, next_attempt_at: null });
    },

    /**
     * Resend sweep: records a delivery event for every unsent enquiry whose next attempt is due
     * (a failed send scheduled it) or that was never attempted (its job may have been lost with a
     * Redis that forgot it), oldest due first. Returns how many. A job still waiting for an
     * enquiry absorbs the new one (same dedupe key), so an enquiry is never mailed twice.
     */
    async requeueUnsent(): Promise<number> {
      const rows: { id: number }[] = await deps
        .db('contact_messages')
        .whereNull('emailed_at')
        .where((q) => q.whereNull('next_attempt_at').orWhere('next_attempt_at', '<=', deps.now()))
        .orderByRaw('next_attempt_at NULLS FIRST, id')
        .limit(SWEEP_BATCH)
        .select('id');
      await deps.events.recordMany(
        deps.db,
        'contact.delivery_due',
        rows.map((row) => ({ id: row.id })),
      );
      return rows.length;
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
