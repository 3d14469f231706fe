import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/auth.ts';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';
import { limiterFactory } from '../limiters.ts';

let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
let deadRedis: Redis;
let visitors = 0;

/** A client from an IP of its own, so one route's limit never touches another's. */
const visitor = async () => {
  const client = server.client();
  client.ip = `10.9.${++visitors}.1`;
  return client.csrf();
};

beforeAll(async () => {
  context = await createTestContext({ env: { CONTACT_PER_MINUTE: '2' } });
  // The rate limits' Redis is down (nothing listens on port 1); the queue keeps the working one.
  deadRedis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, enableOfflineQueue: true });
  deadRedis.on('error', () => {}); // connection refusals are the point of this test
  context.deps.limiters = limiterFactory(deadRedis, context.deps.config.redisPrefix);
  server = await startTestServer(context);
});
afterAll(async () => {
  deadRedis?.disconnect();
  await server?.close();
  await context?.close();
});

describe('rate limits while Redis is down', () => {
  it('login answers 422, then 429 from the insurance limiter; the right password still signs in elsewhere', async () => {
    const { email, password } = await insertUser(context.deps);
    const client = await visitor();
    for (let i = 0; i < 5; i++) expect((await client.post('/login', { email, password: 'nope-nope' })).status).toBe(422);
    const blocked = await client.post('/login', { email, password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await (await visitor()).post('/login', { email, password })).status).toBe(200);
  });

  it('register answers 201 ten times a minute per IP, then 429', async () => {
    const client = await visitor();
    for (let i = 0; i < 10; i++) {
      // A fresh client each time: registering signs in, and a signed-in user is no guest.
      const one = server.client();
      one.ip = client.ip;
      await one.csrf();
      const email = `down${i}.${Date.now()}@example.com`;
      const response = await one.post('/register', {
        firstname: 'Kit',
        lastname: 'Birch',
        email,
        password: 'hornbeam-9cm',
        password_confirmation: 'hornbeam-9cm',
      });
      expect(response.status).toBe(201);
    }
    expect((await client.post('/register', {})).status).toBe(429);
  });

  it('forgot-password answers 200 twenty times a minute per IP, then 429', async () => {
    const { email } = await insertUser(context.deps);
    const client = await visitor();
    for (let i = 0; i < 20; i++) expect((await client.post('/forgot-password', { email })).status).toBe(200);
    expect((await client.post('/forgot-password', { email })).status).toBe(429);
  });

  it('contact answers 201 as often as configured per IP, then 429', async () => {
    const client = await visitor();
    const enquiry = { name: 'Robin Ash', telephone: '01233 000000', email: 'robin@example.com', message: 'Do you have 200 beech whips?' };
    for (let i = 0; i < 2; i++) expect((await client.post('/api/contact', enquiry)).status).toBe(201);
    expect((await client.post('/api/contact', enquiry)).status).toBe(429);
  });
});
