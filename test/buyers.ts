import { afterAll, beforeAll } from 'vitest';
import { insertCatalogueItems } from '../seeds/factories.ts';
import { guest, signedIn } from './admin.ts';
import { createTestContext, startTestServer, type TestContext } from './harness.ts';
import type { TestClient } from './http-client.ts';
import { insertTradeApplication } from './trade.ts';

/** The callers an authorization test compares, each with a CSRF token. */
export interface BuyerClients {
  guest: TestClient;
  /** Signed in, address not verified. */
  unverified: TestClient;
  /** Verified, no trade account. */
  member: TestClient;
  /** Verified, approved trade account: the records under test are theirs. */
  owner: TestClient & { userId: number };
  /** Another approved trade buyer, who must not reach the owner's records. */
  other: TestClient & { userId: number };
}

/**
 * A server (no Redis) with three catalogue lines and the callers of {@link BuyerClients}, for the
 * test file that calls this at its top level: started before its tests, closed after them.
 */
export function buyersForThisFile() {
  let context: TestContext | undefined;
  let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
  let clients: BuyerClients | undefined;
  let items: number[] = [];
  beforeAll(async () => {
    context = await createTestContext({ redis: false });
    server = await startTestServer(context);
    items = await insertCatalogueItems(context.deps.db, 3);
    const buyer = async (verified = true) => (await signedIn(server!, context!.deps, { role: 'user', verified })).csrf();
    clients = {
      guest: await guest(server),
      unverified: await buyer(false),
      member: await buyer(),
      owner: await buyer(),
      other: await buyer(),
    };
    await insertTradeApplication(context.deps.db, clients.owner.userId, 'approved');
    await insertTradeApplication(context.deps.db, clients.other.userId, 'approved');
  });
  afterAll(async () => {
    await server?.close();
    await context?.close();
  });
  return {
    context: () => context!,
    server: () => server!,
    db: () => context!.deps.db,
    clients: () => clients!,
    /** The three catalogue lines' ids. */
    items: () => items,
  };
}
