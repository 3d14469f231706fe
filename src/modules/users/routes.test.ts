import { describe, expect, it } from 'vitest';
import { signedIn, useAdminApp } from '../../../test/admin.ts';
import { insertUser, logIn } from '../../../test/auth.ts';
import { createTestContext, startTestServer } from '../../../test/harness.ts';

const SECRET_FIELDS = [
  'password',
  'password_hash',
  'two_factor_secret',
  'two_factor_recovery_codes',
  'remember_token_hash',
  'two_factor_last_step',
];
const expectNoSecrets = (body: unknown) => {
  const text = JSON.stringify(body);
  for (const field of SECRET_FIELDS) expect(text).not.toContain(`"${field}"`);
  expect(text).not.toContain('$argon2');
};

const app = useAdminApp({ redis: false });

const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Robin',
  lastname: 'Hedgerow',
  email: `robin.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`,
  role: 'user',
  password: 'hawthorn-hedge',
  password_confirmation: 'hawthorn-hedge',
  ...overrides,
});

describe('users admin', () => {
  it('lists users with identity and role only, never secrets (even with 2FA on)', async () => {
    const { user } = await insertUser(app.context.deps);
    await app.context.deps
      .db('users')
      .where({ id: user.id })
      .update({
        two_factor_secret: 'v1.sealed.secret.value',
        two_factor_recovery_codes: 'v1.sealed.codes.value',
        two_factor_confirmed_at: new Date(),
        remember_token_hash: 'f'.repeat(64),
      });
    const list = await app.admin.get(`/api/users?q=${encodeURIComponent(user.email)}`);
    expect(list.status).toBe(200);
    const row = list.body.results.find((u: { id: number }) => u.id === user.id);
    expect(Object.keys(row).sort()).toEqual([
      'company_name',
      'email',
      'email_verified',
      'firstname',
      'id',
      'lastname',
      'role',
      'trade_status',
      'two_factor',
    ]);
    expect(row).toMatchObject({ two_factor: true, email_verified: true, company_name: null, trade_status: null });
    expectNoSecrets(list.body);
    expect(JSON.stringify(list.body)).not.toContain('sealed');

    const one = await app.admin.get(`/api/users/${user.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: user.id, role: 'user', two_factor: true });
    expect(one.body.email_verified_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(one.body.created_at).toMatch(/Z$/);
    expectNoSecrets(one.body);
    expect(JSON.stringify(one.body)).not.toContain('sealed');
  });

  it('creates a verified user who can log in, answering 201 {id}', async () => {
    const input = newUser({ role: 'admin' });
    const created = await app.admin.post('/api/users', input);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number) });
    const row = await app.context.deps.db('users').where({ id: created.body.id }).first();
    expect(row).toMatchObject({ firstname: 'Robin', role: 'admin' });
    expect(row.email_verified_at).not.toBeNull();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const client = app.server.client();
    await logIn(client, input.email, input.password);
    expect((await client.get('/api/users')).status).toBe(200); // a verified admin straight away
  });

  it('answers 422 per field on create: required, email, unique (any case), role, password', async () => {
    const empty = await app.admin.post('/api/users', {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      firstname: ['The firstname field is required.'],
      lastname: ['The lastname field is required.'],
      email: ['The email field is required.'],
      role: ['The role field is required.'],
      password: ['The password field is required.'],
    });
    expect(empty.body.message).toBe('The firstname field is required. (and 4 more errors)');

    const bad = await app.admin.post(
      '/api/users',
      newUser({ email: 'not-an-email', role: 'superuser', password: 'short', password_confirmation: 'short' }),
    );
    expect(bad.body.errors).toEqual({
      email: ['The email field must be a valid email address.'],
      role: ['The selected role is invalid.'],
      password: ['The password field must be at least 8 characters.'],
    });

    const mismatch = await app.admin.post('/api/users', newUser({ password_confirmation: 'something-else' }));
    expect(mismatch.body.errors).toEqual({ password: ['The password field confirmation does not match.'] });

    const { email } = await insertUser(app.context.deps);
    const taken = await app.admin.post('/api/users', newUser({ email: email.toUpperCase() }));
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ['The email has already been taken.'] });
  });

  it('ignores fields outside the list (no mass assignment)', async () => {
    const created = await app.admin.post(
      '/api/users',
      newUser({ id: 999999, email_verified_at: null, two_factor_secret: 'x', password_hash: 'x' }),
    );
    expect(created.status).toBe(201);
    expect(created.body.id).not.toBe(999999);
    const row = await app.context.deps.db('users').where({ id: created.body.id }).first();
    expect(row.two_factor_secret).toBeNull();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const patched = await app.admin.patch(`/api/users/${created.body.id}`, {
      two_factor_secret: 'y',
      password_hash: 'y',
      email_verified_at: null,
      id: 1,
    });
    expect(patched.status).toBe(200);
    const after = await app.context.deps.db('users').where({ id: created.body.id }).first();
    expect(after.two_factor_secret).toBeNull();
    expect(after.password_hash).toBe(row.password_hash);
    expect(after.email_verified_at).not.toBeNull();
  });

  it('updates names, email and role; an empty password box changes nothing', async () => {
    const { user, password } = await insertUser(app.context.deps);
    const response = await app.admin.patch(`/api/users/${user.id}`, {
      firstname: 'Sam',
      lastname: 'Thorn',
      email: `sam.thorn.${Date.now()}@example.com`,
      role: 'admin',
      password: '',
      password_confirmation: '',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: user.id, firstname: 'Sam', lastname: 'Thorn', role: 'admin' });
    expectNoSecrets(response.body);
    const client = app.server.client();
    await logIn(client, response.body.email, password); // old password still works
  });

  it('answers 422 per field on update', async () => {
    const { user } = await insertUser(app.context.deps);
    const { email: other } = await insertUser(app.context.deps);
    const response = await app.admin.patch(`/api/users/${user.id}`, {
      firstname: '',
      email: other.toUpperCase(),
      role: 'root',
      password: 'short',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      firstname: ['The firstname field is required.'],
      role: ['The selected role is invalid.'],
      password: ['The password field must be at least 8 characters.'],
    });
    const taken = await app.admin.patch(`/api/users/${user.id}`, { email: other.toUpperCase() });
    expect(taken.body.errors).toEqual({ email: ['The email has already been taken.'] });
    const unconfirmed = await app.admin.patch(`/api/users/${user.id}`, { password: 'long-enough-pw' });
    expect(unconfirmed.body.errors).toEqual({ password: ['The password field confirmation does not match.'] });
  });

  it('sets a new password and signs the user out everywhere', async () => {
    const { user, email, password } = await insertUser(app.context.deps);
    const victim = app.server.client();
    await logIn(victim, email, password);
    expect((await victim.get('/api/user')).status).toBe(200);
    const response = await app.admin.patch(`/api/users/${user.id}`, {
      password: 'a-brand-new-one',
      password_confirmation: 'a-brand-new-one',
    });
    expect(response.status).toBe(200);
    expect((await victim.get('/api/user')).status).toBe(401);
    await logIn(app.server.client(), email, 'a-brand-new-one');
  });

  it('deletes a user (204) and their sessions; unknown or malformed ids are 404', async () => {
    const { user, email, password } = await insertUser(app.context.deps);
    const victim = app.server.client();
    await logIn(victim, email, password);
    expect((await app.admin.delete(`/api/users/${user.id}`)).status).toBe(204);
    expect(await app.context.deps.db('users').where({ id: user.id }).first()).toBeUndefined();
    expect((await victim.get('/api/user')).status).toBe(401);
    for (const url of ['/api/users/999999', '/api/users/abc', '/api/users/0']) {
      expect((await app.admin.get(url)).status).toBe(404);
      expect((await app.admin.patch(url, { firstname: 'X' })).status).toBe(404);
      expect((await app.admin.delete(url)).status).toBe(404);
    }
  });

  it('never demotes or deletes the last verified administrator', async () => {
    // A fresh database where exactly one verified admin exists.
    const solo = await createTestContext({ redis: false });
    const soloServer = await startTestServer(solo);
    try {
      const only = await signedIn(soloServer, solo.deps, { role: 'admin' });
      await insertUser(solo.deps, { role: 'admin', verified: false }); // an unverified admin does not count
      const demote = await only.patch(`/api/users/${only.userId}`, { role: 'user' });
      expect(demote.status).toBe(422);
      expect(demote.body).toEqual({
        message: 'The last administrator cannot be demoted.',
        errors: { role: ['The last administrator cannot be demoted.'] },
      });
      const remove = await only.delete(`/api/users/${only.userId}`);
      expect(remove.status).toBe(422);
      expect(remove.body.errors).toEqual({ id: ['The last administrator cannot be deleted.'] });
      expect((await solo.deps.db('users').where({ id: only.userId }).first()).role).toBe('admin');

      // With a second verified app.admin, one of them may go.
      const second = await insertUser(solo.deps, { role: 'admin' });
      expect((await only.patch(`/api/users/${second.user.id}`, { role: 'user' })).status).toBe(200);
      expect((await only.patch(`/api/users/${only.userId}`, { role: 'user' })).status).toBe(422);
      expect((await only.patch(`/api/users/${second.user.id}`, { role: 'admin' })).status).toBe(200);
      expect((await only.delete(`/api/users/${second.user.id}`)).status).toBe(204);
      expect((await only.delete(`/api/users/${only.userId}`)).status).toBe(422);
    } finally {
      await soloServer.close();
      await solo.close();
    }
  });
});
