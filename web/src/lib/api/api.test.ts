import { describe, expect, it } from 'vitest';
import { json, mockServer } from '../../test/fetch.ts';
import { api } from './api.ts';
import { makeStore } from '../store.ts';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probeGet: build.query<unknown, void>({ query: () => '/api/probe' }),
    probePost: build.mutation<unknown, { a: number }>({ query: (body) => ({ url: '/api/probe', method: 'POST', body }) }),
  }),
});

describe('api base query', () => {
  it('sends cookies, the JSON and XHR headers and the decoded XSRF token on every request', async () => {
    document.cookie = `XSRF-TOKEN=${encodeURIComponent('abc+/=123')}; path=/`;
    const seen = mockServer({ 'GET /api/probe': () => json({ ok: true }), 'POST /api/probe': () => json({ ok: true }, 201) });
    const store = makeStore();
    await store.dispatch(probe.endpoints.probeGet.initiate());
    await store.dispatch(probe.endpoints.probePost.initiate({ a: 1 }));
    expect(seen.map((r) => r.method)).toEqual(['GET', 'POST']);
    for (const request of seen) {
      expect(request.credentials).toBe('include');
      expect(request.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
      expect(request.headers.get('Accept')).toBe('application/json');
      expect(request.headers.get('Content-Type')).toBe('application/json');
      expect(request.headers.get('X-XSRF-TOKEN')).toBe('abc+/=123');
    }
    expect(seen[1]?.body).toEqual({ a: 1 });
  });

  it('fetches the CSRF cookie first when a write has no token, and retries a 419 once', async () => {
    let posts = 0;
    const seen = mockServer({
      'GET /sanctum/csrf-cookie': () => {
        document.cookie = 'XSRF-TOKEN=fresh; path=/';
        return json(null, 204);
      },
      'POST /api/probe': () => (++posts === 1 ? json({ message: 'CSRF token mismatch.' }, 419) : json({ ok: true }, 201)),
    });
    const store = makeStore();
    const result = await store.dispatch(probe.endpoints.probePost.initiate({ a: 2 }));
    expect(result.data).toEqual({ ok: true });
    expect(seen.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /api/probe',
      'GET /sanctum/csrf-cookie',
      'POST /api/probe',
    ]);
    expect(seen[3]?.headers.get('X-XSRF-TOKEN')).toBe('fresh');
  });
});
