import pino from 'pino';

/**
 * Error properties that can carry the values a query was run with. PGlite attaches `params` (the
 * bound values, e.g. an argon2id hash being inserted) and `queryOptions`; PostgreSQL's `detail`
 * ("Failing row contains (…)", "Key (email)=(…)") and `where` ("portal parameter $1 = '…'") echo
 * row and parameter values; knex and Objection may add `bindings`/`parameters`.
 */
const VALUE_CARRYING_KEYS = new Set(['params', 'parameters', 'bindings', 'queryOptions', 'detail', 'where']);
/** Properties that hold a wrapped error (Objection's DBError.nativeError, Error.cause). */
const NESTED_ERROR_KEYS = ['nativeError', 'cause'];

type Serialized = Record<string, unknown>;

/**
 * pino's `err` serializer minus every property that can hold query parameter values, on the
 * error and on the errors it wraps. The SQL text stays (knex sends `$1` placeholders, not values)
 * with the code, constraint, table and column, which is what finding the bug needs.
 */
export function serializeError(error: unknown): unknown {
  return scrub(pino.stdSerializers.err(error as Error) as unknown, 0);
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth > 4) return value;
  const out: Serialized = {};
  for (const [key, inner] of Object.entries(value as Serialized)) {
    if (VALUE_CARRYING_KEYS.has(key)) continue;
    out[key] = NESTED_ERROR_KEYS.includes(key) ? scrub(inner, depth + 1) : inner;
  }
  if (isDataException(out)) {
    for (const key of ['message', 'stack'] as const) {
      if (typeof out[key] === 'string') out[key] = (out[key] as string).replace(QUOTED_VALUE, ': "[redacted]"');
    }
  }
  return out;
}

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22) quote the offending value in the message itself:
 * `invalid input syntax for type integer: "<the parameter>"`.
 */
const isDataException = (error: Serialized) => typeof error.code === 'string' && error.code.startsWith('22');
const QUOTED_VALUE = /: "[^\n]*"(?=\n|$)/g;
