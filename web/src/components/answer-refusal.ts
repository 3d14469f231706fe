import { describeError } from '../lib/api/errors.ts';
import { GENERIC_ERROR } from '../lib/api/form-errors.ts';

/** What a refused answer says beside its form: the server's message, and each line it names. */
export interface Refusal {
  message: string;
  /** A 409 for short stock names every short line (`errors['lines.N']`); shown as a list. */
  lines: string[];
}

/**
 * The refusal of an accept or decline that is not about one field: a 409 (short stock, expired,
 * superseded, already answered) or 429 in the server's words; a 404 (the link no longer opens
 * the quotation) in ours; anything else the generic apology.
 */
export function refusalOf(error: unknown): Refusal {
  const { status, body } = describeError(error);
  const message = typeof body.message === 'string' ? body.message : '';
  if (status === 404)
    return { message: 'This quotation can no longer be answered from here: please check the latest email we sent you.', lines: [] };
  if ((status === 409 || status === 422 || status === 429) && message) {
    const errors = typeof body.errors === 'object' && body.errors !== null ? (body.errors as Record<string, unknown>) : {};
    const lines = Object.entries(errors)
      .filter(([field]) => field.startsWith('lines'))
      .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
      .filter((text): text is string => typeof text === 'string' && text !== '');
    // One short line is the message itself; several are listed under it.
    return { message, lines: lines.length > 1 ? lines : [] };
  }
  return { message: GENERIC_ERROR, lines: [] };
}
