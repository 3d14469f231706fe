import type { Knex } from 'knex';

/**
 * Every mail the site sends is a `mails` row, owed from the moment its cause commits until a mail
 * server accepts it (docs/decisions/012-every-mail-owed-until-sent.md). The row is written in the
 * transaction of its cause, with a unique `cause_key`, so one cause is one mail; it carries only ids
 * (`params`): the message is built when it is sent. `next_attempt_at` is the retry schedule and the
 * lease of a send in progress (NULL = due now); `last_error` is the server's last reply.
 *
 * It replaces two older records: the contact enquiry's own delivery columns (its owed enquiries
 * become owed mails here) and `job_receipts`, the once-only marks of the account, quote and trade
 * mail jobs. Mails those jobs still owed when this runs are owed here too: unpublished events, and
 * events of the last day whose mail has no receipt (a job that gave up, or one still queued under a
 * name the new workers no longer run). Older ones are not sent: a link mailed days late is dead.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mails', (t) => {
    t.bigIncrements('id');
    t.text('kind').notNullable();
    t.jsonb('params').notNullable().defaultTo('{}');
    t.text('cause_key').notNullable().unique();
    t.text('status').notNullable().defaultTo('owed');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true });
    t.text('last_error');
    t.text('recipient');
    t.text('subject');
    t.text('request_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('refused_at', { useTz: true });
  });
  await knex.raw("ALTER TABLE mails ADD CONSTRAINT mails_status CHECK (status IN ('owed', 'sent', 'refused', 'cancelled'))");
  // The recovery's question (owed mails by due time) and the admin's (refused ones, newest first).
  await knex.raw("CREATE INDEX mails_owed_due ON mails (next_attempt_at NULLS FIRST, id) WHERE status = 'owed'");
  await knex.raw("CREATE INDEX mails_refused ON mails (refused_at DESC, id DESC) WHERE status = 'refused'");
  await knex.raw("CREATE INDEX mails_done_at ON mails (created_at) WHERE status IN ('sent', 'cancelled')");

  await knex.raw(`
    INSERT INTO mails (kind, params, cause_key, created_at)
    SELECT 'contact.enquiry', jsonb_build_object('enquiryId', id), 'contact:' || id, created_at
      FROM contact_messages WHERE emailed_at IS NULL`);
  await knex.raw(`
    WITH owed (name, kind, params, receipt) AS (
      SELECT e.name, m.kind, m.params, m.receipt
        FROM events e
        CROSS JOIN LATERAL (VALUES
          ('user.registered', 'account.verify-email', jsonb_build_object('userId', e.payload->'userId'), 'mail.send:' || e.id),
          ('user.email_changed', 'account.verify-email', jsonb_build_object('userId', e.payload->'userId'), 'mail.send:' || e.id),
          ('user.verification_requested', 'account.verify-email', jsonb_build_object('userId', e.payload->'userId'), 'mail.send:' || e.id),
          ('user.password_reset_requested', 'account.reset-password', e.payload, 'mail.send:' || e.id),
          ('user.password_changed', 'account.password-changed', jsonb_build_object('userId', e.payload->'userId'), 'mail.send:' || e.id),
          ('user.two_factor_enabled', 'account.two-factor-enabled', jsonb_build_object('userId', e.payload->'userId'), 'mail.send:' || e.id),
          ('user.two_factor_disabled', 'account.two-factor-disabled', jsonb_build_object('userId', e.payload->'userId'), 'mail.send:' || e.id),
          ('user.two_factor_locked', 'account.two-factor-lockout', jsonb_build_object('userId', e.payload->'userId'), 'mail.send:' || e.id),
          ('quote.requested', 'quote.sales', jsonb_build_object('quoteId', e.payload->'id'), 'quote-sales:' || (e.payload->>'id')),
          ('quote.requested', 'quote.confirmation', jsonb_build_object('quoteId', e.payload->'id'), 'quote-confirmation:' || (e.payload->>'id')),
          ('trade.application_decided', 'trade.decision', e.payload, 'mail.trade_decision:' || e.id),
          ('trade.account_changed', 'trade.account', e.payload, 'mail.trade_account:' || e.id)
        ) AS m (name, kind, params, receipt)
       WHERE m.name = e.name
         AND (e.published_at IS NULL OR e.created_at > now() - interval '1 day')
         AND NOT EXISTS (SELECT 1 FROM job_receipts r WHERE r.key = m.receipt)
    )
    INSERT INTO mails (kind, params, cause_key)
    SELECT kind, params, 'migrated:' || receipt || ':' || kind FROM owed
    ON CONFLICT (cause_key) DO NOTHING`);

  await knex.schema.dropTable('job_receipts');
  await knex.raw('DROP INDEX IF EXISTS contact_messages_unsent_due');
  await knex.schema.alterTable('contact_messages', (t) => {
    t.dropColumn('email_attempts');
    t.dropColumn('email_error');
    t.dropColumn('next_attempt_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.integer('email_attempts').notNullable().defaultTo(0);
    t.text('email_error');
    t.timestamp('next_attempt_at', { useTz: true });
  });
  await knex.raw('CREATE INDEX contact_messages_unsent_due ON contact_messages (next_attempt_at) WHERE emailed_at IS NULL');
  await knex.schema.createTable('job_receipts', (t) => {
    t.text('key').primary();
    t.timestamp('done_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.dropTableIfExists('mails');
}
