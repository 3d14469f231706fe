import type { z } from 'zod';
import { validationError } from './errors.ts';

/**
 * Parses input with a zod schema; failures become the contract's 422 with per-field lists
 * (first issue of each path first, as the screens show the first message per field).
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : 'body';
    (errors[field] ??= []).push(issue.message);
  }
  throw validationError(errors);
}
