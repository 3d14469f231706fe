import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Knex } from 'knex';
import ClientPgLite from 'knex-pglite';

/**
 * knex's PostgreSQL client returns a row count for DELETE and UPDATE only when the response's
 * `command` is literally `DELETE` or `UPDATE`. knex-pglite derives `command` from knex's method
 * name, and knex calls a delete `del` and an increment `counter`, so both came back as a whole
 * (always truthy) response object: "delete, 404 when nothing was deleted" answered 204 in
 * embedded mode. Renaming those two methods before knex-pglite reads them restores the count.
 */
const methodFor: Record<string, string> = { del: 'delete', counter: 'update' };

interface QueryObject {
  method?: string;
}
/** The part of knex's (untyped) client internals this class relies on. */
type ResponseProcessor = new (config: Knex.Config) => {
  config: { connection?: { filename?: string; connectionString?: string; pglite?: PGlite } };
  pglite: PGlite;
  _driver(): void;
  acquireConnection(): Promise<unknown>;
  processResponse(obj: QueryObject, runner: unknown): unknown;
};

/**
 * The PostgreSQL extensions the migrations create. Server PostgreSQL ships contrib; PGlite loads
 * each one only when given it here, and `CREATE EXTENSION` fails for any it was not given.
 */
const pgLiteExtensions = { pg_trgm };

/**
 * The embedded database serves one demo visitor, not a fleet: PostgreSQL's default 128 MB of
 * shared buffers becomes resident WebAssembly memory that is never given back, about half the
 * demo's idle footprint. 16 MB holds the whole demo database.
 */
const demoSettings = ['-c', 'shared_buffers=16MB'];

/**
 * knex-pglite with knex's row-count semantics and our extensions loaded; pass it as `client` in
 * place of knex-pglite's class.
 *
 * PGlite is opened before knex's pool ever sees it. knex-pglite waits for PGlite inside the pool's
 * create, under the pool's timeouts (30 s to create, 60 s to acquire), and creating a new database
 * (initdb in WebAssembly, on the main thread) can take longer on a busy machine: the open then
 * failed with "Knex: Timeout acquiring a connection. The pool is probably full", and a real failure
 * to open was reported the same way. So every acquire first waits for the open, however long.
 */
class PgLiteClient extends (ClientPgLite as unknown as ResponseProcessor) {
  /** Settles when PGlite is open; rejects with why it could not be opened. */
  declare private opened: Promise<void>;

  /** knex-pglite opens `new PGlite(filename)`, which has no extensions; open it with ours. */
  override _driver(): void {
    const connection = this.config.connection;
    const dataDir = connection?.filename ?? connection?.connectionString;
    this.pglite =
      connection?.pglite ??
      new PGlite({
        dataDir,
        extensions: pgLiteExtensions,
        startParams: [...PGlite.defaultStartParams, ...demoSettings],
      });
    this.opened = this.pglite.waitReady.catch((error: unknown) => {
      throw new EmbeddedDatabaseOpenError(dataDir, error);
    });
    // Reported to the first query; until one is made, a failed open is not an unhandled rejection.
    this.opened.catch(() => undefined);
  }

  override async acquireConnection(): Promise<unknown> {
    await this.opened;
    return super.acquireConnection();
  }

  override processResponse(obj: QueryObject, runner: unknown): unknown {
    const renamed = obj.method ? methodFor[obj.method] : undefined;
    return super.processResponse(renamed ? { ...obj, method: renamed } : obj, runner);
  }
}

/** PGlite could not open its folder (not a database, unreadable, full disk…): says so plainly. */
export class EmbeddedDatabaseOpenError extends Error {
  constructor(dataDir: string | undefined, cause: unknown) {
    super(`Could not open the embedded database${dataDir ? ` in ${dataDir}` : ''}: ${describeOpenError(cause)}`, { cause });
    this.name = 'EmbeddedDatabaseOpenError';
  }
}

/** PGlite's file-system errors carry only an errno; PostgreSQL's carry a message. */
function describeOpenError(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  const errno = (error as { errno?: unknown } | undefined)?.errno;
  return errno === undefined ? String(error) : `file system error ${String(errno)}`;
}

/** The class as knex's config expects it. */
export const pgLiteClient = PgLiteClient as unknown as typeof Knex.Client;
