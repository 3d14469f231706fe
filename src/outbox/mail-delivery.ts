import type { Deps } from '../deps.ts';
import { retryDelayMs, SEND_LEASE_MS } from '../mail/backoff.ts';
import type { MailBuilder, MailBuilders, MailDraft, MailKind, MailParams } from '../mail/kinds.ts';
import { failureText, isPermanentRefusal } from '../mail/refusal.ts';

interface ClaimedMail {
  id: string | number;
  kind: MailKind;
  params: MailParams[MailKind];
  attempts: number;
}

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

/**
 * Sends one owed mail, the only way any mail is sent (job `mail.deliver`). The row is the truth:
 * - it is claimed first (a lease in `next_attempt_at`), so two jobs for one mail, a duplicate
 *   delivery or a recovery racing the first job, never both send it; a mail not owed (sent,
 *   refused, cancelled) or not due (in backoff, leased) is left alone;
 * - a transient failure (connection refused, timeout, any 4xx) records the reply and the next
 *   attempt on the row and returns: the recovery (src/outbox/mail-recovery.ts) queues it again when
 *   it is due, for as long as it takes, never giving up;
 * - a 5xx to RCPT TO marks it refused with the server's reply, for the admin's Resend;
 * - a builder that finds nothing to send any more (the user deleted, the address verified) marks
 *   it cancelled.
 * A worker killed between the server's acceptance and the row's update sends it once more when the
 * lease ends; nothing closer to exactly-once exists for SMTP.
 */
export async function deliverMail(deps: Pick<Deps, 'db' | 'mailer' | 'log' | 'now'>, builders: MailBuilders, id: number): Promise<void> {
  const now = deps.now();
  const [mail] = (await deps
    .db('mails')
    .where({ id, status: 'owed' })
    .where((q) => q.whereNull('next_attempt_at').orWhere('next_attempt_at', '<=', now))
    .update({ attempts: deps.db.raw('attempts + 1'), next_attempt_at: later(now, SEND_LEASE_MS) })
    .returning(['id', 'kind', 'params', 'attempts'])) as ClaimedMail[];
  if (!mail) return;
  const row = () => deps.db('mails').where({ id: mail.id });

  let draft: MailDraft | null = null;
  try {
    draft = await (builders[mail.kind] as MailBuilder<MailKind>)(mail.params);
    if (!draft) {
      await row().update({ status: 'cancelled', next_attempt_at: null });
      return;
    }
    await deps.mailer.send(draft.message);
  } catch (error) {
    const addressed = draft ? { recipient: draft.message.to, subject: draft.message.subject } : {};
    if (isPermanentRefusal(error)) {
      deps.log.warn({ err: error, mail: mail.id, kind: mail.kind }, 'mail refused for good; the admin may resend it');
      await row().update({
        status: 'refused',
        refused_at: deps.now(),
        next_attempt_at: null,
        last_error: failureText(error),
        ...addressed,
      });
      return;
    }
    const retryAt = later(deps.now(), retryDelayMs(mail.attempts));
    deps.log.warn({ err: error, mail: mail.id, kind: mail.kind, attempts: mail.attempts, retryAt }, 'mail not sent; will retry');
    await row().update({ next_attempt_at: retryAt, last_error: failureText(error), ...addressed });
    return;
  }
  const sent = draft;
  await deps.db.transaction(async (trx) => {
    await trx('mails').where({ id: mail.id }).update({
      status: 'sent',
      sent_at: deps.now(),
      next_attempt_at: null,
      last_error: null,
      recipient: sent.message.to,
      subject: sent.message.subject,
    });
    await sent.onSent?.(trx);
  });
}
