import { Model } from 'objection';

export class ContactMessage extends Model {
  static override tableName = 'contact_messages';
  id!: number;
  name!: string;
  telephone!: string;
  email!: string;
  message!: string;
  ip!: string | null;
  /** When the enquiry's mail reached the sales inbox's server (its delivery is a `mails` row). */
  emailed_at!: Date | null;
  handled_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
}
