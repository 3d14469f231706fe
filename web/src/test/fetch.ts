import { vi } from 'vitest';

/** A JSON response, as the server sends them. */
export function json(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * The route of GET /sanctum/csrf-cookie for {@link mockServer}: sets XSRF-TOKEN=t0ken as the real
 * one does, so a test can see the header the app sends with it.
 */
export const csrfCookie = {
  'GET /sanctum/csrf-cookie': () => {
    document.cookie = 'XSRF-TOKEN=t0ken; path=/';
    return json(null, 204);
  },
};

/** A request as the fake server saw it. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials;
}

type Handler = (request: SeenRequest) => Response | Promise<Response>;

/** A JSON body parsed; any other (a multipart upload) as the text sent. */
function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Replaces global fetch with a fake server (the server is the outside world for these tests).
 * Unhandled requests answer 404 like the real one. Returns the list of requests seen.
 */
export function mockServer(routes: Record<string, Handler>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const text = await request.text();
      const seenRequest: SeenRequest = {
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: text ? parsedBody(text) : undefined,
        credentials: request.credentials,
      };
      seen.push(seenRequest);
      const handler = routes[`${request.method} ${seenRequest.url.pathname}`] ?? sessionFromUserRoute(routes, seenRequest);
      return handler ? handler(seenRequest) : json({ message: 'Not found.' }, 404);
    }),
  );
  return seen;
}

/**
 * The app boots from GET /api/session; most tests describe the signed-in user as the contract's
 * GET /api/user answer. Derive the one from the other as the real server does: 200 {data: user}
 * → {user}, 401 → {user: null}, 403 (unverified) → {user: null, unverified: true}.
 */
function sessionFromUserRoute(routes: Record<string, Handler>, request: SeenRequest): Handler | undefined {
  const userRoute = routes['GET /api/user'];
  if (request.method !== 'GET' || request.url.pathname !== '/api/session' || !userRoute) return undefined;
  return async (seen) => {
    const answer = await userRoute(seen);
    if (answer.status === 401) return json({ user: null });
    if (answer.status === 403) return json({ user: null, unverified: true });
    if (!answer.ok) return answer;
    const body = (await answer.json()) as { data: unknown };
    return json({ user: body.data });
  };
}
