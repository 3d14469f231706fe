import { expect } from 'vitest';
import type { Deps } from '../src/deps.ts';
import { guest, signedIn } from './admin.ts';
import type { TestClient } from './http-client.ts';

/*
 * The admin authorization matrix (CONTRACT "Conventions": authorization on the server for every
 * route), shared by the files that hold its rows: each admin route called as a guest (401), a
 * verified user (403), an unverified admin (403) and a verified admin (its success status).
 */

/** One call of a route, made with each of the matrix's clients in turn. */
export type Call = (client: TestClient) => ReturnType<TestClient['request']>;

/** A row of the matrix. */
export interface AdminRouteCase {
  route: string;
  success: number;
  /** Builds the fixture this route needs and returns the call to make with each client. */
  prepare: () => Promise<Call>;
}

/** The four callers of every row. */
export interface MatrixClients {
  guest: TestClient;
  user: TestClient;
  unverifiedAdmin: TestClient;
  admin: TestClient;
}

export async function matrixClients(server: { client(): TestClient }, deps: Pick<Deps, 'db'>): Promise<MatrixClients> {
  return {
    guest: await guest(server),
    user: await signedIn(server, deps, { role: 'user' }),
    unverifiedAdmin: await signedIn(server, deps, { role: 'admin', verified: false }),
    admin: await signedIn(server, deps, { role: 'admin' }),
  };
}

/** A row's check: refused with the right answer to all but a verified admin, who gets `success`. */
export async function expectAdminOnly(clients: MatrixClients, call: Call, success: number): Promise<void> {
  const guestAnswer = await call(clients.guest);
  expect(guestAnswer.status).toBe(401);
  expect(guestAnswer.body).toEqual({ message: 'Unauthenticated.' });

  const userAnswer = await call(clients.user);
  expect(userAnswer.status).toBe(403);
  expect(userAnswer.body).toEqual({ message: 'This action is unauthorized.' });

  const unverifiedAnswer = await call(clients.unverifiedAdmin);
  expect(unverifiedAnswer.status).toBe(403);
  expect(unverifiedAnswer.body).toEqual({ message: 'Your email address is not verified.' });

  const adminAnswer = await call(clients.admin);
  expect(adminAnswer.status, JSON.stringify(adminAnswer.body).slice(0, 300)).toBe(success);
}
