import { z } from 'zod';

/** The most rows any paged admin list returns at once (CONTRACT "Paged lists"). */
const MAX_LIMIT = 100;

const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

/**
 * `?limit=&page=` for a paged list: page is zero-based, limit 1…100. Bad numbers are a 422 with
 * the field named (never a 500); an empty value means the default.
 */
export function pagingSchema(defaultLimit: number) {
  return z.object({
    page: z.preprocess(
      blankAsMissing,
      z.coerce
        .number({ error: 'The page must be a whole number.' })
        .int({ error: 'The page must be a whole number.' })
        .min(0, { error: 'The page must be at least 0.' })
        .max(1_000_000, { error: 'The page may not be greater than 1000000.' })
        .default(0),
    ),
    limit: z.preprocess(
      blankAsMissing,
      z.coerce
        .number({ error: 'The limit must be a whole number.' })
        .int({ error: 'The limit must be a whole number.' })
        .min(1, { error: 'The limit must be at least 1.' })
        .max(MAX_LIMIT, { error: `The limit may not be greater than ${MAX_LIMIT}.` })
        .default(defaultLimit),
    ),
  });
}
export type Paging = z.output<ReturnType<typeof pagingSchema>>;
