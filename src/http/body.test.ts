import { deflateSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../test/admin.ts';
import type { TestClient } from '../../test/http-client.ts';

/**
 * A body whose Content-Encoding lies (gzip on plain JSON) made zlib throw inside the body parser,
 * and a zlib error carries no HTTP status: a 500 on every JSON route. The client sent it, so it
 * is a 400; a body that really is gzipped still works.
 */
let guest: TestClient;

const app = useAdminApp({ redis: false });
beforeAll(async () => {
  guest = await app.server.client().csrf();
});

const contact = { name: 'Pat', telephone: '01233 712345', email: 'pat@example.com', message: 'Hello' };
const send = (client: TestClient, method: string, path: string, body: Buffer, encoding: string) =>
  client.request(method, path, {
    body: new Uint8Array(body),
    headers: { 'content-type': 'application/json', 'content-encoding': encoding },
  });
const messages = async () => Number((await app.context.deps.db('contact_messages').count<{ n: string }[]>({ n: '*' }))[0]!.n);

describe('request bodies with a Content-Encoding', () => {
  it('answers 400 to a body that is not what its gzip or deflate encoding claims, and stores nothing', async () => {
    const plain = Buffer.from(JSON.stringify(contact));
    const truncated = gzipSync(plain).subarray(0, 20);
    const cases: [string, Buffer][] = [
      ['gzip', plain],
      ['deflate', plain],
      ['gzip', truncated],
      ['deflate', deflateSync(plain).subarray(0, 10)],
      ['br', plain],
    ];
    for (const [encoding, body] of cases) {
      const response = await send(guest, 'POST', '/api/contact', body, encoding);
      expect(response.status, `${encoding} ${body.length} bytes`).toBe(400);
      expect(response.body).toEqual({ message: 'The request body is not valid.' });
    }
    expect(await messages()).toBe(0);
  });

  it('answers 400 on the JSON routes of every kind of caller', async () => {
    const garbage = Buffer.from('{"not":"gzip"}');
    const calls: [TestClient, string, string][] = [
      [guest, 'POST', '/login'],
      [guest, 'POST', '/register'],
      [app.admin, 'PUT', '/user/profile-information'],
      [app.admin, 'POST', '/api/catalogue'],
      [app.admin, 'PATCH', `/api/users/${app.admin.userId}`],
      [app.admin, 'POST', '/api/galleriesimages/order'],
    ];
    for (const [client, method, path] of calls) {
      const response = await send(client, method, path, garbage, 'gzip');
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(response.body).toEqual({ message: 'The request body is not valid.' });
    }
  });

  it('still reads a body that really is gzipped, and refuses an encoding it does not know with 415', async () => {
    const response = await send(guest, 'POST', '/api/contact', gzipSync(JSON.stringify(contact)), 'gzip');
    expect(response.status).toBe(201);
    expect(await messages()).toBe(1);

    const unknown = await send(guest, 'POST', '/api/contact', Buffer.from(JSON.stringify(contact)), 'x-compress');
    expect(unknown.status).toBe(415);
    expect(await messages()).toBe(1);
  });
});
