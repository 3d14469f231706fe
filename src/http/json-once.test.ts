import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import Koa from 'koa';
import compress from 'koa-compress';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeJsonOnce } from './json-once.ts';

/**
 * A body is serialized once however it travels (compressed or not). Each body below counts how
 * often its `lines` are read: every JSON.stringify of it reads them once.
 */
let reads = 0;
let body: unknown;
let server: ReturnType<Koa['listen']>;
let base: string;

class Model {
  toJSON() {
    reads++;
    return { model: true };
  }
}

beforeAll(async () => {
  const app = new Koa();
  app.use(compress({ threshold: 1024, br: false }));
  app.use(serializeJsonOnce());
  app.use((ctx) => {
    ctx.body = body;
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const counted = (size: number) => ({
  get lines() {
    reads++;
    return 'x'.repeat(size);
  },
});

/** The raw response (node:http, so nothing decompresses it behind the test's back) and its text. */
async function fetchBody(encoding: string) {
  reads = 0;
  const response = await new Promise<http.IncomingMessage>((resolve) =>
    http.get(base, { headers: { 'accept-encoding': encoding } }, resolve),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const text = response.headers['content-encoding'] === 'gzip' ? gunzipSync(raw).toString() : raw.toString();
  return { headers: response.headers, text };
}

describe('serializeJsonOnce', () => {
  it('stringifies a large object once, and it is still compressed JSON', async () => {
    body = counted(5000);
    const { headers, text } = await fetchBody('gzip');
    expect(reads).toBe(1);
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(text)).toEqual({ lines: 'x'.repeat(5000) });
  });

  it('stringifies a small object and an array once, sent as they are', async () => {
    body = counted(10);
    expect((await fetchBody('identity')).text).toBe('{"lines":"xxxxxxxxxx"}');
    expect(reads).toBe(1);
    body = [counted(10), counted(10)];
    const { headers, text } = await fetchBody('identity');
    expect(reads).toBe(2);
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(text)).toHaveLength(2);
  });

  it('leaves what is not a plain object to Koa: class instances, strings, buffers', async () => {
    body = new Model();
    expect(JSON.parse((await fetchBody('identity')).text)).toEqual({ model: true });
    body = 'plain text';
    const plain = await fetchBody('identity');
    expect(plain.text).toBe('plain text');
    expect(plain.headers['content-type']).toBe('text/plain; charset=utf-8');
    body = Buffer.from('bytes');
    expect((await fetchBody('identity')).text).toBe('bytes');
  });
});
