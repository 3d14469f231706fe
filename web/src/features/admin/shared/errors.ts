import { describeError } from '../../../lib/api/errors.ts';

/** Every message per field from a 422 body's `errors` (the widget and image forms show them all). */
export function fieldMessages<Field extends string>(error: unknown, fields: readonly Field[]): Partial<Record<Field, string[]>> {
  const { body } = describeError(error);
  const errors = (typeof body.errors === 'object' && body.errors !== null ? body.errors : {}) as Record<string, unknown>;
  const result: Partial<Record<Field, string[]>> = {};
  for (const field of fields) {
    const messages = errors[field];
    const list = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string' && m !== '');
    if (list.length) result[field] = list;
  }
  return result;
}

/** The server's own sentence for a failure (`message`), or the fallback when it has none. */
export function errorMessage(error: unknown, fallback: string): string {
  const { status, body } = describeError(error);
  if (typeof body.message === 'string' && body.message && status !== 500) return body.message;
  return fallback;
}
