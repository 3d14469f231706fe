import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableTwoFactor, insertUser, sessionId, totp } from '../../../test/auth.ts';
import { startMailingApp, type MailingApp } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';
import { createLogger } from '../../logger.ts';
import { requeueDueMails } from '../../outbox/mail-recovery.ts';

/**
 * Every auth route walked through by a new account and a two-factor user, with the real logger
 * writing at trace level: no answer and no log line holds a password, hash, token, 2FA secret,
 * recovery code or session id.
 */
let app: MailingApp;
let smtp: MailingApp['smtp'];
let context: MailingApp['context'];
const logLines: string[] = [];
const visitor = () => app.visitor();

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk));
      callback();
    },
  });
  app = await startMailingApp({ log: createLogger('trace', 'web', sink) });
  ({ smtp, context } = app);
});
afterAll(async () => {
  await app?.close();
});

describe('secrets never leave', () => {
  it("no password, hash, 2FA secret, recovery code, token or session id in any auth response (a 2FA user, every route) or in the real logger's output", async () => {
    const responses: { route: string; text: string }[] = [];
    const sessionIds = new Set<string>();
    /** Sends a request and keeps what a client could read of the answer (Set-Cookie aside). */
    const call = async (client: TestClient, method: string, path: string, json?: unknown) => {
      const response = await client.request(method, path, json === undefined ? {} : { json });
      const headers: string[] = [];
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') headers.push(`${name}: ${value}`);
      });
      responses.push({ route: `${method} ${path.split('?')[0]}`, text: `${headers.join('\n')}\n${response.raw.toString('utf8')}` });
      const id = sessionId(client);
      if (id) sessionIds.add(id);
      return response;
    };
    const mailTo = (to: string, subject: string) => smtp.messages.find((m) => m.to.includes(to) && m.subject === subject);

    // A new account: register, then the verification link.
    const newcomer = await visitor().csrf();
    const newcomerEmail = `leak.check.${Date.now()}@example.com`;
    const newcomerPassword = 'blackthorn-bare-root';
    expect(
      (
        await call(newcomer, 'POST', '/register', {
          firstname: 'Ash',
          lastname: 'Field',
          email: newcomerEmail,
          password: newcomerPassword,
          password_confirmation: newcomerPassword,
        })
      ).status,
    ).toBe(201);
    await expect.poll(() => mailTo(newcomerEmail, 'Verify your email address'), { timeout: 10_000 }).toBeDefined();
    const verifyPath = /\/email\/verify\/\S+/.exec(mailTo(newcomerEmail, 'Verify your email address')!.text)![0];
    expect((await call(newcomer, 'GET', verifyPath)).status).toBe(204);
    expect((await call(newcomer, 'POST', '/email/verification-notification')).status).toBe(204);

    // A 2FA user manages the account, remembered on this device.
    const { email, password } = await insertUser(context.deps);
    const owner = await visitor().csrf();
    expect((await call(owner, 'POST', '/login', { email, password: 'not-the-password' })).status).toBe(422);
    expect((await call(owner, 'POST', '/login', { email, password, remember: true })).status).toBe(200);
    const { secretKey, codes } = await enableTwoFactor(owner, password);
    const hashBefore = (await context.deps.db('users').where({ email }).first('password_hash')).password_hash as string;
    expect((await call(owner, 'POST', '/user/confirm-password', { password: 'not-the-password' })).status).toBe(422);
    expect((await call(owner, 'POST', '/user/confirm-password', { password })).status).toBe(201);
    expect((await call(owner, 'GET', '/user/confirmed-password-status')).status).toBe(200);
    expect((await call(owner, 'GET', '/user/two-factor-secret-key')).status).toBe(200);
    expect((await call(owner, 'GET', '/user/two-factor-qr-code')).status).toBe(200);
    expect((await call(owner, 'GET', '/user/two-factor-recovery-codes')).status).toBe(200);
    const regenerated = (await call(owner, 'POST', '/user/two-factor-recovery-codes')).body as string[];
    expect((await call(owner, 'GET', '/api/user')).status).toBe(200);
    expect((await call(owner, 'PUT', '/user/profile-information', { firstname: 'Alex', lastname: 'Gardener', email })).status).toBe(200);
    const changedPassword = 'field-maple-60-90';
    expect(
      (
        await call(owner, 'PUT', '/user/password', {
          current_password: 'not-the-password',
          password: changedPassword,
          password_confirmation: changedPassword,
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call(owner, 'PUT', '/user/password', {
          current_password: password,
          password: changedPassword,
          password_confirmation: changedPassword,
        })
      ).status,
    ).toBe(200);
    const rememberCookie = owner.cookies.get('nursery_remember')!;
    expect((await call(owner, 'POST', '/logout')).status).toBe(204);

    // Signing in through the challenge: a wrong code, a TOTP code, then a recovery code with remember me.
    const withCode = await visitor().csrf();
    expect((await call(withCode, 'POST', '/login', { email, password: changedPassword })).body).toEqual({ two_factor: true });
    expect((await call(withCode, 'POST', '/two-factor-challenge', { code: 'x', recovery_code: 'x' })).status).toBe(422);
    const code = await totp(secretKey);
    expect((await call(withCode, 'POST', '/two-factor-challenge', { code, recovery_code: code })).status).toBe(204);
    const withRecovery = await visitor().csrf();
    expect((await call(withRecovery, 'POST', '/login', { email, password: changedPassword, remember: true })).body).toEqual({
      two_factor: true,
    });
    expect(
      (await call(withRecovery, 'POST', '/two-factor-challenge', { code: regenerated[0], recovery_code: regenerated[0] })).status,
    ).toBe(204);
    const secondRemember = withRecovery.cookies.get('nursery_remember')!;

    // A password reset whose first delivery fails (the worker logs the failure; the recovery
    // queues it again when its retry is due).
    const stranger = await visitor().csrf();
    smtp.failNext(1);
    expect((await call(stranger, 'POST', '/forgot-password', { email })).status).toBe(200);
    const resetMail = () => context.deps.db('mails').where({ kind: 'account.reset-password' }).orderBy('id', 'desc').first();
    await expect.poll(async () => (await resetMail())?.last_error, { timeout: 20_000 }).toMatch(/451/);
    const due: Date = (await resetMail()).next_attempt_at;
    context.deps.now = () => due;
    try {
      expect(await requeueDueMails(context.deps)).toBe(1);
      await expect.poll(() => mailTo(email, 'Reset your password'), { timeout: 20_000 }).toBeDefined();
    } finally {
      context.deps.now = () => new Date();
    }
    const resetToken = decodeURIComponent(/\/reset-password\/([^?\s]+)/.exec(mailTo(email, 'Reset your password')!.text)![1]!);
    const resetPassword = 'yew-hedging-175-200';
    const reset = { email, password: resetPassword, password_confirmation: resetPassword };
    expect((await call(stranger, 'POST', '/reset-password', { ...reset, token: 'not-the-token' })).status).toBe(422);
    expect((await call(stranger, 'POST', '/reset-password', { ...reset, token: resetToken })).status).toBe(200);

    // The case that logs: stored recovery codes that no longer decrypt make the challenge fail with a 500.
    const row = await context.deps.db('users').where({ email }).first();
    const tampered = `${row.two_factor_recovery_codes.slice(0, -4)}AAAA`;
    await context.deps.db('users').where({ email }).update({ two_factor_recovery_codes: tampered });
    const broken = await visitor().csrf();
    expect((await call(broken, 'POST', '/login', { email, password: resetPassword })).body).toEqual({ two_factor: true });
    const failed = await call(broken, 'POST', '/two-factor-challenge', { code: regenerated[1], recovery_code: regenerated[1] });
    expect(failed.status).toBe(500);
    expect(Object.keys(failed.body).sort()).toEqual(['message', 'request_id']);

    const newcomerRow = await context.deps.db('users').where({ email: newcomerEmail }).first();
    const always = [
      password,
      changedPassword,
      resetPassword,
      newcomerPassword,
      hashBefore,
      row.password_hash,
      newcomerRow.password_hash,
      row.remember_token_hash,
      rememberCookie.split('.')[1]!,
      secondRemember.split('.')[1]!,
      row.two_factor_secret,
      row.two_factor_recovery_codes,
      tampered,
      resetToken,
      ...sessionIds,
    ].filter(Boolean);
    const recoveryCodes = [...codes, ...regenerated];
    // The owner's own 2FA screens exist to show the key (also inside the QR code's URL) and the codes.
    const showsKey = new Set(['GET /user/two-factor-secret-key', 'GET /user/two-factor-qr-code']);
    const showsCodes = new Set(['GET /user/two-factor-recovery-codes', 'POST /user/two-factor-recovery-codes']);
    expect(responses.length).toBeGreaterThan(25);
    for (const { route, text } of responses) {
      for (const secret of always) expect(text, route).not.toContain(secret);
      if (!showsKey.has(route)) expect(text, route).not.toContain(secretKey);
      if (!showsCodes.has(route)) for (const recovery of recoveryCodes) expect(text, route).not.toContain(recovery);
    }

    // The real logger (redaction list included) wrote the failures; none of it holds a secret.
    await expect.poll(() => logLines.some((line) => line.includes('"msg":"mail not sent; will retry"')), { timeout: 10_000 }).toBe(true);
    const logs = logLines.join('\n');
    expect(logs).toContain('"msg":"request failed"');
    for (const secret of [...always, secretKey, ...recoveryCodes]) expect(logs).not.toContain(secret);
  });
});
