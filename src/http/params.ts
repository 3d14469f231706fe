import { notFound } from './errors.ts';

/** A route's integer id; anything that is not a positive 32-bit integer is simply not found. */
export function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,10}$/.test(value)) throw notFound();
  const id = Number(value);
  if (id < 1 || id > 2_147_483_647) throw notFound();
  return id;
}
