import { isIP } from 'node:net';
import type { Middleware } from 'koa';

/** The longest textual IP address: IPv6 with an embedded IPv4 part ("ffff:…:255.255.255.255"). */
const MAX_IP_LENGTH = 45;

/**
 * The address in `candidate` if it is a valid IPv4 or IPv6 address, else undefined. Accepts the
 * "address:port" and "[v6]:port" forms some proxies write into X-Forwarded-For.
 */
export function normalizeIp(candidate: string | undefined): string | undefined {
  let value = candidate?.trim();
  // Checked before any parsing, so a megabyte of header costs nothing.
  if (!value || value.length > MAX_IP_LENGTH + 8) return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  return value.length <= MAX_IP_LENGTH && isIP(value) ? value : undefined;
}

/**
 * Makes `ctx.ip` a valid IP address of bounded length for everything after it (rate-limit keys,
 * the stored IP of an enquiry). Koa takes the entry of X-Forwarded-For that the trusted proxies
 * vouch for (`maxIpsCount`), but that entry is whatever text a client or proxy wrote there: garbage
 * falls back to the address of the connection itself.
 */
export function clientIp(): Middleware {
  return async (ctx, next) => {
    ctx.request.ip = normalizeIp(ctx.request.ip) ?? normalizeIp(ctx.req.socket.remoteAddress) ?? '';
    await next();
  };
}
