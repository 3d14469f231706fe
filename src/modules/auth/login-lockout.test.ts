import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, logIn } from '../../../test/auth.ts';
import { createTestContext, startTestServer, type TestContext } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp.ts';
import { ACCOUNT_LOCKOUT_MINUTES, WRONG_PASSWORDS_PER_ACCOUNT } from './login-lockout.ts';

/**
 * Password guesses per account across client addresses (issue 18, item 5): with TRUST_PROXY and 200
 * addresses, each with its own per email + IP allowance, only 10 wrong passwords are checked for
 * one account; the holder is mailed once; and a browser that signed in to the account before keeps
 * only the per email + IP limit, so the stranger cannot lock the owner out. With Redis and BullMQ
 * workers, and in memory with jobs run in the process (embedded mode).
 */
describe.each([
  ['with Redis', true],
  ['in memory (embedded mode)', false],
])('the per-account login limit %s', (_shape, redis) => {
  let smtp: SmtpCapture;
  let context: TestContext;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let ips = 0;
  /** A fresh browser from an address of its own (TRUST_PROXY is on in tests). */
  const browser = async (): Promise<TestClient> => {
    const client = server.client();
    ips++;
    client.ip = `10.77.${(ips >> 8) & 255}.${ips & 255}`;
    return client.csrf();
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    context = await createTestContext({ redis, env: { SMTP_URL: smtp.url } });
    if (redis) context.startWorkers(['account-mail']);
    server = await startTestServer(context);
  });
  afterAll(async () => {
    await server?.close();
    await context?.close();
    await smtp?.close();
  });

  it('checks only 10 wrong passwords from 200 addresses, mails the holder once, and spares the browsers they signed in on', async () => {
    const { email, password } = await insertUser(context.deps);
    // The owner's laptop signed in before (and out again); so did the attacker, to an account of their own.
    const laptop = await browser();
    await logIn(laptop, email, password);
    expect((await laptop.post('/logout')).status).toBe(204);
    const attacker = await insertUser(context.deps);
    const attackerBrowser = await browser();
    await logIn(attackerBrowser, attacker.email, attacker.password);
    expect((await attackerBrowser.post('/logout')).status).toBe(204);

    const statuses: number[] = [];
    for (let batch = 0; batch < 20; batch++) {
      const clients = await Promise.all(Array.from({ length: 10 }, browser));
      const answers = await Promise.all(
        clients.map((c, i) => c.post('/login', { email: i % 2 ? email.toUpperCase() : email, password: `guess-${batch}-${i}` })),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s === 422)).toHaveLength(WRONG_PASSWORDS_PER_ACCOUNT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - WRONG_PASSWORDS_PER_ACCOUNT);

    // The right password from a new browser, or from one that knows only another account, waits.
    for (const client of [await browser(), attackerBrowser]) {
      const locked = await client.post('/login', { email, password });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan((ACCOUNT_LOCKOUT_MINUTES - 1) * 60);
    }
    // A forged device cookie is no way round it.
    const forger = await browser();
    forger.cookies.set('nursery_device', 'anything');
    expect((await forger.post('/login', { email, password })).status).toBe(429);

    // The owner's laptop signs in as usual, and keeps its per email + IP limit.
    expect((await laptop.post('/login', { email, password })).status).toBe(200);
    expect((await laptop.post('/logout')).status).toBe(204);
    for (let i = 0; i < 5; i++) expect((await laptop.post('/login', { email, password: 'not-it-at-all' })).status).toBe(422);
    expect((await laptop.post('/login', { email, password })).status).toBe(429);

    // One mail for the lockout, not one per guess.
    const lockoutMails = () =>
      smtp.messages.filter((m) => m.to.includes(email) && m.subject === 'Someone is trying to guess your password');
    await expect.poll(() => lockoutMails().length, { timeout: 10_000 }).toBe(1);
    await context.deps.settle();
    expect(lockoutMails()).toHaveLength(1);
    expect(lockoutMails()[0]!.text).toContain(`for ${ACCOUNT_LOCKOUT_MINUTES} minutes`);
    for (const secret of [password, 'guess-0-0']) expect(lockoutMails()[0]!.raw).not.toContain(secret);
  });

  it('limits an address no account has in the same way, mailing no one', async () => {
    const email = `nobody.${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await (await browser()).post('/login', { email, password: `guess-${i}` })).status);
    expect(statuses).toEqual([...Array(10).fill(422), ...Array(5).fill(429)]);
    await context.deps.settle();
    expect(smtp.messages.filter((m) => m.to.includes(email))).toEqual([]);
  });
});
