import { File as NodeFile } from 'node:buffer';
import { vi } from 'vitest';

/** A JSON response as the server sends them (204 without a body). */
export function reply(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A request as the fake server saw it; multipart bodies arrive as FormData. */
export interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Handler = (request: Seen) => Response | Promise<Response>;

/**
 * Node 24's fetch parses a multipart body into Files made with the global `File`, which the jsdom
 * environment replaces with its own, and then refuses them as not its File. Parse with Node's File
 * in place; the test sees Node's FormData, whose entries read the same.
 */
async function parseMultipart(request: Request): Promise<FormData> {
  const jsdomFile = globalThis.File;
  globalThis.File = NodeFile;
  try {
    return await request.formData();
  } finally {
    globalThis.File = jsdomFile;
  }
}

/**
 * Like src/test/fetch.ts's mockServer, but it also reads multipart bodies (widget saves, uploads
 * and imports send FormData), and answers every `GET /sanctum/csrf-cookie` with 204. Routes are
 * "METHOD /path"; anything else is a 404.
 */
export function fakeServer(routes: Record<string, Handler>): Seen[] {
  const seen: Seen[] = [];
  document.cookie = 'XSRF-TOKEN=test-token; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const type = request.headers.get('Content-Type') ?? '';
      let body: unknown;
      if (type.startsWith('multipart/form-data')) body = await parseMultipart(request);
      else {
        const text = await request.text();
        body = text ? JSON.parse(text) : undefined;
      }
      const entry: Seen = { method: request.method, url: new URL(request.url), headers: request.headers, body };
      seen.push(entry);
      if (entry.url.pathname === '/sanctum/csrf-cookie') return reply(null, 204);
      const handler = routes[`${request.method} ${entry.url.pathname}`];
      return handler ? handler(entry) : reply({ message: 'Not found.' }, 404);
    }),
  );
  return seen;
}

/** The requests seen for one "METHOD /path". */
export const requestsTo = (seen: Seen[], route: string) => seen.filter((r) => `${r.method} ${r.url.pathname}` === route);
