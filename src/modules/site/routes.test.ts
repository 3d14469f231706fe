import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, startTestServer, type TestContext } from '../../../test/harness.ts';

let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  context = await createTestContext({
    redis: false,
    env: {
      APP_URL: 'https://nursery.example',
      COMPANY_LATITUDE: '51.1634',
      COMPANY_LONGITUDE: '0.8047',
      COMPANY_OPENING_HOURS: 'Mo-Fr 07:30-16:30',
    },
  });
  server = await startTestServer(context);
});
afterAll(async () => {
  await server?.close();
  await context?.close();
});

describe('GET /api/site', () => {
  it('presents the business details with position, hours, absolute URLs and the directions link', async () => {
    const response = await server.client().get('/api/site');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Hothfield Nurseries Limited',
      postcode: 'TN26 1AR',
      geo: { latitude: 51.1634, longitude: 0.8047 },
      openingHours: [{ days: ['Mo', 'Tu', 'We', 'Th', 'Fr'], opens: '07:30', closes: '16:30' }],
      url: 'https://nursery.example',
      logo: 'https://nursery.example/favicon.svg',
      directionsUrl: 'https://www.google.com/maps/dir/?api=1&destination=51.1634,0.8047',
    });
  });
});
