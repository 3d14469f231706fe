import type { Deps } from '../../deps.ts';
import { contactMail } from '../../mail/templates/contact.ts';
import type { ContactInput } from './schema.ts';
import { ContactMessage } from './model.ts';

/** Unsent enquiries older than this are re-queued by the outbox sweep. */
const SWEEP_AFTER_MS = 2 * 60 * 1000;
const MAX_ATTEMPTS = 20;

/**
 * Contact enquiries. The stored row is the truth: it is written first, then mailed by a job, so an
 * SMTP or Redis outage loses nothing (the sweep re-queues unsent rows).
 */
export function contactService(deps: Pick<Deps, 'db' | 'events' | 'mailer' | 'config' | 'queue' | 'log'>) {
  return {
    async receive(input: ContactInput, ip: string | undefined): Promise<ContactMessage> {
      const message = await ContactMessage.query(deps.db).insertAndFetch({ ...input, ip: ip ?? null });
      try {
        await deps.events.emit('contact.received', { id: message.id });
      } catch (err) {
        // Stored but not queued (queue down): the outbox sweep sends it later. The visitor is told it was sent.
        deps.log.warn({ err, id: message.id }, 'enquiry stored but not queued');
      }
      return message;
    },

    /** Mails one enquiry unless it was already mailed, then records the delivery. */
    async deliver(id: number): Promise<void> {
      const message = await ContactMessage.query(deps.db).findById(id);
      if (!message || message.emailed_at) return;
      await ContactMessage.query(deps.db).findById(id).increment('email_attempts', 1);
      try {
        await deps.mailer.send(contactMail(message, deps.config.business, deps.config.enquiriesTo));
      } catch (error) {
        await ContactMessage.query(deps.db).findById(id).patch({ email_error: String((error as Error).message).slice(0, 500) });
        throw error;
      }
      await ContactMessage.query(deps.db).findById(id).patch({ emailed_at: new Date(), email_error: null });
    },

    /** Outbox sweep: re-queues enquiries that were stored but never mailed. Returns how many. */
    async requeueUnsent(): Promise<number> {
      const rows = await ContactMessage.query(deps.db)
        .whereNull('emailed_at')
        .where('created_at', '<', new Date(Date.now() - SWEEP_AFTER_MS))
        .where('email_attempts', '<', MAX_ATTEMPTS)
        .select('id')
        .limit(100);
      for (const row of rows) await deps.queue.enqueue('mail.contact', { id: row.id }, { jobId: `contact-${row.id}` });
      return rows.length;
    },
  };
}
export type ContactService = ReturnType<typeof contactService>;
