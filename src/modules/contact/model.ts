import { Model } from 'objection';

export class ContactMessage extends Model {
  static override tableName = 'contact_messages';
  id!: number;
  name!: string;
  telephone!: string;
  email!: string;
  message!: string;
  ip!: string | null;
  emailed_at!: Date | null;
  email_attempts!: number;
  email_error!: string | null;
  /** When the outbox may try again (backoff, or the lease of a send in progress); null = due now. */
  next_attempt_at!: Date | null;
  handled_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
}
