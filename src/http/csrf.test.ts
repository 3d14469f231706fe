import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, logIn } from '../../test/auth.ts';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';
import type { TestClient } from '../../test/http-client.ts';
import { CSRF_COOKIE } from './csrf.ts';

let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  context = await createTestContext();
  server = await startTestServer(context);
});
afterAll(async () => {
  await server?.close();
  await context?.close();
});

const enquiry = { name: 'Robin Ash', telephone: '01233 000000', email: 'robin@example.com', message: 'Beech whips?' };
const token = (client: TestClient) => client.cookies.get(CSRF_COOKIE);
/** A state-changing request from `client` carrying another client's token pair (cookie and header). */
const postWithToken = (client: TestClient, pair: string, path: string, json: unknown) => {
  client.cookies.set(CSRF_COOKIE, pair);
  return client.post(path, json);
};

describe('CSRF tokens are bound to the session', () => {
  it('refuses (419) a valid token pair minted for a guest or for another session on a signed-in session', async () => {
    const admin = await insertUser(context.deps, { role: 'admin' });
    const victim = server.client();
    await logIn(victim, admin.email, admin.password);
    const own = token(victim)!;

    const guest = await server.client().csrf();
    expect((await postWithToken(victim, token(guest)!, '/user/confirm-password', { password: admin.password })).status).toBe(419);

    const attacker = await insertUser(context.deps);
    const other = server.client();
    await logIn(other, attacker.email, attacker.password);
    expect((await other.post('/user/confirm-password', { password: attacker.password })).status).toBe(201);
    const refused = await postWithToken(victim, token(other)!, '/user/confirm-password', { password: admin.password });
    expect(refused.status).toBe(419);
    expect(refused.body).toEqual({ message: 'CSRF token mismatch.' });

    expect((await postWithToken(victim, own, '/user/confirm-password', { password: admin.password })).status).toBe(201);
  });

  it('rotates the token on login and logout and sets the new cookie, so the client keeps working', async () => {
    const { email, password } = await insertUser(context.deps);
    const client = await server.client().csrf();
    const asGuest = token(client)!;
    expect((await client.post('/api/contact', enquiry)).status).toBe(201); // guests post with a session-less token

    expect((await client.post('/login', { email, password })).status).toBe(200);
    const signedIn = token(client)!;
    expect(signedIn).not.toBe(asGuest);
    expect((await client.post('/user/confirm-password', { password })).status).toBe(201);
    expect((await postWithToken(client, asGuest, '/user/confirm-password', { password })).status).toBe(419);
    client.cookies.set(CSRF_COOKIE, signedIn);

    expect((await client.post('/logout')).status).toBe(204);
    const afterLogout = token(client)!;
    expect(afterLogout).not.toBe(signedIn);
    expect((await client.post('/api/contact', enquiry)).status).toBe(201);
    expect((await postWithToken(client, signedIn, '/api/contact', enquiry)).status).toBe(419);
  });

  it('hands out a token for the new session when a remember-me cookie signs the client in again', async () => {
    const { email, password } = await insertUser(context.deps);
    const client = server.client();
    await logIn(client, email, password, true);
    const before = token(client);
    await context.deps
      .db('sessions')
      .where({ id: client.cookies.get('nursery_session') })
      .delete(); // session expired
    expect((await client.get('/api/user')).status).toBe(200); // a fresh session from the remember cookie
    expect(token(client)).not.toBe(before);
    expect((await client.post('/user/confirm-password', { password })).status).toBe(201);
  });

  it('keeps anonymous API reads free of cookies and session rows', async () => {
    const before = await context.deps.db('sessions').count({ n: '*' }).first();
    const response = await server.client().get('/api/site');
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await context.deps.db('sessions').count({ n: '*' }).first()).toEqual(before);
  });
});
