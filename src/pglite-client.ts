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
 */
class PgLiteClient extends (ClientPgLite as unknown as ResponseProcessor) {
  /** knex-pglite opens `new PGlite(filename)`, which has no extensions; open it with ours. */
  override _driver(): void {
    const connection = this.config.connection;
    this.pglite =
      connection?.pglite ??
      new PGlite({
        dataDir: connection?.filename ?? connection?.connectionString,
        extensions: pgLiteExtensions,
        startParams: [...PGlite.defaultStartParams, ...demoSettings],
      });
  }

  override processResponse(obj: QueryObject, runner: unknown): unknown {
    const renamed = obj.method ? methodFor[obj.method] : undefined;
    return super.processResponse(renamed ? { ...obj, method: renamed } : obj, runner);
  }
}

/** The class as knex's config expects it. */
export const pgLiteClient = PgLiteClient as unknown as typeof Knex.Client;
