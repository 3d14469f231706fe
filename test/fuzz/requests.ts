import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { pngHeader } from '../images.ts';
import { fillRoute, routeParams, type AppRoute } from './routes.ts';
import { encode, fieldName, hostileString, hostileValue, JsonObject, plausibleValues, toJson, type JsonValue } from './values.ts';

export type Role = 'guest' | 'user' | 'admin';

/** A multipart form as generated (kept as data so a failure can print it). */
export interface FormSpec {
  fields: [string, string][];
  file?: { field: string; name: string; type: string; bytes: Uint8Array };
}

/** One generated request: who sends it, where, and what (meant to be refused; a few bodies may pass). */
export interface FuzzRequest {
  /** The route it was generated for, as registered (`PATCH /api/users/:id`). */
  route: string;
  role: Role;
  method: string;
  /** Path and query, already encoded (deliberately malformed escapes included). */
  url: string;
  headers: Record<string, string>;
  body?: Uint8Array | FormSpec;
}

/** What the generator may point a route's parameters at. */
export interface Targets {
  /** Ids of rows that exist (never used with DELETE, so no valid delete can happen). */
  ids: number[];
  /** Names of rows that exist (widget names). */
  names: string[];
  /** An existing account's email address (see plausibleValues). */
  email: string;
}

const BAD_SEGMENTS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x1',
  '%201',
  '999999',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '%2e%2e',
  '..%2F..%2Fetc%2Fpasswd',
  '%2F',
  '%00',
  '1%00',
  '%ff',
  '%',
  '%zz',
  '%E2%80%AE',
  '%F0%9F%8C%B3',
  'a'.repeat(300),
  'x.jpg',
  '..%2f..%2fapp-key.jpg',
  '%2e%2e%2f%2e%2e%2fpackage.json',
  '1;select%201',
  '1%20OR%201=1',
  '%C0%AE%C0%AE',
];

/** A path segment: malformed ids and names, encoded hostile text, or (except for DELETE) a real row. */
function segment(method: string, targets: Targets) {
  const real = method === 'DELETE' ? [] : [fc.constantFrom(...targets.ids.map(String), ...targets.names.map(encode))];
  return fc.oneof(fc.constantFrom(...BAD_SEGMENTS), hostileString(200).map(encode), ...real);
}

const QUERY_VALUES = [
  '%',
  '%zz',
  '%00',
  '%ff',
  '%E0%A4%A',
  '1e400',
  '-1',
  '1.5',
  '0x10',
  '99999999999999999999',
  'NaN',
  '',
  '[]',
  '%5B%5D',
  '1&1',
];

/** A query string of hostile keys and values; repeated keys, bracket keys and bad escapes included. */
const queryString = (fields: string[]) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(fieldName(fields).map(encode), fc.constantFrom('expires', 'signature', 'page[]', 'limit[a]', '__proto__[x]')),
        fc.oneof(fc.constantFrom(...QUERY_VALUES), hostileString(3000).map(encode)),
      ),
      { maxLength: 5 },
    )
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

const MALFORMED_JSON = [
  '{',
  '}',
  '{"email":',
  '{"email":"x"',
  '[1,2',
  '{"a":1,}',
  "{'a':1}",
  'undefined',
  'NaN',
  '{"a":NaN}',
  '{"a":Infinity}',
  '\ufeff{"name":"x"}',
  '{"a":"\\u00"}',
  '{"a":"\\ud800"}',
  '{"a":"\u0000"}',
  '',
  ' ',
  'null',
  '"text"',
  '42',
  'true',
  '{"a":1}{"b":2}',
  '{"a" 1}',
  '{"__proto__":{"polluted":true}}',
  '['.repeat(100_000) + ']'.repeat(100_000),
  `{"a":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_001)}`,
  '1'.repeat(300_000),
];

const JSON_TYPE = 'application/json';
const utf8 = (text: string) => new TextEncoder().encode(text);
/** 5 MB of zeros in ~5 KB: inflates far past the body limit. */
const GZIP_BOMB = gzipSync(Buffer.alloc(5 * 1024 * 1024));

/** A JSON body: mostly an object of known fields with hostile values, sometimes not an object at all. */
const jsonText = (fields: string[]) =>
  fc
    .oneof(
      { weight: 8, arbitrary: fc.array(fc.tuple(fieldName(fields), hostileValue(fields)), { maxLength: 6 }).map((e) => new JsonObject(e)) },
      { weight: 1, arbitrary: hostileValue(fields) },
    )
    .map(toJson);

/** Bodies whose Content-Encoding lies, is unknown, or bombs. */
const encodedBody = (fields: string[]) =>
  fc
    .tuple(
      jsonText(fields),
      fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'gzip, deflate', 'x-gzip', 'compress', 'GZIP', 'gzip;q=1'),
      fc.nat(6),
    )
    .map(([json, encoding, kind]): Pick<FuzzRequest, 'headers' | 'body'> => {
      const plain = Buffer.from(json);
      const bodies = [
        plain,
        gzipSync(plain),
        deflateSync(plain),
        brotliCompressSync(plain),
        gzipSync(plain).subarray(0, 12),
        GZIP_BOMB,
        Buffer.from([0x1f, 0x8b, 0, 0]),
      ];
      return { headers: { 'content-type': JSON_TYPE, 'content-encoding': encoding }, body: bodies[kind]! };
    });

/** Bodies under a Content-Type or charset the parser must refuse or ignore. */
const oddContentType = (fields: string[]) =>
  fc
    .tuple(
      fc.constantFrom(
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'application/json; charset=bogus',
        'application/json; charset=utf-7',
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'multipart/form-data; boundary=zzz',
        'application/vnd.api+json',
        'application/csp-report',
        '*/*',
        'foo',
      ),
      fc.oneof(
        jsonText(fields).map(utf8),
        fc.uint8Array({ maxLength: 512 }),
        fc.constant(utf8('--zzz\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--zz')),
      ),
    )
    .map(([type, body]): Pick<FuzzRequest, 'headers' | 'body'> => ({ headers: { 'content-type': type }, body }));

const CSV_HEADER = 'Genus,Species,Common name,Form,Height (cm)\n';
/** Uploaded files: random bytes, truncated or bomb images, fake zips, CSVs of hostile cells, empty. */
const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }),
  fc.constantFrom(
    new Uint8Array(0),
    new Uint8Array(pngHeader(30_000, 30_000)),
    utf8('GIF89a\u0001\u0000'),
    new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]),
    new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]),
  ),
  fc
    .array(fc.array(hostileString(100), { maxLength: 6 }), { maxLength: 6 })
    .map((rows) => utf8(CSV_HEADER + rows.map((r) => r.join(',')).join('\n'))),
);

const multipartForm = (fields: string[]) =>
  fc
    .record({
      fields: fc.array(fc.tuple(fieldName(fields), hostileString()), { maxLength: 6 }),
      file: fc.option(
        fc.record({
          field: fc.constantFrom('file', 'image', ...fields),
          name: fc.oneof(
            fc.constantFrom('a.jpg', 'x.csv', 'x.xlsx', '../../etc/passwd', '\u0000.png', '', 'a'.repeat(300) + '.png'),
            hostileString(100),
          ),
          type: fc.constantFrom(
            'image/jpeg',
            'text/csv',
            'application/octet-stream',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            '',
          ),
          bytes: fileBytes,
        }),
        { nil: undefined },
      ),
    })
    .map((form): Pick<FuzzRequest, 'headers' | 'body'> => ({ headers: {}, body: form }));

/**
 * Bodies every route would accept but for a few fields: each known field with a plausible value,
 * then either one field given a hostile value, or several given a NUL inside their plausible
 * text (valid but for the NUL, so only the NUL rule stands between it and the database). Sent as
 * JSON or as a multipart form.
 */
const nearlyValid = (fields: string[], targets: Targets) => {
  const plausible = plausibleValues(targets.email, targets.ids[0]!);
  const oneHostile = fc
    .tuple(fc.constantFrom(...fields), fc.oneof(hostileValue(fields), hostileString()))
    .map(([bad, value]) => new Map<string, JsonValue>([[bad, value]]));
  const withNul = (text: string, at: number) => text.slice(0, at % (text.length + 1)) + '\u0000' + text.slice(at % (text.length + 1));
  const sprinkledNul = fc
    .uniqueArray(fc.tuple(fc.constantFrom(...fields), fc.nat()), { minLength: 1, maxLength: 8, selector: ([f]) => f })
    .map((picks) => new Map<string, JsonValue>(picks.map(([f, at]) => [f, withNul(String(plausible[f] ?? 'x'), at)])));
  return fc.tuple(fc.oneof(oneHostile, sprinkledNul), fc.boolean()).map(([bad, asForm]): Pick<FuzzRequest, 'headers' | 'body'> => {
    const entries = fields.map((f): [string, JsonValue] => [f, bad.has(f) ? bad.get(f)! : (plausible[f] ?? 'x')]);
    if (!asForm) return { headers: { 'content-type': JSON_TYPE }, body: utf8(toJson(new JsonObject(entries))) };
    // A form carries text only: non-text values as their JSON.
    return { headers: {}, body: { fields: entries.map(([f, v]): [string, string] => [f, typeof v === 'string' ? v : toJson(v)]) } };
  });
};

/** Everything but the route: headers and body of one of the kinds above (or none). */
const payload = (fields: string[], targets: Targets) =>
  fc.oneof(
    { weight: 8, arbitrary: nearlyValid(fields, targets) },
    {
      weight: 7,
      arbitrary: jsonText(fields).map((json): Pick<FuzzRequest, 'headers' | 'body'> => ({
        headers: { 'content-type': JSON_TYPE },
        body: utf8(json),
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...MALFORMED_JSON)
        .map((text): Pick<FuzzRequest, 'headers' | 'body'> => ({ headers: { 'content-type': JSON_TYPE }, body: utf8(text) })),
    },
    { weight: 3, arbitrary: multipartForm(fields) },
    { weight: 2, arbitrary: encodedBody(fields) },
    { weight: 1, arbitrary: oddContentType(fields) },
    { weight: 2, arbitrary: fc.constant<Pick<FuzzRequest, 'headers' | 'body'>>({ headers: {} }) },
  );

/**
 * Generated bad requests over the given routes, as a guest, a user or (half the time, as most
 * routes are admin routes and refuse the others before reading input) an admin. Path parameters
 * get malformed or real values, queries hostile pairs, bodies one of the payload kinds; now and
 * then a method the route does not have. GET and OPTIONS carry no body (fetch refuses one on a GET).
 */
export function fuzzRequests(routes: AppRoute[], fields: string[], targets: Targets): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      fc.constantFrom(...routes),
      fc.constantFrom<Role>('guest', 'user', 'admin', 'admin'),
      fc.oneof(
        { weight: 19, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') },
      ),
    )
    .chain(([route, role, otherMethod]) => {
      const method = otherMethod ?? route.method;
      const params = routeParams(route.path);
      const segments = fc.tuple(
        ...params.map((p) =>
          p.wildcard
            ? fc.array(segment(method, targets), { minLength: 1, maxLength: 3 }).map((s) => s.join('/'))
            : segment(method, targets),
        ),
      );
      return fc.tuple(segments, queryString(fields), payload(fields, targets)).map(([values, query, { headers, body }]): FuzzRequest => {
        const filled = fillRoute(route.path, Object.fromEntries(params.map((p, i) => [p.name, values[i]!])));
        const bodyless = method === 'GET' || method === 'OPTIONS';
        return {
          route: `${route.method} ${route.path}`,
          role,
          method,
          url: filled + query,
          headers: bodyless ? {} : headers,
          body: bodyless ? undefined : body,
        };
      });
    });
}

/** A short, printable account of a request for a failure message. */
export function describeRequest(request: FuzzRequest, index: number): string {
  const body = request.body;
  let text = '';
  if (body instanceof Uint8Array) text = `${body.length} bytes ${JSON.stringify(Buffer.from(body.subarray(0, 300)).toString('latin1'))}`;
  else if (body)
    text = `multipart ${JSON.stringify({ fields: body.fields.map(([k, v]) => [k, v.slice(0, 80)]), file: body.file && { ...body.file, bytes: body.file.bytes.length } })}`;
  return `#${index} ${request.role} ${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers)} ${text}`.slice(
    0,
    1200,
  );
}
