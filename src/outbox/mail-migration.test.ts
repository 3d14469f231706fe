import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, onServer } from '../../test/database.ts';
import { migrationConfig } from '../db.ts';

/**
 * The upgrade to the mails outbox (migrations/20261128000100_mails.ts) keeps every mail the old
 * jobs still owed: unsent enquiries, unpublished events, and recent events whose mail has no
 * receipt; a mail with a receipt, or one days old, is not sent again.
 */
const MAILS_MIGRATION = '20261128000100_mails.ts';
const name = `nursery_t_mailmig_${randomBytes(4).toString('hex')}`;
let db: Knex;

beforeAll(async () => {
  await onServer((server) => server.raw(`CREATE DATABASE "${name}"`));
  db = knexFactory({ client: 'pg', connection: databaseUrl(name), pool: { min: 0, max: 2 } });
  const migrator = db.migrate;
  // Up to the migration before it, one at a time (the source lists migrations as file names).
  for (;;) {
    const [, pending] = (await migrator.list(migrationConfig)) as [unknown, unknown[]];
    if (!pending.length) throw new Error(`${MAILS_MIGRATION} was not found pending`);
    if (pending[0] === MAILS_MIGRATION) break;
    await migrator.up(migrationConfig);
  }
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await onServer((server) => server.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
});

describe('the mails migration', () => {
  it('owes what the old jobs still owed, and nothing they sent or that is days old', async () => {
    const enquiry = (emailed: boolean) =>
      db('contact_messages')
        .insert({
          name: 'Jo',
          telephone: '01233 000000',
          email: 'jo@example.com',
          message: 'Hedging',
          emailed_at: emailed ? db.fn.now() : null,
        })
        .returning('id');
    const [unsent] = await enquiry(false);
    await enquiry(true); // mailed: owes nothing
    const event = async (name: string, payload: object, extra: object = {}) =>
      Number(
        (
          await db('events')
            .insert({ name, payload: JSON.stringify(payload), published_at: db.fn.now(), ...extra })
            .returning('id')
        )[0].id,
      );
    const lost = await event('user.registered', { userId: 1 }); // its job gave up: no receipt
    const sent = await event('user.password_changed', { userId: 2 });
    await db('job_receipts').insert({ key: `mail.send:${sent}` });
    const pending = await event('trade.application_decided', { applicationId: 3 }, { published_at: null });
    await event('user.two_factor_enabled', { userId: 4 }, { created_at: db.raw("now() - interval '3 days'") }); // too old
    await event('quote.requested', { id: 5 });
    await db('job_receipts').insert({ key: 'quote-sales:5' });
    await event('catalogue.changed', { reason: 'edit' }); // owes no mail

    await db.migrate.up(migrationConfig);

    const mails = await db('mails').orderBy('id').select('kind', 'params', 'status', 'cause_key');
    expect(mails).toEqual([
      { kind: 'contact.enquiry', params: { enquiryId: Number(unsent.id) }, status: 'owed', cause_key: `contact:${unsent.id}` },
      { kind: 'account.verify-email', params: { userId: 1 }, status: 'owed', cause_key: `migrated:mail.send:${lost}:account.verify-email` },
      {
        kind: 'trade.decision',
        params: { applicationId: 3 },
        status: 'owed',
        cause_key: `migrated:mail.trade_decision:${pending}:trade.decision`,
      },
      { kind: 'quote.confirmation', params: { quoteId: 5 }, status: 'owed', cause_key: 'migrated:quote-confirmation:5:quote.confirmation' },
    ]);
    expect(await db.schema.hasTable('job_receipts')).toBe(false);
    expect(await db.schema.hasColumn('contact_messages', 'email_attempts')).toBe(false);

    await db.migrate.down(migrationConfig); // and back
    expect(await db.schema.hasTable('mails')).toBe(false);
    expect(await db.schema.hasColumn('contact_messages', 'next_attempt_at')).toBe(true);
  });
});
