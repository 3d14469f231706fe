/**
 * The one error catalogue (ARCHITECTURE rule 3). Services and routes throw these; the error
 * middleware turns them into the contract's bodies. Anything else becomes a 500 with a request id.
 */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly headers: Record<string, string> = {},
    public readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** The JSON body the contract prescribes for this error. */
  body(): Record<string, unknown> {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

/** 422 with per-field lists; the message is the first error plus "(and N more errors)". */
export function validationError(errors: Record<string, string[]>, status = 422): HttpError {
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  const message = more > 0 ? `${all[0]} (and ${more} more error${more === 1 ? '' : 's'})` : (all[0] ?? 'The given data was invalid.');
  return new HttpError(status, message, {}, errors);
}

export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message);
/** A guest-only route (register, login) called by someone signed in: they must log out first. */
export const alreadySignedIn = () => new HttpError(403, 'You are already signed in. Log out first.');
export const unverified = () => new HttpError(403, 'Your email address is not verified.');
export const notFound = () => new HttpError(404, 'Not found.');
export const unsupportedMediaType = (field: string, message: string) => new HttpError(415, message, {}, { [field]: [message] });
export const csrfMismatch = () => new HttpError(419, 'CSRF token mismatch.');
export const passwordConfirmationRequired = () => new HttpError(423, 'Password confirmation required.');

/** 429 with Retry-After (whole seconds, at least 1). */
export function tooManyAttempts(retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, `Too many attempts. Please try again in ${seconds} seconds.`, {
    'Retry-After': String(seconds),
  });
}
