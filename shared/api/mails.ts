/** Where an outgoing mail stands: owed until a server takes it (sent) or refuses its recipient (refused). */
export type MailStatus = 'owed' | 'sent' | 'refused' | 'cancelled';

/**
 * One outgoing mail as the admin sees it (GET /api/admin/mails). `recipient` and `subject` are
 * known once a delivery was attempted; `last_error` is the mail server's last reply (for a refused
 * mail, why it refused). Never the ids, tokens or links the mail is built from.
 */
export interface AdminMail {
  id: number;
  kind: string;
  status: MailStatus;
  recipient: string | null;
  subject: string | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  refused_at: string | null;
}

/** Mails still owed (being retried) and mails refused for good (waiting for the admin's Resend). */
export interface MailCounts {
  owed: number;
  refused: number;
}
