import { describeError } from '../../lib/api/errors.ts';
import { errorMessage } from '../../lib/api/form-errors.ts';

/**
 * The red line for a failed two-factor call, or '' for a 423: the base query is already taking
 * the user to ConfirmPassword, and "Password confirmation required." would only flash by.
 */
export function twoFactorError(error: unknown): string {
  return describeError(error).status === 423 ? '' : errorMessage(error);
}
