import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/admin.ts';
import { insertGallery } from '../../test/factories.ts';
import { insertGalleryImage } from '../../seeds/factories.ts';
import { ownRedis } from '../../test/redis-server.ts';
import { waitUntil } from '../../test/wait.ts';
import { startMailingApp, type MailingApp } from '../../test/harness.ts';
import { requeueDueMails } from './mail-recovery.ts';

/**
 * Faults around the outbox, each checked for "nothing lost, nothing done twice": a Redis that stops
 * (a redis-server this file starts on a port of its own, so the shared one is never touched), an
 * SMTP server that refuses for a while, and a job that fails for good.
 */
let redis: Awaited<ReturnType<typeof ownRedis>>;
let app: MailingApp;

beforeAll(async () => {
  redis = await ownRedis();
  app = await startMailingApp({ env: { REDIS_URL: redis.url, CONTACT_PER_MINUTE: '100', ENQUIRIES_TO: 'sales@nursery.test' } });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await redis?.stop();
});

const enquiry = (i: number) => ({
  name: `Outage Enquiry ${i}`,
  email: `buyer${i}@example.com`,
  telephone: '01233 000000',
  message: `Quote for hedging, order ${i}`,
});
const countBy = (values: string[]) => values.reduce<Record<string, number>>((all, v) => ({ ...all, [v]: (all[v] ?? 0) + 1 }), {});

describe('with Redis stopped', () => {
  it('stores and answers 20 enquiries and 5 registrations at once, then mails each exactly once when Redis is back', async () => {
    const clients = await Promise.all(Array.from({ length: 25 }, () => app.visitor().csrf()));
    await redis.stop();

    const enquiries = await Promise.all(clients.slice(0, 20).map((client, i) => client.post('/api/contact', enquiry(i))));
    const emails = Array.from({ length: 5 }, (_, i) => `outage.buyer${i}.${Date.now()}@example.com`);
    const registrations = await Promise.all(
      clients.slice(20).map((client, i) =>
        client.post('/register', {
          firstname: 'Sam',
          lastname: `Outage${i}`,
          email: emails[i],
          password: 'hawthorn-40-60',
          password_confirmation: 'hawthorn-40-60',
        }),
      ),
    );
    expect(enquiries.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(registrations.map((r) => r.status)).toEqual(Array(5).fill(201));
    const { db } = app.context.deps;
    expect(await db('contact_messages').where('name', 'like', 'Outage Enquiry %').count({ n: '*' }).first()).toEqual({ n: '20' });
    expect(await db('users').whereIn('email', emails).count({ n: '*' }).first()).toEqual({ n: '5' });
    // Stored with their events and the mails they owe, none published: the relay could not reach
    // Redis and keeps trying.
    expect(Number((await db('events').whereNull('published_at').whereNot({ name: 'mail.due' }).count({ n: '*' }).first())!.n)).toBe(25);
    expect(Number((await db('mails').where({ status: 'owed' }).count({ n: '*' }).first())!.n)).toBe(25);
    expect(app.smtp.messages).toHaveLength(0);

    await redis.start(); // empty: whatever the old one held is gone
    const enquiryMails = () => app.smtp.messages.filter((m) => /Outage Enquiry/.test(m.subject));
    const verificationMails = () => app.smtp.messages.filter((m) => emails.includes(m.to[0]!));
    await waitUntil(async () => enquiryMails().length >= 20 && verificationMails().length >= 5, 60_000, 'every mail after Redis returned');

    // Another relay pass and another recovery find nothing owed.
    await app.context.deps.relay.publishPending();
    await requeueDueMails(app.context.deps);
    await app.context.deps.relay.idle();
    await waitUntil(async () => (await app.context.deps.queue.counts()).waiting === 0, 10_000, 'queues idle');
    expect(Object.values(countBy(enquiryMails().map((m) => m.subject)))).toEqual(Array(20).fill(1));
    expect(countBy(verificationMails().map((m) => m.to[0]!))).toEqual(Object.fromEntries(emails.map((e) => [e, 1])));
    expect(
      await db('contact_messages').where('name', 'like', 'Outage Enquiry %').whereNull('emailed_at').count({ n: '*' }).first(),
    ).toEqual({ n: '0' });
  }, 120_000);
});

describe('with SMTP refusing for a while', () => {
  it("retries an account mail on its row's schedule and sends it once", async () => {
    app.smtp.failNext(2); // the first two deliveries get a 451
    const client = await app.visitor().csrf();
    const email = `smtp.outage.${Date.now()}@example.com`;
    const response = await client.post('/register', {
      firstname: 'Sam',
      lastname: 'Retry',
      email,
      password: 'hawthorn-40-60',
      password_confirmation: 'hawthorn-40-60',
    });
    expect(response.status).toBe(201);
    const { deps } = app.context;
    const user = await deps.db('users').where({ email }).first('id');
    const mail = () => deps.db('mails').where({ kind: 'account.verify-email' }).whereRaw("(params->>'userId')::int = ?", [user.id]).first();
    try {
      for (const attempt of [1, 2]) {
        await waitUntil(
          async () => (await mail()).attempts === attempt && /451/.test((await mail()).last_error),
          30_000,
          `refusal ${attempt}`,
        );
        // Its retry is due when the row says: the recovery queues it again then.
        const due: Date = (await mail()).next_attempt_at;
        deps.now = () => due;
        expect(await requeueDueMails(deps)).toBe(1);
      }
      await waitUntil(async () => app.smtp.messages.some((m) => m.to.includes(email)), 30_000, 'the verification mail');
    } finally {
      deps.now = () => new Date();
    }
    expect(await mail()).toMatchObject({ status: 'sent', attempts: 3, last_error: null, recipient: email });
    await deps.db('events').where({ name: 'user.registered' }).update({ published_at: null });
    await deps.relay.publishPending(); // a re-published event…
    expect(app.smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1); // …sends nothing again
  }, 60_000);
});

describe('a job that fails for good', () => {
  it('is kept, and counted on the dashboard and in bull-board', async () => {
    const { db, events } = app.context.deps;
    const admin = await signedIn({ client: () => app.visitor() }, app.context.deps, { role: 'admin' });
    const before = (await admin.get('/api/admin/stats')).body.queues.failed as number;
    // An image whose original is gone: its renditions can never be made (UnrecoverableError).
    const gallery = await insertGallery(db);
    const image = await insertGalleryImage(db, {
      gallery_id: gallery.id,
      status: 'processing',
      original_path: 'galleries/lost/original.jpg',
    });
    await events.record(db, 'gallery_image.uploaded', { imageId: image.id });
    app.context.startWorkers(['images']);
    await waitUntil(async () => (await admin.get('/api/admin/stats')).body.queues.failed > before, 30_000, 'the failed count');

    const queues = await admin.get('/admin/queues/api/queues');
    expect(queues.status).toBe(200);
    const images = (queues.body.queues as { name: string; counts: { failed: number } }[]).find((q) => q.name === 'images')!;
    expect(images.counts.failed).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
