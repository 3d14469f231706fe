import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Middleware } from 'koa';

/** Hashed build files: the name changes with the content, so they never need asking again. */
const ASSET_CACHE = `public, max-age=${365 * 24 * 60 * 60}, immutable`;
/** Root files (favicon.svg…) keep their name across builds: a day. */
const ROOT_FILE_CACHE = `public, max-age=${24 * 60 * 60}`;

/** The file names this middleware may answer: /assets/<name>, and root files of these types. */
const ASSET = /^\/assets\/[\w-][\w.-]*$/;
const ROOT_FILE = /^\/[\w-][\w.-]*\.(png|ico|svg|txt|webmanifest|xml)$/;

/** One representation of a file, as sent: its bytes and their validator. */
interface Variant {
  body: Buffer;
  etag: string;
}

/** A built file in memory: as is, and its precompressed gzip twin when the build wrote one. */
interface StaticFile {
  plain: Variant;
  gzip?: Variant;
  /** Koa's `ctx.type` from the extension. */
  type: string;
  lastModified: string;
  cacheControl: string;
}

const variant = (body: Buffer): Variant => ({ body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` });

/**
 * The built app's files — hashed `/assets/*` (immutable for a year) and root files such as
 * `/favicon.svg` (a day) — from memory. The build is fixed for the life of a process (index.html
 * and the server bundle are read once too): its file list is read on the first request after the
 * build exists, each file (with the `.gz` twin the build wrote beside it) on its own first request,
 * so a request costs no open, stat, read or close. Clients that accept gzip get the twin; `ETag`
 * and `Last-Modified` answer a revalidation 304. Answers are `public` (the same for everyone, so
 * the cache policy leaves them shareable) and cost no session, CSRF or routing: mounted before
 * those. A name not in the build goes on (a missing asset stays a 404, robots.txt and sitemap.xml
 * are routes); a route of the same name as a built file would be shadowed, so none may exist.
 */
export function staticFiles(distDir: string): Middleware {
  let names: Set<string> | undefined;
  const files = new Map<string, Promise<StaticFile>>();

  const listBuild = (): Set<string> | undefined => {
    const assets = path.join(distDir, 'assets');
    if (!existsSync(assets)) return undefined; // no build yet: look again on the next request
    return new Set([
      ...readdirSync(distDir, { withFileTypes: true }).flatMap((entry) => (entry.isFile() ? [`/${entry.name}`] : [])),
      ...readdirSync(assets, { withFileTypes: true }).flatMap((entry) => (entry.isFile() ? [`/assets/${entry.name}`] : [])),
    ]);
  };

  const load = async (urlPath: string): Promise<StaticFile> => {
    const file = path.join(distDir, urlPath);
    const [body, info] = await Promise.all([readFile(file), stat(file)]);
    const twin = names!.has(`${urlPath}.gz`) ? await readFile(`${file}.gz`) : undefined;
    return {
      plain: variant(body),
      gzip: twin ? variant(twin) : undefined,
      type: path.extname(file),
      lastModified: info.mtime.toUTCString(),
      cacheControl: urlPath.startsWith('/assets/') ? ASSET_CACHE : ROOT_FILE_CACHE,
    };
  };

  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const asset = ASSET.test(ctx.path);
    if (!asset && !ROOT_FILE.test(ctx.path)) return next();
    names ??= listBuild();
    if (!names?.has(ctx.path)) return next();
    let loading = files.get(ctx.path);
    if (!loading) {
      loading = load(ctx.path);
      files.set(ctx.path, loading);
      loading.catch(() => files.delete(ctx.path)); // a failed read is tried again next time
    }
    send(ctx, await loading, asset);
  };
}

function send(ctx: Context, file: StaticFile, asset: boolean): void {
  if (file.gzip || asset) ctx.vary('Accept-Encoding');
  const gzip = file.gzip && ctx.acceptsEncodings('gzip', 'identity') === 'gzip' ? file.gzip : undefined;
  const sent = gzip ?? file.plain;
  ctx.status = 200;
  ctx.type = file.type;
  ctx.set('Cache-Control', file.cacheControl);
  ctx.set('Last-Modified', file.lastModified);
  ctx.set('ETag', sent.etag);
  if (gzip) ctx.set('Content-Encoding', 'gzip'); // koa-compress leaves an encoded body alone
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = sent.body;
}
