import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/auth.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { requeueDueMails } from './mail-recovery.ts';

/**
 * The same mail outbox in embedded mode: PGlite's one connection, the in-process queue, mail written
 * as .eml files. An event owes its mail in its own transaction, the web process sends it, and the
 * recovery finds nothing more to send.
 */
let context: TestContext;

beforeAll(async () => {
  context = await createTestContext({ embedded: true, redis: false });
}, 120_000);
afterAll(async () => {
  await context?.close();
});

const emlFiles = () => {
  try {
    return readdirSync(path.join(context.deps.config.varDir, 'mail'));
  } catch {
    return [];
  }
};

describe('mail in embedded mode', () => {
  it('sends an owed mail once through the in-process queue', async () => {
    const { deps } = context;
    const { user } = await insertUser(deps, { verified: false });
    await deps.db.transaction((trx) => deps.events.record(trx, 'user.registered', { userId: user.id }));
    await deps.settle();
    expect(await deps.db('mails').select('kind', 'status', 'recipient')).toEqual([
      { kind: 'account.verify-email', status: 'sent', recipient: user.email },
    ]);
    expect(emlFiles()).toHaveLength(1);

    expect(await requeueDueMails(deps)).toBe(0);
    await deps.settle();
    expect(emlFiles()).toHaveLength(1);
  });
});
