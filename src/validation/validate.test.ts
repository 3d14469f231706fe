import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sendForm, signedIn } from '../../test/admin.ts';
import { insertGallery } from '../../test/factories.ts';
import { insertGalleryImage } from '../../seeds/factories.ts';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';
import type { TestClient } from '../../test/http-client.ts';
import { HttpError } from '../errors.ts';
import { validate } from './validate.ts';

/** What validate() threw, as the contract's status and body. */
function refusal(schema: z.ZodType, input: unknown) {
  try {
    validate(schema, input);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, body: error.body() };
    throw error;
  }
  throw new Error('validate() accepted the input');
}

describe('validate(): NUL characters', () => {
  it('refuses U+0000 in any string, however nested, with a 422 naming the field', () => {
    const schema = z.object({ name: z.string(), tags: z.array(z.object({ label: z.string() })) });
    expect(refusal(schema, { name: 'Ha\u0000zel', tags: [{ label: 'ok' }, { label: '\u0000' }] })).toEqual({
      status: 422,
      body: {
        message: 'The name field must not contain a null character. (and 1 more error)',
        errors: {
          name: ['The name field must not contain a null character.'],
          'tags.1.label': ['The tags.1.label field must not contain a null character.'],
        },
      },
    });
  });

  it('refuses it in fields the schema does not read and in keys, and keeps other field errors', () => {
    const schema = z.object({ name: z.string({ error: 'The name field is required.' }) });
    expect(refusal(schema, { extra: 'a\u0000', ['k\u0000']: 1 }).body.errors).toEqual({
      extra: ['The extra field must not contain a null character.'],
      'k\u0000': ['The k\u0000 field must not contain a null character.'],
      name: ['The name field is required.'],
    });
  });

  it('walks deeply nested input without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(refusal(z.object({}), { deep }).status).toBe(422);
  });

  it('accepts other control and unicode characters', () => {
    expect(validate(z.object({ name: z.string() }), { name: '\u0001 Ünïcødé 🌳 \uFFFF' })).toEqual({ name: '\u0001 Ünïcødé 🌳 \uFFFF' });
  });
});

/**
 * PostgreSQL's text cannot hold U+0000, so a NUL that reached a query was a 500 (CONTRACT: bad
 * input is a 4xx). Every way in — query strings, path segments, JSON and multipart fields of
 * guests, users and admins — answers 4xx, and nothing is stored.
 */
describe('NUL characters over HTTP', () => {
  let context: TestContext;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let guest: TestClient;
  let user: TestClient & { userId: number };
  let admin: TestClient;
  const nulError = (field: string) => [`The ${field} field must not contain a null character.`];

  beforeAll(async () => {
    context = await createTestContext({ redis: false });
    server = await startTestServer(context);
    guest = await server.client().csrf();
    user = await signedIn(server, context.deps, { role: 'user' });
    admin = await signedIn(server, context.deps, { role: 'admin' });
  });
  afterAll(async () => {
    await server?.close();
    await context?.close();
  });

  it('GET /api/catalogue?q=%00 (and the genus filter) → 422', async () => {
    const search = await guest.get('/api/catalogue?q=%00');
    expect(search.status).toBe(422);
    expect(search.body.errors).toEqual({ q: nulError('q') });
    expect((await guest.get('/api/catalogue?genus=Acer%00')).status).toBe(422);
  });

  it('GET /api/widgets/%00 and /media/%00.jpg → 404, as any name that cannot exist', async () => {
    for (const path of ['/api/widgets/%00', '/api/widgets/Home%00Text', '/media/a%00.jpg']) {
      const response = await guest.get(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toEqual({ message: 'Not found.' });
    }
  });

  it('POST /api/contact and /register with a NUL → 422, nothing stored', async () => {
    const contact = await guest.post('/api/contact', {
      name: 'Pat',
      telephone: '01233 712345',
      email: 'pat@example.com',
      message: 'Hello\u0000',
    });
    expect(contact.status).toBe(422);
    expect(contact.body.errors).toEqual({ message: nulError('message') });
    expect(await context.deps.db('contact_messages').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '0' }]);

    const email = 'nul.register@example.com';
    const register = await server
      .client()
      .csrf()
      .then((c) =>
        c.post('/register', {
          firstname: 'Nu\u0000ll',
          lastname: 'Byte',
          email,
          password: 'long-enough-1',
          password_confirmation: 'long-enough-1',
        }),
      );
    expect(register.status).toBe(422);
    expect(register.body.errors).toEqual({ firstname: nulError('firstname') });
    expect(await context.deps.db('users').where({ email }).first()).toBeUndefined();
  });

  it('PUT /user/profile-information with a NUL → 422, the profile unchanged', async () => {
    const response = await user.put('/user/profile-information', { firstname: 'Alex', lastname: 'Gar\u0000dener', email: 'x@example.com' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ lastname: nulError('lastname') });
    expect(await context.deps.db('users').where({ id: user.userId }).first('lastname')).toEqual({ lastname: 'Gardener' });
  });

  it('admin JSON and multipart fields with a NUL → 422', async () => {
    const line = await admin.post('/api/catalogue', { genus: 'Fagus\u0000', species: 'sylvatica', form: '1L', height: '20-40' });
    expect(line.status).toBe(422);
    expect(line.body.errors).toEqual({ genus: nulError('genus') });

    const newUser = await admin.post('/api/users', {
      firstname: 'A',
      lastname: 'B',
      email: 'nul.user@example.com',
      role: 'user\u0000',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
    });
    expect(newUser.status).toBe(422);
    expect(newUser.body.errors.role).toEqual(nulError('role'));

    const image = await insertGalleryImage(context.deps.db, { gallery_id: (await insertGallery(context.deps.db)).id, status: 'ready' });
    const form = await sendForm(admin, 'POST', `/api/galleriesimages/${image.id}`, { alt: 'A\u0000', caption: 'Spring' });
    expect(form.status).toBe(422);
    expect(form.body.errors).toEqual({ alt: nulError('alt') });
  });
});
