import fc from 'fast-check';

/** A JSON fragment written as it is: numbers JSON.stringify cannot produce (1e400, 30 digits, -0). */
class RawJson {
  constructor(readonly text: string) {}
}

/** A JSON object as a list of entries, so it can hold `__proto__` and repeated keys as sent. */
export class JsonObject {
  constructor(readonly entries: [string, JsonValue][]) {}
}

export type JsonValue = string | number | boolean | null | RawJson | JsonObject | JsonValue[];

/** Serialises a generated value to JSON text exactly as generated (no key is lost or merged). */
export function toJson(value: JsonValue): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonObject) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  return JSON.stringify(value);
}

/** Text chosen to break things: NUL, lone surrogates, bidi overrides, injections, traversal, near-miss vocabulary. */
const SPECIAL_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(8),
  '\ud800',
  '\udfff',
  'x\ud83c',
  '\ufeff',
  '\u202eevil',
  '\u200b',
  '\u2028\u2029',
  '🌳'.repeat(40),
  'Ünïcødé Ω≈ç√ 漢字 𝕏',
  '\r\n\r\n',
  '\t',
  '\u001b[31m',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '$1',
  '\\',
  '%',
  '%00',
  '%s%s%n',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'javascript:alert(1)',
  '//evil.example',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x10',
  'true',
  '__proto__',
  'constructor',
  'x@',
  '@x',
  'a@b@c',
  'user@@example.com',
  'USER',
  'Admin ',
  'text',
  'bare-root',
  '1 Litre',
  '10 to 20',
  'a'.repeat(256),
  'b'.repeat(5001),
];

/** Whole strings of one hostile character class. */
const hostileUnit = fc.constantFrom(
  '\u0000',
  '\ud800',
  '\udc00',
  '\u200b',
  '\u2028',
  '\u0085',
  '\ufffe',
  '\u001b',
  '\\',
  '"',
  "'",
  '%',
  '\r',
  '\n',
  'é',
);

/** A hostile string of at most `max` characters (1 MB strings when max allows). */
export function hostileString(max = 1 << 20): fc.Arbitrary<string> {
  const long = [300, 70_000, 1 << 20].filter((n) => n <= max);
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...SPECIAL_STRINGS.filter((s) => s.length <= max)) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: Math.min(30, max) }) },
    { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })).map(([a, b]) => `${a}\u0000${b}`) },
    { weight: 1, arbitrary: fc.string({ unit: hostileUnit, maxLength: 20 }) },
    ...(long.length ? [{ weight: 1, arbitrary: fc.constantFrom(...long).map((n) => 'z'.repeat(n)) }] : []),
  );
}

/** Numbers at and past every limit: huge, tiny, negative zero, beyond 2^53, beyond a double. */
const hostileNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map((n) => new RawJson(n.toString())),
  fc.constantFrom(
    ...[
      '1e400',
      '-1e400',
      '-0',
      '1.7976931348623157e308',
      '5e-324',
      '2147483648',
      '-2147483649',
      '9007199254740993',
      '0.1e-999',
      '1'.repeat(400),
    ].map((t) => new RawJson(t)),
  ),
);

/** Payloads aimed at prototype pollution of whatever merges the body into an object. */
const PROTOTYPE_PAYLOADS: JsonValue[] = [
  new JsonObject([
    [
      '__proto__',
      new JsonObject([
        ['role', 'admin'],
        ['polluted', true],
      ]),
    ],
  ]),
  new JsonObject([['constructor', new JsonObject([['prototype', new JsonObject([['polluted', true]])]])]]),
  new JsonObject([
    ['toString', 'x'],
    ['hasOwnProperty', 1],
    ['valueOf', null],
  ]),
];

/** A field name: mostly those the schemas read, sometimes a prototype key or hostile text. */
export const fieldName = (fields: string[]) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...fields) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        'toString',
        'hasOwnProperty',
        'id',
        'user_id',
        'image_path',
        'email_verified_at',
      ),
    },
    { weight: 1, arbitrary: hostileString(40) },
  );

/** Any JSON value of the wrong shape or content: hostile text, numbers, booleans, null, nesting. */
export const hostileValue = (fields: string[]): fc.Arbitrary<JsonValue> =>
  fc.letrec<{ value: JsonValue; list: JsonValue[]; object: JsonObject }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      { weight: 5, arbitrary: hostileString() },
      { weight: 2, arbitrary: hostileNumber },
      { weight: 1, arbitrary: fc.boolean() },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_PAYLOADS) },
      { weight: 1, arbitrary: tie('list') },
      { weight: 1, arbitrary: tie('object') },
    ),
    list: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.array(fc.tuple(fieldName(fields), tie('value')), { maxLength: 4 }).map((entries) => new JsonObject(entries)),
  })).value;

/**
 * A value each known field accepts, so a body can be valid but for one field and reach the code
 * behind the validator. `email` is an existing account's address: sign-ups and profile changes
 * then fail as duplicates, so no generated request signs a client in or unverifies it.
 */
export function plausibleValues(email: string, id: number): Record<string, JsonValue> {
  return {
    firstname: 'Pat',
    lastname: 'Grower',
    name: 'Fuzz',
    email,
    telephone: '01233 712345',
    message: 'Hello',
    password: 'long-enough-1',
    password_confirmation: 'long-enough-1',
    current_password: 'long-enough-1',
    remember: false,
    code: '123456',
    recovery_code: 'abcdefghij-klmnopqrst',
    token: 'token',
    genus: 'Acer',
    species: 'campestre',
    common_name: 'Field maple',
    form: '1L',
    height: '20-40',
    q: 'acer',
    page: 0,
    limit: 10,
    role: 'user',
    handled: true,
    type: 'TEXT',
    html: '<p>Hi</p>',
    alt: 'Alt',
    link: '/about',
    caption: 'Caption',
    caption_sub: 'Sub',
    gallery_id: id,
    id,
    images: [],
  };
}

/** URL-encodes text, keeping what encodeURIComponent refuses (lone surrogates) as raw percent bytes. */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}
