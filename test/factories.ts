import type { Knex } from 'knex';
import { makeGallery, makeWidget, syncGallerySequence, type GalleryInput, type WidgetInput } from '../seeds/factories.ts';

/**
 * Row factories only the tests use. The ones the seeds share (widgets, galleries, gallery images,
 * catalogue lines) live in seeds/factories.ts, because seeding runs in production. Pass a
 * transaction as `db` inside a transaction (PGlite has a single connection).
 */

let sequence = 0;
/** A number unique within this process, so made-up names and emails never collide. */
const next = () => ++sequence;

interface WidgetRecord extends WidgetInput {
  id: number;
  created_at: Date;
  updated_at: Date;
}

export async function insertWidget(db: Knex, overrides: Partial<WidgetInput> = {}): Promise<WidgetRecord> {
  const [row] = await db('widgets').insert(makeWidget(overrides)).returning('*');
  return row as WidgetRecord;
}

interface GalleryRecord {
  id: number;
  name: string;
  created_at: Date;
  updated_at: Date;
}

/**
 * Inserts a gallery. With an explicit id the id sequence is moved past it, or the next gallery
 * created without one would collide.
 */
export async function insertGallery(db: Knex, overrides: Partial<GalleryInput> = {}): Promise<GalleryRecord> {
  const [row] = await db('galleries').insert(makeGallery(overrides)).returning('*');
  if (overrides.id !== undefined) await syncGallerySequence(db);
  return row as GalleryRecord;
}

interface ContactMessageInput {
  name: string;
  telephone: string;
  email: string;
  message: string;
  ip: string | null;
}
interface ContactMessageRecord extends ContactMessageInput {
  id: number;
  emailed_at: Date | null;
  handled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

function makeContactMessage(overrides: Partial<ContactMessageInput> = {}): ContactMessageInput {
  const n = next();
  return {
    name: `Test Buyer ${n}`,
    telephone: '01233 000 000',
    email: `buyer${n}@example.com`,
    message: 'Please send a quotation for 500 bare-root hawthorn, 60-90 cm, for delivery in December.',
    ip: '127.0.0.1',
    ...overrides,
  };
}

export async function insertContactMessage(db: Knex, overrides: Partial<ContactMessageInput> = {}): Promise<ContactMessageRecord> {
  const [row] = await db('contact_messages').insert(makeContactMessage(overrides)).returning('*');
  return row as ContactMessageRecord;
}
