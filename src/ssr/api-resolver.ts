import type { ServerApiResolver } from '../../shared/server-render.ts';
import type { Config } from '../config.ts';
import { HttpError, notFound } from '../errors.ts';
import { validate } from '../validation/validate.ts';
import { PUBLIC_VIEWER } from '../viewer.ts';
import { genusSlugParam, listQuerySchema } from '../modules/catalogue/schema.ts';
import type { Services } from '../services.ts';

type Read = (match: RegExpMatchArray, query: URLSearchParams) => Promise<unknown>;

/**
 * Answers the React app's GET requests inside the server render through the services — the same
 * calls and presenters the HTTP routes use, so the handed-over results equal what the browser
 * would have fetched — without HTTP to itself. Only the public reads pages make are listed; any
 * other path is a 404, as an unknown API path would be. Pages are cached and shared by everyone,
 * so they are always rendered for the public viewer: no trade price ever reaches a page's HTML.
 */
export function apiResolver(services: Services, config: Pick<Config, 'business'>): ServerApiResolver {
  const reads: [RegExp, Read][] = [
    [/^\/api\/site$/, async () => config.business],
    // Fresh: pages are cached per content revision, so a widget must not come from the
    // service's few-seconds memory (another process may have just changed it).
    [/^\/api\/widgets\/([^/]+)$/, async (m) => (await services.widgets.findPublicJson(decodeURIComponent(m[1]!), { fresh: true })).value],
    [/^\/api\/galleries\/(\d{1,9})$/, async (m) => services.galleries.find(Number(m[1]), { publicOnly: true })],
    [
      /^\/api\/catalogue$/,
      async (_m, query) => services.catalogue.list(validate(listQuerySchema, Object.fromEntries(query)), PUBLIC_VIEWER),
    ],
    [/^\/api\/catalogue\/downloads$/, async () => services.catalogue.downloads()],
    [
      /^\/api\/catalogue\/genera\/([^/]+)$/,
      async (m) => {
        const genus = await services.catalogue.genus(genusSlugParam(decodeURIComponent(m[1]!)), PUBLIC_VIEWER);
        if (!genus) throw notFound();
        return { data: genus };
      },
    ],
  ];

  return async (url) => {
    const parsed = new URL(url, 'http://server-render.invalid');
    for (const [pattern, read] of reads) {
      const match = parsed.pathname.match(pattern);
      if (!match) continue;
      try {
        // Through JSON, as the browser would receive it (Dates become strings, undefined goes).
        return { data: JSON.parse(JSON.stringify(await read(match, parsed.searchParams))) as unknown };
      } catch (error) {
        if (error instanceof HttpError) return { error: { status: error.status, data: error.body() } };
        throw error;
      }
    }
    return { error: { status: 404, data: { message: 'Not found.' } } };
  };
}
