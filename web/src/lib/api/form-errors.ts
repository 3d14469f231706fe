import { describeError } from './errors.ts';

/** Shown when a failure has no message meant for people (network down, 5xx, unreadable body). */
export const GENERIC_ERROR = 'Sorry, something went wrong. Please try again in a moment.';

/**
 * The one line to show in red for a failed call: the server's `message` for a 4xx (422's first
 * error, 429's wait time, ...), otherwise `fallback`, so no "Server error." or parser text reaches
 * the screen.
 */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR): string {
  const { status, body } = describeError(error);
  const message = typeof body.message === 'string' ? body.message : '';
  return typeof status === 'number' && status >= 400 && status < 500 && message ? message : fallback;
}

/** Every message per known field of a 422 body's `errors: {field: [..]}` (for per-field lists). */
export function fieldErrorLists<Field extends string>(error: unknown, fields: readonly Field[]): Partial<Record<Field, string[]>> {
  const { status, body } = describeError(error);
  if (status !== 422 || typeof body.errors !== 'object' || body.errors === null) return {};
  const errors = body.errors as Record<string, unknown>;
  const result: Partial<Record<Field, string[]>> = {};
  for (const field of fields) {
    const value = errors[field];
    const messages = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string' && m !== '');
    if (messages.length) result[field] = messages;
  }
  return result;
}
