import { generate } from 'otplib';
import type { Deps } from '../src/deps.ts';
import { createUser } from '../src/modules/users/service.ts';
import type { TestClient } from './http-client.ts';

let counter = 0;

/** Inserts a user directly (verified unless told otherwise) and returns it with its password. */
export async function insertUser(
  deps: Pick<Deps, 'db'>,
  overrides: { role?: 'user' | 'admin'; verified?: boolean; email?: string; password?: string } = {},
) {
  const password = overrides.password ?? 'correct horse battery';
  const email = overrides.email ?? `buyer${++counter}.${Date.now()}@example.com`;
  const user = await createUser(deps.db, {
    firstname: 'Alex',
    lastname: 'Gardener',
    email,
    password,
    role: overrides.role ?? 'user',
    verified: overrides.verified ?? true,
  });
  return { user, email, password };
}

/** Logs a client in through POST /login; fails loudly if it does not answer 200. */
export async function logIn(client: TestClient, email: string, password: string, remember = false) {
  await client.csrf();
  const response = await client.post('/login', { email, password, remember });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as { two_factor: boolean };
}

/**
 * Turns two-factor on for a signed-in client through the routes (confirming the password first) and
 * returns the setup key and recovery codes. It confirms with the previous step's code, so the next
 * login's challenge can use the current one.
 */
export async function enableTwoFactor(client: TestClient, password: string) {
  const expectOk = async (call: Promise<{ status: number }>, status: number, what: string) => {
    const response = await call;
    if (response.status !== status) throw new Error(`${what} answered ${response.status}`);
  };
  await expectOk(client.post('/user/confirm-password', { password }), 201, 'confirm-password');
  await expectOk(client.post('/user/two-factor-authentication'), 200, 'two-factor-authentication');
  const { secretKey } = (await client.get('/user/two-factor-secret-key')).body as { secretKey: string };
  await expectOk(
    client.post('/user/confirmed-two-factor-authentication', { code: await totp(secretKey, -1) }),
    200,
    'confirmed-two-factor-authentication',
  );
  const codes = (await client.get('/user/two-factor-recovery-codes')).body as string[];
  return { secretKey, codes };
}

/** The current TOTP code for a base32 secret, optionally `steps` time steps away. */
export function totp(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

export const sessionId = (client: TestClient) => client.cookies.get('nursery_session');
