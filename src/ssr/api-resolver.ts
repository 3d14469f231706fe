import type { ServerApiResolver } from '../../shared/server-render.ts';
import type { Config } from '../config.ts';
import { HttpError, notFound } from '../errors.ts';
import { validate } from '../validation/validate.ts';
import { PUBLIC_VIEWER } from '../viewer.ts';
import { genusSlugParam, listQuerySchema } from '../modules/catalogue/schema.ts';
import type { Services } from '../services.ts';

type Read = (match: RegExpMatchArray, query: URLSearchParams, revision: number | undefined) => Promise<unknown>;

/**
 * Answers the React app's GET requests inside the server render through the services — the same
 * calls and presenters the HTTP routes use, so the handed-over results equal what the browser
 * would have fetched — without HTTP to itself. Only the public reads pages make are listed; any
 * other path is a 404, as an unknown API path would be. Pages are cached and shared by everyone,
 * so they are always rendered for the public viewer: no trade price ever reaches a page's HTML.
 *
 * Made once; each render takes the reads for the content revision its page is rendered (and
 * cached) at, or undefined for a page that is never cached: then a read that needs the revision
 * reads it itself.
 */
export function apiResolver(services: Services, config: Pick<Config, 'business'>): (revision: number | undefined) => ServerApiResolver {
  const reads: [RegExp, Read][] = [
    [/^\/api\/site$/, async () => config.business],
    // At the page's revision: the widget of that revision, from the service's memory when it has it.
    [
      /^\/api\/widgets\/([^/]+)$/,
      async (m, _query, revision) => (await services.widgets.findPublicJson(decodeURIComponent(m[1]!), { revision })).value,
    ],
    [/^\/api\/galleries\/(\d{1,9})$/, async (m) => services.galleries.find(Number(m[1]), { publicOnly: true })],
    [
      /^\/api\/catalogue$/,
      async (_m, query) => services.catalogue.list(validate(listQuerySchema, Object.fromEntries(query)), PUBLIC_VIEWER),
    ],
    [/^\/api\/catalogue\/downloads$/, async (_m, _query, revision) => services.catalogue.downloads({ revision })],
    [
      /^\/api\/catalogue\/genera\/([^/]+)$/,
      async (m) => {
        const genus = await services.catalogue.genus(genusSlugParam(decodeURIComponent(m[1]!)), PUBLIC_VIEWER);
        if (!genus) throw notFound();
        return { data: genus };
      },
    ],
  ];

  return (revision) => async (url) => {
    const parsed = new URL(url, 'http://server-render.invalid');
    for (const [pattern, read] of reads) {
      const match = parsed.pathname.match(pattern);
      if (!match) continue;
      try {
        // Through JSON, as the browser would receive it (Dates become strings, undefined goes).
        return { data: JSON.parse(JSON.stringify(await read(match, parsed.searchParams, revision))) as unknown };
      } catch (error) {
        if (error instanceof HttpError) return { error: { status: error.status, data: error.body() } };
        throw error;
      }
    }
    return { error: { status: 404, data: { message: 'Not found.' } } };
  };
}
