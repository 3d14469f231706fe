import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { captureLog } from '../test/log-capture.ts';
import { createDb, type Db } from './db.ts';
import { withRequestId } from './request-context.ts';
import { User } from './modules/users/model.ts';

// What a password hash looks like; it must never reach a log line.
const SECRET_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$dGhpcy1pcy1hLXNlY3JldC1oYXNo';
/** A part of the hash that survives PostgreSQL's truncation of the row it echoes in `detail`. */
const SALT = 'c2VjcmV0LXNhbHQ';

/** Inserts a user with the secret hash but no email: a not-null violation whose detail echoes the row. */
const failingInsert = (db: Db) => db('users').insert({ firstname: 'Pat', lastname: 'Grower', email: null, password_hash: SECRET_HASH });

describe('database errors in the log', () => {
  describe('embedded (PGlite)', () => {
    let varDir: string;
    let db: Db;
    beforeAll(async () => {
      varDir = mkdtempSync(path.join(tmpdir(), 'nursery-log-'));
      db = createDb({ databaseUrl: undefined, varDir });
      await db.schema.createTable('users', (t) => {
        t.increments('id');
        t.string('firstname').notNullable();
        t.string('lastname').notNullable();
        t.string('email').notNullable();
        t.string('password_hash').notNullable();
      });
    });
    afterAll(async () => {
      await db?.destroy();
      rmSync(varDir, { recursive: true, force: true });
    });

    it('logs the failure and its SQL without the query parameters', async () => {
      const { log, lines } = captureLog('info');
      const err = await failingInsert(db).catch((error: unknown) => error);
      expect((err as { params?: unknown[] }).params).toContain(SECRET_HASH); // PGlite attaches them
      log.error({ err }, 'request failed');
      const line = lines.join('');
      expect(line).toContain('23502'); // not_null_violation
      expect(line).toContain('insert into \\"users\\"');
      expect(line).not.toContain(SECRET_HASH);
      expect(line).not.toContain(SALT);
    });

    it('logs a data exception without the value PostgreSQL quotes in its message', async () => {
      const { log, lines } = captureLog('info');
      const err = await db.raw('select ?::int as n', [SECRET_HASH]).catch((error: unknown) => error);
      expect((err as Error).message).toContain(SALT);
      log.error({ err }, 'request failed');
      const line = lines.join('');
      expect(line).toContain('invalid input syntax for type integer: \\"[redacted]\\"');
      expect(line).not.toContain(SALT);
    });
  });

  describe('PostgreSQL', () => {
    let context: TestContext;
    beforeAll(async () => {
      context = await createTestContext({ redis: false });
    });
    afterAll(async () => {
      await context?.close();
    });

    it('logs a knex error and an Objection-wrapped error without the row values PostgreSQL echoes', async () => {
      const { log, lines } = captureLog('info');
      const raw = await failingInsert(context.deps.db).catch((error: unknown) => error);
      const wrapped = await User.query(context.deps.db)
        .insert({ firstname: 'Pat', lastname: 'Grower', email: null as unknown as string, password_hash: SECRET_HASH })
        .catch((error: unknown) => error);
      expect(JSON.stringify(wrapped)).toContain(SALT); // the detail carries the row
      log.error({ err: raw }, 'request failed');
      log.error({ err: wrapped }, 'request failed');
      expect(lines).toHaveLength(2);
      for (const line of lines) {
        expect(line).toContain('null value in column');
        expect(line).not.toContain(SALT);
      }
    });
  });
});

describe('request ids and formats', () => {
  it('names the current request on every line logged inside it, and no request outside one', () => {
    const { log, records } = captureLog('info');
    log.info('before');
    withRequestId('req-1', () => {
      log.info('inside');
      log.warn({ requestId: 'given' }, 'a field given explicitly wins');
    });
    log.info('after');
    expect(records().map((r) => [r.msg, r.requestId])).toEqual([
      ['before', undefined],
      ['inside', 'req-1'],
      ['a field given explicitly wins', 'given'],
      ['after', undefined],
    ]);
  });

  it('writes one JSON object per line by default and readable lines when pretty, redacting both', () => {
    const json = captureLog('info');
    json.log.info({ status: 200, password: 'hunter22' }, 'GET / 200');
    expect(JSON.parse(json.lines.join(''))).toMatchObject({ msg: 'GET / 200', status: 200, password: '[redacted]' });

    const pretty = captureLog('info', { pretty: true });
    withRequestId('req-2', () => pretty.log.info({ status: 200, password: 'hunter22' }, 'GET / 200'));
    const text = pretty.lines.join('');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO \(test\): GET \/ 200 /);
    expect(text).toContain('"requestId":"req-2"');
    expect(text).not.toContain('hunter22');
    expect(text.trim().split('\n')).toHaveLength(1);
  });
});
