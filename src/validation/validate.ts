import type { z } from 'zod';
import { validationError } from '../errors.ts';
import { nulMessage, nulPaths } from './rules.ts';

/**
 * Parses input with a zod schema; failures become the contract's 422 with per-field lists
 * (first issue of each path first, as the screens show the first message per field). A NUL
 * character anywhere in the input is refused here, for every schema, because PostgreSQL cannot
 * store it (see `nulPaths`); such a field reports only that, other fields their own errors.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nulFields = new Set(nulPaths(input));
  const result = schema.safeParse(input ?? {});
  if (result.success && !nulFields.size) return result.data;
  const errors: Record<string, string[]> = {};
  for (const field of nulFields) errors[field] = [nulMessage(field)];
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.length ? issue.path.join('.') : 'body';
    if (!nulFields.has(field)) (errors[field] ??= []).push(issue.message);
  }
  throw validationError(errors);
}
