import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type Router from '@koa/router';
import type Koa from 'koa';

/** One method of one route as the app registered it, e.g. PATCH /api/users/:id. */
export interface AppRoute {
  method: string;
  /** The router's pattern: `:name` and `*name` mark parameters. */
  path: string;
}

/** What a catch-all (bull-board's `router.all`) is fuzzed with; fetch cannot send CONNECT and friends. */
const CATCH_ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Every route the app serves, read from its @koa/router instances: each router's `routes()`
 * middleware keeps a reference to its router, whose `stack` lists the layers. A route added
 * later is therefore fuzzed without anyone listing it here. HEAD is left out (GET covers it).
 */
export function appRoutes(app: Koa): AppRoute[] {
  const routes: AppRoute[] = [];
  for (const middleware of app.middleware as (Koa.Middleware & { router?: Router })[]) {
    for (const layer of middleware.router?.stack ?? []) {
      const methods = layer.methods.length > 10 ? CATCH_ALL_METHODS : layer.methods.filter((m) => m !== 'HEAD');
      for (const method of methods) routes.push({ method, path: String(layer.path) });
    }
  }
  return routes;
}

/** The parameters of a route pattern, in order; a `*name` wildcard spans several segments. */
export const routeParams = (pattern: string) => [...pattern.matchAll(/([:*])(\w+)/g)].map((m) => ({ name: m[2]!, wildcard: m[1] === '*' }));

/** A route pattern with each parameter replaced by the given (already URL-encoded) segment. */
export const fillRoute = (pattern: string, segments: Record<string, string>) =>
  pattern.replace(/[:*](\w+)/g, (_, name: string) => segments[name] ?? '');

interface ZodLike {
  _zod?: { def?: Record<string, unknown> };
}

/**
 * Every field name the request schemas know (src/modules/<feature>/schema.ts, nested ones too),
 * so generated bodies use the names the validators read. Walks zod's definitions: objects by
 * their shape, wrappers (optional, pipe, default…) by what they wrap.
 */
export async function schemaFields(modulesDir: string): Promise<string[]> {
  const fields = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (schema: unknown) => {
    const def = (schema as ZodLike)?._zod?.def;
    if (!def || seen.has(schema)) return;
    seen.add(schema);
    if (def.shape && typeof def.shape === 'object') {
      for (const [key, inner] of Object.entries(def.shape as Record<string, unknown>)) {
        fields.add(key);
        walk(inner);
      }
    }
    for (const key of ['in', 'out', 'innerType', 'element', 'left', 'right', 'schema']) walk(def[key]);
    if (Array.isArray(def.options)) def.options.forEach(walk);
  };
  for (const feature of readdirSync(modulesDir, { withFileTypes: true })) {
    const file = path.join(modulesDir, feature.name, 'schema.ts');
    if (!feature.isDirectory() || !readdirSync(path.join(modulesDir, feature.name)).includes('schema.ts')) continue;
    const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    Object.values(exports).forEach(walk);
  }
  return [...fields].sort();
}
