import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableTwoFactor, insertUser, logIn, sessionId, totp } from '../../../test/auth.ts';
import { startMailingApp, type MailingApp } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';

let app: MailingApp;
let smtp: MailingApp['smtp'];
let context: MailingApp['context'];
const visitor = () => app.visitor();

beforeAll(async () => {
  app = await startMailingApp();
  ({ smtp, context } = app);
});
afterAll(async () => {
  await app?.close();
});

/** A signed-in user with confirmed 2FA; returns the setup key and recovery codes. */
async function userWithTwoFactor() {
  const account = await insertUser(context.deps);
  const client = visitor();
  await logIn(client, account.email, account.password);
  return { ...account, client, ...(await enableTwoFactor(client, account.password)) };
}

/** A six-digit code that is not valid in the current ±1 window. */
async function wrongCode(secretKey: string): Promise<string> {
  const valid = await Promise.all([-1, 0, 1].map((steps) => totp(secretKey, steps)));
  return ['000000', '111111', '222222', '333333'].find((code) => !valid.includes(code))!;
}

async function startLogin(email: string, password: string): Promise<TestClient> {
  const client = visitor();
  const body = await logIn(client, email, password);
  expect(body).toEqual({ two_factor: true });
  expect((await client.get('/api/user')).status).toBe(401); // nobody is signed in yet
  return client;
}

describe('two-factor setup', () => {
  it('needs a recent password confirmation (423) for every 2FA route', async () => {
    const { email, password } = await insertUser(context.deps);
    const client = visitor();
    await logIn(client, email, password);
    const calls = [
      client.post('/user/two-factor-authentication'),
      client.post('/user/confirmed-two-factor-authentication', { code: '123456' }),
      client.delete('/user/two-factor-authentication'),
      client.get('/user/two-factor-qr-code'),
      client.get('/user/two-factor-secret-key'),
      client.get('/user/two-factor-recovery-codes'),
      client.post('/user/two-factor-recovery-codes'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(423);
      expect(response.body).toEqual({ message: 'Password confirmation required.' });
    }
  });

  it('enables (secret and 8 codes, encrypted at rest), shows the QR code and key, confirms with a code', async () => {
    const { email, password } = await insertUser(context.deps);
    const client = visitor();
    await logIn(client, email, password);
    await client.post('/user/confirm-password', { password });
    expect((await client.get('/user/two-factor-secret-key')).status).toBe(404);
    expect((await client.post('/user/two-factor-authentication')).status).toBe(200);

    const qr = await client.get('/user/two-factor-qr-code');
    expect(qr.body.svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(qr.body.url).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    const { secretKey } = (await client.get('/user/two-factor-secret-key')).body;
    expect(secretKey).toMatch(/^[A-Z2-7]{16,}$/);
    const codes = (await client.get('/user/two-factor-recovery-codes')).body as string[];
    expect(codes).toHaveLength(8);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{10}-[a-z0-9]{10}$/);

    const row = await context.deps.db('users').where({ email }).first();
    expect(row.two_factor_secret).not.toContain(secretKey);
    for (const code of codes) expect(row.two_factor_recovery_codes).not.toContain(code);
    expect((await client.get('/api/user')).body.data.two_factor).toBe(false); // not until confirmed

    const wrong = await client.post('/user/confirmed-two-factor-authentication', { code: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ code: ['The provided two factor authentication code was invalid.'] });
    expect((await client.post('/user/confirmed-two-factor-authentication', { code: await totp(secretKey) })).status).toBe(200);
    expect((await client.get('/api/user')).body.data.two_factor).toBe(true);
    await expect
      .poll(() => smtp.messages.filter((m) => m.to.includes(email) && m.subject === 'Two-factor authentication was turned on').length, {
        timeout: 10_000,
      })
      .toBe(1);
  });

  it('regenerates recovery codes (8 new ones) and disables 2FA with a notice mail', async () => {
    const { client, email, codes } = await userWithTwoFactor();
    const fresh = (await client.post('/user/two-factor-recovery-codes')).body as string[];
    expect(fresh).toHaveLength(8);
    expect(fresh.some((c) => codes.includes(c))).toBe(false);
    expect((await client.get('/user/two-factor-recovery-codes')).body).toEqual(fresh);

    expect((await client.delete('/user/two-factor-authentication')).status).toBe(200);
    expect((await client.get('/api/user')).body.data.two_factor).toBe(false);
    const row = await context.deps.db('users').where({ email }).first();
    expect(row.two_factor_secret).toBeNull();
    expect(row.two_factor_recovery_codes).toBeNull();
    await expect
      .poll(() => smtp.messages.filter((m) => m.to.includes(email) && m.subject === 'Two-factor authentication was turned off').length, {
        timeout: 10_000,
      })
      .toBe(1);
  });
});

describe('POST /two-factor-challenge', () => {
  it('signs in with a TOTP code (204) on a rotated session; the same code cannot be replayed', async () => {
    const { email, password, secretKey } = await userWithTwoFactor();
    const client = await startLogin(email, password);
    const before = sessionId(client);
    const code = await totp(secretKey);
    const response = await client.post('/two-factor-challenge', { code, recovery_code: code });
    expect(response.status).toBe(204);
    expect(sessionId(client)).not.toBe(before);
    expect((await client.get('/api/user')).status).toBe(200);

    const replay = await startLogin(email, password);
    const again = await replay.post('/two-factor-challenge', { code, recovery_code: code });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ code: ['The provided two factor authentication code was invalid.'] });
  });

  it('accepts a recovery code once', async () => {
    const { email, password, codes } = await userWithTwoFactor();
    const first = await startLogin(email, password);
    expect((await first.post('/two-factor-challenge', { code: codes[0], recovery_code: codes[0] })).status).toBe(204);
    const second = await startLogin(email, password);
    const reused = await second.post('/two-factor-challenge', { code: codes[0], recovery_code: codes[0] });
    expect(reused.status).toBe(422);
    expect(reused.body.errors).toEqual({ recovery_code: ['The provided two factor recovery code was invalid.'] });
    expect((await second.post('/two-factor-challenge', { code: codes[1], recovery_code: codes[1] })).status).toBe(204);
  });

  it('refuses without a pending login, and throttles 5 tries a minute per pending login', async () => {
    const stranger = await visitor().csrf();
    expect((await stranger.post('/two-factor-challenge', { code: '123456' })).status).toBe(422);

    const { email, password } = await userWithTwoFactor();
    const client = await startLogin(email, password);
    for (let i = 0; i < 5; i++)
      expect((await client.post('/two-factor-challenge', { code: '000000', recovery_code: '000000' })).status).toBe(422);
    const blocked = await client.post('/two-factor-challenge', { code: '000000', recovery_code: '000000' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('allows at most 10 wrong codes per account across all logins (even in parallel), then 429 + Retry-After and one mail to the holder', async () => {
    const { email, password, secretKey, codes } = await userWithTwoFactor();
    await context.deps.db('users').where({ email }).update({ firstname: '<b>Alex</b>' });
    const wrong = await wrongCode(secretKey);
    // Three pending logins of 5 tries each would allow 15 guesses under the per-login limit alone.
    const logins = [await startLogin(email, password), await startLogin(email, password), await startLogin(email, password)];
    const guesses = logins.flatMap((client) =>
      Array.from({ length: 5 }, () => client.post('/two-factor-challenge', { code: wrong, recovery_code: wrong })),
    );
    const statuses = (await Promise.all(guesses)).map((r) => r.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);

    // Locked: a new login with the right code is refused too, for the rest of the 15 minutes.
    const next = await startLogin(email, password);
    const blocked = await next.post('/two-factor-challenge', { code: await totp(secretKey), recovery_code: '' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(60);

    // One mail per lockout, not one per wrong code: exactly one was owed.
    const lockoutMails = () =>
      smtp.messages.filter((m) => m.to.includes(email) && m.subject === 'Someone is trying to sign in to your account');
    await expect.poll(() => lockoutMails().length, { timeout: 10_000 }).toBe(1);
    const user = await context.deps.db('users').where({ email }).first('id');
    const owed = await context.deps
      .db('mails')
      .where({ kind: 'account.two-factor-lockout' })
      .whereRaw("(params->>'userId')::int = ?", [user.id]);
    expect(owed).toHaveLength(1);
    const [mail] = lockoutMails();
    expect(mail!.text).toContain('knows your password');
    expect(mail!.html).not.toContain('<b>Alex</b>');
    expect(mail!.html).toContain('&lt;b&gt;Alex&lt;/b&gt;');
    for (const secret of [secretKey, password, ...codes]) expect(mail!.raw).not.toContain(secret);
  });

  it('keeps "remember me" from the login through the challenge', async () => {
    const { email, password, secretKey } = await userWithTwoFactor();
    const client = visitor();
    await client.csrf();
    expect((await client.post('/login', { email, password, remember: true })).body).toEqual({ two_factor: true });
    expect(client.cookies.get('nursery_remember')).toBeUndefined();
    expect((await client.post('/two-factor-challenge', { code: await totp(secretKey), recovery_code: '' })).status).toBe(204);
    expect(client.cookies.get('nursery_remember')).toBeDefined();
  });
});
