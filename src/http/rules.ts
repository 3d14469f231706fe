import { z } from 'zod';

/**
 * Field rules with Laravel's wording, which the screens show as they are. Built on zod so every
 * schema reads as a plain object of fields.
 */
const missingOrWrongType = (field: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? `The ${field} field is required.` : `The ${field} field must be a string.`,
});

/** Required text, trimmed, at most `max` characters. */
export const requiredText = (field: string, max = 255) =>
  z
    .string(missingOrWrongType(field))
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(max, `The ${field} field must not be greater than ${max} characters.`);

/** Required email address, trimmed. */
export const emailField = (field = 'email') => requiredText(field, 255).pipe(z.email(`The ${field} field must be a valid email address.`));

/** A password as typed (never trimmed). */
export const passwordText = (field = 'password') =>
  z.string(missingOrWrongType(field)).min(1, `The ${field} field is required.`).max(1000, `The ${field} field must not be greater than 1000 characters.`);

/** A new password: at least 8 characters (the confirmation is checked by `confirmed`). */
export const newPassword = () => passwordText('password').pipe(z.string().min(8, 'The password field must be at least 8 characters.'));

/** Adds Laravel's `confirmed` rule: `password_confirmation` must equal `password`. */
export function confirmed<T extends { password: string; password_confirmation?: unknown }>(schema: z.ZodType<T>) {
  return schema.superRefine((value, ctx) => {
    if (value.password !== value.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'The password field confirmation does not match.' });
    }
  });
}
