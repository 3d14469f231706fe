import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, logIn, sessionId } from '../../../test/auth.ts';
import { startMailingApp, type MailingApp } from '../../../test/harness.ts';
import { loginThrottleKey } from './routes.ts';

/**
 * Registering, signing in and out over HTTP against the real server, sessions and mail. That no
 * auth answer or log line gives a secret away: secrets-never-leave.test.ts.
 */
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

describe('POST /register', () => {
  it('creates the account, signs in, queues the verification mail and answers 201', async () => {
    const client = await visitor().csrf();
    const email = `New.Buyer${Date.now()}@Example.com`;
    const response = await client.post('/register', {
      firstname: 'Sam',
      lastname: 'Hedges',
      email,
      password: 'hawthorn-40-60',
      password_confirmation: 'hawthorn-40-60',
    });
    expect(response.status).toBe(201);
    expect(sessionId(client)).toBeDefined();
    const row = await context.deps.db('users').whereRaw('lower(email) = ?', [email.toLowerCase()]).first();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.role).toBe('user');
    const mine = () => smtp.messages.find((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()));
    await expect.poll(mine, { timeout: 10_000 }).toBeDefined();
    const mail = mine();
    expect(mail?.subject).toBe('Verify your email address');
    expect(mail?.text).toMatch(/\/email\/verify\/\d+\/[0-9a-f]{40}\?expires=\d+&signature=[0-9a-f]{64}/);
    // Not verified yet: the verified rule answers 403 on /api/user.
    const me = await client.get('/api/user');
    expect(me.status).toBe(403);
    expect(me.body).toEqual({ message: 'Your email address is not verified.' });
  });

  it('answers 422 per field: required, email format, unique email (any case), password length and confirmation', async () => {
    const { email } = await insertUser(context.deps);
    const client = await visitor().csrf();
    const empty = await client.post('/register', {});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['email', 'firstname', 'lastname', 'password']);
    expect(empty.body.errors.firstname).toEqual(['The firstname field is required.']);

    const taken = await client.post('/register', {
      firstname: 'A',
      lastname: 'B',
      email: email.toUpperCase(),
      password: 'long-enough',
      password_confirmation: 'long-enough',
    });
    expect(taken.body.errors).toEqual({ email: ['The email has already been taken.'] });

    const short = await client.post('/register', {
      firstname: 'A',
      lastname: 'B',
      email: 'x@example.com',
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.body.errors.password).toEqual(['The password field must be at least 8 characters.']);

    const mismatch = await client.post('/register', {
      firstname: 'A',
      lastname: 'B',
      email: 'y@example.com',
      password: 'long-enough',
      password_confirmation: 'different',
    });
    expect(mismatch.body.errors.password).toEqual(['The password field confirmation does not match.']);

    const long = await client.post('/register', {
      firstname: 'x'.repeat(256),
      lastname: 'B',
      email: 'z@example.com',
      password: 'long-enough',
      password_confirmation: 'long-enough',
    });
    expect(long.body.errors.firstname).toEqual(['The firstname field must not be greater than 255 characters.']);
  });
});

describe('guest-only routes', () => {
  const newAccount = (email: string) => ({
    firstname: 'Kit',
    lastname: 'Birch',
    email,
    password: 'hornbeam-9cm',
    password_confirmation: 'hornbeam-9cm',
  });

  it('refuses POST /register, /login and /two-factor-challenge from a signed-in user with 403, creating nothing and keeping the session', async () => {
    const { user, email, password } = await insertUser(context.deps);
    const other = await insertUser(context.deps);
    const client = visitor();
    await logIn(client, email, password);
    const before = sessionId(client);
    const newEmail = `while.signed.in.${Date.now()}@example.com`;

    const register = await client.post('/register', newAccount(newEmail));
    expect(register.status).toBe(403);
    expect(register.body).toEqual({ message: 'You are already signed in. Log out first.' });
    expect(await context.deps.db('users').whereRaw('lower(email) = ?', [newEmail]).first()).toBeUndefined();

    const login = await client.post('/login', { email: other.email, password: other.password });
    expect(login.status).toBe(403);
    expect((await client.post('/two-factor-challenge', { code: '000000' })).status).toBe(403);

    // Still the same account on the same session.
    expect(sessionId(client)).toBe(before);
    expect((await client.get('/api/user')).body.data.id).toBe(user.id);
    // Signed out, the same client is a guest again.
    expect((await client.post('/logout')).status).toBe(204);
    expect((await client.post('/register', newAccount(newEmail))).status).toBe(201);
  });
});

describe('POST /login', () => {
  it('signs in with {two_factor:false}, rotates the session id, and /api/user shows the user without secrets', async () => {
    const { user, email, password } = await insertUser(context.deps);
    const client = await visitor().csrf();
    await client.post('/login', { email: 'nobody@example.com', password: 'wrong-password' }); // creates no session
    client.cookies.set('nursery_session', 'planted-by-attacker');
    const response = await client.post('/login', { email: email.toUpperCase(), password });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ two_factor: false });
    expect(sessionId(client)).not.toBe('planted-by-attacker');

    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(Object.keys(me.body.data).sort()).toEqual([
      'created_at',
      'email',
      'email_verified_at',
      'firstname',
      'id',
      'lastname',
      'role',
      'two_factor',
      'updated_at',
    ]);
    expect(me.body.data).toMatchObject({ id: user.id, email, role: 'user', two_factor: false });
  });

  it('gives a new session id on every login', async () => {
    const { email, password } = await insertUser(context.deps);
    const client = visitor();
    await logIn(client, email, password);
    const first = sessionId(client);
    await client.post('/logout');
    await logIn(client, email, password);
    expect(sessionId(client)).not.toBe(first);
    const rows = await context.deps.db('sessions').where({ id: first }).first();
    expect(rows).toBeUndefined(); // the old id is gone from the store
  });

  it("answers a wrong password with 422 and Fortify's message, after at least 200 ms", async () => {
    const { email } = await insertUser(context.deps);
    const client = await visitor().csrf();
    for (const attempt of [
      { email, password: 'wrong-password' },
      { email: 'unknown@example.com', password: 'whatever' },
    ]) {
      const started = Date.now();
      const response = await client.post('/login', attempt);
      expect(Date.now() - started).toBeGreaterThanOrEqual(195);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        message: 'These credentials do not match our records.',
        errors: { email: ['These credentials do not match our records.'] },
      });
    }
  });

  it('throttles 5 failures a minute per email + IP with 429 and Retry-After, even for the right password', async () => {
    const { email, password } = await insertUser(context.deps);
    const client = await visitor().csrf();
    for (let i = 0; i < 5; i++) expect((await client.post('/login', { email, password: 'nope-nope' })).status).toBe(422);
    const blocked = await client.post('/login', { email: email.toUpperCase(), password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    // Another IP for the same address is not blocked.
    const elsewhere = await visitor().csrf();
    expect((await elsewhere.post('/login', { email, password })).status).toBe(200);
  });

  it('counts parallel attempts before the password is checked: of 200 at once only 5 are checked, and the right password inside the burst is refused', async () => {
    const { email, password } = await insertUser(context.deps);
    const client = await visitor().csrf();
    const burst = Array.from({ length: 200 }, () => client.post('/login', { email, password: 'nope-nope' }));
    // While the burst is still running and its allowance is used up, the right password arrives.
    const counter = context.deps.limiters({ name: 'login', points: 5, durationSeconds: 60 });
    const used = async () => (await counter.get(loginThrottleKey(email, client.ip!)))?.consumedPoints ?? 0;
    await expect.poll(used, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    const right = await client.post('/login', { email, password });
    const statuses = (await Promise.all(burst)).map((r) => r.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(195);
    expect(right.status).toBe(429);
  });

  it('needs the CSRF header (419)', async () => {
    const { email, password } = await insertUser(context.deps);
    const client = await visitor().csrf();
    expect((await client.post('/login', { email, password }, { csrf: false })).status).toBe(419);
  });

  it('remember me: a new session is started from the remember cookie after the session is gone', async () => {
    const { email, password } = await insertUser(context.deps);
    const client = visitor();
    await logIn(client, email, password, true);
    expect(client.cookies.get('nursery_remember')).toBeDefined();
    const row = await context.deps.db('users').where({ email }).first();
    expect(row.remember_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(client.cookies.get('nursery_remember')).not.toContain(row.remember_token_hash);

    await context.deps
      .db('sessions')
      .where({ id: sessionId(client) })
      .delete(); // session expired
    const before = sessionId(client);
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(sessionId(client)).not.toBe(before);

    const plain = visitor();
    await logIn(plain, email, password, false);
    await context.deps
      .db('sessions')
      .where({ id: sessionId(plain) })
      .delete();
    expect((await plain.get('/api/user')).status).toBe(401);
  });
});

describe('POST /logout', () => {
  it('destroys the session, rotates the remember token and answers 204; a guest gets 401', async () => {
    const { email, password } = await insertUser(context.deps);
    const client = visitor();
    await logIn(client, email, password, true);
    const session = sessionId(client);
    const remember = client.cookies.get('nursery_remember')!;
    const response = await client.post('/logout');
    expect(response.status).toBe(204);
    expect(await context.deps.db('sessions').where({ id: session }).first()).toBeUndefined();
    expect((await context.deps.db('users').where({ email }).first()).remember_token_hash).toBeNull();
    expect((await client.get('/api/user')).status).toBe(401);

    // The old remember cookie no longer signs anyone in.
    const thief = visitor();
    thief.cookies.set('nursery_remember', remember);
    expect((await thief.get('/api/user')).status).toBe(401);

    const guest = await visitor().csrf();
    expect((await guest.post('/logout')).status).toBe(401);
  });
});
