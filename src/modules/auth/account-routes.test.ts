import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, logIn, sessionId } from '../../../test/auth.ts';
import { startMailingApp, type MailingApp } from '../../../test/harness.ts';
import { verificationUrl } from './verification.ts';

let app: MailingApp;
let smtp: MailingApp['smtp'];
let context: MailingApp['context'];
const visitor = () => app.visitor();
const mailTo = (email: string, subject: string) => smtp.messages.filter((m) => m.to.includes(email.toLowerCase()) && m.subject === subject);
const resetToken = (email: string) => {
  const mails = mailTo(email, 'Reset your password');
  const match = mails.at(-1)?.text.match(/\/reset-password\/([\w-]+)\?email=/);
  return match?.[1];
};

beforeAll(async () => {
  app = await startMailingApp();
  ({ smtp, context } = app);
});
afterAll(async () => {
  await app?.close();
});

describe('forgot and reset password', () => {
  const SENT = 'If an account exists for that address, we have emailed a password reset link.';

  it('answers the same whether or not the address exists, and mails only real accounts', async () => {
    const { email } = await insertUser(context.deps);
    const client = await visitor().csrf();
    const known = await client.post('/forgot-password', { email });
    const unknown = await client.post('/forgot-password', { email: 'ghost@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: SENT });
    expect(unknown.body).toEqual({ message: SENT });
    await expect.poll(() => resetToken(email), { timeout: 10_000 }).toBeDefined();
    expect(smtp.messages.some((m) => m.to.includes('ghost@example.com'))).toBe(false);
    const bad = await client.post('/forgot-password', { email: 'nope' });
    expect(bad.status).toBe(422);
  });

  it('sends at most one link a minute per address, silently', async () => {
    const { email } = await insertUser(context.deps);
    const client = await visitor().csrf();
    for (let i = 0; i < 3; i++) expect((await client.post('/forgot-password', { email })).status).toBe(200);
    expect(
      await context.deps
        .db('password_reset_tokens')
        .join('users', 'users.id', 'password_reset_tokens.user_id')
        .where('users.email', email)
        .count({ n: '*' })
        .first(),
    ).toEqual({ n: '1' });
  });

  it('resets with the mailed token once, ends every session, stores only a hash and mails a notice', async () => {
    const { email, password } = await insertUser(context.deps);
    const other = visitor();
    await logIn(other, email, password, true);
    const client = await visitor().csrf();
    await client.post('/forgot-password', { email });
    await expect.poll(() => resetToken(email), { timeout: 10_000 }).toBeDefined();
    const token = resetToken(email)!;
    const stored = await context.deps.db('password_reset_tokens').orderBy('id', 'desc').first();
    expect(stored.token_hash).not.toBe(token);

    const response = await client.post('/reset-password', {
      token,
      email,
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Your password has been reset.' });
    expect((await other.get('/api/user')).status).toBe(401); // other session and its remember cookie ended
    await logIn(visitor(), email, 'new-password-1');
    await expect.poll(() => mailTo(email, 'Your password was changed').length, { timeout: 10_000 }).toBe(1);

    const again = await client.post('/reset-password', {
      token,
      email,
      password: 'new-password-2',
      password_confirmation: 'new-password-2',
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ email: ['This password reset token is invalid.'] });
  });

  it('refuses an expired token and a token for another address', async () => {
    const { email } = await insertUser(context.deps);
    const { email: otherEmail } = await insertUser(context.deps);
    const client = await visitor().csrf();
    await client.post('/forgot-password', { email });
    await expect.poll(() => resetToken(email), { timeout: 10_000 }).toBeDefined();
    const token = resetToken(email)!;
    const wrongUser = await client.post('/reset-password', {
      token,
      email: otherEmail,
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    expect(wrongUser.status).toBe(422);
    await context.deps.db('password_reset_tokens').update({ created_at: new Date(Date.now() - 61 * 60 * 1000) });
    const expired = await client.post('/reset-password', {
      token,
      email,
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    expect(expired.status).toBe(422);
    expect(expired.body.errors.email).toEqual(['This password reset token is invalid.']);
  });
});

describe('email verification', () => {
  it('verifies through the signed link and redirects to /account?verified=1', async () => {
    const { user, email, password } = await insertUser(context.deps, { verified: false });
    const client = visitor();
    await logIn(client, email, password);
    expect((await client.get('/api/user')).status).toBe(403);
    const link = new URL(verificationUrl(context.deps.config, user));
    const response = await client.request('GET', link.pathname + link.search, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/account?verified=1');
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('answers 403 to a tampered, expired or mismatched link', async () => {
    const { user } = await insertUser(context.deps, { verified: false });
    const client = visitor();
    const link = new URL(verificationUrl(context.deps.config, user));
    // Change the signature's first character to a different one (always '0' passed 1 time in 16).
    const tampered = link.pathname + link.search.replace(/signature=(.)/, (_, first: string) => `signature=${first === '0' ? '1' : '0'}`);
    expect((await client.get(tampered)).status).toBe(403);
    const expired = new URL(verificationUrl(context.deps.config, user, Date.now() - 61 * 60 * 1000));
    expect((await client.get(expired.pathname + expired.search)).status).toBe(403);
    await context.deps
      .db('users')
      .where({ id: user.id })
      .update({ email: `changed${Date.now()}@example.com` });
    expect((await client.get(link.pathname + link.search)).status).toBe(403);
    expect((await context.deps.db('users').where({ id: user.id }).first()).email_verified_at).toBeNull();
  });

  it('resends: 202, 204 when already verified, 429 after 6 a minute', async () => {
    const { email, password } = await insertUser(context.deps, { verified: false });
    const client = visitor();
    await logIn(client, email, password);
    for (let i = 0; i < 6; i++) expect((await client.post('/email/verification-notification')).status).toBe(202);
    const blocked = await client.post('/email/verification-notification');
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();

    const verified = await insertUser(context.deps);
    const other = visitor();
    await logIn(other, verified.email, verified.password);
    expect((await other.post('/email/verification-notification')).status).toBe(204);
  });
});

describe('password confirmation', () => {
  it('confirms for 3 hours (201), reports the status, and refuses a wrong password', async () => {
    const { email, password } = await insertUser(context.deps);
    const client = visitor();
    await logIn(client, email, password);
    expect((await client.get('/user/confirmed-password-status')).body).toEqual({ confirmed: false });
    const wrong = await client.post('/user/confirm-password', { password: 'not-it-at-all' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ password: ['The provided password was incorrect.'] });
    expect((await client.post('/user/confirm-password', { password })).status).toBe(201);
    expect((await client.get('/user/confirmed-password-status')).body).toEqual({ confirmed: true });

    const row = await context.deps
      .db('sessions')
      .where({ id: sessionId(client) })
      .first();
    const data = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
    data.passwordConfirmedAt = Date.now() - 3 * 60 * 60 * 1000 - 1000;
    await context.deps
      .db('sessions')
      .where({ id: row.id })
      .update({ data: JSON.stringify(data) });
    expect((await client.get('/user/confirmed-password-status')).body).toEqual({ confirmed: false });
    expect((await client.post('/user/two-factor-authentication')).status).toBe(423);
  });

  it('needs a signed-in user', async () => {
    const client = await visitor().csrf();
    expect((await client.post('/user/confirm-password', { password: 'x' })).status).toBe(401);
  });
});

describe('PUT /user/password and /user/profile-information', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const { email, password } = await insertUser(context.deps);
    const here = visitor();
    const there = visitor();
    await logIn(here, email, password);
    await logIn(there, email, password);
    const wrong = await here.put('/user/password', {
      current_password: 'not-mine',
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: ['The provided password does not match your current password.'] });
    const short = await here.put('/user/password', { current_password: password, password: 'short', password_confirmation: 'short' });
    expect(short.body.errors.password).toBeDefined();

    expect(
      (
        await here.put('/user/password', {
          current_password: password,
          password: 'brand-new-pass',
          password_confirmation: 'brand-new-pass',
        })
      ).status,
    ).toBe(200);
    expect((await here.get('/api/user')).status).toBe(200);
    expect((await there.get('/api/user')).status).toBe(401);
    await expect.poll(() => mailTo(email, 'Your password was changed').length, { timeout: 10_000 }).toBe(1);
  });

  it('updates the profile; a new email becomes unverified and gets a verification mail; duplicates refused', async () => {
    const { email, password } = await insertUser(context.deps);
    const { email: taken } = await insertUser(context.deps);
    const client = visitor();
    await logIn(client, email, password);
    const duplicate = await client.put('/user/profile-information', { firstname: 'A', lastname: 'B', email: taken.toUpperCase() });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors).toEqual({ email: ['The email has already been taken.'] });

    const same = await client.put('/user/profile-information', { firstname: 'Robin', lastname: 'Oak', email });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ firstname: 'Robin', lastname: 'Oak' });
    expect(same.body.data.email_verified_at).not.toBeNull();

    const fresh = `moved${Date.now()}@example.com`;
    const moved = await client.put('/user/profile-information', { firstname: 'Robin', lastname: 'Oak', email: fresh });
    expect(moved.body.data.email_verified_at).toBeNull();
    await expect.poll(() => mailTo(fresh, 'Verify your email address').length, { timeout: 10_000 }).toBe(1);
    const missing = await client.put('/user/profile-information', { firstname: '', lastname: '', email: 'bad' });
    expect(Object.keys(missing.body.errors).sort()).toEqual(['email', 'firstname', 'lastname']);
  });
});
