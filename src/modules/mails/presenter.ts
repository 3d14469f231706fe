import type { MailKind } from '../../mail/kinds.ts';
import type { AdminMail, MailStatus } from '../../../shared/api/mails.ts';

/** A `mails` row as stored. */
export interface MailRow {
  id: string | number;
  kind: MailKind;
  params: unknown;
  cause_key: string;
  status: MailStatus;
  attempts: number;
  next_attempt_at: Date | null;
  last_error: string | null;
  recipient: string | null;
  subject: string | null;
  created_at: Date;
  sent_at: Date | null;
  refused_at: Date | null;
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** The admin's view of a mail: explicit fields, never its params (ids, a sealed reset token) or cause. */
export function presentMail(row: MailRow): AdminMail {
  return {
    id: Number(row.id),
    kind: row.kind,
    status: row.status,
    recipient: row.recipient,
    subject: row.subject,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: iso(row.created_at)!,
    sent_at: iso(row.sent_at),
    refused_at: iso(row.refused_at),
  };
}
