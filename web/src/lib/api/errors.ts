/* Reading the contract's error bodies; shared by every form (contact now, auth and admin later). */

/** The fields a server error may name. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
}

/** The HTTP status and JSON body of a failed RTK Query call, whatever its shape. */
export function describeError(error: unknown): { status: number | string | undefined; body: ErrorBody } {
  if (typeof error !== 'object' || error === null) return { status: undefined, body: {} };
  const { status, data } = error as { status?: number | string; data?: unknown };
  return { status, body: typeof data === 'object' && data !== null ? (data as ErrorBody) : {} };
}

/** The first message per known field from a 422 body's `errors: {field: [..]}`. */
export function firstFieldErrors<Field extends string>(body: ErrorBody, fields: readonly Field[]): FieldErrors<Field> {
  const errors = (typeof body.errors === 'object' && body.errors !== null ? body.errors : {}) as Record<string, unknown>;
  const result: FieldErrors<Field> = {};
  for (const field of fields) {
    const messages = errors[field];
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string' && first) result[field] = first;
  }
  return result;
}
