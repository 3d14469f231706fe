import { notFound } from '../errors.ts';

/** A route's integer id; anything that is not a positive 32-bit integer is simply not found. */
export function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,10}$/.test(value)) throw notFound();
  const id = Number(value);
  if (id < 1 || id > 2_147_483_647) throw notFound();
  return id;
}

/**
 * A route's text segment that names something stored (a widget name, a media key). Nothing stored
 * can hold U+0000 or be longer than `max`, so such a segment is simply not found — without asking
 * PostgreSQL or the file system, which would throw on the NUL.
 */
export function textParam(value: string | undefined, max = 1024): string {
  if (!value || value.length > max || value.includes('\u0000')) throw notFound();
  return value;
}
